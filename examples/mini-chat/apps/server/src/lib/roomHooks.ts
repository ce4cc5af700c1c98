import { Messages } from '@mini-chat/models';

import { afterLeaveRoomCallback } from './callbacks/afterLeaveRoomCallback';

/** When someone leaves, post a system message in the room. */
afterLeaveRoomCallback.add(async (user, roomId) => {
	await Messages.insertOne({ _id: `left-${user._id}`, rid: roomId, uid: user._id, text: `${user.username} left`, ts: new Date() });
});
