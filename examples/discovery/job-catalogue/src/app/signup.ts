import { worker } from "../worker";

export async function signUp(email: string) {
	await worker.enqueue({ job: "sendEmail", payload: { to: email } });
}
