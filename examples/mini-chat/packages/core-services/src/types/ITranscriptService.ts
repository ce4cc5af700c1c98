export interface TranscriptJob {
	roomId: string;
	email: string;
}

/** Renders a room's messages to a PDF and mails it to whoever asked. */
export interface ITranscriptService {
	requestTranscript(roomId: string, email: string): Promise<void>;
	renderPdf(job: TranscriptJob): Promise<void>;
}
