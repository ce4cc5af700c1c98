/**
 * Router mounts through `require('./routes/x')` — held in a variable or written inline — in a real
 * index run (the indexer's program, not a ts-morph Project): the mounted router's routes get the
 * mount path, the mount line is stored as a site of its own (side `mount`, no edge), and the mounting
 * file extracts cleanly.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { createSiteExtractor, loadTrunkConfig } from "../../src/trunks/index.js";
import { withIndexAt } from "../support/open-index.js";

const dir = mkdtempSync(join(tmpdir(), "codeask-mounts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
	"package.json": JSON.stringify({ name: "shop", dependencies: { express: "4", hono: "4" } }),
	"src/routes/users.js": `const router = require('express').Router();
router.get('/:id', function getUser(req, res) {});
module.exports = router;`,
	"src/routes/orders.js": `const router = require('express').Router();
router.post('/', function createOrder(req, res) {});
module.exports = router;`,
	"src/app.js": `const express = require('express');
const users = require('./routes/users');
const app = express();
app.use('/users', users);
app.use('/orders', require('./routes/orders'));`,
	"web/client.js": `export const load = () => fetch('/users/7');
export const order = () => fetch('/orders', { method: 'POST' });
export const item = () => fetch('/api/items', { method: 'POST' });`,
	"api/items.ts": `import { Hono } from 'hono';
export const items = new Hono();
items.post('/', (c) => c.json({}));`,
	"api/index.ts": `import { Hono } from 'hono';
import { items } from './items';
export const api = new Hono();
api.route('/items', items);`,
	"api/server.ts": `import { Hono } from 'hono';
import { api } from './index';
const app = new Hono();
app.route('/api', api);`,
};

describe("router mounts in codeask index", () => {
	it("prefixes a router mounted through require, and reports no extraction problem", async () => {
		for (const [path, text] of Object.entries(files)) {
			mkdirSync(dirname(join(dir, path)), { recursive: true });
			writeFileSync(join(dir, path), text);
		}
		const repo = join(dir);
		const trunkConfig = loadTrunkConfig(null, repo);
		const out = join(dir, "index.db");
		const result = await indexRepository({
			repo,
			out,
			full: true,
			siteExtractor: createSiteExtractor(trunkConfig),
			trunkConfig,
		});
		expect(result.problems.map((p) => `${p.file}: ${p.reason}`)).toEqual([]);
		await withIndexAt(out, (reader) => {
			const sites = reader
				.dispatchSites("http-route")
				.map((s) => `${s.side} ${s.key} ${s.file}`)
				.sort();
			expect(sites).toEqual([
				"dispatch GET /users/:id web/client.js",
				"dispatch POST /api/items web/client.js",
				"dispatch POST /orders web/client.js",
				"register GET /users/:id src/routes/users.js",
				"register POST /api/items api/items.ts",
				"register POST /orders src/routes/orders.js",
			]);
			// Each mount line is a site of its own under the keys it prefixes: its path, its call, the mounted router.
			const mounts = (key: string) =>
				reader
					.mountSites("http-route", key)
					.map(
						(m) => `${m.file}:${m.line} ${m.rawKey} ${m.handlerDefId} ${m.enclosingDefId} ${m.expression}`,
					);
			expect(mounts("GET /users/:id")).toEqual([
				"src/app.js:4 /users src/routes/users.js#(module) src/app.js#(module) app.use('/users', users)",
			]);
			expect(mounts("POST /orders")).toEqual([
				"src/app.js:5 /orders src/routes/orders.js#(module) src/app.js#(module) app.use('/orders', require('./routes/orders'))",
			]);
			// Nested: the outer mount first, then the one mounting the route's own router.
			expect(mounts("POST /api/items")).toEqual([
				"api/server.ts:4 /api api/index.ts#api api/server.ts#(module) app.route('/api', api)",
				"api/index.ts:4 /items api/items.ts#items api/index.ts#(module) api.route('/items', items)",
			]);
			// A mount line is read as such only: no edge and no register or dispatch row of its own.
			expect(reader.dispatchSitesInFile("src/app.js")).toEqual([]);
			const module = reader.def("api/server.ts#(module)");
			expect(module && reader.edgesFrom(module.id).filter((e) => e.kind === "register")).toEqual([]);
		});
	});
});
