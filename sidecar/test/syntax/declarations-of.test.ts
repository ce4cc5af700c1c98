/** A name's declarations, an imported name followed through its import to the other module's. */
import { Node, Project, SyntaxKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { declarationsOf } from "../../src/syntax/declarations-of.js";

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
