/**
 * CommonJS `require("./x")` and dynamic `import("./x")` with a literal path: module specifiers
 * like a static import's, so they make the same file → file import edge and count among the
 * in-repo imports (edges.ts). A computed path (`require(name)`) names no module and is left alone.
 */
import { ts } from "#ts-morph";

/** The literal module specifier of a `require(…)` / `import(…)` call, or undefined. */
export function moduleCallSpecifier(node: ts.CallExpression): ts.StringLiteralLike | undefined {
	const callee = node.expression;
	const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
	const isRequire = ts.isIdentifier(callee) && callee.text === "require";
	if (!isImport && !isRequire) return undefined;
	const arg = node.arguments[0];
	return arg && ts.isStringLiteralLike(arg) ? arg : undefined;
}
