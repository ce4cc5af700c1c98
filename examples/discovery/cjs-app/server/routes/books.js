'use strict';

const router = require('express').Router();
const { addRoute } = require('./helpers');
const books = require('../controllers/books');

module.exports = function () {
	addRoute(router, 'get', '/:id', [], books.get);
	addRoute(router, 'post', '/', [requireLogin], books.create);
	addRoute(router, 'delete', '/:id', [requireLogin], books.remove);
	return router;
};

function requireLogin(req, res, next) {
	return req.user ? next() : res.sendStatus(401);
}
