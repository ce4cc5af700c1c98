'use strict';

const store = require('../../store');

module.exports = {
	rename: async function (socket, data) {
		return store.reorder(data.id, []);
	},
	clear(socket, data) {
		return store.delete(data.id);
	},
};
