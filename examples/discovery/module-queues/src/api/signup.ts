import { MailQueue, triggerReindex } from "../queues.js";

export async function signUp(email: string): Promise<void> {
	await MailQueue.enqueue({ to: email, template: "welcome" });
}

export async function saveDocument(id: string): Promise<void> {
	await triggerReindex(id);
}
