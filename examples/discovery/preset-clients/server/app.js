const express = require("express");

const app = express();

function getUser(req, res) {
	res.json({ id: req.params.id });
}
function createUser(req, res) {
	res.json(req.body);
}
function deleteUser(req, res) {
	res.json({ deleted: req.params.id });
}

app.get("/users/:id", getUser);
app.post("/users", createUser);
app.delete("/users/:id", deleteUser);
app.get("/health", (req, res) => res.json({ ok: true }));

module.exports = app;
