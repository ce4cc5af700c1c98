import { api, type EventHandler, type IServiceBroker, ServiceClass } from '@mini-chat/core-services';
import type { IMessage } from '@mini-chat/models';

import { listenToPresence } from '../../modules/listeners';
import { startWatchers } from '../../modules/watchers';
import { notifyRoomStream } from '../../notifications/streamer';

/** Pushes database changes and presence to connected clients through the streams. */
export class NotificationsService extends ServiceClass {
	protected name = 'notifications';

	/** Set once the service is registered with a broker. */
	api?: IServiceBroker;

	readonly watchers = startWatchers(api.broadcast.bind(api));

	constructor() {
		super();
		this.onEvent('watch.messages', ({ message }: { message: IMessage }) => {
			notifyRoomStream.emit(message.rid, message);
		});
		listenToPresence(this);
	}

	public override onEvent(event: string, handler: EventHandler): void {
		super.onEvent(event, handler);
	}

	async notifyTyping(roomId: string, userId: string): Promise<void> {
		await this.api?.broadcast('user.typing', { roomId, userId });
	}
}
