define('live', ['socket'], function (socket) {
	function call(event, data) {
		return new Promise((resolve, reject) => {
			socket.emit(event, data, (err, res) => (err ? reject(err) : resolve(res)));
		});
	}
	return {
		lookup: (id) => socket.emit('books.lookup', { id }),
		lend: (id) => socket.emit('books.lend', { id }),
		note: (id, text) => socket.emit('books.notes.add', { id, text }),
		rate: (id, stars) => socket.emit('books.rate', { id, stars }),
		unrate: (id) => socket.emit('books.unrate', { id }),
		restart: () => socket.emit('admin.restart'),
		rename: (id) => socket.emit('admin.shelves.rename', { id }),
		clear: (id) => socket.emit('admin.shelves.clear', { id }),
		// A server method that no longer exists: stays dispatch-only.
		retired: () => socket.emit('books.archive', {}),
		call,
	};
});
