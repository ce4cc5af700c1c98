'use strict';

const Handlers = Object.create(null);

// Each event names a member of the module tree below: 'books.rate' → require('./books').rate.
function onMessage(socket, event, payload, reply) {
	const method = event.split('.').reduce((obj, key) => (obj ? obj[key] : undefined), Handlers);
	if (typeof method !== 'function') return reply(new Error('unknown event'));
	Promise.resolve(method(socket, payload)).then((res) => reply(null, res), reply);
}

exports.attach = function (io) {
	['books', 'admin'].forEach((name) => {
		Handlers[name] = require(`./${name}`);
	});
	io.on('connection', (socket) => {
		socket.onAny((event, payload, reply) => onMessage(socket, event, payload, reply));
	});
};
