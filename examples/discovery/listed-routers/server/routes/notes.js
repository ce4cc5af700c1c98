const express = require('express');

const notes = new Map();

module.exports = (app) => {
  const router = express.Router();

  router.get('/:noteId', function readNote(req, res) {
    res.json(notes.get(req.params.noteId) ?? null);
  });

  router.put('/:noteId/title', function retitleNote(req, res) {
    const note = notes.get(req.params.noteId);
    note.title = req.body.title;
    res.json(note);
  });

  router.post('/', function addNote(req, res) {
    const id = String(notes.size + 1);
    notes.set(id, { id, title: req.body.title, app: app.get('name') });
    res.json(notes.get(id));
  });

  return router;
};
