import { worker } from "../worker";

export async function uploaded(id: string) {
	await worker.enqueue({ id: `resize-${id}`, job: "resizeImage", payload: { id } });
}

export async function published(prefix: string) {
	await worker.enqueue({ job: "purgeCache", payload: { prefix } });
}
