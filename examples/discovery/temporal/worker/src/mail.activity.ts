import { Activity, ActivityMethod } from "nestjs-temporal-core";

/** Activities as a class (a NestJS integration): each public method is one, called by its name. */
@Activity()
export class MailActivity {
	@ActivityMethod()
	async sendMail(to: string, subject: string): Promise<void> {
		this.log(`${to}: ${subject}`);
	}

	async countQueued(): Promise<number> {
		return 0;
	}

	private log(line: string) {
		return line.length;
	}
}
