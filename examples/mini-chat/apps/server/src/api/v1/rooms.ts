import { Messages } from '@mini-chat/models';

import { ApiClass } from '../ApiClass';

const Api = new ApiClass({ version: 'v1' });

// One handler under two names: the old name is kept for older clients.
Api.addRoute(['rooms.info', 'rooms.get'], { authRequired: true }, {
	async get() {
		return { room: { _id: this.urlParams.roomId } };
	},
});

Api.addRoute('teams.info', { authRequired: true }, {
	async get() {
		return { team: { roomId: this.urlParams.roomId } };
	},
});

Api.addRoute('channels.members', { authRequired: true }, {
	async get() {
		return { members: [] };
	},
});

Api.addRoute('rooms/:roomId/members', { authRequired: true }, {
	async get() {
		const messages = await Messages.findByRoomId(this.urlParams.roomId);
		return { members: [...new Set(messages.map((m) => m.uid))] };
	},
});
