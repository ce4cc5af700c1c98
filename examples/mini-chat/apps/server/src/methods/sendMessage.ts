import { api } from '@mini-chat/core-services';
import { Messages, type IMessage } from '@mini-chat/models';
import { Meteor } from 'meteor/meteor';

import { callbacks } from '../lib/callbacks';
import { formatMessage as formatForStorage } from '../lib/format';
import { notifyRoomStream } from '../notifications/streamer';

/**
 * Save a message sent by `uid`, then let the rest of the server react: the
 * `afterMessageSave` callbacks, the `message.sent` service event and the room stream.
 */
export async function performSendMessage(uid: string, message: Pick<IMessage, 'rid' | 'text'>): Promise<IMessage> {
	const draft: IMessage = {
		_id: Math.random().toString(36).slice(2),
		rid: message.rid,
		uid,
		text: formatForStorage(message.text),
		ts: new Date(),
	};
	const checked = callbacks.run('beforeSaveMessage', draft);
	const saved = await Messages.insertOne(checked);
	await callbacks.runAsync('afterMessageSave', saved);
	await api.broadcast('message.sent', saved);
	notifyRoomStream.emit(saved.rid, saved);
	return saved;
}

Meteor.methods({
	async sendMessage(message: Pick<IMessage, 'rid' | 'text'>) {
		const uid = Meteor.userId();
		if (!uid) {
			throw new Error('not-authorized');
		}
		return performSendMessage(uid, message);
	},
});
