/**
 * The per-file ts-morph views forget every wrapper made while a file is read and leave none made
 * by the forgetting itself (ts-morph's own order,
 * parents first, made each forgotten node's parent again and kept it for the rest of the run).
 */
import { fileURLToPath } from "node:url";
import { Node, SyntaxKind, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { morphViews } from "../../src/indexer/morph-views.js";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";

const FILE = fileURLToPath(new URL("./fixtures/vue-app/src/composables/useTodos.ts", import.meta.url));

interface Factory {
	hasCompilerNode(node: ts.Node): boolean;
}

function factoryOf(view: Node): Factory {
	return (view as unknown as { _context: { compilerFactory: Factory } })._context.compilerFactory;
}

/** Whether some node below `node` (the source file itself aside) still has a wrapper. */
function wrappedBelow(factory: Factory, node: ts.Node): boolean {
	return ts.forEachChild(node, (c) => factory.hasCompilerNode(c) || wrappedBelow(factory, c)) ?? false;
}

function setUp() {
	const program = ts.createProgram({ rootNames: [FILE], options: PROGRAM_OPTIONS });
	const sf = program.getSourceFile(FILE) as ts.SourceFile;
	return { sf, view: morphViews(program.getTypeChecker(), PROGRAM_OPTIONS) };
}

describe("morph views", () => {
	it("forget the wrappers made while reading a file, leaving none made again", () => {
		const { sf, view } = setUp();
		let factory: Factory | undefined;
		const held: Node[] = [];
		const declarations: ts.Node[] = [];
		const texts = view(sf, (file) => {
			factory = factoryOf(file);
			const calls = file.getDescendantsOfKind(SyntaxKind.CallExpression);
			// The receivers' declarations: wrapped with every ancestor up to the file.
			const decls = calls.flatMap((c) => {
				const callee = c.getExpression();
				return Node.isPropertyAccessExpression(callee)
					? (callee.getExpression().getSymbol()?.getDeclarations() ?? [])
					: [];
			});
			held.push(...calls, ...decls);
			declarations.push(...decls.map((d) => d.compilerNode));
			return calls.map((c) => c.getExpression().getText());
		});
		expect(texts).toEqual(["items.push", "items.splice", "items.findIndex"]);
		expect(declarations.map((d) => ts.SyntaxKind[d.kind])).toEqual(Array(3).fill("VariableDeclaration"));
		expect(held.filter((n) => !n.wasForgotten())).toEqual([]);
		const f = factory as Factory;
		expect(wrappedBelow(f, sf)).toBe(false);
		const ancestorsWrapped = declarations.flatMap((d) => {
			const wrapped: ts.Node[] = [];
			for (let n: ts.Node | undefined = d; n && !ts.isSourceFile(n); n = n.parent)
				if (f.hasCompilerNode(n)) wrapped.push(n);
			return wrapped;
		});
		expect(ancestorsWrapped).toEqual([]);
	});

	it("read a file again after forgetting it", () => {
		const { sf, view } = setUp();
		const read = () =>
			view(sf, (file) =>
				file
					.getDescendantsOfKind(SyntaxKind.MethodDeclaration)
					.map((m) => `${m.getName()}:${m.getStartLineNumber()}`),
			);
		const first = read();
		expect(first).toEqual(["add:11", "remove:14"]);
		expect(read()).toEqual(first);
	});
});
