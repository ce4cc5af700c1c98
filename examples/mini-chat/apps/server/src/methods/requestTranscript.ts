import { Meteor } from 'meteor/meteor';

import { Transcript, TranscriptEE } from '../sdk';

const isEnterprise = (): boolean => Boolean((globalThis as { MINI_CHAT_EE?: boolean }).MINI_CHAT_EE);

Meteor.methods({
	async requestTranscript(roomId: string, email: string) {
		// Either service may serve the request: both are reached from here.
		const service = isEnterprise() ? TranscriptEE : Transcript;
		await service.requestTranscript(roomId, email);
	},
});

/** Calls `fn` again when it fails, up to `times` attempts in all. */
function withRetry<A extends unknown[]>(fn: (...args: A) => Promise<void>, times: number) {
	return async (...args: A): Promise<void> => {
		for (let attempt = 1; ; attempt++) {
			try {
				return await fn(...args);
			} catch (error) {
				if (attempt >= times) throw error;
			}
		}
	};
}

// The facade method is handed over and called later: it still reaches `transcript.renderPdf`.
export const renderWithRetry = withRetry(Transcript.renderPdf, 3);
