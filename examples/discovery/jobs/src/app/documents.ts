import { jobs } from "../jobs";

export async function completeDocument(documentId: number): Promise<void> {
	await jobs.triggerJob({ name: "internal.seal-document", payload: { documentId } });
	await jobs.triggerJob({ name: "send.invite.email", payload: { email: "owner@example.com" } });
}
