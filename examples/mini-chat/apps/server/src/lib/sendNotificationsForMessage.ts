import { Push } from '@mini-chat/core-services';
import type { IMessage } from '@mini-chat/models';

import { callbacks } from './callbacks';

/** After a message is saved, notify mentioned users through the push service facade. */
export async function sendNotificationsForMessage(message: IMessage): Promise<IMessage> {
	const mentions = message.text.match(/@(\w+)/g) ?? [];
	for (const mention of mentions) {
		await Push.sendNotification({ userId: mention.slice(1), title: 'You were mentioned', body: message.text, roomId: message.rid });
	}
	return message;
}

callbacks.add('afterMessageSave', sendNotificationsForMessage, callbacks.priority.LOW, 'sendNotificationsForMessage');
