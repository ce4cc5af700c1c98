// A server hub: each channel is an instance created with its name; the server emits on it.
import { Channel } from "./channel";

export class Hub {
	private readonly boardChannel: Channel;
	private readonly alertsChannel: Channel;
	private readonly presenceChannel: Channel;

	constructor() {
		this.boardChannel = new Channel("board-updates");
		this.alertsChannel = new Channel("user-alerts");
		this.presenceChannel = new Channel("presence-changes");
	}

	boardChanged(boardId: string, change: unknown): void {
		this.boardChannel.emit(boardId, change);
	}

	alert(userId: string, text: string): void {
		this.alertsChannel.emit(userId, { text });
	}

	presence(userId: string, status: string): void {
		this.presenceChannel.emit(userId, status);
	}
}
