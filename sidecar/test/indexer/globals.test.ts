/**
 * Which files every program must hold for their globals: the per-file flag agrees with the
 * checker — a name used by another file resolves through the flagged file, and never through a
 * file the flag leaves out.
 */
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { declaresGlobals } from "../../src/indexer/globals.js";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";

/** The declarations `user.ts`'s `probe` resolves to in a program over it and `file` (none: no symbol). */
function resolvesThrough(name: string, text: string): boolean {
	const files = new Map([
		["/r/user.ts", "export function use() {\n\treturn probe.env;\n}\n"],
		[`/r/${name}`, text],
	]);
	const host = ts.createCompilerHost({ ...PROGRAM_OPTIONS, lib: ["lib.es5.d.ts"] });
	const getSourceFile = host.getSourceFile.bind(host);
	host.getSourceFile = (f, v, ...rest) => {
		const t = files.get(f);
		return t === undefined ? getSourceFile(f, v, ...rest) : ts.createSourceFile(f, t, v, true);
	};
	host.fileExists = (f) => files.has(f);
	host.readFile = (f) => files.get(f);
	const program = ts.createProgram({ rootNames: [...files.keys()], options: PROGRAM_OPTIONS, host });
	const checker = program.getTypeChecker();
	const user = program.getSourceFile("/r/user.ts") as ts.SourceFile;
	let found = false;
	const visit = (n: ts.Node) => {
		if (ts.isIdentifier(n) && n.text === "probe") {
			const decls = checker.getSymbolAtLocation(n)?.declarations ?? [];
			found ||= decls.some((d) => d.getSourceFile().fileName === `/r/${name}`);
		}
		ts.forEachChild(n, visit);
	};
	visit(user);
	return found;
}

const cases: [name: string, text: string][] = [
	// JS modules: an expando assignment at top level declares a global; elsewhere it does not
	["expando.js", "import x from './x';\nprobe.env = x;\n"],
	["nested.js", "import x from './x';\nexport function f() {\n\tprobe.env = x;\n}\n"],
	["esm.js", "import x from './x';\nexport const probe = { env: x };\n"],
	["cjs.js", "const x = require('./x');\nmodule.exports = { probe: x };\n"],
	["cjs-expando.js", "const x = require('./x');\nprobe.env = x;\nmodule.exports = {};\n"],
	// scripts: every top-level name is global
	["script.js", "var probe = { env: 1 };\n"],
	["script.ts", "declare var probe: { env: number };\n"],
	["global-block.ts", "export {};\ndeclare global {\n\tvar probe: { env: number };\n}\n"],
	["module.ts", "export const probe = { env: 1 };\n"],
];

describe("files that declare globals", () => {
	it.each(cases)("%s: flagged exactly when the checker takes a global from it", (name, text) => {
		expect(declaresGlobals(`/r/${name}`, text)).toBe(resolvesThrough(name, text));
	});

	it("leaves out JS modules that declare no global, keeps the others", () => {
		const flagged = cases.filter(([name, text]) => declaresGlobals(`/r/${name}`, text)).map(([n]) => n);
		expect(flagged).toEqual(["expando.js", "cjs-expando.js", "script.js", "script.ts", "global-block.ts"]);
	});
});
