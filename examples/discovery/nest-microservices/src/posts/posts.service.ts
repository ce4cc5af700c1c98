import { Injectable } from "@nestjs/common";
import type { QueueClient } from "../transport/queue.client";
import type { Mailer } from "./mailer";

@Injectable()
export class ArticlesService {
	constructor(
		private readonly _workerProducer: QueueClient,
		private readonly _mailer: Mailer,
	) {}

	schedule(id: string) {
		this._workerProducer.emit("post.publish", { id });
	}

	digest(orgId: string) {
		this._workerProducer.emit("digest.send", { orgId });
		// A mailer's `send` is no message to a worker.
		this._mailer.send("digest.send", orgId);
	}
}
