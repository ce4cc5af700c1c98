/**
 * The keys an expression can hold, read as discovery reads them: a literal, a choice of literals, or a
 * constant the key evaluation resolves (`EVENTS.SAVED`), and only strings shaped like a dispatch key.
 */
import type { SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import { skipWrappers } from "../../syntax/unwrap.js";
import { evaluateKey } from "../key-eval.js";
import { evaluateKeyNode } from "../key-eval-nodes.js";
import { ELEMENT_CALLBACKS } from "../key-families.js";
import { checkerOf, wrap } from "../walk.js";

/** A string that can be a dispatch key: short, one token, not a URL with a scheme or prose. */
export function keyLike(v: string): boolean {
	return (
		v.length > 1 &&
		v.length <= 120 &&
		!/\s/.test(v) &&
		!/^[a-z]+:\/\//i.test(v) &&
		!v.includes("${") &&
		// CSS selectors and markup (`#id`, `.class`, `[data-x]`, `<div>`) and plain numbers are no keys.
		!/^[#.[<>*]/.test(v) &&
		!/^-?\d+(\.\d+)?$/.test(v)
	);
}

/**
 * The keys an expression can evaluate to, or null. `anyName`: look up any name, not only constant-looking
 * ones — for the few calls (a transport's URL) where a lower-case constant is common (`api.post(routes.submit)`).
 * The common keys are evaluated on compiler nodes (key-eval-nodes.ts); the others on `node`'s ts-morph node in `sf`.
 */
export function literalKeys(node: ts.Expression, sf: SourceFile, anyName = false): string[] | null {
	const n = skipWrappers(node);
	if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))
		return keyLike(n.text) ? [n.text] : null;
	// A choice made at run time (`force ? 'assets.delete' : 'assets.trash'`, an array in a branch): the
	// keys of its constant alternatives; those built at run time are dropped, as a lone one would be.
	const branches = ts.isConditionalExpression(n)
		? [n.whenTrue, n.whenFalse]
		: ts.isArrayLiteralExpression(n)
			? [...n.elements]
			: null;
	if (branches) {
		const keys = new Set<string>();
		for (const b of branches) for (const k of literalKeys(b, sf, anyName) ?? []) keys.add(k);
		return keys.size > 0 && keys.size <= 20 ? [...keys] : null;
	}
	// Const-evaluable: `EVENTS.SAVED`, `JOB_NAME`, `${PREFIX}.saved` (a symbol lookup, so only for constant-looking text).
	// The file given, not found again by climbing from the node (`getText()` would, for every key read).
	const text = ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) ? n.getText(sf.compilerNode) : "";
	const constantLike =
		(anyName ? /^[A-Za-z_$]/ : /^[A-Z_$]/).test(text) && /^[\w$]+(\.[A-Za-z_$][\w$]*){0,2}$/.test(text);
	if (
		!constantLike &&
		!(ts.isTemplateExpression(n) && templateMayBeKey(n)) &&
		!switchedOn(n) &&
		!(ts.isIdentifier(n) && mayBeComputedLocally(n, sf.compilerNode) && computedLocally(n))
	)
		return null;
	// null is an answer too (no values); undefined leaves the key to the ts-morph evaluation.
	const quick = evaluateKeyNode(n, checkerOf(sf));
	const values = quick !== undefined ? quick : evaluateKey(wrap(sf, node));
	const keys = values?.filter(keyLike) ?? [];
	return keys.length > 0 && keys.length <= 20 ? keys : null;
}

/**
 * Is a name read inside a `case` of a `switch` on that very name (`switch (event.name) { case 'a': emit(event.name) }`)?
 * Its value is then the clause's labels (key-eval.ts), whatever it looks like. A cheap test on compiler nodes before
 * the evaluation, which needs the ts-morph node.
 */
function switchedOn(n: ts.Expression): boolean {
	if (!ts.isIdentifier(n) && !ts.isPropertyAccessExpression(n)) return false;
	let text: string | undefined;
	for (let p: ts.Node | undefined = n.parent; p && !ts.isFunctionLike(p); p = p.parent) {
		if (!ts.isCaseClause(p)) continue;
		text ??= n.getText();
		if (skipWrappers(p.parent.parent.expression).getText() === text) return true;
	}
	return false;
}

/**
 * Is a lower-case name one the key evaluation may read (key-families.ts): a loop's element variable
 * (`names.forEach((name) => …)`, `for (const name of names)`) or a `const` holding a template that starts
 * with a value (`` const name = `${QueueId.Render}-${shard}` ``)? A cheap test on compiler nodes: the
 * nearest declaration of the name in the enclosing functions and blocks decides.
 */
