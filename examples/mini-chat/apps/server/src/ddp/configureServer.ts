import { Presence, type UserStatus } from '@mini-chat/core-services';

import { Server } from './Server';

export const server = new Server();

// The streamer answers status changes itself, like the `setUserStatus` Meteor method does.
server.methods({
	async setUserStatus(status: UserStatus) {
		if (this.userId) {
			await Presence.setStatus(this.userId, status);
		}
	},
});
