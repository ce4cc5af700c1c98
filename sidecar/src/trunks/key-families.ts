/**
 * Keys computed at the register or send site from a constant: the two shapes sharded queues (and other
 * numbered instances: partitions, replicas) are written in.
 *
 * - A **family**: a named constant followed by a numbered suffix, `` `${QueueId.Render}-${shard}` `` or
 *   `` `${QueueId.Render}${i > 0 ? `-${i}` : ""}` ``, is one of that constant's numbered instances and is
 *   keyed by the constant's value (`render-queue`). Only separators (`-`, `_`, `.`, `:`) and numbers may follow
 *   the constant: `` `${API}/users/${id}` `` is a path and `` `${PREFIX}${userId}` `` a string built at run
 *   time, neither a family.
 * - A **loop variable**: the element parameter of a callback given to `forEach`/`map`/… (or a `for…of`
 *   variable) takes the values of the collection it walks, when that collection evaluates: an array of
 *   constants, a `const` holding one, `Object.values(ENUM)`, `Array.from(spec, (_, i) => family)`, or a call
 *   of an in-repo function returning one of those (`X.partitions()`).
 */

import type { Node, TemplateSpan } from "ts-morph";
import { Node as N } from "#ts-morph";
import { declarationsOf } from "../syntax/declarations-of.js";
import { unwrap } from "../syntax/unwrap.js";

export type Evaluate = (expr: Node, depth: number) => string[] | null;

const MAX_DEPTH = 8;

/** Array methods whose first callback's first parameter is each element of the receiver. */
export const ELEMENT_CALLBACKS = new Set(["forEach", "map", "flatMap", "filter", "some", "every", "find"]);

export const SEPARATORS = /^[-_.:]*$/;

function numberTyped(expr: Node): boolean {
	try {
		const type = expr.getType();
		if (type.isNumber() || type.isNumberLiteral()) return true;
		return type.isUnion() && type.getUnionTypes().every((t) => t.isNumber() || t.isNumberLiteral());
	} catch {
		return false;
	}
}

/**
 * How many numbers a suffix made of separators and numbers only holds (`-${i}`, `i > 0 ? \`-${i}\` : ""`,
 * `shard`: one), or -1 when it holds anything else (a word, a string built at run time).
 */
function numbersInSuffix(expr: Node, depth: number): number {
	if (depth > MAX_DEPTH) return -1;
	const n = unwrap(expr);
	if (N.isStringLiteral(n) || N.isNoSubstitutionTemplateLiteral(n))
		return SEPARATORS.test(n.getLiteralValue()) ? 0 : -1;
	if (N.isNumericLiteral(n)) return 1;
	if (N.isTemplateExpression(n)) {
		if (!SEPARATORS.test(n.getHead().getLiteralText())) return -1;
		return spanNumbers(n.getTemplateSpans(), depth);
	}
	if (N.isConditionalExpression(n)) {
		const a = numbersInSuffix(n.getWhenTrue(), depth + 1);
		const b = numbersInSuffix(n.getWhenFalse(), depth + 1);
		return a < 0 || b < 0 ? -1 : a + b;
	}
	return numberTyped(n) ? 1 : -1;
}

function spanNumbers(spans: readonly TemplateSpan[], depth: number): number {
	let count = 0;
	for (const s of spans) {
		const k = SEPARATORS.test(s.getLiteral().getLiteralText())
			? numbersInSuffix(s.getExpression(), depth + 1)
			: -1;
		if (k < 0) return -1;
		count += k;
	}
	return count;
}

/**
 * The constant a template names one numbered instance of (`` `${QueueId.Render}-${shard}` `` →
 * `render-queue`), or null: a named constant first, then separators and at least one number. The family is
 * the key whether the number is known or not (`` `${Q.Report}-${0}` `` and a shard chosen at run time
 * reach the same worker).
 */
export function familyBase(template: Node, evaluate: Evaluate, depth: number): string[] | null {
	if (!N.isTemplateExpression(template) || template.getHead().getLiteralText() !== "") return null;
	const [first, ...rest] = template.getTemplateSpans();
	if (!first || rest.length === 0 || !SEPARATORS.test(first.getLiteral().getLiteralText())) return null;
	const base = unwrap(first.getExpression());
	if (!N.isIdentifier(base) && !N.isPropertyAccessExpression(base)) return null;
	if (spanNumbers(rest, depth) < 1) return null;
	const value = evaluate(base, depth + 1);
	return value?.length === 1 && value[0] ? value : null;
}

/** The expressions a function returns: its expression body, or its body's own `return`s (not nested functions'). */
export function returnedExpressions(fn: Node): Node[] | null {
	if (N.isArrowFunction(fn)) {
		const body = fn.getBody();
		if (!N.isBlock(body)) return [body];
	}
	if (
		!N.isArrowFunction(fn) &&
		!N.isFunctionExpression(fn) &&
		!N.isFunctionDeclaration(fn) &&
		!N.isMethodDeclaration(fn)
	)
		return null;
	const body = fn.getBody();
	if (!body) return null;
	const out: Node[] = [];
	const visit = (n: Node): void => {
		if (N.isReturnStatement(n)) {
			const e = n.getExpression();
			if (e) out.push(e);
			return;
		}
		if (
			N.isFunctionLikeDeclaration(n) ||
			N.isArrowFunction(n) ||
			N.isFunctionExpression(n) ||
			N.isClassDeclaration(n) ||
			N.isClassExpression(n)
		)
			return;
		n.forEachChild(visit);
	};
	body.forEachChild(visit);
	return out.length > 0 ? out : null;
}

