/**
 * Wrappers: functions whose parameter flows into a call's key position (`post(path) { return
 * fetch(base + path) }`), recorded per file as wrapper facts, and followed at inference to the calls
 * a dispatch group's keys reach through them (up to three calls deep).
 */
import type { SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { checkerOf } from "../walk.js";
import { calleeOf, isTransport, maySend } from "./call-shape.js";
import { type CandidateInfo, recordOf, WRAPPER, type WrapperInfo } from "./candidates.js";
import { KEY_PROPERTY } from "./families.js";
import { DISCOVERY_LIMITS, type Group } from "./groups.js";
import { calleeDef } from "./handler-refs.js";
import { joinedUrl, verbArguments } from "./request-urls.js";

/**
 * A call inside a function whose key position carries one of that function's parameters
 * (`fetch(base + path)`, `queue.add(name, data)`): the function is a wrapper of that call.
 */
export function wrapperFact(
	sf: SourceFile,
	cn: ts.CallExpression | ts.NewExpression,
	callee: { receiver: string; name: string; nameNode: ts.Node },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	positions?: ReadonlySet<number>,
	/** `axios[method](url)`: the identifier picking the verb (a parameter of the wrapper's, or nothing). */
	verb?: ts.Identifier,
): void {
	const scopes = enclosingFunctions(cn);
	const checker = checkerOf(sf);
	const args = cn.arguments ?? [];
	for (let pos = 0; pos < Math.min(2, args.length); pos++) {
		if (positions && !positions.has(pos)) continue;
		const built = builtUrl(args[pos] as ts.Expression, cn, scopes.at(-1));
		// `urljoin(root, path)`: the path after a constant base carries the key.
		const joined = joinedUrl(built, () => sf);
		const a = joined?.rest ?? built;
		// The innermost function whose own parameter the argument carries: the call may sit in an inline
		// callback of the wrapper (`trace(opts, async (span) => send(url))`, `retry(() => fetch(url))`),
		// which closes over the wrapper's parameter.
		let fn: ts.SignatureDeclaration | undefined;
		let param = -1;
		const used = identifiersIn(a);
		for (const scope of scopes) {
			param = carriedParam(a, parameterNames(scope));
			if (param >= 0) {
				fn = scope;
				break;
			}
			if (scope.parameters.some((p) => declaresAny(p.name, used))) break;
		}
		if (!fn || param < 0 || fn.parameters.length > MAX_WRAPPER_PARAMS) continue;
		// On compiler nodes (`fn` encloses the call): wrapping the call would wrap all its ancestors.
		const holder = fn.parent;
		const def =
			ctx.defIdOf(fn) ??
			(ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder) || ts.isPropertyAssignment(holder)
				? ctx.defIdOf(holder)
				: null);
		if (!def) continue;
		const template = keyTemplate(a, parameterNames(fn)[param] ?? null);
		const verbParam = verb ? parameterNames(fn).indexOf(verb.text) : -1;
		const verbs = verbArguments(args, pos);
		const info: WrapperInfo = {
			def,
			param,
			receiver: callee.receiver,
			name: callee.name,
			arg: pos,
			callee: calleeDef(cn.expression, checker, ctx),
			...(template ? { template } : {}),
			...(joined ? { base: joined.base } : {}),
			...(verbParam >= 0 ? { verbParam } : {}),
			...(verbs ? { verbs } : {}),
		};
		out.push(recordOf(WRAPPER, info, cn, cn, sf.compilerNode, ctx));
		// And on: `doFetch(schema, url)` carries `schema` first, the URL second (the key's parameter is
		// whichever a caller's key sits in: wrapperSinks matches by position).
	}
}

/**
 * The expression a URL argument was built from, when the call is given a URL object or its text:
 * `url.toString()`, `url.href`, `String(url)`, of `const url = new URL(appUrl + endpoint)` declared
 * before the call inside `outer` → `appUrl + endpoint`; a `const` of a key's text is followed too
 * (`const path = `/items/${id}`; fetch(path)`). Anything else is the argument itself.
 */
function builtUrl(arg: ts.Expression, at: ts.Node, outer: ts.Node | undefined, depth = 0): ts.Expression {
	let e = skipWrappers(arg);
	if (ts.isCallExpression(e) && e.arguments.length === 0 && ts.isPropertyAccessExpression(e.expression)) {
		if (e.expression.name.text === "toString") e = skipWrappers(e.expression.expression);
	} else if (ts.isPropertyAccessExpression(e) && e.name.text === "href") e = skipWrappers(e.expression);
	else if (
		ts.isCallExpression(e) &&
		ts.isIdentifier(e.expression) &&
		e.expression.text === "String" &&
		e.arguments[0]
	)
		e = skipWrappers(e.arguments[0]);
	if (
		ts.isNewExpression(e) &&
		ts.isIdentifier(e.expression) &&
		e.expression.text === "URL" &&
		e.arguments?.[0]
	)
		return builtUrl(e.arguments[0], at, outer, depth + 1);
	if (ts.isIdentifier(e) && outer && depth < 3) {
		const init = constBefore(e.text, at, outer);
		if (init) return builtUrl(init, at, outer, depth + 1);
	}
	return e === skipWrappers(arg) ? arg : e;
}

