import type { IBrokerService } from '@mini-chat/core-services';

import { notifyUserStream } from '../notifications/streamer';

/** Relay presence changes to the `user-status` stream; `service` is whichever service hosts this module. */
export function listenToPresence(service: IBrokerService): void {
	service.onEvent('presence.status', ({ userId, status }: { userId: string; status: string }) => {
		notifyUserStream.emit(userId, status);
	});
}
