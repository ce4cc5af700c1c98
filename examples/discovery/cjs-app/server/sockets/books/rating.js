'use strict';

const store = require('../../store');

module.exports = function (SocketBooks) {
	SocketBooks.rate = async function (socket, data) {
		return store.insert({ id: data.id, stars: data.stars });
	};

	SocketBooks.unrate = async function (socket, data) {
		return store.delete(data.id);
	};
};
