/** A name's declarations, an imported name followed through its import to the other module's. */
import { fileURLToPath } from "node:url";
import { Node, Project, SyntaxKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import {
	compilerDeclarationsOf,
	declarationsOf,
	firstDeclarationOf,
} from "../../src/syntax/declarations-of.js";

const VUE_APP = fileURLToPath(new URL("../indexer/fixtures/vue-app/src", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../../examples/discovery", import.meta.url));

function files() {
	const project = new Project({ useInMemoryFileSystem: true });
	project.createSourceFile("/jobs.ts", "export const queueJob = (name: string) => name;\n");
	const main = project.createSourceFile(
		"/main.ts",
		[
			"import { queueJob } from './jobs';",
			"const local = 1;",
			"queueJob('a');",
			"export const sum = local + 1;",
			"undeclared();",
		].join("\n"),
	);
	const called = (name: string) =>
		main
			.getDescendantsOfKind(SyntaxKind.Identifier)
			.filter((i) => i.getText() === name)
			.at(-1) as Node;
	return { called };
}

describe("declarationsOf", () => {
	it("follows an imported name to the declaration in the module it comes from", () => {
		const [decl] = declarationsOf(files().called("queueJob"));
		expect(decl && Node.isVariableDeclaration(decl)).toBe(true);
		expect(decl?.getSourceFile().getFilePath()).toBe("/jobs.ts");
	});

	it("gives a local name its own declaration, and a name nothing declares none", () => {
		const { called } = files();
		const [decl] = declarationsOf(called("local"));
		expect(decl?.getSourceFile().getFilePath()).toBe("/main.ts");
		expect(decl && Node.isVariableDeclaration(decl) && decl.getName()).toBe("local");
		expect(declarationsOf(called("undeclared"))).toEqual([]);
	});
});

/** What discovery resolves: names, member reads, and declarations (their bound symbol, or their name's). */
const ASKED = new Set([
	SyntaxKind.Identifier,
	SyntaxKind.PropertyAccessExpression,
	SyntaxKind.VariableDeclaration,
	SyntaxKind.FunctionDeclaration,
]);

describe("compilerDeclarationsOf", () => {
	it("finds on compiler nodes the declarations ts-morph finds, for every name and declaration of a fixture app", () => {
		const project = new Project({ compilerOptions: PROGRAM_OPTIONS });
		project.addSourceFilesAtPaths(`${VUE_APP}/**/*.{ts,js}`);
		const checker = project.getTypeChecker().compilerObject;
		let resolved = 0;
		let compared = 0;
		for (const sf of project.getSourceFiles()) {
			for (const node of sf.getDescendants()) {
				if (!ASKED.has(node.getKind())) continue;
				const expected = declarationsOf(node).map((d) => d.compilerNode);
				expect(compilerDeclarationsOf(node.compilerNode, checker)).toEqual(expected);
				expect(firstDeclarationOf(node.compilerNode, checker)).toBe(expected[0]);
				compared++;
				if (expected.some((d) => d.getSourceFile() !== sf.compilerNode)) resolved++;
			}
		}
		// Names of other modules resolved through imports, not only local ones.
		expect(compared).toBeGreaterThan(50);
		expect(resolved).toBeGreaterThan(5);
	});

	it("answers a member read nothing resolves (an untyped receiver, a missing member) as ts-morph does", () => {
		const project = new Project({ compilerOptions: { ...PROGRAM_OPTIONS, allowJs: true } });
		project.addSourceFilesAtPaths(`${EXAMPLES}/**/*.{ts,tsx,js}`);
		project.createSourceFile(
			"/members.ts",
			[
				"declare const loose: any; declare const typed: { send(k: string): void };",
				"loose.send('a'); loose?.deep.send('b'); (loose as any).x.y('c'); typed.send('d'); typed.missing('e');",
				"class Own { #hidden() {} run() { this.#hidden(); this.nothing(); } }",
				"function f(p) { p.on('x'); return p.a.b; }",
			].join("\n"),
		);
		project.createSourceFile(
			"/legacy.js",
			"module.exports.run = function () {}; exports.other = 1; module.exports.run();",
		);
		const checker = project.getTypeChecker().compilerObject;
		let unresolved = 0;
		for (const sf of project.getSourceFiles())
			for (const node of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
				const expected = declarationsOf(node).map((d) => d.compilerNode);
				expect(compilerDeclarationsOf(node.compilerNode, checker)).toEqual(expected);
				if (expected.length === 0) unresolved++;
			}
		expect(unresolved).toBeGreaterThan(10);
	}, 240_000); // every member read of every example app, twice: ~45 s on a loaded 2-core machine
});
