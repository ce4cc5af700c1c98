/**
 * Redux-style action types. Registered by reducers: `case 'todos/added':` in a `switch (action.type)`
 * over a reducer's second parameter, and slice definitions (`createSlice({ name: 'todos', reducers:
 * { added() {…} } })` → `todos/added`). Dispatched by action objects (`dispatch({ type: 'x' })`, an
 * action creator returning `{ type: X }`) and by a slice's generated creators (`dispatch(added(t))`
 * with `const { added } = todosSlice.actions`). Shapes, not library names: see `ACTIONS` in families.
 * A returned `{ type }` object is any function's data (`getDefaultState()` → `{ type: 'text' }`, a DNS
 * record `{ type: 'TXT' }`) until shown to be an action: its key is a reducer's case, or its function's
 * result is handed to a sending call (`dispatch(statusChanged('x'))`, a `(creator-use)` record);
 * `reachedActions` decides over every file's candidates.
 */
import type { CallExpression, SourceFile } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { calledName, type FileNodes, throughWrappers, wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, declaredInfo, record } from "./candidates.js";
import { ACTIONS } from "./families.js";
import { keyLike, literalKeys } from "./literal-keys.js";

/** A function's result handed to a sending call (`dispatch(statusChanged(s))`): its keys are the functions' definition ids. */
export const CREATOR_USE = "(creator-use)";

const info = (
	form: "reducer" | "action",
	keys: string[],
	handler: string | null,
	name = form === "reducer" ? "(reducer)" : "(action)",
): CandidateInfo => declaredInfo(form, name, keys, handler);

const propName = (p: ts.ObjectLiteralElementLike) =>
	p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;

/** `{ name: 'todos', reducers: { … } }`: the slice's name and its reducers object, or null. */
export function sliceShape(
	obj: ts.ObjectLiteralExpression,
): { name: string; reducers: ts.ObjectLiteralExpression } | null {
	let name: string | null = null;
	let reducers: ts.ObjectLiteralExpression | null = null;
	for (const p of obj.properties) {
		if (!ts.isPropertyAssignment(p)) continue;
		const n = propName(p);
		if (n === ACTIONS.sliceName && ts.isStringLiteralLike(p.initializer)) name = p.initializer.text;
		else if (n === ACTIONS.sliceReducers && ts.isObjectLiteralExpression(p.initializer))
			reducers = p.initializer;
	}
	return name && reducers && keyLike(name) ? { name, reducers } : null;
}

/** The text of a parameter's declared type, or "". */
const typeText = (p: ts.ParameterDeclaration) => (p.type ? p.type.getText() : "");

/** The name a function is known by: its own, or the variable or property it is assigned to. */
function functionName(fn: ts.SignatureDeclaration): string {
	if (fn.name && (ts.isIdentifier(fn.name) || ts.isStringLiteral(fn.name))) return fn.name.text;
	const p = fn.parent;
	if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name))
		return p.name.text;
	return "";
}

/** Is the function handed to a reducer-taking call (`useReducer(fn)`, `combineReducers({ todos: fn })`)? */
function registeredAsReducer(fn: ts.SignatureDeclaration): boolean {
	let at: ts.Node = fn;
	for (let depth = 0; depth < 3; depth++) {
		const p = at.parent;
		if (ts.isCallExpression(p) && p.arguments.includes(at as ts.Expression)) {
			return ACTIONS.reducerCalls.has(calledName(p) ?? "");
		}
		if (!(ts.isPropertyAssignment(p) || ts.isObjectLiteralExpression(p) || ts.isParenthesizedExpression(p)))
			return false;
		at = p;
	}
	return false;
}

/**
 * A reducer's `switch (action.type)`: over its second parameter, an action (named or typed so) of a
 * function shaped `(state, action)` or named `…Reducer`, or of a function handed to a reducer-taking
 * call. `switch (column.type)` in `format(value, column)` is a discriminant, not an action.
 */
function reducerSwitch(sw: ts.SwitchStatement): boolean {
	const e = sw.expression;
	if (
		!ts.isPropertyAccessExpression(e) ||
		e.name.text !== ACTIONS.typeProperty ||
		!ts.isIdentifier(e.expression)
	)
		return false;
	let fn: ts.Node | undefined = sw.parent;
	while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
	if (!fn || !ts.isFunctionLike(fn)) return false;
	const [state, action] = fn.parameters;
	if (!state || !action || !ts.isIdentifier(action.name) || action.name.text !== e.expression.text)
		return false;
	if (registeredAsReducer(fn)) return true;
	const actionShaped =
		ACTIONS.actionParam.test(action.name.text) || ACTIONS.actionType.test(typeText(action));
	const reducerShaped =
		state.initializer !== undefined ||
		(ts.isIdentifier(state.name) && ACTIONS.stateParam.test(state.name.text)) ||
		ACTIONS.stateType.test(typeText(state)) ||
		ACTIONS.reducerName.test(functionName(fn));
	return actionShaped && reducerShaped;
}

/** Is an object literal an action on its way: an argument of a sending call, or what a function returns? */
function sentOrReturned(obj: ts.ObjectLiteralExpression): "sent" | "returned" | null {
	const at = throughWrappers(
		obj,
		(w) => ts.isParenthesizedExpression(w) || ts.isAsExpression(w) || ts.isSatisfiesExpression(w),
	);
	const p = at.parent;
	if (ts.isReturnStatement(p) || (ts.isArrowFunction(p) && p.body === at)) return "returned";
	if (!ts.isCallExpression(p) || !p.arguments.includes(at as ts.Expression)) return null;
	return ACTIONS.senders.has(calledName(p) ?? "") ? "sent" : null;
}

