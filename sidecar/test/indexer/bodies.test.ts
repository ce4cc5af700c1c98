/**
 * The bodies an incremental run's program blanks in the files it holds for their declarations
 * only (bodies.ts): never one a type another file sees depends on, and every position kept.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ts } from "#ts-morph";
import { blankBodies, declarationText, decodeBodies, encodeBodies } from "../../src/indexer/bodies.js";
import { blankableBodies } from "../../src/indexer/body-ranges.js";
import { createIndexProgram, PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import { createModuleResolver } from "../../src/indexer/resolve.js";
import { discoverPackages } from "../../src/workspace/packages.js";

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);

/** The file's text with its blankable bodies blanked. */
function blanked(name: string, text: string): string {
	return blankBodies(text, blankableBodies(parse(name, text)) ?? []);
}

/** The type the checker gives each export of `lib.ts` (and each class's members), read as `libText`. */
function exportedTypes(libText: string): Record<string, string> {
	const repo = mkdtempSync(join(tmpdir(), "codeask-bodies-"));
	const files: Record<string, string> = {
		"package.json": JSON.stringify({ name: "bodies-app", private: true }),
		"src/lib.ts": libText,
		"src/helper.ts": "export function helper(n: number): number {\n\treturn n;\n}\n",
		"src/main.ts": "import * as lib from './lib';\nexport const api = lib;\n",
	};
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(repo, path)), { recursive: true });
		writeFileSync(join(repo, path), text);
	}
	const sources = new Map(
		Object.entries(files)
			.filter(([p]) => p.endsWith(".ts"))
			.map(([p, content]) => [join(repo, p), { content }]),
	);
	const resolver = createModuleResolver(repo, discoverPackages(repo), PROGRAM_OPTIONS);
	const { program, checker } = createIndexProgram([join(repo, "src/main.ts")], sources, resolver);
	const lib = program.getSourceFile(join(repo, "src/lib.ts")) as ts.SourceFile;
	const out: Record<string, string> = {};
	for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(lib) as ts.Symbol)) {
		out[s.name] = checker.typeToString(checker.getTypeOfSymbolAtLocation(s, lib));
		const decl = s.declarations?.[0];
		if (decl && ts.isClassDeclaration(decl)) {
			const instance = checker.getDeclaredTypeOfSymbol(s);
			for (const p of checker.getPropertiesOfType(instance))
				out[`${s.name}.${p.name}`] = checker.typeToString(checker.getTypeOfSymbolAtLocation(p, lib));
		}
	}
	return out;
}

const LIB = [
	"import { helper } from './helper';",
	"export function declared(n: number): string {\n\tconst s = helper(n);\n\treturn String(s);\n}",
	"export function inferred(n: number) {\n\treturn { n, label: '#' + String(n) };\n}",
	"export const arrow = (x: number): number[] => {\n\treturn [x, x];\n};",
	"export class Counter {\n\tcount = 0;\n\tprivate seen;\n\tconstructor(start: number) {\n\t\tthis.seen = [start];\n\t}\n" +
		"\tget total(): number {\n\t\treturn this.count + 1;\n\t}\n\tbump(): void {\n\t\tthis.count++;\n\t}\n" +
		"\treset(): void {\n\t\tthis.count = 0;\n\t}\n\tnext() {\n\t\treturn this.count + 1;\n\t}\n}",
	"export class Typed {\n\tname: string;\n\tconstructor(name: string) {\n\t\tconst n = name.trim();\n\t\tvoid n;\n\t\tthis.name = name;\n\t}\n}",
	"export class Plain {\n\tconstructor(readonly id: string) {\n\t\tconsole.log(id);\n\t}\n}",
	"register('x', () => {\n\tconsole.log(helper(1));\n});",
	"declared.displayName = 'declared';",
	"'use strict';",
	"",
].join("\n");

