import { BaseModel } from './BaseModel';
import type { IPushToken } from './types';

class PushTokensRaw extends BaseModel<IPushToken> {
	async findByUserId(userId: string): Promise<IPushToken[]> {
		return this.find((t) => t.userId === userId);
	}
}

export const PushTokens = new PushTokensRaw('push_tokens');