/** Reducer cases, slice reducers and action objects of one file. */
export function actionCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	for (const n of nodes.cases) {
		if (!ts.isSwitchStatement(n.parent.parent) || !reducerSwitch(n.parent.parent) || !n.expression) continue;
		const keyNode = wrap(sf, n.expression);
		const keys = literalKeys(n.expression, sf);
		if (keys)
			out.push(record(CANDIDATE, info("reducer", keys, ctx.enclosingDefId(keyNode)), keyNode, keyNode, ctx));
	}
	for (const n of nodes.objects) {
		const slice = sliceShape(n);
		if (slice && ts.isCallExpression(n.parent)) {
			for (const p of slice.reducers.properties) {
				const member = propName(p);
				if (!member || !keyLike(member) || !(ts.isMethodDeclaration(p) || ts.isPropertyAssignment(p)))
					continue;
				const node = wrap(sf, p);
				const handler = ctx.defIdOf(node) ?? ctx.enclosingDefId(node);
				out.push(record(CANDIDATE, info("reducer", [`${slice.name}/${member}`], handler), node, node, ctx));
			}
		}
		for (const p of n.properties) {
			if (!ts.isPropertyAssignment(p) || propName(p) !== ACTIONS.typeProperty) continue;
			const how = sentOrReturned(n);
			if (!how) continue;
			const keyNode = wrap(sf, p.initializer);
			const keys = literalKeys(p.initializer, sf);
			if (!keys) continue;
			// A returned object is an action only when `reachedActions` finds it one.
			const action = info("action", keys, null);
			out.push(
				record(CANDIDATE, how === "returned" ? { ...action, returned: true } : action, keyNode, keyNode, ctx),
			);
		}
	}
}

/** The declaration a name resolves to (through an import alias), or undefined. */
function declOf(n: Node): Node | undefined {
	try {
		return declarationsOf(n)[0];
	} catch {
		return undefined;
	}
}

/** `todosSlice.actions` (or a variable holding it): the slice's name. */
function sliceOfActions(expr: Node | undefined, depth = 0): string | null {
	if (!expr || depth > 3) return null;
	if (Node.isIdentifier(expr)) {
		const d = declOf(expr);
		return d && Node.isVariableDeclaration(d) ? sliceOfActions(d.getInitializer(), depth + 1) : null;
	}
	if (!Node.isPropertyAccessExpression(expr) || expr.getName() !== ACTIONS.sliceActions) return null;
	const holder = expr.getExpression();
	const d = Node.isIdentifier(holder) ? declOf(holder) : undefined;
	const init = d && Node.isVariableDeclaration(d) ? d.getInitializer() : undefined;
	const obj = init && Node.isCallExpression(init) ? init.compilerNode.arguments[0] : undefined;
	return obj && ts.isObjectLiteralExpression(obj) ? (sliceShape(obj)?.name ?? null) : null;
}

/**
 * `dispatch(added(todo))`, `dispatch(todosActions.cleared())`: a slice's generated action creator
 * called into a sending call dispatches `todos/added`. The caller checked the call's name sends.
 */
export function creatorCandidates(call: CallExpression, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	for (const arg of call.getArguments()) {
		if (!Node.isCallExpression(arg)) continue;
		const callee = arg.getExpression();
		let slice: string | null = null;
		let member = "";
		if (Node.isIdentifier(callee)) {
			// `const { added } = todosSlice.actions`
			const d = declOf(callee);
			const pattern = d && Node.isBindingElement(d) ? d.getParent() : undefined;
			const decl = pattern?.getParent();
			if (d && Node.isBindingElement(d) && decl && Node.isVariableDeclaration(decl)) {
				slice = sliceOfActions(decl.getInitializer());
				member = d.getPropertyNameNode()?.getText() ?? d.getName();
			}
		} else if (Node.isPropertyAccessExpression(callee)) {
			slice = sliceOfActions(callee.getExpression());
			member = callee.getName();
		}
		if (slice && keyLike(member)) {
			out.push(record(CANDIDATE, info("action", [`${slice}/${member}`], null), call, arg, ctx));
			continue;
		}
		// Any other in-repo function whose result is sent is an action creator (`dispatch(statusChanged('x'))`).
		const target = Node.isIdentifier(callee)
			? callee
			: Node.isPropertyAccessExpression(callee)
				? callee.getNameNode()
				: undefined;
		const decl = target && declOf(target);
		const creator = decl && ctx.defIdOf(decl);
		if (creator) out.push(record(CANDIDATE, info("action", [creator], null, CREATOR_USE), call, arg, ctx));
	}
}

/**
 * Returned `{ type }` objects that are actions: their key is a reducer's case (any file), or the function
 * returning them is an action creator, its result handed to a sending call (`(creator-use)` records). The
 * others are data (`getDefaultState()` → `{ type: 'text' }`) and no sites; the creator-use records are no
 * candidates. Sent objects (`dispatch({ type: 'x' })`) and slice creators stand as they are.
 */
export function reachedActions<T extends { info: CandidateInfo; site: { enclosingDefId: string | null } }>(
	candidates: T[],
): T[] {
	const cases = new Set<string>();
	const creators = new Set<string>();
	for (const c of candidates) {
		if (c.info.form === "reducer") for (const k of c.info.keys) cases.add(k);
		else if (c.info.form === "action" && c.info.name === CREATOR_USE)
			for (const k of c.info.keys) creators.add(k);
	}
	return candidates.filter(
		(c) =>
			c.info.form !== "action" ||
			(c.info.name !== CREATOR_USE &&
				(!c.info.returned ||
					c.info.keys.some((k) => cases.has(k)) ||
					(c.site.enclosingDefId !== null && creators.has(c.site.enclosingDefId)))),
	);
}