describe("bodies an incremental program may blank", () => {
	it("blanks annotated bodies and top-level calls, never what a declared type comes from", () => {
		const text = blanked("/p/lib.ts", LIB);
		const kept = (snippet: string) => expect(text).toContain(snippet);
		const gone = (snippet: string) => expect(text).not.toContain(snippet);
		gone("const s = helper(n);"); // declared return type
		kept("return { n, label: '#' + String(n) };"); // inferred return type
		gone("return [x, x];"); // annotated arrow function
		kept("this.seen = [start];"); // `seen` has no type: the constructor types it
		gone("return this.count + 1;\n\t}\n\tbump"); // annotated get accessor
		gone("this.count++;"); // an update is no `this.x = …` the site extractor reads
		kept("this.count = 0;"); // assigns a `this` property
		kept("this.name = name;"); // a constructor assigning a `this` property
		gone("console.log(id);"); // a constructor typing nothing
		gone("register('x'"); // a top-level call
		kept("declared.displayName = 'declared';"); // an assignment declares a property
		kept("'use strict';");
		expect(text.length).toBe(LIB.length);
		expect(text.split("\n").length).toBe(LIB.split("\n").length);
	});

	it("gives the importing file the same types as the whole file", () => {
		const whole = exportedTypes(LIB);
		expect(whole.inferred).toContain("label: string");
		expect(whole["Counter.seen"]).toBe("number[]"); // from the constructor's assignment
		expect(exportedTypes(blanked("/p/lib.ts", LIB))).toEqual(whole);
	});

	it("leaves an inferred type alone: blanking that body would change it", () => {
		const text = "export function f() {\n\treturn 42 as const;\n}\n";
		expect(blankableBodies(parse("/p/lib.ts", text))).toEqual([]);
		// What blanking it would do: the type another file sees changes.
		const open = text.indexOf("{") + 1;
		const forced = blankBodies(text, [open, text.lastIndexOf("}")]);
		expect(exportedTypes(text).f).toBe("() => 42");
		expect(exportedTypes(forced).f).toBe("() => void");
	});

	it("keeps the body of a wrapper calling what it is handed: other files' edges go through it", () => {
		const text = [
			"export function withAuth(handler: (r: string) => string): string {\n\treturn handler('r');\n}",
			"export const route = (config: { fn: () => void }): void => {\n\tconfig.fn();\n};",
			"export const Meteor = {\n\tstartup(fn: () => void): void {\n\t\tfn();\n\t},\n};",
			"export function keeps(handler: () => void): number {\n\treturn [handler].length;\n}",
			"export const handlers = [(cb: () => void): void => {\n\tcb();\n}];",
			"",
		].join("\n");
		const blankedText = blanked("/p/wrap.ts", text);
		expect(blankedText).toContain("return handler('r');");
		expect(blankedText).toContain("config.fn();");
		expect(blankedText).toContain("\t\tfn();");
		expect(blankedText).not.toContain("return [handler].length;"); // keeps it, never calls it
		expect(blankedText).not.toContain("\tcb();"); // no called symbol's own function
	});

	it("blanks nothing in JavaScript, declaration files or files using import.meta in a body", () => {
		expect(blankableBodies(parse("/p/a.js", "export function f() { return 1; }\n"))).toBeNull();
		expect(blankableBodies(parse("/p/a.d.ts", "export declare function f(): number;\n"))).toBeNull();
		const meta = "export function url(): string {\n\treturn import.meta.url;\n}\n";
		expect(blankableBodies(parse("/p/a.ts", meta))).toEqual([]);
	});

	it("blanks recorded ranges only in the content they were recorded from", () => {
		const text = "export function f(): number {\n\treturn 1;\n}\n";
		const ranges = blankableBodies(parse("/p/a.ts", text)) as number[];
		expect(decodeBodies(encodeBodies(ranges))).toEqual(ranges);
		const recorded = { hash: "h1", ranges: encodeBodies(ranges) };
		expect(declarationText(text, "h1", recorded)).toBe("export function f(): number {\n          \n}\n");
		expect(declarationText(text, "h2", recorded)).toBe(text);
		expect(declarationText(text, "h1", undefined)).toBe(text);
	});
});
