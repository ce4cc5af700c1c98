// The job server: hears `job:start` from any client socket (the widget's among them).
export function onJobStart(payload) {
	console.log('job', payload.id);
}

export function serve(socket) {
	socket.on('job:start', onJobStart);
}
