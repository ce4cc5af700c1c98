import { EventEmitter } from "node:events";

// The gateway sends every client event through one method: the event name is its parameter.
export class Gateway {
	private server = new EventEmitter() as EventEmitter & { to(room: string): EventEmitter };

	clientSend(event: string, room: string, ...data: unknown[]) {
		this.server.to(room).emit(event, ...data);
	}

	clientBroadcast(event: string, ...data: unknown[]) {
		this.server.emit(event, ...data);
	}

	log(message: string, room: string) {
		console.log(message, room);
	}
}
