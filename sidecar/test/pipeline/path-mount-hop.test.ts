/**
 * The router mount line as a hop of its own: a request's hop into a route handler passes the line
 * mounting the handler's router (`app.use('/orders', orders)`), cited in the short answer's path as
 * its own step; and a route handler the material lists only as a signature gets its mount lines beside it.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, MountSiteRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { routeMounts } from "../../src/pipeline/material/hops.js";
import { mountCallee, mountHop, withMountHops } from "../../src/pipeline/path/mounts.js";
import type { PathIndex, PathStep } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { defRow, edgeGraph } from "../support/defs.js";

const KEY = "POST /api/orders";
const routeKey = defRow(null, KEY, "dispatch-key", { defId: `trunk:http-route#${KEY}` });
const client = defRow("web/checkout.ts", "submitOrder", "function", { startLine: 1, endLine: 3 });
const handler = defRow("server/orders.ts", "createOrder", "function", { startLine: 2, endLine: 4 });
const store = defRow("server/store.ts", "saveOrder", "function", { startLine: 1, endLine: 2 });
const ordersRouter = defRow("server/orders.ts", "orders", "variable", { startLine: 1, endLine: 1 });
const apiRouter = defRow("server/api.ts", "api", "variable", { startLine: 1, endLine: 1 });
const modules = ["server/api.ts", "server/app.ts", "lambda/index.ts"].map((f) =>
	defRow(f, "(module)", "module", { startLine: 1, endLine: 6 }),
);

const text: Record<string, string[]> = {
	"web/checkout.ts": [
		"export function submitOrder(order) {",
		"\treturn fetch('/api/orders', { method: 'POST' });",
		"}",
	],
	"server/orders.ts": [
		"export const orders = new Hono();",
		"orders.post('/', async function createOrder(c) {",
		"\tawait saveOrder(c.req.body);",
		"});",
	],
	"server/store.ts": ["export function saveOrder(o) {", "}"],
	"server/api.ts": ["export const api = new Hono();", "api.route('/orders', orders);"],
	"server/app.ts": ["const app = new Hono();", "app.route('/api', api);"],
	"lambda/index.ts": ["const fn = new Hono().basePath('/api');", "fn.route('/orders', orders);"],
};

/** A mount row of KEY: `line` of `file`, mounting `handlerDefId`'s router at `path`. */
function mountRow(id: number, file: string, line: number, path: string, handlerDefId: string): MountSiteRow {
	return {
		id,
		trunk: "http-route",
		side: "mount",
		key: KEY,
		rawKey: path,
		expression: (text[file]?.[line - 1] ?? "").replace(/;$/, ""),
		file,
		line,
		enclosingDefId: `${file}#(module)`,
		handlerDefId,
		resolution: "syntactic",
		inScope: true,
	};
}

/** The app mounts `api` at /api, which mounts `orders` at /orders; the lambda mounts `orders` straight under its base. */
const nested = [
	mountRow(1, "server/app.ts", 2, "/api", apiRouter.defId),
	mountRow(2, "server/api.ts", 2, "/orders", ordersRouter.defId),
];
const direct = mountRow(3, "lambda/index.ts", 2, "/orders", ordersRouter.defId);

function index(rows: MountSiteRow[]): PathIndex {
	const defs = [client, routeKey, handler, store, ordersRouter, apiRouter, ...modules];
	const g = edgeGraph(
		defs,
		[
			[client, routeKey, "dispatch"],
			[routeKey, handler, "handler"],
			[handler, store, "call"],
		],
		(s) => ({ file: s.file, line: s === client ? 2 : 3 }),
	);
	const byDefId = new Map(defs.map((d) => [d.defId, d]));
	return {
		...g,
		fileLines: (file, start, end) => text[file]?.slice(start - 1, end),
		def: (id: string) => byDefId.get(id),
		mountSites: (trunk: string, key: string) => (trunk === "http-route" && key === KEY ? rows : []),
	};
}

const at = (m: { file: string; line: number } | null) => (m ? `${m.file}:${m.line}` : null);

