import { queueClient } from "../queue/client.js";
import { IndexQueue } from "../queues.js";

export function startSearchWorker() {
	return queueClient.createRunner(IndexQueue, {
		run: async (job) => {
			console.log(`indexing ${job.data.documentId}`);
		},
	});
}
