'use strict';

const store = require('../store');

exports.get = async function (req, res) {
	res.json(await store.shelf(req.params.shelfId));
};

exports.reorder = async function (req, res) {
	await store.reorder(req.params.shelfId, req.body.order);
	res.sendStatus(204);
};

exports.ping = (req, res) => res.send('pong');