describe("mountHop: the line wiring a route handler's router in", () => {
	it("takes the innermost mount, not the app mounting the router it is written in", () => {
		expect(at(mountHop(index(nested), routeKey, handler))).toBe("server/api.ts:2");
	});

	it("of two apps serving the route, takes the one mounting the handler's router through the fewest mounts", () => {
		expect(at(mountHop(index([...nested, direct]), routeKey, handler))).toBe("lambda/index.ts:2");
	});

	it("names the mount call's callee, the name its citation is checked against", () => {
		const hop = mountHop(index(nested), routeKey, handler);
		expect(hop && { named: hop.named, path: hop.path, text: hop.text }).toEqual({
			named: "api.route",
			path: "/orders",
			text: "api.route('/orders', orders);",
		});
		expect(mountCallee("new Hono().route('/x', sub)")).toBe("route");
		expect(mountCallee("router.use('/pages', require('./pages')(crowi))")).toBe("router.use");
	});

	it("is null for a key with no mount site, or an index without mount sites", () => {
		expect(mountHop(index([]), routeKey, handler)).toBeNull();
		const { mountSites: _, ...without } = index(nested);
		expect(mountHop(without, routeKey, handler)).toBeNull();
	});
});

describe("withMountHops: mount lines count against the path's step bound", () => {
	const steps = (): PathStep[] => [
		{
			def: client,
			hop: { kind: "dispatch", key: routeKey, file: client.file, line: 2, text: null, named: null },
		},
		{ def: handler, hop: null },
	];

	it("adds the mount line while steps and mounts stay within the bound", () => {
		const within = steps();
		withMountHops(index(nested), within, 3);
		expect(within[0]?.hop?.mount?.file).toBe("server/api.ts");
	});

	it("adds none once the steps fill the bound (each mount line is told as a step of its own)", () => {
		const full = steps();
		withMountHops(index(nested), full, 2);
		expect(full[0]?.hop?.mount).toBeUndefined();
	});
});

describe("the short answer's path: request → mount line → route handler", () => {
	const ask = (rows: MountSiteRow[]) => {
		const vector = conceptVector({
			concepts: ["order", "submit"].map((word) => ({ word, stems: [word], related: [], weight: 1 })),
		});
		const ranking = { order: [client, handler, store] as DefRow[], fileScore: new Map<string, number>() };
		return shortAnswer(index(rows), "how is an order submitted?", [], ranking, vector);
	};

	it("tells the mount line as a step of its own, cited at that one line", () => {
		const answer = ask(nested);
		const steps = answer.body.split("\n").filter((l) => /^\d+\. /.test(l));
		expect(steps).toHaveLength(4);
		const mount = steps[1] as string;
		expect(mount).toMatch(
			/^2\. `server\/api\.ts` mounts the router of .* at `\/orders` with `api\.route` \[\d+\]/,
		);
		expect(mount).toContain("`api.route('/orders', orders);`");
		const n = Number(/\[(\d+)\]/.exec(mount)?.[1]);
		const draft = answer.drafts.find((d) => d.n === n);
		expect(draft && `${draft.file}:${draft.startLine}-${draft.endLine} ${draft.symbol}`).toBe(
			"server/api.ts:2-2 api.route",
		);
		expect(steps[2]).toMatch(/^3\. /);
	});

	it("tells the hop as before without a mount site", () => {
		const steps = ask([])
			.body.split("\n")
			.filter((l) => /^\d+\. /.test(l));
		expect(steps).toHaveLength(3);
		expect(steps.join("\n")).not.toContain("mounts");
	});
});

describe("routeMounts: a signature-only route handler's mount lines", () => {
	const ix = (rows: MountSiteRow[]) => index(rows) as Parameters<typeof routeMounts>[0];
	const rated = () => 1;

	it("lists the line wiring the handler's router in, per key the question's words rate", () => {
		expect(routeMounts(ix(nested), handler, rated).map((m) => `${m.def.file}:${m.line} ${m.label}`)).toEqual([
			"server/api.ts:2 mounts /orders for POST /api/orders (http-route)",
		]);
		expect(
			routeMounts(ix([...nested, direct]), handler, rated).map((m) => `${m.def.file}:${m.line}`),
		).toEqual(["lambda/index.ts:2"]);
	});

	it("lists none for a key the question's words do not rate, nor for code that serves no key", () => {
		expect(routeMounts(ix(nested), handler, () => 0)).toEqual([]);
		expect(routeMounts(ix(nested), handler, rated, 2)).toEqual([]);
		expect(routeMounts(ix(nested), store, rated)).toEqual([]);
	});
});
