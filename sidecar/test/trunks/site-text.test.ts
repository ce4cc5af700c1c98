import { Node, Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import type { SiteContext } from "../../src/index/types.js";
import { record, recordOf } from "../../src/trunks/discover/candidates.js";
import { exprText, nodeLine, nodeText, startLine } from "../../src/trunks/sites.js";

// Keys after comments, JSDoc, line breaks and inside multi-line objects: where a slice of the file's
// text could start at the wrong place (the leading trivia) or a line be counted from the wrong token.
const SOURCE = [
	"const bus = { emit(..._a: unknown[]) {} };",
	"export function send(id: string) {",
	"  bus.emit(/* the key */ 'order.saved', id);",
	"  bus.emit(",
	"    /** documented */",
	"    `order.${id}`,",
	"    { name:",
	"        'job.run' },",
	"  );",
	"}",
].join("\n");

function callArguments() {
	const project = new Project({ useInMemoryFileSystem: true });
	const sf = project.createSourceFile("/repo/src/send.ts", SOURCE);
	const args = sf
		.getDescendants()
		.filter(Node.isCallExpression)
		.flatMap((c) => c.getArguments());
	return { sf, args };
}

describe("site records from compiler nodes", () => {
	it("give the text and line ts-morph's nodes give, whatever trivia comes before the key", () => {
		const { sf, args } = callArguments();
		expect(args.map((a) => nodeText(a.compilerNode, sf.compilerNode))).toEqual([
			"'order.saved'",
			"id",
			"`order.${id}`",
			"{ name: 'job.run' }",
		]);
		expect(args.map((a) => nodeLine(a.compilerNode, sf.compilerNode))).toEqual([3, 3, 6, 7]);
		expect(args.map((a) => nodeText(a.compilerNode, sf.compilerNode))).toEqual(args.map(exprText));
		expect(args.map((a) => nodeLine(a.compilerNode, sf.compilerNode))).toEqual(
			args.map((a) => a.getStartLineNumber()),
		);
		expect(args.map(startLine)).toEqual(args.map((a) => a.getStartLineNumber()));
	});

	it("make the same candidate record as ts-morph's nodes, the enclosing definition read from either", () => {
		const { sf, args } = callArguments();
		const enclosing = (n: Node | Node["compilerNode"]) => {
			const c = n instanceof Node ? n.compilerNode : n;
			return c.getSourceFile() === sf.compilerNode && c.pos > SOURCE.indexOf("export")
				? "src/send.ts#send"
				: null;
		};
		const ctx: SiteContext = {
			repoRoot: "/repo",
			filePath: "src/send.ts",
			defIdOf: () => null,
			enclosingDefId: enclosing,
		};
		const key = args[2] as Node;
		const call = key.getParentOrThrow();
		const viaCompiler = recordOf(
			"(candidate)",
			{ keys: ["x"] },
			call.compilerNode,
			key.compilerNode,
			sf.compilerNode,
			ctx,
		);
		expect(viaCompiler).toEqual(record("(candidate)", { keys: ["x"] }, call, key, ctx));
		expect(viaCompiler).toMatchObject({
			expression: "`order.${id}`",
			line: 6,
			enclosingDefId: "src/send.ts#send",
		});
	});
});
