import express from 'express';

export default function archiveRoutes(app: { get(name: string): string }) {
  const router = express.Router();

  router.post('/run', function startArchiving(req, res) {
    res.json({ started: true, by: app.get('name') });
  });

  router.delete('/all', function dropArchives(req, res) {
    res.json({ dropped: true });
  });

  return router;
}
