import { api, type IPresenceService, ServiceClass, type UserStatus } from '@mini-chat/core-services';
import { Users } from '@mini-chat/models';

import { notifyUserStream } from '../../notifications/streamer';

/** Tracks whether users are online, away or offline, and tells everyone when it changes. */
export class PresenceService extends ServiceClass implements IPresenceService {
	protected name = 'presence';

	async setStatus(userId: string, status: UserStatus): Promise<void> {
		await Users.setStatus(userId, status);
		notifyUserStream.emit(userId, status);
		await api.broadcast('presence.status', { userId, status });
	}

	async getStatus(userId: string): Promise<UserStatus> {
		const user = await Users.findOneById(userId);
		return user?.status ?? 'offline';
	}
}
