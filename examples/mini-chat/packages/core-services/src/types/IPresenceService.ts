export type UserStatus = 'online' | 'away' | 'offline';

/** Keeps each user's presence status. */
export interface IPresenceService {
	setStatus(userId: string, status: UserStatus): Promise<void>;
	getStatus(userId: string): Promise<UserStatus>;
}
