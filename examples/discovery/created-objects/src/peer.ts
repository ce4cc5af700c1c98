import net from 'node:net';

export function logSocketError(err: unknown) {
	console.error('peer socket', err);
}

export function logSocketClose() {
	console.log('peer gone');
}

// A socket this code creates: its `error` and `close` come from the socket itself, never from the scheduler.
export class PeerLink {
	socket: net.Socket | null = null;

	connect(port: number) {
		this.socket = new net.Socket();
		this.socket.on('error', logSocketError);
		this.socket.on('close', logSocketClose);
		this.socket.connect(port);
	}
}
