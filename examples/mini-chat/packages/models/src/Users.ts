import { BaseModel } from './BaseModel';
import type { IUser } from './types';

class UsersRaw extends BaseModel<IUser> {
	async setStatus(userId: string, status: IUser['status']): Promise<void> {
		await this.updateOne(userId, { status });
	}

	async findOffline(userIds: string[]): Promise<IUser[]> {
		return this.find((u) => userIds.includes(u._id) && u.status !== 'online');
	}
}

export const Users = new UsersRaw('users');