/** The initializer of `const name = …` written before `at` in a block between it and `outer`. */
function constBefore(name: string, at: ts.Node, outer: ts.Node): ts.Expression | undefined {
	for (let n: ts.Node = at; n !== outer && n.parent; n = n.parent) {
		const block = n.parent;
		if (!ts.isBlock(block)) continue;
		for (const st of block.statements) {
			if (st.pos >= at.pos) break;
			if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
			for (const d of st.declarationList.declarations)
				if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
		}
	}
	return undefined;
}

/**
 * A call a preset took as a dispatch whose key it could not read (`this.server.to(room).emit(event, …)`
 * with `event` a parameter of the enclosing method: `unbound`, the key expressions of those sites): the
 * enclosing function is a wrapper of that call at the key's position, so that its callers' literal keys
 * (`gateway.notify('order:shipped', …)`) can be followed to it (infer.ts, preset-wrappers.ts).
 */
export function presetWrapperFact(
	sf: SourceFile,
	cn: ts.CallExpression,
	unbound: readonly string[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const callee = calleeOf(cn);
	if (!callee || !maySend(callee.name) || unbound.length === 0) return;
	const positions = new Set<number>();
	for (let pos = 0; pos < Math.min(2, cn.arguments.length); pos++)
		if (unbound.includes((cn.arguments[pos] as ts.Expression).getText().replace(/\s+/g, " ")))
			positions.add(pos);
	if (positions.size > 0) wrapperFact(sf, cn, callee, ctx, out, positions);
}

/**
 * Parameters a wrapper may have at most: a fetch helper's schema, URL, init, options and retry
 * attempt (`doFetchWithRetries(schema, url, init, options, attempt = 1)`); more is a function doing
 * something else with a string it was given.
 */
const MAX_WRAPPER_PARAMS = 5;

/** Inline callbacks looked through to the wrapper whose parameter they close over. */
const MAX_CALLBACK_DEPTH = 3;

/**
 * The function around a call, then (while each is an inline callback: an arrow or function expression)
 * the functions around that one, innermost first: at most MAX_CALLBACK_DEPTH callbacks deep.
 */
function enclosingFunctions(cn: ts.Node): ts.SignatureDeclaration[] {
	const out: ts.SignatureDeclaration[] = [];
	for (let n: ts.Node | undefined = cn.parent; n && !ts.isSourceFile(n); n = n.parent) {
		if (!ts.isFunctionLike(n)) continue;
		out.push(n);
		if (!(ts.isArrowFunction(n) || ts.isFunctionExpression(n)) || out.length > MAX_CALLBACK_DEPTH) break;
		// A function expression that is a definition of its own (`const send = (url) => …`) ends the walk.
		if (!ts.isCallExpression(n.parent) && !ts.isNewExpression(n.parent)) break;
	}
	return out;
}

/** A function's parameter names; `add({ name, data })`: a destructured key property stands for its parameter. */
function parameterNames(fn: ts.SignatureDeclaration): (string | null)[] {
	return fn.parameters.map((p) =>
		ts.isIdentifier(p.name)
			? p.name.text
			: ts.isObjectBindingPattern(p.name) &&
					p.name.elements.some(
						(e) => !e.propertyName && ts.isIdentifier(e.name) && e.name.text === KEY_PROPERTY,
					)
				? KEY_PROPERTY
				: null,
	);
}

/** The identifiers an expression uses. */
function identifiersIn(a: ts.Expression): Set<string> {
	const used = new Set<string>();
	const visit = (n: ts.Node): void => {
		if (ts.isIdentifier(n)) used.add(n.text);
		else ts.forEachChild(n, visit);
	};
	visit(a);
	return used;
}

/** Does a parameter's name (or a destructured part of it) shadow one of `used`? */
function declaresAny(name: ts.BindingName, used: ReadonlySet<string>): boolean {
	if (ts.isIdentifier(name)) return used.has(name.text);
	return name.elements.some((e) => !ts.isOmittedExpression(e) && declaresAny(e.name, used));
}

/**
 * The literal text before and after a parameter that is the one run-time part of a key:
 * `` `/items.${kind}` `` and `'/users.' + action` → `["/items.", ""]`, `["/users.", ""]`. None when
 * the key is the parameter alone, or holds another run-time part (`` `${base}/${path}` ``).
 */
function keyTemplate(a: ts.Expression, param: string | null): [string, string] | undefined {
	if (param === null) return undefined;
	const isParam = (e: ts.Expression) => ts.isIdentifier(e) && e.text === param;
	let parts: [string, string] | undefined;
	if (ts.isTemplateExpression(a)) {
		const span = a.templateSpans[0];
		if (a.templateSpans.length === 1 && span && isParam(span.expression))
			parts = [a.head.text, span.literal.text];
	} else if (ts.isBinaryExpression(a) && a.operatorToken.kind === ts.SyntaxKind.PlusToken) {
		// `'/users.' + action`, `'/users.' + action + '/x'`: string literals around the one parameter.
		const terms: ts.Expression[] = [];
		const flatten = (e: ts.Expression): void => {
			const n = skipWrappers(e) as ts.Expression;
			if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
				flatten(n.left);
				flatten(n.right);
			} else terms.push(n);
		};
		flatten(a);
		const at = terms.findIndex(isParam);
		const literal = (e: ts.Expression) => ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e);
		if (at >= 0 && terms.every((t, i) => i === at || literal(t))) {
			const text = (ts_: ts.Expression[]) => ts_.map((t) => (t as ts.StringLiteral).text).join("");
			parts = [text(terms.slice(0, at)), text(terms.slice(at + 1))];
		}
	}
	return parts && (parts[0] !== "" || parts[1] !== "") ? parts : undefined;
}

