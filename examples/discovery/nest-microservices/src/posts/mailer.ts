export class Mailer {
	send(template: string, to: string) {
		return `${template}:${to}`;
	}
}
