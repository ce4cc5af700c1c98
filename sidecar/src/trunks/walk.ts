/**
 * One walk of a file's syntax tree for every trunk idiom: the nodes each family looks at, collected
 * by kind in document order (what `getDescendantsOfKind` gives, one walk instead of one per kind).
 * The extractor once walked each file about six times (calls, `new`, classes twice, facade calls,
 * class heritage, decorators, GraphQL, actions); the walk is raw compiler nodes, wrapped in ts-morph
 * nodes only where an idiom needs one.
 */
import { type Node, type SourceFile, ts } from "ts-morph";

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
}

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
	};
	const visit = (n: ts.Node): void => {
		switch (n.kind) {
			case ts.SyntaxKind.CallExpression:
				nodes.calls.push(n as ts.CallExpression);
				break;
			case ts.SyntaxKind.NewExpression:
				nodes.news.push(n as ts.NewExpression);
				break;
			case ts.SyntaxKind.ClassDeclaration:
			case ts.SyntaxKind.ClassExpression:
				nodes.classLikes.push(n as ts.ClassLikeDeclaration);
				break;
			case ts.SyntaxKind.Decorator:
				nodes.decorators.push(n as ts.Decorator);
				break;
			case ts.SyntaxKind.TaggedTemplateExpression:
				nodes.tagged.push(n as ts.TaggedTemplateExpression);
				break;
			case ts.SyntaxKind.PropertyAssignment:
				nodes.properties.push(n as ts.PropertyAssignment);
				break;
			case ts.SyntaxKind.CaseClause:
				nodes.cases.push(n as ts.CaseClause);
				break;
			case ts.SyntaxKind.ObjectLiteralExpression:
				nodes.objects.push(n as ts.ObjectLiteralExpression);
				break;
			case ts.SyntaxKind.VariableDeclaration:
				nodes.variables.push(n as ts.VariableDeclaration);
				break;
		}
		ts.forEachChild(n, visit);
	};
	visit(sf);
	return nodes;
}

/** ts-morph's own wrapper for a compiler node of this file (what `getDescendantsOfKind` returns). */
export function wrap<T extends Node = Node>(sf: SourceFile, n: ts.Node): T {
	return (sf as unknown as { _getNodeFromCompilerNode(n: ts.Node): T })._getNodeFromCompilerNode(n);
}
