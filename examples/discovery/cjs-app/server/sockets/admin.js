'use strict';

const SocketAdmin = module.exports;

SocketAdmin.shelves = require('./admin/shelves');

SocketAdmin.restart = async function () {
	process.exit(0);
};
