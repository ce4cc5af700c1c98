/**
 * One walk of a file's syntax tree for every trunk idiom: the nodes each family looks at, collected
 * by kind in document order (what `getDescendantsOfKind` gives, one walk instead of one per kind).
 * The extractor once walked each file about six times (calls, `new`, classes twice, facade calls,
 * class heritage, decorators, GraphQL, actions); the walk is raw compiler nodes, wrapped in ts-morph
 * nodes only where an idiom needs one.
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";

export interface FileNodes {
	calls: ts.CallExpression[];
	news: ts.NewExpression[];
	/** Class declarations and class expressions. */
	classLikes: ts.ClassLikeDeclaration[];
	decorators: ts.Decorator[];
	tagged: ts.TaggedTemplateExpression[];
	properties: ts.PropertyAssignment[];
	cases: ts.CaseClause[];
	objects: ts.ObjectLiteralExpression[];
	variables: ts.VariableDeclaration[];
	/** Property and method signatures (of interfaces and type literals: typed maps of keys, declarations.ts). */
	members: (ts.PropertySignature | ts.MethodSignature)[];
}

/** Which list a node of each collected kind goes to. */
const LIST_OF = new Map<ts.SyntaxKind, keyof FileNodes>([
	[ts.SyntaxKind.CallExpression, "calls"],
	[ts.SyntaxKind.NewExpression, "news"],
	[ts.SyntaxKind.ClassDeclaration, "classLikes"],
	[ts.SyntaxKind.ClassExpression, "classLikes"],
	[ts.SyntaxKind.Decorator, "decorators"],
	[ts.SyntaxKind.TaggedTemplateExpression, "tagged"],
	[ts.SyntaxKind.PropertyAssignment, "properties"],
	[ts.SyntaxKind.CaseClause, "cases"],
	[ts.SyntaxKind.ObjectLiteralExpression, "objects"],
	[ts.SyntaxKind.VariableDeclaration, "variables"],
	[ts.SyntaxKind.PropertySignature, "members"],
	[ts.SyntaxKind.MethodSignature, "members"],
]);

export function walkFile(sf: ts.SourceFile): FileNodes {
	const nodes: FileNodes = {
		calls: [],
		news: [],
		classLikes: [],
		decorators: [],
		tagged: [],
		properties: [],
		cases: [],
		objects: [],
		variables: [],
		members: [],
	};
	const visit = (n: ts.Node): void => {
		const list = LIST_OF.get(n.kind);
		if (list) (nodes[list] as ts.Node[]).push(n);
		ts.forEachChild(n, visit);
	};
	visit(sf);
	return nodes;
}

/** The outermost node reached from `node` through parents that only wrap it (parentheses, `as`, …). */
export function throughWrappers(node: ts.Node, wraps: (parent: ts.Node) => boolean): ts.Node {
	let at = node;
	while (wraps(at.parent)) at = at.parent;
	return at;
}

/** ts-morph's own wrapper for a compiler node of this file (what `getDescendantsOfKind` returns). */
export function wrap<T extends Node = Node>(sf: SourceFile, n: ts.Node): T {
	return (sf as unknown as { _getNodeFromCompilerNode(n: ts.Node): T })._getNodeFromCompilerNode(n);
}

/** The checker ts-morph's own lookups on `node` ask (its context's, whatever made the view), for reads on compiler nodes. */
export function checkerOf(node: Node): ts.TypeChecker {
	return (node as unknown as { _context: { typeChecker: { compilerObject: ts.TypeChecker } } })._context
		.typeChecker.compilerObject;
}

/** ts-morph's node for `n`, made on first use only (most compiler nodes looked at never need one). */
export function lazyWrap<T extends Node = Node>(sf: SourceFile, n: ts.Node): () => T {
	let node: T | undefined;
	return () => {
		node ??= wrap<T>(sf, n);
		return node;
	};
}

/** The last name of a call's callee (`addRoute` in `this.api?.addRoute(…)`), from the compiler node. */
export function calledName(call: ts.CallExpression | ts.NewExpression): string | undefined {
	const e = skipWrappers(call.expression);
	if (ts.isIdentifier(e)) return e.text;
	if (ts.isPropertyAccessExpression(e)) return e.name.text;
	return undefined;
}

/**
 * The first `this.<name> = …` assignment below `node` (document order, as ts-morph's
 * `getDescendantsOfKind` lists them) that `accept`s, on the compiler nodes: wrapping every binary
 * expression of a class for each lookup cost more than the lookups. `unwrapLeft`: also
 * `(this.x as T) = …`.
 */
export function thisAssignment(
	node: ts.Node,
	name: string,
	unwrapLeft: boolean,
	accept: (assignment: ts.BinaryExpression) => boolean,
): ts.BinaryExpression | undefined {
	const sf = node.getSourceFile();
	let found: ts.BinaryExpression | undefined;
	const visit = (n: ts.Node): void => {
		if (found) return;
		if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
			const left = unwrapLeft ? skipWrappers(n.left) : n.left;
			if (
				ts.isPropertyAccessExpression(left) &&
				left.expression.kind === ts.SyntaxKind.ThisKeyword &&
				left.name.getText(sf) === name &&
				accept(n)
			) {
				found = n;
				return;
			}
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(node, visit);
	return found;
}
