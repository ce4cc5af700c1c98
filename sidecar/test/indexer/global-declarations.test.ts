/**
 * A `declare global` block's variable typed for a module's own value (`declare global { var redis }`
 * above `export const redis = globalThis.redis ?? createRedisClient()`) is no part of that value's
 * definition: the definition is the value's lines, its first line the `export const`.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { extractDefs } from "../../src/indexer/defs.js";

const defs = (code: string) =>
	extractDefs(ts.createSourceFile("redis.ts", code, ts.ScriptTarget.Latest, true), "redis.ts").defs.filter(
		(d) => d.kind !== "module",
	);

describe("variables a declare global block types", () => {
	it("leaves a global typed for the module's own value out of that value's definition", () => {
		const code = [
			"const createClient = () => ({ ping: () => 1 });",
			"declare global {",
			"  var redis: undefined | ReturnType<typeof createClient>;",
			"}",
			"export const redis = globalThis.redis ?? createClient();",
		].join("\n");
		const redis = defs(code).filter((d) => d.name === "redis");
		expect(redis.map((d) => [d.startLine, d.endLine])).toEqual([[5, 5]]);
	});

	it("keeps a global no statement of the module defines as a definition of its own", () => {
		const code = ["export {};", "declare global {", "  var featureFlags: Record<string, boolean>;", "}"].join(
			"\n",
		);
		expect(defs(code).map((d) => [d.name, d.startLine])).toEqual([["featureFlags", 3]]);
	});
});
