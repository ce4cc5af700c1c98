/**
 * One rule for the wrappers that change only an expression's type, on compiler nodes
 * (`skipWrappers`) and on ts-morph nodes (`unwrap`, which asks `skipWrappers`).
 */
import { Node, Project, SyntaxKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { skipWrappers, unwrap } from "../../src/syntax/unwrap.js";

const source = [
	"declare const table: Record<string, () => void> | undefined;",
	"export const a = ((table as Record<string, () => void>)! satisfies object);",
	"export const b = <unknown>(table);",
	"export const c = table?.['x'];",
].join("\n");

function initializers() {
	const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile("/m.ts", source);
	return sf.getVariableDeclarations().flatMap((v) => {
		const init = v.getInitializer();
		return init ? [init] : [];
	});
}

describe("the type-only wrappers", () => {
	it("are stripped down to the wrapped expression, every kind at any depth", () => {
		const [a, b] = initializers();
		for (const init of [a, b]) {
			const inner = unwrap(init as Node);
			expect(inner.getKind()).toBe(SyntaxKind.Identifier);
			expect(inner.getText()).toBe("table");
			expect(skipWrappers(init?.compilerNode as never)).toBe(inner.compilerNode);
		}
	});

	it("gives the ts-morph node of the file itself, and leaves an unwrapped expression as it is", () => {
		const [a, , c] = initializers();
		const inner = unwrap(a as Node);
		expect(Node.isIdentifier(inner)).toBe(true);
		expect(inner.getSourceFile()).toBe(a?.getSourceFile());
		expect(inner.getParentOrThrow().getKind()).toBe(SyntaxKind.AsExpression);
		expect(unwrap(c as Node)).toBe(c);
	});
});
