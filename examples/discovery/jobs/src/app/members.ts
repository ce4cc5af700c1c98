import { jobs } from "../jobs";

export async function inviteMember(email: string): Promise<void> {
	await jobs.triggerJob({ name: "send.invite.email", payload: { email } });
}

export async function reportUsage(): Promise<void> {
	// Sent, defined nowhere here: dispatch-only, joins nothing.
	await jobs.triggerJob({ name: "internal.usage-report", payload: {} });
}