/** A union of collections' values: no list at all, or one built at run time, is no value. */
export function familyUnion(lists: (string[] | null)[]): string[] | null {
	if (lists.length === 0 || lists.some((l) => l === null)) return null;
	return [...new Set((lists as string[][]).flat())];
}

/** The function a callee names, when it is declared in the repository with a body. */
export function calledFunction(callee: Node): Node | undefined {
	const nameNode = N.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
	for (const decl of declarationsOf(nameNode)) {
		if (decl.getSourceFile().isDeclarationFile()) continue;
		if (N.isFunctionDeclaration(decl) || N.isMethodDeclaration(decl)) return decl;
		if (N.isVariableDeclaration(decl) || N.isPropertyDeclaration(decl)) {
			const init = decl.getInitializer();
			if (init && (N.isArrowFunction(init) || N.isFunctionExpression(init))) return init;
		}
	}
	return undefined;
}

/** The values of the elements of a collection expression, or null when any is built at run time. */
export function collectionValues(expr: Node, evaluate: Evaluate, depth: number): string[] | null {
	if (depth > MAX_DEPTH) return null;
	const n = unwrap(expr);
	if (N.isArrayLiteralExpression(n)) {
		if (n.getElements().some((e) => N.isSpreadElement(e))) return null;
		return evaluate(n, depth + 1);
	}
	if (N.isIdentifier(n)) {
		const decl = n.getSymbol()?.getValueDeclaration();
		if (!decl || !N.isVariableDeclaration(decl)) return null;
		const list = decl.getParent();
		const isConst = N.isVariableDeclarationList(list) && (list.getFlags() & 2) /* NodeFlags.Const */ !== 0;
		const init = decl.getInitializer();
		return isConst && init ? collectionValues(init, evaluate, depth + 1) : null;
	}
	if (!N.isCallExpression(n)) return null;
	const callee = unwrap(n.getExpression());
	const args = n.getArguments();
	if (N.isPropertyAccessExpression(callee)) {
		const owner = callee.getExpression().getText();
		const name = callee.getName();
		// `Array.from({ length }, (_, i) => …)`: every element is what the mapping function returns.
		if (owner === "Array" && name === "from" && args.length === 2) {
			const fn = unwrap(args[1] as Node);
			const returned = returnedExpressions(fn);
			return returned ? familyUnion(returned.map((r) => evaluate(r, depth + 1))) : null;
		}
		if (owner === "Object" && name === "values" && args.length === 1)
			return enumValues(args[0] as Node, evaluate, depth);
		// `xs.map((x) => …)`: what the callback returns (its parameter takes `xs`'s values, below).
		if (name === "map" && args.length >= 1) {
			const returned = returnedExpressions(unwrap(args[0] as Node));
			return returned ? familyUnion(returned.map((r) => evaluate(r, depth + 1))) : null;
		}
	}
	const fn = calledFunction(callee);
	const returned = fn ? returnedExpressions(fn) : null;
	return returned ? familyUnion(returned.map((r) => collectionValues(r, evaluate, depth + 1))) : null;
}

/** `Object.values(E)` of an enum or a `const` object of constants. */
function enumValues(arg: Node, evaluate: Evaluate, depth: number): string[] | null {
	const target = unwrap(arg);
	const decl = declarationsOf(target)[0];
	if (decl && N.isEnumDeclaration(decl)) {
		const inits = decl.getMembers().map((m) => m.getInitializer());
		return inits.every((i) => i) ? familyUnion(inits.map((i) => evaluate(i as Node, depth + 1))) : null;
	}
	if (decl && N.isVariableDeclaration(decl)) {
		const init = decl.getInitializer();
		const obj = init && unwrap(init);
		if (obj && N.isObjectLiteralExpression(obj)) {
			const values = obj
				.getProperties()
				.map((p) => (N.isPropertyAssignment(p) ? (p.getInitializer() ?? null) : null));
			return values.every((v) => v) ? familyUnion(values.map((v) => evaluate(v as Node, depth + 1))) : null;
		}
	}
	return null;
}

/**
 * The values a loop variable takes: the element parameter of `xs.forEach((x) => …)` (or `map`, …) and
 * the variable of `for (const x of xs)`, when `xs` evaluates (`collectionValues`). Null otherwise.
 */
export function loopVariableValues(id: Node, evaluate: Evaluate, depth: number): string[] | null {
	const decl = id.getSymbol()?.getDeclarations()[0];
	if (!decl) return null;
	if (N.isParameterDeclaration(decl)) {
		const fn = decl.getParent();
		if (!(N.isArrowFunction(fn) || N.isFunctionExpression(fn)) || fn.getParameters()[0] !== decl) return null;
		const call = fn.getParent();
		if (!N.isCallExpression(call) || call.getArguments()[0] !== fn) return null;
		const callee = unwrap(call.getExpression());
		if (!N.isPropertyAccessExpression(callee) || !ELEMENT_CALLBACKS.has(callee.getName())) return null;
		return collectionValues(callee.getExpression(), evaluate, depth + 1);
	}
	if (N.isVariableDeclaration(decl)) {
		const list = decl.getParent();
		const loop = list?.getParent();
		if (loop && N.isForOfStatement(loop) && loop.getInitializer() === list)
			return collectionValues(loop.getExpression(), evaluate, depth + 1);
	}
	return null;
}
