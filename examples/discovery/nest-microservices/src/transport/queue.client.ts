import { ClientProxy, type ReadPacket, type WritePacket } from "@nestjs/microservices";

/** A custom transport's client: the app injects it under its own name, never as `client`. */
export class QueueClient extends ClientProxy {
	async connect(): Promise<void> {}
	async close(): Promise<void> {}
	protected publish(_packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
		callback({ response: null });
		return () => undefined;
	}
	protected async dispatchEvent(_packet: ReadPacket): Promise<void> {}
}
