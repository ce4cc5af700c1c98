const express = require('express');

const app = express();

function requireStaff(req, res, next) {
  if (req.user?.staff) return next();
  res.status(403).end();
}

// The routes module returns its routers as a list; each is mounted under the service's base path.
const [publicRouter, staffRouter] = require('./routes')(app);
app.use('/svc/v2', publicRouter);
app.use('/svc/v2', requireStaff, staffRouter);

module.exports = app;
