import { Service } from "../core/broker";

export class MailerService extends Service {
	constructor() {
		super("mailer");
	}

	async send(to: string, body: string): Promise<void> {
		console.info(to, body);
	}

	async sendDigest(userId: string): Promise<void> {
		await this.send(userId, "digest");
	}
}
