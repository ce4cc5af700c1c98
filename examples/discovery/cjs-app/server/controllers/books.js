'use strict';

const store = require('../store');

const Books = module.exports;

Books.get = async function (req, res) {
	res.json(await store.find(req.params.id));
};

Books.create = async function (req, res) {
	res.json(await store.insert(req.body));
};

Books.remove = async (req, res) => {
	await store.delete(req.params.id);
	res.sendStatus(204);
};
