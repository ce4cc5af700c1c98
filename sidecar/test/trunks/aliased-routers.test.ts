/**
 * An Express routes factory required through a tsconfig `paths` alias (`require('~/features/…')`), and
 * a web client whose form upload wraps another request wrapper (`apiPostForm(path, form)` →
 * `apiPost(path, form)` → `apiRequest('post', …)` → `axios[method](urljoin(root, path))`), and a
 * router mounted with no path beside a middleware (`router.use(requireLogin, exportRouter)`)
 * (examples/discovery/aliased-routers), indexed with the built-in presets and discovery on.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { presetIndexForSuite, routeSides } from "../support/preset-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/aliased-routers");

describe("a router required through a path alias, a wrapper of a wrapper, a pathless mount", () => {
	const reader = presetIndexForSuite(REPO);
	const sides = (key: string) => routeSides(reader(), key);

	it("prefixes the routes of a router required through a path alias with its mount", () => {
		const registered = reader()
			.dispatchSites("http-route")
			.filter((s) => s.side === "register")
			.map((s) => s.key)
			.filter((k) => k?.includes("/reports/"))
			.sort();
		expect(registered).toEqual(["GET /api/reports/:reportId", "POST /api/reports/render"]);
	});

	it("joins the aliased router's routes to their callers", () => {
		expect(sides("GET /api/reports/:reportId").callers).toEqual(["src/web/reports.ts:3"]);
		expect(sides("POST /api/reports/render").callers).toEqual(["src/web/reports.ts:7"]);
	});

	it("follows a wrapper that calls another wrapper to the transport", () => {
		expect(sides("POST /api/upload").callers).toEqual(["src/web/reports.ts:5"]);
	});

	it("gives a router mounted with no path the mounts of the router it is mounted on", () => {
		expect(sides("GET /api/exports/:exportId")).toEqual({
			handlers: ["src/server/api.js#exports"],
			callers: ["src/web/reports.ts:11"],
		});
	});

	it("reads the verb a caller gives as a word to the wrapper that picks it, and nothing from a string helper", () => {
		expect(sides("DELETE /api/cache").callers).toEqual(["src/web/reports.ts:14"]);
		expect(sides("POST /api/upload").callers).toEqual(["src/web/reports.ts:5"]);
	});

	it("mounts the router a conditional mount may pick", () => {
		expect(sides("POST /api/setup")).toEqual({
			handlers: ["src/server/setup.js#exports"],
			callers: ["src/web/reports.ts:21"],
		});
	});
});
