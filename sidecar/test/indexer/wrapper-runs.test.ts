import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("a wrapper runs the inline function it is handed", () => {
	it("links the wrapper to an inline function it calls, by parameter or by member, and not when it only keeps it", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "wrapper-app" }',
				"src/wrappers.ts": [
					"type Config = { name: string; fn: (q: string) => Promise<string>; now?: () => number };",
					"export function createRoute(config: Config) {",
					"\treturn async (q: string) => {",
					"\t\tif (!q) throw new Error(config.name);",
					"\t\treturn config.fn(q) + (config.now?.() ?? 0);",
					"\t};",
					"}",
					"export const withAuth = (handler: (req: string) => string) => (req: string) => handler(req);",
					"export function destructured({ fn }: Config) {",
					"\treturn fn('x');",
					"}",
					"export function watch(key: string, cb: (v: string) => void) {",
					"\tcb(key);",
					"}",
					"export const kept: Config[] = [];",
					"export function withMethods(handlers: Record<string, (q: string) => Promise<string>>) {",
					"\treturn (method: string, q: string) => handlers[method]?.(q);",
					"}",
					"export function register(config: Config) {",
					"\tkept.push(config);",
					"}",
				].join("\n"),
				"src/routes.ts": [
					'import { createRoute, destructured, register, watch, withAuth, withMethods } from "./wrappers";',
					"const router = { get(path: string, h: (req: string) => string) { return [path, h]; } };",
					"export function load(q: string) { return Promise.resolve(q); }",
					"export default withMethods({",
					"\tGET: createRoute({",
					'\t\tname: "get",',
					"\t\tfn: async (q) => {",
					"\t\t\treturn load(q);",
					"\t\t},",
					"\t\tnow: () => 0,",
					"\t}),",
					"});",
					'router.get("/x", withAuth((req) => {\n\treturn req.trim();\n}));',
					'destructured({ name: "d", fn: async (q) => { return q; } });',
					'register({ name: "r", fn: async (q) => q });',
					'watch("Site_Url", (v) => v.trim());',
					'const cached = Promise.resolve("c");',
					'destructured({ name: "g", fn: async (q) => await load(q) });',
					'destructured({ name: "v", fn: () => cached });',
				].join("\n"),
			},
			"codeask-wrapper-",
		);
		await withIndexOf(repo, (index) => {
			// The route's inline `fn` is run by `createRoute` (`config.fn(…)`, line 7); `now`, giving a value back, is no step.
			expect(callsFrom(index, "src/wrappers.ts#createRoute")).toEqual(["src/routes.ts#createRoute.fn@7"]);
			// A handler passed whole and called (`handler(req)`), and a member taken apart in the signature.
			expect(callsFrom(index, "src/wrappers.ts#withAuth")).toEqual(["src/routes.ts#withAuth@13"]);
			// Block bodies only: an expression body, a call (`async (q) => await load(q)`) or a value, is left out.
			expect(callsFrom(index, "src/wrappers.ts#destructured")).toEqual(["src/routes.ts#destructured.fn@16"]);
			// Registered under a key (the trunks link it by the key), and kept, not called: no edge.
			expect(callsFrom(index, "src/wrappers.ts#watch")).toEqual([]);
			expect(callsFrom(index, "src/wrappers.ts#register")).toEqual([]);
		});
	});
});
