import { queueClient } from "./queue/client.js";

export interface MailRequest {
	to: string;
	template: string;
}

export interface IndexRequest {
	documentId: string;
}

function createDeferredQueue<T>(name: string) {
	return queueClient.createQueue<T>(name);
}

export const MailQueue = createDeferredQueue<MailRequest>("mail_queue");
export const IndexQueue = createDeferredQueue<IndexRequest>("search_indexing");

/** Asks the search worker to index a document again. */
export async function triggerReindex(documentId: string): Promise<void> {
	await IndexQueue.enqueue({ documentId });
}
