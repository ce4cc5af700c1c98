/**
 * Express routers a routes module returns as a list, mounted under a base path, called by a web client
 * through a two-deep request wrapper that picks the verb by its parameter and URL-joins a root
 * (examples/discovery/listed-routers), indexed with the built-in presets and discovery on.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { presetIndexForSuite, routeSides } from "../support/preset-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/listed-routers");

describe("routers returned as a list and a client wrapper joining a root", () => {
	const reader = presetIndexForSuite(REPO);
	const sides = (key: string) => routeSides(reader(), key);

	it("prefixes the routes of each listed router (and its factory-made sub-routers) with its mount", () => {
		const registered = reader()
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
		const callers = reader()
			.dispatchSites("http-route")
			.filter((s) => s.side === "dispatch")
			.map((s) => s.file);
		expect(new Set(callers)).toEqual(new Set(["web/notes.ts"]));
	});
});
