import type { IServiceClass } from '@mini-chat/core-services';

import { notifyUserStream } from '../notifications/streamer';

/** Relay presence changes to the `user-status` stream; `service` is whichever service hosts this module. */
export function listenToPresence(service: IServiceClass): void {
	service.onEvent('presence.status', ({ userId, status }: { userId: string; status: string }) => {
		notifyUserStream.emit(userId, status);
	});
}
