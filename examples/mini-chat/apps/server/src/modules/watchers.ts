import type { IMessage } from '@mini-chat/models';

export type BroadcastCallback = (event: string, ...args: unknown[]) => Promise<void>;

/** Turn database changes into broker events; `broadcast` is bound to the broker by the caller. */
export function startWatchers(broadcast: BroadcastCallback) {
	return {
		async onMessageInserted(message: IMessage): Promise<void> {
			await broadcast('watch.messages', { message });
		},
	};
}
