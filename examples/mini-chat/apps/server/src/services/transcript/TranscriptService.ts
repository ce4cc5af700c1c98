import { type ITranscriptService, QueueWorker as queueService, ServiceClass, type TranscriptJob } from '@mini-chat/core-services';
import { Messages } from '@mini-chat/models';

/** Renders room transcripts in the background: a request only queues the rendering. */
export class TranscriptService extends ServiceClass implements ITranscriptService {
	protected name = 'transcript';

	async requestTranscript(roomId: string, email: string): Promise<void> {
		// The queue worker calls `transcript.renderPdf` later, through the broker.
		await queueService.queueWork('work', `${this.name}.renderPdf`, { roomId, email });
	}

	async renderPdf(job: TranscriptJob): Promise<void> {
		const messages = await Messages.findByRoomId(job.roomId);
		const lines = messages.map((m) => `${m.uid}: ${m.text}`);
		console.log(`transcript for ${job.email}: ${lines.length} lines`);
	}
}

/** The enterprise transcript adds an audit line, then renders like the community one. */
export class TranscriptServiceEE extends ServiceClass implements ITranscriptService {
	protected name = 'transcript-enterprise';

	async requestTranscript(roomId: string, email: string): Promise<void> {
		console.log(`audit: transcript of ${roomId} requested by ${email}`);
		await queueService.queueWork('work', 'transcript.renderPdf', { roomId, email });
	}

	async renderPdf(job: TranscriptJob): Promise<void> {
		console.log(`audit: rendering ${job.roomId}`);
	}
}