function computedLocally(id: ts.Identifier): boolean {
	const name = id.text;
	for (let p: ts.Node = id, child: ts.Node = id; p.parent; child = p) {
		p = p.parent;
		if (ts.isForOfStatement(p) && child === p.statement) {
			const init = p.initializer;
			if (ts.isVariableDeclarationList(init) && init.declarations.some((d) => declares(d.name, name)))
				return true;
		}
		if (ts.isFunctionLike(p) && p.parameters.some((q) => declares(q.name, name))) {
			const call = p.parent;
			return (
				(ts.isArrowFunction(p) || ts.isFunctionExpression(p)) &&
				p.parameters[0]?.name.kind === ts.SyntaxKind.Identifier &&
				(p.parameters[0].name as ts.Identifier).text === name &&
				ts.isCallExpression(call) &&
				call.arguments[0] === p &&
				ts.isPropertyAccessExpression(call.expression) &&
				ELEMENT_CALLBACKS.has(call.expression.name.text)
			);
		}
		if (ts.isBlock(p) || ts.isSourceFile(p)) {
			const computed = blockNames(p).get(name);
			if (computed !== undefined) return computed;
		}
	}
	return false;
}

/**
 * Per file, every name `computedLocally` can answer true for (a superset): the names a `for … of` declares,
 * the first parameter of a function given first to an element callback (`names.forEach((name) => …)`),
 * and `const` names holding a template that starts with a value. Read off the extractor's one walk of the
 * file (`noteLocalNames`); a name outside it needs no climb through every enclosing block.
 */
const localNames = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

/** Record a file's `localNames` from its walked declarations and calls (walk.ts `walkFile`). */
export function noteLocalNames(
	sf: ts.SourceFile,
	nodes: { variables: readonly ts.VariableDeclaration[]; calls: readonly ts.CallExpression[] },
): void {
	const names = new Set<string>();
	for (const d of nodes.variables) {
		if (!ts.isIdentifier(d.name)) continue;
		const list = d.parent;
		const init = d.initializer;
		if (
			ts.isForOfStatement(list.parent) ||
			((list.flags & ts.NodeFlags.Const) !== 0 &&
				init !== undefined &&
				ts.isTemplateExpression(init) &&
				init.head.text === "")
		)
			names.add(d.name.text);
	}
	for (const call of nodes.calls) {
		const fn = call.arguments[0];
		const first =
			fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? fn.parameters[0] : undefined;
		if (
			first &&
			ts.isIdentifier(first.name) &&
			ts.isPropertyAccessExpression(call.expression) &&
			ELEMENT_CALLBACKS.has(call.expression.name.text)
		)
			names.add(first.name.text);
	}
	localNames.set(sf, names);
}

/** False when the name is surely not computed locally (see `localNames`); `sf` is the name's file. */
function mayBeComputedLocally(id: ts.Identifier, sf: ts.SourceFile): boolean {
	return localNames.get(sf)?.has(id.text) ?? true;
}

/**
 * Per block, each name its variable statements declare, by the first statement that does: whether that
 * declaration is a `const` holding a template that starts with a value. Made once a block: a file's top
 * level is asked about every name read in it.
 */
const namesByBlock = new WeakMap<ts.Block | ts.SourceFile, Map<string, boolean>>();

function blockNames(block: ts.Block | ts.SourceFile): Map<string, boolean> {
	let names = namesByBlock.get(block);
	if (names) return names;
	names = new Map();
	for (const st of block.statements) {
		if (!ts.isVariableStatement(st)) continue;
		const constant = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
		for (const d of st.declarationList.declarations) {
			if (!ts.isIdentifier(d.name) || names.has(d.name.text)) continue;
			const init = d.initializer;
			names.set(
				d.name.text,
				constant && init !== undefined && ts.isTemplateExpression(init) && init.head.text === "",
			);
		}
	}
	namesByBlock.set(block, names);
	return names;
}

const declares = (binding: ts.BindingName, name: string) => ts.isIdentifier(binding) && binding.text === name;

/**
 * Whether a template's literal parts leave room for a key: every value it can take contains them
 * all and starts with its head, so a space, a `${`, a scheme or a selector-like start there fails
 * `keyLike` for every value (a log line, a message). Its spans are then not evaluated: each one the
 * key evaluation cannot read is a type the checker computes.
 */
function templateMayBeKey(t: ts.TemplateExpression): boolean {
	const head = t.head.text;
	if (/^[#.[<>*]/.test(head) || /^[a-z]+:\/\//i.test(head)) return false;
	return ![head, ...t.templateSpans.map((s) => s.literal.text)].some((p) => /\s/.test(p) || p.includes("${"));
}

/** The named constant a key expression reads (`JOB_NAME`, `EVENTS.SAVED`), or undefined. */
export function constantOf(node: ts.Expression): string | undefined {
	const n = skipWrappers(node);
	const text = ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) ? n.getText() : "";
	return /^[A-Z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,2}$/.test(text) ? text : undefined;
}
