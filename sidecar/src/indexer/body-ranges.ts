/**
 * Which bodies of a TypeScript file an incremental run may blank (see bodies.ts): recorded by the
 * run that extracts the file, from the program's own parse of it.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";
import { runsItsParameters } from "./parameter-calls.js";
import { hasBlockBody, returnedFunctions } from "./returned-functions.js";

/** TypeScript source files (not declaration files): the only ones whose bodies may be blanked. */
const TS_SOURCE = /(?<!\.d)\.(ts|tsx|mts|cts)$/;

/**
 * Start and end offsets (pairs, in order, not nested) of the bodies of `sf` that may be blanked:
 * what lies strictly between each body's braces. Null for a file whose bodies are never blanked.
 */
export function blankableBodies(sf: ts.SourceFile): number[] | null {
	if (!TS_SOURCE.test(sf.fileName) || sf.isDeclarationFile) return null;
	const out: number[] = [];
	const visit = (n: ts.Node): void => {
		const body = blankableBody(n, sf);
		if (body) {
			out.push(body.getStart(sf) + 1, body.getEnd() - 1);
			return;
		}
		ts.forEachChild(n, visit);
	};
	for (const st of sf.statements) {
		if (blankableStatement(st, sf)) out.push(st.getStart(sf), st.getEnd());
		else visit(st);
	}
	return out;
}

/**
 * A top-level call statement (`Meteor.methods({ … })`, `app.use(…)`, `describe(…)`): it declares
 * nothing, so no type another file sees depends on it (as import-scope.ts has it). Not an
 * assignment (`f.displayName = …` declares a property of `f`), `Object.defineProperty(…)`, a
 * directive (`'use strict'`), nor one using `import.meta`.
 */
function blankableStatement(st: ts.Statement, sf: ts.SourceFile): boolean {
	if (!ts.isExpressionStatement(st)) return false;
	let e: ts.Expression = st.expression;
	while (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e) || ts.isVoidExpression(e))
		e = e.expression;
	if (!ts.isCallExpression(e) && !ts.isNewExpression(e)) return false;
	const callee = e.expression;
	if (ts.isPropertyAccessExpression(callee) && callee.name.text === "defineProperty") return false;
	return !sf.text.slice(st.getStart(sf), st.getEnd()).includes("import.meta");
}

function blankableBody(n: ts.Node, sf: ts.SourceFile): ts.Block | undefined {
	let body: ts.Node | undefined;
	if (ts.isConstructorDeclaration(n)) {
		if (!n.body || constructorTypesMembers(n.parent)) return undefined;
		body = n.body;
	} else if (
		ts.isFunctionDeclaration(n) ||
		ts.isMethodDeclaration(n) ||
		ts.isGetAccessorDeclaration(n) ||
		ts.isFunctionExpression(n) ||
		ts.isArrowFunction(n)
	) {
		if (n.type === undefined) return undefined;
		// Its returned functions are definitions other files' edges reach through its body
		// (edges.ts, returnedByCall): a declared return type does not make that body droppable.
		if (hasBlockBody(n) && returnedFunctions(n).length > 0) return undefined;
		// A wrapper calling what it is handed: other files' calls link it to their inline functions
		// through its body (edges.ts, wrapperRuns).
		if (runsItsParameters(n)) return undefined;
		body = n.body;
	}
	if (!body || !ts.isBlock(body)) return undefined;
	if (body.statements.length === 0) return undefined;
	if (sf.text.slice(body.getStart(sf), body.getEnd()).includes("import.meta")) return undefined;
	if (assignsThisProperty(body)) return undefined;
	return body;
}

/** A class property with neither a type nor an initializer: its type comes from the constructor. */
function constructorTypesMembers(cls: ts.ClassLikeDeclaration): boolean {
	return cls.members.some((m) => ts.isPropertyDeclaration(m) && !m.type && !m.initializer);
}

/** `this.x = …` (also `(this.x as T) = …`, `this.x ??= …`) anywhere below `node`. */
function assignsThisProperty(node: ts.Node): boolean {
	let found = false;
	const visit = (n: ts.Node): void => {
		if (found) return;
		if (
			ts.isBinaryExpression(n) &&
			n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
			n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
		) {
			const left = skipWrappers(n.left);
			if (
				(ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) &&
				left.expression.kind === ts.SyntaxKind.ThisKeyword
			) {
				found = true;
				return;
			}
		}
		ts.forEachChild(n, visit);
	};
	visit(node);
	return found;
}
