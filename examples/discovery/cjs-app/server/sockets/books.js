'use strict';

const store = require('../store');

const SocketBooks = module.exports;

require('./books/rating')(SocketBooks);

SocketBooks.lookup = async function (socket, data) {
	return store.find(data.id);
};

SocketBooks.lend = async function (socket, data) {
	return store.insert({ ...data, lentTo: socket.uid });
};

SocketBooks.notes = {};
SocketBooks.notes.add = async function (socket, data) {
	return store.insert({ id: data.id, note: data.text });
};
