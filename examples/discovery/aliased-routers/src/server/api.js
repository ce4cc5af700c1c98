const express = require('express');

function requireLogin(req, res, next) {
  if (req.user) return next();
  res.status(401).end();
}

function alreadyReady(req, res) {
  res.status(409).end();
}

module.exports = (app) => {
  const router = express.Router();

  // The setup routes only until the app is ready: the mount picks the router or a refusal.
  router.use('/setup', app.get('ready') ? alreadyReady : require('./setup')(app));
  const exportRouter = express.Router();

  // A feature's routes, required through the project's path alias rather than a relative path.
  router.use('/reports', require('~/features/reports/routes')(app));

  router.get('/status', function status(req, res) {
    res.json({ ok: true });
  });

  router.post('/upload', function upload(req, res) {
    res.json({ stored: true });
  });

  router.delete('/cache', function clearCache(req, res) {
    res.json({ cleared: true });
  });

  exportRouter.get('/exports/:exportId', function readExport(req, res) {
    res.json({ id: req.params.exportId });
  });

  // Mounted with no path: its routes sit where this router is mounted.
  router.use(requireLogin, exportRouter);

  return router;
};
