/**
 * Express routers a routes module returns as a list, mounted under a base path, called by a web client
 * through a two-deep request wrapper that picks the verb by its parameter and URL-joins a root
 * (examples/discovery/listed-routers), indexed with the built-in presets and discovery on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { builtinPresets, type TrunkConfig } from "../../src/trunks/index.js";
import { openIndexOf, trunkOptions } from "../support/open-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/listed-routers");

describe("routers returned as a list and a client wrapper joining a root", () => {
	let dir: string;
	let index: IndexReader;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), "codeask-listed-routers-"));
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		index = await openIndexOf(REPO, { out: join(dir, "index.db"), full: true, ...trunkOptions(config) });
	});
	afterAll(() => {
		index.close();
		rmSync(dir, { recursive: true, force: true });
	});

	const sides = (key: string) => {
		const sites = index.dispatchSites("http-route", key);
		return {
			handlers: sites.filter((s) => s.side === "register").map((s) => s.handlerDefId),
			callers: sites.filter((s) => s.side === "dispatch").map((s) => `${s.file}:${s.line}`),
		};
	};

	it("prefixes the routes of each listed router (and its factory-made sub-routers) with its mount", () => {
		const registered = index
			.dispatchSites("http-route")
			.filter((s) => s.side === "register")
			.map((s) => s.key)
			.sort();
		expect(registered).toEqual([
			"DELETE /svc/v2/archive/all",
			"GET /svc/v2/health",
			"GET /svc/v2/notes/:noteId",
			"GET /svc/v2/tags",
			"POST /svc/v2/archive/run",
			"POST /svc/v2/notes",
			"PUT /svc/v2/notes/:noteId/title",
		]);
	});

	it("joins each wrapper call to its route with the verb the wrapper passes and the root in front", () => {
		// The handlers are the route factories' inline functions, inside the factory's definition.
		expect(sides("GET /svc/v2/notes/:noteId")).toEqual({
			handlers: ["server/routes/notes.js#exports"],
			callers: ["web/notes.ts:3"],
		});
		expect(sides("PUT /svc/v2/notes/:noteId/title").callers).toEqual(["web/notes.ts:5"]);
		expect(sides("POST /svc/v2/notes").callers).toEqual(["web/notes.ts:7"]);
		// The staff router's sub-router, made by an imported factory.
		expect(sides("POST /svc/v2/archive/run")).toEqual({
			handlers: ["server/routes/archive.ts#archiveRoutes"],
			callers: ["web/notes.ts:9"],
		});
		expect(sides("DELETE /svc/v2/archive/all").callers).toEqual(["web/notes.ts:11"]);
		expect(sides("GET /svc/v2/health").callers).toEqual(["web/notes.ts:13"]);
		// A CommonJS module's factory, imported by default.
		expect(sides("GET /svc/v2/tags")).toEqual({
			handlers: ["server/routes/tags.js#exports"],
			callers: ["web/notes.ts:15"],
		});
	});

	it("reads no request out of the wrappers' own bodies or a helper that only formats strings", () => {
		const callers = index
			.dispatchSites("http-route")
			.filter((s) => s.side === "dispatch")
			.map((s) => s.file);
		expect(new Set(callers)).toEqual(new Set(["web/notes.ts"]));
	});
});
