import { type IPushService, type PushAlert, ServiceClass } from '@mini-chat/core-services';
import { PushTokens, Users, type IMessage } from '@mini-chat/models';

import { gatewayFor } from './gateways';

/** Sends push notifications for new messages to room members who are not online. */
export class PushService extends ServiceClass implements IPushService {
	protected name = 'push';

	constructor() {
		super();
		this.onEvent('message.sent', async (message: IMessage) => {
			const offline = await Users.findOffline([message.uid]);
			for (const user of offline) {
				await this.sendNotification({ userId: user._id, title: 'New message', body: message.text, roomId: message.rid });
			}
		});
	}

	async sendNotification(notification: PushAlert): Promise<void> {
		const tokens = await PushTokens.findByUserId(notification.userId);
		await Promise.all(
			tokens.map((token) => gatewayFor(token.platform).send(token, { title: notification.title, body: notification.body })),
		);
	}

	async registerToken(userId: string, token: string, platform: 'apn' | 'fcm'): Promise<void> {
		await PushTokens.insertOne({ _id: `${userId}:${token}`, userId, token, platform });
	}
}
