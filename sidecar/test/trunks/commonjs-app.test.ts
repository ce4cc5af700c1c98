/**
 * A CommonJS Express app (examples/discovery/cjs-app) indexed with the built-in presets: routes
 * registered through a helper handed the router, verb and path (`addRoute(router, 'post', '/', …)`),
 * routers made by factories mounted where they are required (`app.use('/rest/v2/books',
 * require('./books')())`), controllers written as CommonJS assignments (`Books.get = async function`),
 * and an AMD client whose base URL holds the mount point (`api.get(`/books/${id}`)`).
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { DispatchSiteRecord } from "../../src/index/types.js";
import { modulePathSites } from "../../src/trunks/idioms/module-paths.js";
import { presetIndexForSuite, routeSides } from "../support/preset-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/cjs-app");

describe("a CommonJS Express app with route helpers, router factories and a based client", () => {
	const reader = presetIndexForSuite(REPO);
	const sides = (key: string) => routeSides(reader(), key);

	it("registers a helper's routes under the factory's mount, handled by the CommonJS controllers", () => {
		expect(sides("GET /rest/v2/books/:id")).toEqual({
			handlers: ["server/controllers/books.js#Books.get"],
			callers: ["web/shelf.js:4"],
		});
		expect(sides("POST /rest/v2/books")).toEqual({
			handlers: ["server/controllers/books.js#Books.create"],
			callers: ["web/shelf.js:7"],
		});
		expect(sides("DELETE /rest/v2/books/:id").handlers).toEqual(["server/controllers/books.js#Books.remove"]);
		// An arrow factory whose router is a local of its own; an `exports.x = …` controller.
		expect(sides("PUT /rest/v2/shelves/:shelfId/order")).toEqual({
			handlers: ["server/controllers/shelves.js#exports.reorder"],
			callers: ["web/shelf.js:13"],
		});
		// A helper call on the app itself, with no middlewares.
		expect(sides("GET /rest/v2/ping").handlers).toEqual(["server/controllers/shelves.js#exports.ping"]);
	});

	it("reads no route out of the helper's own body or the client's wrapper, and no other host's API", () => {
		const sites = reader().dispatchSites("http-route");
		const own = sites.filter((s) => s.file !== "web/covers.js").map((s) => s.key ?? "");
		expect(own.every((k) => /^(GET|POST|PUT|DELETE) \/rest\/v2\//.test(k))).toBe(true);
		// `fetch(`${BASE_URL}/books/${id}`)` to another host fits under the routes' base path: no call of theirs.
		const remote = sites.filter((s) => s.file === "web/covers.js").map((s) => s.key ?? "");
		expect(remote.some((k) => k.includes("/rest/v2/"))).toBe(false);
	});

	it("joins dotted socket events to the module members they name: mixins, nested objects, required modules", () => {
		const at = (key: string) => {
			const sites = reader().dispatchSites("events", key);
			return {
				handlers: sites.filter((s) => s.side === "register").map((s) => s.handlerDefId),
				callers: sites.filter((s) => s.side === "dispatch").map((s) => `${s.file}:${s.line}`),
			};
		};
		expect(at("books.lookup")).toEqual({
			handlers: ["server/sockets/books.js#SocketBooks.lookup"],
			callers: ["web/live.js:8"],
		});
		expect(at("books.notes.add").handlers).toEqual(["server/sockets/books.js#SocketBooks.notes.add"]);
		expect(at("books.rate").handlers).toEqual(["server/sockets/books/rating.js#SocketBooks.rate"]);
		expect(at("admin.shelves.rename").handlers).toEqual(["server/sockets/admin/shelves.js#exports.rename"]);
		expect(at("admin.shelves.clear").handlers).toEqual(["server/sockets/admin/shelves.js#exports.clear"]);
		// A method the server no longer has stays a one-sided key.
		expect(at("books.archive")).toEqual({ handlers: [], callers: ["web/live.js:17"] });
	});
});

describe("module-path keys need evidence", () => {
	const dispatch = (key: string): DispatchSiteRecord => ({
		trunk: "events",
		side: "dispatch",
		key,
		rawKey: key,
		expression: `'${key}'`,
		file: "web/a.js",
		line: 1,
		enclosingDefId: null,
		handlerDefId: null,
		resolution: "syntactic",
		inScope: true,
	});
	const tree = [
		{
			file: "srv/rpc/items.js",
			members: Array.from(
				{ length: 10 },
				(_, i) => [`m${i}`, `srv/rpc/items.js#Items.m${i}`, i + 1] as [string, string, number],
			),
			requires: [],
			mixins: [],
		},
	];

	it("takes a folder meeting eight keys or more", () => {
		const sites = Array.from({ length: 8 }, (_, i) => dispatch(`items.m${i}`));
		expect(modulePathSites(sites, tree).map((s) => s.key)).toHaveLength(8);
	});

	it("leaves a few dotted keys alone, and a folder meeting under 30 % of the unregistered ones", () => {
		expect(modulePathSites([dispatch("items.m1"), dispatch("items.m2")], tree)).toEqual([]);
		const many = [
			...Array.from({ length: 8 }, (_, i) => dispatch(`items.m${i}`)),
			...Array.from({ length: 30 }, (_, i) => dispatch(`other.k${i}`)),
		];
		expect(modulePathSites(many, tree)).toEqual([]);
	});
});
