import { Users, type IUser } from '@mini-chat/models';
import { Meteor } from 'meteor/meteor';

import { callbacks as systemCallbacks } from '../lib/callbacks';
import { afterLeaveRoomCallback } from '../lib/callbacks/afterLeaveRoomCallback';

/** Remove the calling user from a room; `beforeLeaveRoom` handlers may veto by throwing. */
export async function leaveRoom(user: IUser, roomId: string, reason: 'kicked' | 'left'): Promise<void> {
	systemCallbacks.run<IUser>('beforeLeaveRoom', user, roomId);
	// Which hook runs depends on the reason: the key is only known at run time.
	systemCallbacks.run(`after${reason === 'kicked' ? 'Kick' : 'Leave'}Audit:${roomId}`, user);
	await afterLeaveRoomCallback.run(user, roomId);
}

Meteor.methods({
	async leaveRoom(roomId: string) {
		const uid = Meteor.userId();
		const user = uid ? await Users.findOneById(uid) : undefined;
		if (!user) {
			throw new Error('not-authorized');
		}
		await leaveRoom(user, roomId, 'left');
	},
});
