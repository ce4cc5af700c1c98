import { Messages } from '@mini-chat/models';

import { performSendMessage } from '../../methods/sendMessage';
import { API } from '../api';

API.v1.addRoute(
	'chat.sendMessage',
	{ authRequired: true },
	{
		async post() {
			const message = await performSendMessage(this.userId, this.bodyParams.message);
			return API.v1.success({ message });
		},
	},
);

API.v1.addRoute(
	'chat.history',
	{ authRequired: true },
	{
		async get() {
			const messages = await Messages.findByRoomId(this.urlParams.roomId);
			return API.v1.success({ messages });
		},
	},
);
