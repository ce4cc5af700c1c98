const express = require('express');

module.exports = (app) => {
  const router = express.Router();

  router.get('/', function listTags(req, res) {
    res.json(app.get('tags') ?? []);
  });

  return router;
};
