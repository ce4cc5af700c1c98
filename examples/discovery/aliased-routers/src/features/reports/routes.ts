import express from 'express';

module.exports = (app: { get(name: string): string }) => {
  const router = express.Router();

  router.get('/:reportId', function readReport(req, res) {
    res.json({ id: req.params.reportId, owner: app.get('name') });
  });

  router.post('/render', function renderReport(req, res) {
    res.json({ rendered: true });
  });

  return router;
};
