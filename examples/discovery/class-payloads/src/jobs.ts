/** Job payloads: objects with an `execute` method, queued by name. */
export class Job {
	execute(): number {
		return 1;
	}
}
export class SendMail extends Job {}
export class ResizeImage extends Job {}
export class SyncCalendar extends Job {}
