/**
 * Which definition handles a route registered with a middleware chain: the route's own inline
 * handler (unwrapped from a wrapper call such as `asyncHandler(fn)`), not the shared middleware
 * that ends the chain, with the generic preset and with discovery alike. Indexed for real, so the
 * inline handlers are the indexer's own definitions.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { builtinPresets, type TrunkConfig } from "../../src/trunks/index.js";
import { openIndexOf, readThenClose, trunkOptions } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";
import { alwaysOn } from "./in-memory.js";

const scratch: string[] = [];
afterAll(() => {
	for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Each register site's key → its handler's def id, in a repository of `files` indexed with `config`. */
async function handlers(
	files: Record<string, string>,
	config: TrunkConfig,
): Promise<Map<string, string | null>> {
	const repo = repoWith({ "package.json": '{ "name": "server" }', ...files }, "codeask-route-handlers-");
	scratch.push(repo);
	return readThenClose(await openIndexOf(repo, { full: true, ...trunkOptions(config) }), (index) => {
		const rows = index
			.dispatchSites("")
			.concat(...["http-route", "router", "actions"].map((t) => index.dispatchSites(t)))
			.filter((s) => s.side === "register");
		return new Map(rows.map((s) => [s.key ?? "", s.handlerDefId]));
	});
}

const SHARED = {
	"src/respond.ts": "export function respond(_req: unknown, res: any) { res.json(res.locals.payload); }",
	"src/async-handler.ts":
		"export const asyncHandler = (fn: (...a: any[]) => Promise<void>) => (req: any, res: any, next: any) => fn(req, res, next).catch(next);",
	"src/auth.ts": "export function auth(_req: unknown, _res: unknown, next: () => void) { next(); }",
};

describe("route handler in a middleware chain", () => {
	it("links an Express route to its own inline handler, unwrapped from asyncHandler, not to the shared last middleware", async () => {
		const byKey = await handlers(
			{
				...SHARED,
				"src/items.ts": `import express from 'express';
import { respond } from './respond.js';
import { asyncHandler } from './async-handler.js';
import { auth } from './auth.js';
const router = express.Router();
router.post('/items', auth, asyncHandler(async (req: any, res: any, next: any) => { res.locals.payload = req.body; next(); }), respond);
router.patch('/items/:id', asyncHandler(async (req: any, res: any) => { res.json(req.params); }));
router.get('/items', async (_req: any, _res: any, next: any) => next(), respond);
router.delete('/items/:id', auth, respond);
export default router;`,
			},
			alwaysOn(builtinPresets().filter((p) => p.name === "generic")),
		);
		expect(byKey.get("POST /items")).toBe("src/items.ts#asyncHandler");
		expect(byKey.get("PATCH /items/:id")).toBe("src/items.ts#asyncHandler~2");
		expect(byKey.get("GET /items")).toBe("src/items.ts#router.get(/items)");
		// Every argument a reference: the last one, as before.
		expect(byKey.get("DELETE /items/:id")).toBe("src/respond.ts#respond");
	});

	it("gives a discovered route registry's sites the same inline handler, and leaves other registries' trailing options alone", async () => {
		const byKey = await handlers(
			{
				...SHARED,
				"src/router.ts": `import { respond } from './respond.js';
import { asyncHandler } from './async-handler.js';
import { auth } from './auth.js';
declare const router: { post(key: string, ...chain: unknown[]): void };
router.post('items.create', auth, asyncHandler(async (ctx: any) => ctx.body), respond);
router.post('items.update', auth, async (ctx: any) => ctx.body, respond);
router.post('items.delete', auth, respond);`,
				"src/actions.ts": `declare const actions: { define(key: string, run: () => void, enabled?: unknown): void; invoke(key: string): void };
declare function computed<T>(get: () => T): { value: T };
declare const connected: { value: boolean };
export function connect() {}
actions.define('gql.connect', connect, computed(() => !connected.value));
actions.define('gql.copy', () => connect(), computed(() => connected.value));
actions.define('gql.close', connect);
export function run() { actions.invoke('gql.connect'); actions.invoke('gql.copy'); actions.invoke('gql.close'); }`,
				"src/client.ts": `export async function save() {
	await fetch('items.create', { method: 'POST' });
	await fetch('items.update', { method: 'POST' });
	await fetch('items.delete', { method: 'POST' });
}`,
			},
			{ extends: [], presets: [], discover: true },
		);
		expect(byKey.get("POST /items.create")).toBe("src/router.ts#asyncHandler");
		expect(byKey.get("POST /items.update")).toBe("src/router.ts#router.post(items.update)");
		expect(byKey.get("POST /items.delete")).toBe("src/respond.ts#respond");
		// A registry of another shape: the handler argument, not the option after it.
		expect(byKey.get("gql.connect")).toBe("src/actions.ts#connect");
		expect(byKey.get("gql.copy")).toBe("src/actions.ts#actions.define(gql.copy)");
	});
});
