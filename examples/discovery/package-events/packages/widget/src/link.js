// The widget talks to the core's job server over a socket: no import links the two packages,
// yet `job:start` is one protocol message with two ends.
export function startJob(socket, id) {
	socket.emit('job:start', { id });
}