/** Which parameter an argument carries as (part of) a key: `p`, `base + p`, `` `${base}/${p}` ``; -1 if none. */
function carriedParam(a: ts.Expression, params: (string | null)[]): number {
	const direct = ts.isIdentifier(a) ? params.indexOf(a.text) : -1;
	if (direct >= 0) return direct;
	if (
		!ts.isTemplateExpression(a) &&
		!(ts.isBinaryExpression(a) && a.operatorToken.kind === ts.SyntaxKind.PlusToken)
	)
		return -1;
	const found: number[] = [];
	const visit = (n: ts.Node): void => {
		if (ts.isIdentifier(n)) {
			const i = params.indexOf(n.text);
			if (i >= 0) found.push(i);
		} else if (!ts.isCallExpression(n)) ts.forEachChild(n, visit);
	};
	visit(a);
	// The path after a base, never the base in front of it: `new URL(appUrl + endpoint)` in
	// `request(appUrl, endpoint, method)` carries `endpoint`, the part its callers write.
	const first = found[0] ?? -1;
	return found.length > 1 && leadingParam(a, params[first] ?? null) ? (found[1] ?? first) : first;
}

/** Is a key's first part the parameter `name` with more after it (`` `${base}${path}` ``, `base + '/x/' + id`)? */
function leadingParam(a: ts.Expression, name: string | null): boolean {
	const isName = (e: ts.Expression) => {
		const n = skipWrappers(e);
		return ts.isIdentifier(n) && n.text === name;
	};
	if (ts.isTemplateExpression(a))
		return a.head.text === "" && !!a.templateSpans[0] && isName(a.templateSpans[0].expression);
	let left: ts.Expression = a;
	while (ts.isBinaryExpression(left) && left.operatorToken.kind === ts.SyntaxKind.PlusToken)
		left = skipWrappers(left.left) as ts.Expression;
	return left !== a && isName(left);
}

/** A call a dispatch group's keys reach through wrappers: its receiver and name. */
export interface Sink {
	receiver: string;
	name: string;
}

/** Wrapper facts by the wrapper's definition (one pass; infer.ts and preset-wrappers.ts read them so). */
export function wrappersByDef(facts: readonly WrapperInfo[]): Map<string, WrapperInfo[]> {
	const out = new Map<string, WrapperInfo[]>();
	for (const w of facts) {
		const list = out.get(w.def);
		if (list) list.push(w);
		else out.set(w.def, [w]);
	}
	return out;
}

/**
 * The calls a dispatch group's keys flow into through wrappers (up to three calls deep: a public
 * wrapper, its inner step, a retry loop around `fetch`), or null.
 */
export function wrapperSinks(
	d: Group,
	wrappers: ReadonlyMap<string, WrapperInfo[]>,
	/** The definition a site's call resolves to: its callee for a dispatcher, `registersVia` for a registry. */
	via: (info: CandidateInfo) => string | null | undefined = (info) => info.callee,
): Sink[] | null {
	let through = 0;
	const sinks = new Map<string, Sink>();
	const follow = (def: string, param: number, depth: number): boolean => {
		const inner = (wrappers.get(def) ?? []).filter((w) => w.param === param);
		for (const w of inner) {
			sinks.set(`${w.receiver}.${w.name}`, { receiver: w.receiver, name: w.name });
			if (depth < 3 && w.callee) follow(w.callee, w.arg, depth + 1);
		}
		return inner.length > 0;
	};
	for (const s of d.sites) {
		const def = via(s.info);
		if (def && follow(def, d.arg, 1)) through++;
	}
	return through / d.sites.length >= DISCOVERY_LIMITS.wrapperShare ? [...sinks.values()] : null;
}

/** Does a call's key position reach a transport through its callee's wrapper facts (up to three calls deep)? */
export function reachesTransport(c: CandidateInfo, wrappers: ReadonlyMap<string, WrapperInfo[]>): boolean {
	const reach = (def: string, param: number, depth: number): boolean =>
		(wrappers.get(def) ?? []).some(
			(w) =>
				w.param === param &&
				(isTransport(w.receiver, w.name) || (depth < 3 && !!w.callee && reach(w.callee, w.arg, depth + 1))),
		);
	return !!c.callee && reach(c.callee, c.arg, 1);
}
