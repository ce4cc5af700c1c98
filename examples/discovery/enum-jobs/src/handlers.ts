import { OnTask } from "./decorators";
import { Signals, TaskName } from "./names";

export class MediaHandlers {
	@OnTask({ name: TaskName.ResizeImage, queue: "media" })
	async resize() {
		return "resized";
	}

	@OnTask({ name: TaskName.PurgeCache, queue: "media" })
	async purge() {
		return "purged";
	}
}

export class MailHandlers {
	@OnTask({ name: TaskName.SendDigest, queue: "mail" })
	async digest() {
		return "sent";
	}

	@OnTask({ name: Signals.UserSignedUp, queue: "mail" })
	async welcome() {
		return "welcomed";
	}
}
