/**
 * Call and `new` idioms: `router.post('x', h)`, `bus.emit('x')`, `new Streamer('x')` — the key from
 * an argument, an object's properties, the receiver's initialiser or a call down the receiver chain.
 */
import type { CallExpression, NewExpression } from "ts-morph";
import { Node, SyntaxKind, ts } from "#ts-morph";
import type { SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { skipWrappers, unwrap } from "../../syntax/unwrap.js";
import { templateForm, withoutBaseUrl } from "../bind.js";
import { builtByNew, type CalleeParts, calleeParts, chainedParts, matchCallee } from "../callee.js";
import type { Compiled, CompiledIdiom } from "../compile.js";
import type { CallIdiom } from "../config.js";
import { chainHandlerIndex, enclosingConsumer, handlerDefId, heritageClassMember } from "../handler.js";
import { evaluateKey, keyAlternatives, propertyNameText, resolveObject } from "../key-eval.js";
import { receiverScope, trunkVerbs } from "../scope.js";
import { argAt, type Emit } from "../sites.js";
import { thisAssignment, wrap } from "../walk.js";
import { isMountLink, routerIdentity, routerOf } from "./mounts.js";
import { receiverDecoratorKey } from "./receiver-decorator.js";

/** Key prefix from option values of the `new X({ … })` that created the receiver. */
export function constructorPrefix(receiver: Node | undefined, options: readonly string[]): string {
	if (!receiver || options.length === 0) return "";
	const creation = creatingNew(unwrap(receiver));
	const opts = creation?.getArguments()[0];
	const obj = opts && resolveObject(opts);
	if (!obj || !Node.isObjectLiteralExpression(obj)) return "";
	const parts: string[] = [];
	for (const name of options) {
		const prop = obj.getProperty(name);
		const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
		const v = init && evaluateKey(init);
		if (v?.length === 1 && v[0]) parts.push((v[0] as string).replace(/^\/+|\/+$/g, ""));
	}
	return parts.length ? `${parts.join("/")}/` : "";
}

/** `x` (a variable) or `this.x` (a class field assigned anywhere in the class) created by `new …(…)`. */
export function creatingNew(receiver: Node): NewExpression | undefined {
	if (Node.isIdentifier(receiver)) {
		for (const decl of receiver.getSymbol()?.getDeclarations() ?? []) {
			if (Node.isVariableDeclaration(decl)) {
				const init = decl.getInitializer();
				const u = init && unwrap(init);
				if (u && Node.isNewExpression(u)) return u;
			}
		}
		return undefined;
	}
	if (
		Node.isPropertyAccessExpression(receiver) &&
		receiver.getExpression().getKind() === SyntaxKind.ThisKeyword
	) {
		const cls = receiver.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
		if (!cls) return undefined;
		const field = receiver.getName();
		// The first `this.<field> = new …(…)` of the class (compiler nodes; wrapped once found).
		const bin = thisAssignment(cls.compilerNode, field, false, (b) =>
			ts.isNewExpression(skipWrappers(b.right)),
		);
		if (bin) return wrap<NewExpression>(receiver.getSourceFile(), skipWrappers(bin.right));
	}
	return undefined;
}

/** Evaluate `names(...)` initialising the receiver variable: `const hook = Callbacks.create('x')`. */
export function receiverInitKey(
	receiver: Node | undefined,
	spec: { names: string[]; arg: number },
): { values: string[] | null; expr: Node } | undefined {
	if (!receiver) return undefined;
	const r = unwrap(receiver);
	if (!Node.isIdentifier(r)) return undefined;
	for (const decl of declarationsOf(r)) {
		if (!Node.isVariableDeclaration(decl)) continue;
		const init = decl.getInitializer();
		const call = init && unwrap(init);
		if (!call || !Node.isCallExpression(call)) continue;
		const parts = calleeParts(call);
		if (!parts || !spec.names.includes(parts.name)) continue;
		const arg = call.getArguments()[spec.arg];
		if (!arg) continue;
		return { values: evaluateKey(arg), expr: arg };
	}
	return undefined;
}

export interface RawSite {
	keyNode: Node;
	values: string[] | null;
	handler: Node | undefined;
}

/** `import { useEndpoint as useEP }` → useEP ↦ useEndpoint: a bare call by alias still names the idiom. */
export function bareImportAliases(sf: ts.SourceFile): Map<string, string> {
	const out = new Map<string, string>();
	for (const stmt of sf.statements) {
		const named = ts.isImportDeclaration(stmt) ? stmt.importClause?.namedBindings : undefined;
		if (!named || !ts.isNamedImports(named)) continue;
		for (const el of named.elements) if (el.propertyName) out.set(el.name.text, el.propertyName.text);
	}
	return out;
}

const verbCache = new WeakMap<object, Set<string>>();
const verbsOf = (spec: Parameters<typeof trunkVerbs>[0]) => {
	let v = verbCache.get(spec);
	if (!v) {
		v = trunkVerbs(spec);
		verbCache.set(spec, v);
	}
	return v;
};

/**
 * How a preset took a call: `false` not at all; `arguments` keyed by them (the call is the preset's);
 * `receiver` keyed by its receiver's declaration alone (`this.mailQueue.add('welcome')` dispatches
 * queue `mail`), leaving the call's own arguments (a job's name) to discovery as if untaken.
 */
export type CallTaken = false | "arguments" | "receiver";

export function extractCall(
	call: CallExpression | NewExpression,
	c: Compiled,
	ctx: SiteContext,
	emit: Emit,
): CallTaken {
	const called = calleeParts(call);
	if (!called) return false;
	const candidates = (Node.isNewExpression(call) ? c.news : c.calls).get(called.name);
	if (!candidates) return false;
	for (const cand of candidates) {
		// `bus.on('a', f).on('b', g)`: each link registers on the chain's first receiver.
		// A router's mounts and middlewares return it too: `new Hono().use(mw).route('/x', sub).get('/y', h)`.
		const parts = chainedParts(
			called,
			cand.callee.spec.names,
			(link, name) =>
				isMountLink(c, cand.trunk.name, link, name) || builtByNew(link, cand.callee.spec.receiverCreatedBy),
		);
		const resolution = matchCallee(cand.callee, parts);
		if (!resolution) continue;
		if (cand.idiom.kind === "call" && !cand.idiom.where.every((w) => argumentHas(call, w))) continue;
		const raws = rawSites(cand, call, parts);
		if (raws === null) continue;
		const prefix =
			cand.idiom.kind === "call"
				? constructorPrefix(parts.receiver, cand.idiom.prefixFromConstructorOptions)
				: "";
		const method = cand.idiom.key.method ? httpMethod(cand.idiom.key.method, call, parts) : undefined;
		if (method === null) continue;
		const receiver =
			cand.idiom.side === "register" && cand.trunk.mounts.length > 0 && parts.receiver
				? routerIdentity(routerOf(parts.receiver))
				: null;
		// The trunk as compiled (another preset may add idioms to it; the first one's spec rules).
		const spec = c.trunks.get(cand.trunk.name)?.spec;
		const scope = spec?.scope ? receiverScope(parts.receiver, spec, verbsOf(spec), ctx.repoRoot) : undefined;
		const enclosingHandler =
			cand.idiom.kind === "call" && cand.idiom.side === "register" && cand.idiom.handlerFromEnclosing
				? ((cand.idiom.handlerMember ? heritageClassMember(call, cand.idiom.handlerMember, ctx) : null) ??
					enclosingConsumer(call, ctx))
				: null;
		const also =
			cand.idiom.kind === "call" && cand.idiom.enclosingAlsoCalls?.length
				? keysAlsoCalled(call, cand.idiom.enclosingAlsoCalls)
				: null;
		const alsoKeys = also?.keys;
		// No key the enclosing function also gives those calls: not this idiom's call at all.
		if (also && !raws.some((r) => r.values?.some((v) => also.keys.has(v)))) continue;
		// The function holding both calls consumes the key (not a local the call initialises).
		const alsoHandler = also?.fn ? (ctx.defIdOf(also.fn) ?? ctx.enclosingDefId(also.fn)) : null;
		for (const r of raws) {
			if (alsoKeys && r.values === null) continue;
			const handler =
				cand.idiom.side === "register"
					? (handlerDefId(r.handler, ctx) ??
						(alsoHandler?.endsWith("#(module)") ? null : alsoHandler) ??
						enclosingHandler)
					: null;
			if (r.values === null) {
				emit(
					cand.trunk.name,
					cand.idiom.side,
					null,
					r.keyNode,
					call,
					handler,
					resolution,
					[],
					method,
					receiver,
					scope,
				);
				continue;
			}
			const values = (cand.keyPattern ? r.values.filter((v) => cand.keyPattern?.test(v)) : r.values).filter(
				(v) => !alsoKeys || alsoKeys.has(v),
			);
			for (const v of values) {
				emit(
					cand.trunk.name,
					cand.idiom.side,
					prefix && v.startsWith("/") ? prefix + v.replace(/^\/+/, "") : prefix + v,
					r.keyNode,
					call,
					handler,
					resolution,
					cand.idiom.also,
					method,
					receiver,
					scope,
				);
			}
		}
		// One idiom per call: the first that matches.
		return cand.idiom.key.receiverDecorator ? "receiver" : "arguments";
	}
	return false;
}

/** Does argument `arg` denote an object literal whose `property` is the literal `equals`? */
export function argumentHas(
	call: CallExpression | NewExpression,
	w: { arg: number; property: string; equals: string },
): boolean {
	const a = call.getArguments()[w.arg];
	const obj = a && resolveObject(a);
	if (!obj || !Node.isObjectLiteralExpression(obj)) return false;
	const prop = obj.getProperty(w.property);
	const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
	const v = init && evaluateKey(init);
	return v?.length === 1 && v[0] === w.equals;
}

/**
 * The HTTP method of a call for a `key.method` idiom: from the called name, an options argument's
 * property, or the default; undefined when none applies, null when the options name a method that
 * is not a literal (the call is still a site, but of an unknown verb: skipped rather than guessed).
 */
export function httpMethod(
	spec: NonNullable<CallIdiom["key"]["method"]>,
	call: CallExpression | NewExpression,
	parts: CalleeParts,
): string | undefined | null {
	if (spec.fromName) return parts.name.toUpperCase();
	if (spec.arg !== undefined) {
		const opts = call.getArguments()[spec.arg];
		const obj = opts && resolveObject(opts);
		if (obj && Node.isObjectLiteralExpression(obj)) {
			const prop = obj.getProperty(spec.property);
			if (prop) {
				const init = Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
				const v = init && evaluateKey(init);
				return v?.length === 1 && v[0] ? (v[0] as string).toUpperCase() : null;
			}
		} else if (opts) return spec.default ?? null;
	}
	return spec.default;
}

/** `router.route('/x').get(h).post(h)`: the key argument of the first call to `names` down the receiver chain. */
export function receiverCallKey(
	receiver: Node | undefined,
	spec: { names: string[]; arg: number },
): { values: string[] | null; expr: Node } | undefined {
	let r = receiver && unwrap(receiver);
	for (let depth = 0; r && Node.isCallExpression(r) && depth < 12; depth++) {
		const parts = calleeParts(r);
		if (!parts) return undefined;
		if (spec.names.includes(parts.name)) {
			const arg = r.getArguments()[spec.arg];
			return arg ? { values: evaluateKey(arg), expr: arg } : undefined;
		}
		r = parts.receiver && unwrap(parts.receiver);
	}
	return undefined;
}

/** The key(s) of a matched call; null when the call turns out not to be a site. */
export function rawSites(
	cand: CompiledIdiom,
	call: CallExpression | NewExpression,
	parts: CalleeParts,
): RawSite[] | null {
	const { key } = cand.idiom;
	const handlerArg = cand.idiom.kind === "call" ? cand.idiom.handlerArg : undefined;
	const handler = handlerArg === undefined ? undefined : handlerArgument(call, handlerArg, key);
	if (key.receiverInit) {
		const r = receiverInitKey(parts.receiver, key.receiverInit);
		return r ? [{ keyNode: call, values: r.values, handler }] : null;
	}
	if (key.receiverDecorator) {
		const r = receiverDecoratorKey(parts.receiver, key.receiverDecorator);
		if (!r) return null;
		return [{ keyNode: call, values: r.values, handler }];
	}
	if (key.receiverCall) {
		const r = receiverCallKey(parts.receiver, key.receiverCall);
		if (!r) return null;
		if (r.values && cand.keyPattern && !r.values.some((v) => cand.keyPattern?.test(v))) return null;
		return [{ keyNode: r.expr, values: r.values, handler }];
	}
	const arg = argAt(call, key.arg);
	if (!arg) return null;
	const argNode = unwrap(arg);
	// `emitter.on(handler)`: a function where the key should be is another API, not a keyed site.
	if (Node.isArrowFunction(argNode) || Node.isFunctionExpression(argNode)) return null;
	if (key.property !== undefined) {
		const obj = resolveObject(arg);
		if (!obj || !Node.isObjectLiteralExpression(obj)) return null;
		const prop = obj.getProperty(key.property);
		const valueNode = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
		if (!valueNode) return prop ? [{ keyNode: prop, values: null, handler: undefined }] : null;
		const h = key.handlerProperty ? obj.getProperty(key.handlerProperty) : undefined;
		const hNode = h && Node.isPropertyAssignment(h) ? h.getInitializer() : h;
		return [{ keyNode: valueNode, values: evaluateKey(valueNode), handler: hNode ?? handler }];
	}
	if (key.form === "value") {
		const values = evaluateKey(arg);
		const partly = values ? null : keyAlternatives(arg);
		if (partly?.values.some((v) => !cand.keyPattern || cand.keyPattern.test(v))) {
			// `cond ? ['items.create', \`${c}.items.create\`] : x`: the constant alternatives are keys; the
			// run-time ones stay one unbound site (the dynamic-key evidence) where no pattern filters keys.
			const sites: RawSite[] = [{ keyNode: arg, values: partly.values, handler }];
			if (partly.dynamic && !cand.keyPattern) sites.push({ keyNode: arg, values: null, handler });
			return sites;
		}
		if (values && cand.keyPattern && !values.some((v) => cand.keyPattern?.test(v))) return null;
		if (!values && cand.keyPattern) {
			// A pattern-filtered idiom (e.g. Express paths) records unbound keys only for templates that
			// fit: `\`/v1/rooms/${id}\`` and `\`${this.baseUrl}/x\`` (a base URL by its name) yes,
			// `\`${base}/x\`` or `\`https://…\`` no.
			// `'/posts/old?date=' + d` too: a string whose query starts before the `+` is its path.
			const u = unwrap(arg);
			const path = Node.isTemplateExpression(u) ? withoutBaseUrl(u.getText()) : "";
			const form = Node.isTemplateExpression(u)
				? (templateForm(path) ?? (path.includes("${") ? null : path.slice(1, -1)))
				: Node.isBinaryExpression(u)
					? queryConcatForm(u)
					: null;
			if (form === null || form.startsWith(":param") || !cand.keyPattern.test(form)) return null;
		}
		return [{ keyNode: arg, values, handler }];
	}
	const obj = resolveObject(arg);
	if (!obj || !Node.isObjectLiteralExpression(obj))
		return [{ keyNode: arg, values: null, handler: undefined }];
	const out: RawSite[] = [];
	for (const p of obj.getProperties()) {
		if (Node.isSpreadAssignment(p)) {
			out.push({ keyNode: p, values: null, handler: undefined });
			continue;
		}
		const nameNode = (p as { getNameNode?: () => Node }).getNameNode?.();
		const name = nameNode && propertyNameText(nameNode);
		if (!name || !nameNode) {
			out.push({ keyNode: p, values: null, handler: undefined });
			continue;
		}
		const value = Node.isPropertyAssignment(p)
			? p.getInitializer()
			: Node.isShorthandPropertyAssignment(p)
				? p.getNameNode()
				: p;
		out.push({ keyNode: nameNode, values: [name], handler: value });
	}
	return out;
}

/**
 * The argument holding the handler. "Last" (-1) reads a middleware chain: its own inline handler
 * wins over the shared middlewares around it (`router.post(path, auth, asyncHandler(async …), respond)`).
 */
function handlerArgument(
	call: CallExpression | NewExpression,
	handlerArg: number,
	key: CompiledIdiom["idiom"]["key"],
): Node | undefined {
	if (handlerArg !== -1) return argAt(call, handlerArg);
	const args = call.getArguments();
	const firstAfterKey =
		key.receiverCall || key.receiverInit || key.receiverDecorator ? 0 : Math.max(0, key.arg + 1);
	return args[
		chainHandlerIndex(
			args.map((a) => a.compilerNode),
			firstAfterKey,
		)
	];
}

/** The path of `'/x?a=' + v` (the leftmost operand a string whose query starts there), else null. */
function queryConcatForm(n: Node): string | null {
	let left: Node = n;
	while (Node.isBinaryExpression(left) && left.getOperatorToken().getKind() === SyntaxKind.PlusToken)
		left = left.getLeft();
	if (!Node.isStringLiteral(left) && !Node.isNoSubstitutionTemplateLiteral(left)) return null;
	const text = left.getLiteralText();
	const q = text.search(/[?#]/);
	return q > 0 ? text.slice(0, q) : null;
}

/**
 * The string literals the function holding `call` gives as first argument to calls of `names`
 * (`deleteFrom('outbox')` beside `selectFrom('outbox')`); none at module level.
 */
function keysAlsoCalled(
	call: CallExpression | NewExpression,
	names: readonly string[],
): { fn: ts.Node | undefined; keys: Set<string> } {
	const keys = new Set<string>();
	let fn: ts.Node | undefined = call.compilerNode.parent;
	while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
	if (!fn) return { fn, keys };
	const visit = (n: ts.Node): void => {
		if (ts.isCallExpression(n)) {
			const callee = skipWrappers(n.expression);
			const name = ts.isPropertyAccessExpression(callee)
				? callee.name.text
				: ts.isIdentifier(callee)
					? callee.text
					: "";
			const first = n.arguments[0];
			if (
				names.includes(name) &&
				first &&
				(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
			)
				keys.add(first.text);
		}
		ts.forEachChild(n, visit);
	};
	visit(fn);
	return { fn, keys };
}
