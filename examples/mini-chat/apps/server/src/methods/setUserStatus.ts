import { Presence, type UserStatus } from '@mini-chat/core-services';
import { Meteor } from 'meteor/meteor';

Meteor.methods({
	async setUserStatus(status: UserStatus) {
		const uid = Meteor.userId();
		if (!uid) {
			throw new Error('not-authorized');
		}
		await Presence.setStatus(uid, status);
	},
});
