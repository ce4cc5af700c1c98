import { BaseModel } from './BaseModel';
import type { IMessage } from './types';

class MessagesCollection extends BaseModel<IMessage> {
	/** Latest messages of a room, newest last. */
	async findByRoomId(rid: string): Promise<IMessage[]> {
		const messages = await this.find((m) => m.rid === rid);
		return messages.sort((a, b) => a.ts.getTime() - b.ts.getTime());
	}
}

export const Messages = new MessagesCollection('messages');
