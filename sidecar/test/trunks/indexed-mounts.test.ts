/**
 * Router mounts through `require('./routes/x')` — held in a variable or written inline — in a real
 * index run (the indexer's program, not a ts-morph Project): the mounted router's routes get the
 * mount path, and the mounting file extracts cleanly.
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
	"package.json": JSON.stringify({ name: "shop", dependencies: { express: "4" } }),
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
export const order = () => fetch('/orders', { method: 'POST' });`,
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
				"dispatch POST /orders web/client.js",
				"register GET /users/:id src/routes/users.js",
				"register POST /orders src/routes/orders.js",
			]);
		});
	});
});
