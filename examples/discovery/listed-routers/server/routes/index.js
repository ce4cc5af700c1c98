import archiveRoutes from './archive';
import tagRoutes from './tags';

const express = require('express');

const router = express.Router();
const staffRouter = express.Router();

module.exports = (app) => {
  router.use('/notes', require('./notes')(app));
  router.use('/tags', tagRoutes(app));
  staffRouter.use('/archive', archiveRoutes(app));

  router.get('/health', function health(req, res) {
    res.json({ ok: true, name: app.get('name') });
  });

  return [router, staffRouter];
};
