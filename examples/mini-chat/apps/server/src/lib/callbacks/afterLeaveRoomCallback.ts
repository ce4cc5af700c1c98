import type { IUser } from '@mini-chat/models';

import { Callbacks } from './callbacksBase';

/** Runs after a user has left a room. */
export const afterLeaveRoomCallback = Callbacks.create<[user: IUser, roomId: string]>('afterLeaveRoom');
