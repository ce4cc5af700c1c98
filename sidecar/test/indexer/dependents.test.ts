/**
 * Which edits may change a type another file sees (their importers are re-extracted) and which
 * cannot (only the file itself is).
 */

import { describe, expect, it } from "vitest";
import { ts } from "#ts-morph";
import { typesMayHaveChanged } from "../../src/indexer/dependents.js";

const base = `/** A facade. */
export const Settings = proxify<ISettingsService>('settings');
export function name(): string {
	return 'a';
}
export function guess() {
	return 'a';
}
export class Users {
	find(id: string): string {
		return id;
	}
}
`;
const moved = (after: string) =>
	typesMayHaveChanged(
		ts.createSourceFile("a.ts", base, ts.ScriptTarget.Latest, true),
		ts.createSourceFile("a.ts", after, ts.ScriptTarget.Latest, true),
	);

describe("typesMayHaveChanged", () => {
	it("is false for new declarations and bodies under declared types", () => {
		// A body without a declared return type may move its inferred type: not followed, for speed.
		expect(moved(base.replace("return 'a';\n}\nexport class", "return 1;\n}\nexport class"))).toBe(false);
		expect(moved(`${base}export function later(): number {\n\treturn 1;\n}\n`)).toBe(false);
		expect(
			moved(base.replace("return 'a';\n}\nexport function guess", "return 'b';\n}\nexport function guess")),
		).toBe(false);
		expect(moved(base.replace("return id;", "return id.trim();"))).toBe(false);
		expect(moved(base.replace("\tfind(", "\tcount(): number {\n\t\treturn 0;\n\t}\n\tfind("))).toBe(false);
	});

	it("is false when a declaration goes with its name: its referrers are re-extracted as such", () => {
		expect(moved(base.replace(/export function name[^}]*}\n/, ""))).toBe(false);
		expect(moved(base.replace(/\tfind[^}]*}\n/, ""))).toBe(false);
	});

	it("is true when a declaration's type text moves, one of a name's declarations goes, or a new one merges", () => {
		expect(moved(base.replace("export const Settings = ", "export const Settings: any = "))).toBe(true);
		expect(moved(base.replace("find(id: string): string", "find(id: number): string"))).toBe(true);
		const overloads = `export function pick(a: string): string;
export function pick(a: number): number;
export function pick(a: unknown): unknown {
	return a;
}
`;
		const parse = (text: string) => ts.createSourceFile("b.ts", text, ts.ScriptTarget.Latest, true);
		const oneLess = overloads.replace("export function pick(a: number): number;\n", "");
		expect(typesMayHaveChanged(parse(overloads), parse(oneLess))).toBe(true);
		expect(moved(`${base}export interface Users {\n\textra: number;\n}\n`)).toBe(true);
		expect(moved(`${base}export * from './more';\n`)).toBe(true);
	});

	it("keeps an annotated literal's members (its callers' edges), not its functions' bodies", () => {
		const parse = (text: string) => ts.createSourceFile("t.ts", text, ts.ScriptTarget.Latest, true);
		const literal = (members: string) => parse(`export const Desk: Manager = { ${members} };\n`);
		expect(typesMayHaveChanged(literal("assign: fa"), literal("assign: fb"))).toBe(true);
		expect(typesMayHaveChanged(literal("assign: fa"), literal("assign: fa as Fn"))).toBe(true);
		const body = (n: number) => literal(`assign() { return ${n}; }`);
		expect(typesMayHaveChanged(body(1), body(2))).toBe(false);
		const limit = (n: number) => parse(`export const limit: number = ${n};\n`);
		expect(typesMayHaveChanged(limit(1), limit(2))).toBe(false);
	});

	it("leaves out an annotated literal's data values, not those a type is inferred from", () => {
		const parse = (text: string) => ts.createSourceFile("t.ts", text, ts.ScriptTarget.Latest, true);
		const options = (on: boolean) =>
			parse(`export const Options: Settings = { save: { toFile: ${on}, ids: [1, 'a'] }, limit: -1 };\n`);
		expect(typesMayHaveChanged(options(true), options(false))).toBe(false);
		const inferred = (on: boolean) => parse(`export const Options = { save: ${on} } as const;\n`);
		expect(typesMayHaveChanged(inferred(true), inferred(false))).toBe(true);
		const toData = (value: string) => parse(`export const Desk: Manager = { assign: ${value} };\n`);
		expect(typesMayHaveChanged(toData("fa"), toData("null"))).toBe(true);
	});
});
