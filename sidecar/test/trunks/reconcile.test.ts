import { describe, expect, it } from "vitest";
import type { DispatchSiteRow } from "../../src/index/types.js";
import { reconcile, templatePattern } from "../../src/trunks/reconcile.js";

let id = 0;
function site(
	trunk: string,
	side: "register" | "dispatch",
	key: string | null,
	extra: Partial<DispatchSiteRow> = {},
): DispatchSiteRow {
	id++;
	return {
		id,
		trunk,
		side,
		key,
		rawKey: key,
		expression: key === null ? "x" : `'${key}'`,
		file: `src/f${id}.ts`,
		line: id,
		enclosingDefId: null,
		handlerDefId: null,
		resolution: "syntactic",
		inScope: true,
		...extra,
	};
}

describe("reconcile", () => {
	it("counts keys, sites, both sides, one-sided keys and unbound sites per trunk", () => {
		const report = reconcile([
			site("callbacks", "register", "a"),
			site("callbacks", "register", "a"),
			site("callbacks", "dispatch", "a"),
			site("callbacks", "register", "b"),
			site("callbacks", "dispatch", "c"),
			site("callbacks", "dispatch", null),
			site("rest", "register", "x"),
		]);
		expect(report.trunks.callbacks).toMatchObject({
			keys: 3,
			registerSites: 3,
			dispatchSites: 3,
			bothSides: 1,
			registerOnly: 1,
			dispatchOnly: 1,
			unbound: 1,
		});
		expect(report.trunks.callbacks?.asymmetries.map((a) => [a.key, a.side, a.category])).toEqual([
			["b", "register-only", "unexplained"],
			["c", "dispatch-only", "unexplained"],
		]);
		expect(Object.keys(report.trunks)).toEqual(["callbacks", "rest"]);
	});

	it("explains a one-sided key by a run-time key on the other side before the rules", () => {
		const report = reconcile(
			[
				site("rest", "register", "channels.history"),
				site("rest", "register", "groups.history"),
				site("rest", "register", "users.list"),
				site("rest", "dispatch", null, { expression: "`/v1/${kind}.history`" }),
			],
			new Map([
				[
					"rest",
					[
						{
							side: "register-only" as const,
							category: "registered for external clients" as const,
							why: "public API",
						},
					],
				],
			]),
			(_t, raw) => raw.replace(/^\/?v\d+\//, ""),
		);
		const cats = report.trunks.rest?.asymmetries.map((a) => [a.key, a.category, a.why]);
		expect(cats).toEqual([
			["channels.history", "dynamic key", expect.stringContaining("`/v1/${kind}.history`")],
			["groups.history", "dynamic key", expect.stringContaining("src/f")],
			["users.list", "registered for external clients", "public API"],
		]);
	});

	it("applies rules by key and by the files of every site", () => {
		const report = reconcile(
			[site("m", "dispatch", "login"), site("m", "dispatch", "other", { file: "tests/e2e.ts" })],
			new Map([
				[
					"m",
					[
						{ side: "dispatch-only" as const, key: "^login$", category: "framework built-in" as const },
						{ side: "dispatch-only" as const, file: "^tests/", category: "dead code" as const },
					],
				],
			]),
		);
		expect(report.trunks.m?.asymmetries.map((a) => a.category)).toEqual(["framework built-in", "dead code"]);
	});

	it("builds template patterns only from templates with enough fixed text", () => {
		expect(templatePattern("`/v1/${a}.files`", (r) => r.replace(/^\/v1\//, ""))?.test("rooms.files")).toBe(
			true,
		);
		expect(templatePattern("`${a}`", (r) => r)).toBeNull();
		expect(templatePattern("name", (r) => r)).toBeNull();
	});
});
