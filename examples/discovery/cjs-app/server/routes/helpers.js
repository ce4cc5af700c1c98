'use strict';

const helpers = module.exports;

// router, verb, path, middlewares (optional), controller
helpers.addRoute = function (router, verb, path, ...rest) {
	const controller = rest[rest.length - 1];
	const middlewares = rest.length > 1 ? rest[0] : [];
	router[verb](path, middlewares, helpers.guard(controller));
};

helpers.guard = function (controller) {
	return async (req, res, next) => {
		try {
			await controller(req, res);
		} catch (err) {
			next(err);
		}
	};
};
