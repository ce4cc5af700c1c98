'use strict';

const { addRoute } = require('./helpers');
const shelves = require('../controllers/shelves');

module.exports = function (app) {
	app.use('/rest/v2/books', require('./books')());
	app.use('/rest/v2/shelves', require('./shelves')());
	addRoute(app, 'get', '/rest/v2/ping', shelves.ping);
};
