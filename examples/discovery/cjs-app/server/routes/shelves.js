'use strict';

const express = require('express');
const { addRoute } = require('./helpers');
const shelves = require('../controllers/shelves');

module.exports = () => {
	const router = express.Router();
	addRoute(router, 'put', '/:shelfId/order', shelves.reorder);
	addRoute(router, 'get', '/:shelfId', shelves.get);
	return router;
};
