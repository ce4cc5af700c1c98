/**
 * A path's last step with no call the index resolved is said to call no other code of the repository
 * only when its body calls no name the repository defines: `bus.register(handlers)` on an object the
 * index cannot type is where the flow goes on (session 44's second reader found the claim false there).
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { unfollowedCalls } from "../../src/pipeline/short/unfollowed.js";
import { defRow, edgeGraph } from "../support/defs.js";

/** `setup` calls `registerAll`, whose body is `body`; `Bus.register` and `Store.set` are methods elsewhere. */
function world(body: string[]) {
	const setup = defRow("app/setup.ts", "setup", "function", { startLine: 1, endLine: 3 });
	const registerAll = defRow("handlers/registry.ts", "registerAll", "function", {
		startLine: 1,
		endLine: body.length + 2,
	});
	const bus = defRow("bus/bus.ts", "Bus", "class", { startLine: 1, endLine: 9 });
	const register = defRow("bus/bus.ts", "Bus.register", "method", {
		startLine: 3,
		endLine: 5,
		parentId: bus.id,
	});
	const store = defRow("store/store.ts", "Store", "class", { startLine: 1, endLine: 9 });
	const set = defRow("store/store.ts", "Store.set", "method", {
		startLine: 3,
		endLine: 5,
		parentId: store.id,
	});
	const defs = [setup, registerAll, bus, register, store, set];
	const files: Record<string, string[]> = {
		"app/setup.ts": ["export function setup() {", "\tregisterAll();", "}"],
		"handlers/registry.ts": ["export const registerAll = () => {", ...body, "};"],
		"bus/bus.ts": Array(9).fill("x"),
		"store/store.ts": Array(9).fill("x"),
	};
	const g = edgeGraph(defs, [[setup, registerAll, "call"]], (s) => ({ file: s.file, line: 2 }));
	const index: PathIndex = {
		...g,
		fileLines: (file, from, to) => files[file]?.slice(from - 1, to),
		defsByName: (name: string) => defs.filter((d) => d.name === name),
	};
	return { index, setup, registerAll };
}

const ask = (body: string[]) => {
	const { index, setup, registerAll } = world(body);
	return shortAnswer(index, "how are handlers registered at setup?", [], {
		order: [setup, registerAll] as DefRow[],
		fileScore: new Map<string, number>(),
	}).body;
};

describe("the calls a last step makes that the index did not follow", () => {
	it("names a call of a name the repository defines, on an object the index could not type", () => {
		const body = ask([
			"\tconst bus = container.resolve(Bus);",
			"\t// bus.unregister(old) is not needed",
			'\tlog("register(x)");',
			"\tbus.register(handlers);",
		]);
		expect(body).toMatch(
			/This answer follows it as far as `registerAll` \[\d+\]; its call \(`bus\.register`\) is not followed here\./,
		);
		expect(body).not.toContain("calls no other code");
	});

	it("still says a body calling only the language's own methods and outside code calls no other code", () => {
		const body = ask([
			"\tconst cache = new Map();",
			"\tcache.set(1, JSON.stringify(x));",
			"\tlodash.merge(a, b);",
		]);
		expect(body).toMatch(/Its last step, `registerAll` \[\d+\], calls no other code in this repository\./);
	});

	it("names what the functions written inside it call, the index's edges from them", () => {
		const { index, setup, registerAll } = world([
			"\tconst each = (h) => bus.register(h);",
			"\thandlers.forEach(each);",
		]);
		const each = defRow("handlers/registry.ts", "each", "function", {
			startLine: 2,
			endLine: 2,
			parentId: registerAll.id,
		});
		const register = index.defsByName?.("register")[0] as DefRow;
		const g = edgeGraph(
			[setup, registerAll, each, register],
			[
				[setup, registerAll, "call"],
				[each, register, "call"],
			],
			(s) => ({ file: s.file, line: 2 }),
		);
		const body = shortAnswer(
			{ ...index, ...g, defsInFile: (f) => (f === "handlers/registry.ts" ? [registerAll, each] : []) },
			"how are handlers registered at setup?",
			[],
			{
				order: [setup, registerAll],
				fileScore: new Map<string, number>(),
			},
		).body;
		expect(body).toMatch(
			/as far as `registerAll` \[\d+\]; its call \(`Bus\.register`\) is not followed here\./,
		);
	});

	it("does not name a call of what the body was handed or made itself (a parameter, a local)", () => {
		const { index, registerAll } = world([
			"\tconst wire = (bus, register) => {",
			"\t\tregister(bus);",
			"\t};",
			"\tconst set = pick();",
			"\tset(1);",
			"\tconst store = container.resolve(Store);",
			"\tstore.register(2);",
		]);
		// `register` and `set` are bound in the body; `store.register` is a member call of a name defined
		// elsewhere, on a value the index cannot type (a name bound nowhere in its file would be a global).
		expect(unfollowedCalls(index, registerAll)).toEqual(["store.register"]);
	});

	it("reads calls as written: not a construction, a nested function's own name, or a resolved callee", () => {
		const { index, registerAll } = world([
			"\tfunction register(h) { return h; }",
			"\tconst b = new register(1);",
			"\tawait this.bus?.register<Handler>(handlers);",
		]);
		// `register` is declared inside the body here only by text (no nested definition row): the
		// declaration is skipped, the construction too, and the member call on `this.bus` is named.
		expect(unfollowedCalls(index, registerAll)).toEqual(["this.bus?.register"]);
	});
});
