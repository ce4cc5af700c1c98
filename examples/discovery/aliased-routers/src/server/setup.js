const express = require('express');

module.exports = (app) => {
  const router = express.Router();

  router.post('/', function completeSetup(req, res) {
    app.set('ready', true);
    res.json({ ok: true });
  });

  return router;
};
