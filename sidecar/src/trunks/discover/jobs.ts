/**
 * Job definitions as a registry: an object literal holding a key (`id: 'send.email'`, `trigger:
 * { name: SEND_EMAIL }`) and a function-valued `handler`/`handle`/`run`/`fn` (inline or a reference)
 * registers that handler under the key, wherever the object stands (a constant gathered into a client's
 * list, a `task({ … })` argument). Its dispatch side is the ordinary call candidate whose object argument
 * names the key (`jobs.triggerJob({ name: 'send.email' })`), or a sending function's given the key's named
 * constant (`enqueueJob(JOB_NAMES.x)`); infer joins the two only on shared keys.
 * Shapes, not library names: see `JOB_DEFINITIONS` in families.
 */
import type { Node, PropertyAssignment, SourceFile } from "ts-morph";
import { Node as MorphNode, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { type FileNodes, wrap } from "../walk.js";
import { CANDIDATE, declaredInfo, record } from "./candidates.js";
import { moduleInstance } from "./factory-instances.js";
import { JOB_CATALOGUES, JOB_DEFINITIONS, KEY_PROPERTY, SUBSCRIBER_FILES } from "./families.js";
import { functionHandler } from "./handler-refs.js";
import { constantOf, literalKeys } from "./literal-keys.js";

export const JOB = "(job)";

const propName = (p: ts.ObjectLiteralElementLike) =>
	p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;

/** The key expressions of a definition object: its own key properties and those of a nested trigger. */
function keyExpressions(obj: ts.ObjectLiteralExpression): ts.Expression[] {
	const out: ts.Expression[] = [];
	for (const p of obj.properties) {
		if (!ts.isPropertyAssignment(p)) continue;
		const n = propName(p);
		if (n && JOB_DEFINITIONS.keys.includes(n)) out.push(p.initializer);
		const inner = skipWrappers(p.initializer);
		if (n && JOB_DEFINITIONS.nested.includes(n) && ts.isObjectLiteralExpression(inner))
			for (const q of inner.properties)
				if (ts.isPropertyAssignment(q) && JOB_DEFINITIONS.nestedKeys.includes(propName(q) ?? ""))
					out.push(q.initializer);
	}
	return out;
}

/** Does a definition carry a schedule (`cron`), in itself or in its nested trigger? */
function scheduled(obj: ts.ObjectLiteralExpression): boolean {
	return obj.properties.some((p) => {
		if (!ts.isPropertyAssignment(p)) return false;
		const n = propName(p) ?? "";
		if (JOB_DEFINITIONS.schedules.includes(n)) return true;
		const inner = skipWrappers(p.initializer);
		return (
			JOB_DEFINITIONS.nested.includes(n) &&
			ts.isObjectLiteralExpression(inner) &&
			inner.properties.some(
				(q) => ts.isPropertyAssignment(q) && JOB_DEFINITIONS.schedules.includes(propName(q) ?? ""),
			)
		);
	});
}

/** Each `handler`/`handle`/`run`/`fn` property whose object also holds a key: one register candidate. */
export function jobCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	for (const raw of nodes.properties) {
		const n = propName(raw);
		if (!n || !JOB_DEFINITIONS.handlers.has(n)) continue;
		const obj = raw.parent;
		if (!ts.isObjectLiteralExpression(obj)) continue;
		const exprs = keyExpressions(obj);
		if (exprs.length === 0) {
			runnerCandidate(sf, raw, obj, ctx, out);
			continue;
		}
		const init = skipWrappers(raw.initializer);
		if (
			!ts.isArrowFunction(init) &&
			!ts.isFunctionExpression(init) &&
			!ts.isIdentifier(init) &&
			!ts.isPropertyAccessExpression(init)
		)
			continue;
		const found = exprs.map((e) => literalKeys(e, sf));
		const keys = [...new Set(found.flatMap((k) => k ?? []))];
		if (keys.length === 0) continue;
		const p = wrap<PropertyAssignment>(sf, raw);
		const fn = p.getInitializer();
		const handler =
			ts.isIdentifier(init) || ts.isPropertyAccessExpression(init)
				? fn && functionHandler(fn, ctx)
				: (ctx.defIdOf(p) ?? ctx.enclosingDefId(p));
		if (!handler) continue;
		const keyExpr = exprs[found.findIndex((k) => k !== null)] as ts.Expression;
		const constant = constantOf(keyExpr);
		const info = declaredInfo("job", JOB, keys, handler, constant);
		out.push(
			record(CANDIDATE, scheduled(obj) ? { ...info, scheduled: true } : info, p, wrap(sf, keyExpr), ctx),
		);
	}
}

/**
 * The function a handler property holds, seen through the wrappers it is handed to
 * (`run: withTracing("mail", withLog(runMail))` → `runMail`): the last argument that is a function or
 * names one, at each level.
 */
function wrappedFunction(e: ts.Expression, depth = 0): ts.Expression | null {
	const n = skipWrappers(e);
	if (
		ts.isArrowFunction(n) ||
		ts.isFunctionExpression(n) ||
		ts.isIdentifier(n) ||
		ts.isPropertyAccessExpression(n)
	)
		return n;
	if (!ts.isCallExpression(n) || depth >= 3) return null;
	for (let i = n.arguments.length - 1; i >= 0; i--) {
		const inner = wrappedFunction(n.arguments[i] as ts.Expression, depth + 1);
		if (inner) return inner;
	}
	return null;
}

/**
 * A runner given a shared keyed queue and the object of its handlers, `client.createRunner(MailQueue,
 * { run: runMail, onError })` with `export const MailQueue = createQueue("mail_queue", …)`: the `run`
 * registers under the queue's name (factory-instances.ts), as a job definition would.
 */
function runnerCandidate(
	sf: SourceFile,
	raw: ts.PropertyAssignment,
	obj: ts.ObjectLiteralExpression,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const call = obj.parent;
	if (!ts.isCallExpression(call) || !call.arguments.includes(obj)) return;
	const fn = wrappedFunction(raw.initializer);
	if (!fn) return;
	for (const a of call.arguments) {
		const arg = skipWrappers(a);
		if (arg === obj || !ts.isIdentifier(arg)) continue;
		const instance = moduleInstance(wrap(sf, arg));
		if (!instance) continue;
		const handler =
			ts.isIdentifier(fn) || ts.isPropertyAccessExpression(fn)
				? functionHandler(wrap(sf, fn), ctx)
				: (ctx.defIdOf(fn) ?? ctx.enclosingDefId(fn));
		if (!handler) return;
		const info = declaredInfo("job", JOB, instance.keys, handler, undefined);
		out.push(record(CANDIDATE, info, wrap<PropertyAssignment>(sf, raw), wrap(sf, arg), ctx));
		return;
	}
}

const hasModifier = (n: ts.Node, kind: ts.SyntaxKind) =>
	ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === kind);

/** The function a module exports as default: `export default async function h()`, or `export default h` naming one. */
function defaultExportedFunction(sf: ts.SourceFile): ts.Node | undefined {
	const byName = new Map<string, ts.Node>();
	let named: string | undefined;
	for (const st of sf.statements) {
		if (ts.isFunctionDeclaration(st) && st.body) {
			if (hasModifier(st, ts.SyntaxKind.ExportKeyword) && hasModifier(st, ts.SyntaxKind.DefaultKeyword))
				return st;
			if (st.name) byName.set(st.name.text, st);
		} else if (ts.isVariableStatement(st)) {
			for (const d of st.declarationList.declarations) {
				const init = d.initializer && skipWrappers(d.initializer);
				if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
					byName.set(d.name.text, d);
			}
		} else if (ts.isExportAssignment(st) && !st.isExportEquals && ts.isIdentifier(st.expression))
			named = st.expression.text;
	}
	return named ? byName.get(named) : undefined;
}

/**
 * A subscriber module (`SUBSCRIBER_FILES`): its default-exported function registered under the keys of
 * its exported `config` object, one register candidate of the job form.
 */
export function subscriberCandidates(sf: SourceFile, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const file = sf.compilerNode;
	let config: ts.ObjectLiteralExpression | undefined;
	for (const st of file.statements) {
		if (!ts.isVariableStatement(st) || !hasModifier(st, ts.SyntaxKind.ExportKeyword)) continue;
		for (const d of st.declarationList.declarations) {
			const init = d.initializer && skipWrappers(d.initializer);
			if (
				ts.isIdentifier(d.name) &&
				d.name.text === SUBSCRIBER_FILES.configExport &&
				init &&
				ts.isObjectLiteralExpression(init)
			)
				config = init;
		}
	}
	if (!config) return;
	const keyProp = config.properties.find(
		(p): p is ts.PropertyAssignment =>
			ts.isPropertyAssignment(p) && SUBSCRIBER_FILES.keys.includes(propName(p) ?? ""),
	);
	if (!keyProp) return;
	const value = skipWrappers(keyProp.initializer);
	const exprs = ts.isArrayLiteralExpression(value) ? [...value.elements] : [keyProp.initializer];
	// The key expression recorded is the first that yields keys (not an omitted or spread element).
	let keyExpr: ts.Expression | undefined;
	const keys = [
		...new Set(
			exprs.flatMap((e) => {
				const found = literalKeys(e, sf) ?? [];
				if (found.length > 0) keyExpr ??= e;
				return found;
			}),
		),
	];
	if (keys.length === 0 || !keyExpr) return;
	const fn = defaultExportedFunction(file);
	if (!fn) return;
	const handler = ctx.defIdOf(wrap(sf, fn));
	if (!handler) return;
	const constant = constantOf(keyExpr);
	const info = declaredInfo("job", JOB, keys, handler, constant);
	out.push(record(CANDIDATE, info, wrap(sf, keyProp), wrap(sf, keyExpr), ctx));
}

/** An object literal written here or held by a `const` of this file (`jobs: workerJobs`), or undefined. */
function objectOf(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
	const u = skipWrappers(e);
	if (ts.isObjectLiteralExpression(u)) return u;
	if (!ts.isIdentifier(u)) return undefined;
	for (const st of u.getSourceFile().statements) {
		if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
		for (const d of st.declarationList.declarations) {
			const init = d.initializer && skipWrappers(d.initializer);
			if (ts.isIdentifier(d.name) && d.name.text === u.text && init && ts.isObjectLiteralExpression(init))
				return init;
		}
	}
	return undefined;
}

/** `{ purgeCache }`: the function the shorthand's value names (imported or local), or null. */
function shorthandHandler(node: Node, ctx: SiteContext): string | null {
	if (!MorphNode.isShorthandPropertyAssignment(node)) return null;
	try {
		let symbol = node.getValueSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		for (const decl of symbol?.getDeclarations() ?? []) {
			const init = MorphNode.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
			const fn =
				MorphNode.isFunctionDeclaration(decl) ||
				(init !== undefined && (MorphNode.isArrowFunction(init) || MorphNode.isFunctionExpression(init)));
			const id = fn ? ctx.defIdOf(decl) : null;
			if (id) return id;
		}
	} catch {
		return null;
	}
	return null;
}

/**
 * A job catalogue handed to a constructor (`new Worker({ jobs: { sendEmail: async (p) => … } })`,
 * `JOB_CATALOGUES`): each function of its `jobs` object registers under its property name, a job
 * definition joined to the calls naming it (`worker.enqueue({ job: 'sendEmail' })`).
 */
export function catalogueCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	for (const n of nodes.news) {
		const options = n.arguments?.[0] && skipWrappers(n.arguments[0]);
		if (!options || !ts.isObjectLiteralExpression(options)) continue;
		for (const p of options.properties) {
			if (!ts.isPropertyAssignment(p) || !JOB_CATALOGUES.handlers.includes(propName(p) ?? "")) continue;
			const jobs = objectOf(p.initializer);
			if (!jobs) continue;
			for (const job of jobs.properties) {
				const key = propName(job);
				if (!key) continue;
				const node = wrap<Node>(sf, job);
				let handler: string | null = null;
				if (ts.isMethodDeclaration(job)) handler = ctx.defIdOf(node) ?? ctx.enclosingDefId(node);
				else if (ts.isShorthandPropertyAssignment(job)) handler = shorthandHandler(node, ctx);
				else if (ts.isPropertyAssignment(job)) {
					const init = skipWrappers(job.initializer);
					if (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
						handler = ctx.defIdOf(node) ?? ctx.enclosingDefId(node);
					else if (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init))
						handler = functionHandler(wrap<Node>(sf, init), ctx);
				}
				if (!handler) continue;
				out.push(record(CANDIDATE, declaredInfo("job", JOB, [key], handler), node, node, ctx));
			}
		}
	}
}

/** The `name` (or a catalogue's `job`) of an object, of an array of objects, or of the objects a `.map` callback returns. */
export function namedKeys(a: ts.Expression): ts.Expression[] {
	const own = (o: ts.Expression | undefined): ts.Expression[] => {
		while (o && ts.isParenthesizedExpression(o)) o = o.expression;
		if (!o || !ts.isObjectLiteralExpression(o)) return [];
		const p = o.properties.find(
			(q): q is ts.PropertyAssignment =>
				ts.isPropertyAssignment(q) &&
				ts.isIdentifier(q.name) &&
				(q.name.text === KEY_PROPERTY || JOB_CATALOGUES.keyProperties.includes(q.name.text)),
		);
		return p ? [p.initializer] : [];
	};
	if (ts.isObjectLiteralExpression(a)) return own(a);
	if (ts.isArrayLiteralExpression(a)) return a.elements.flatMap((e) => own(e));
	if (!ts.isCallExpression(a)) return [];
	const fn = a.arguments[0];
	if (
		!ts.isPropertyAccessExpression(a.expression) ||
		a.expression.name.text !== "map" ||
		!fn ||
		!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))
	)
		return [];
	if (!ts.isBlock(fn.body)) return own(fn.body);
	return fn.body.statements.flatMap((st) => (ts.isReturnStatement(st) ? own(st.expression) : []));
}

/** An object holding a job definition's handler (`{ name, process: (job) => … }`): a definition, not a payload. */
export function definesJob(a: ts.Expression): boolean {
	return (
		ts.isObjectLiteralExpression(a) &&
		a.properties.some((p) => {
			if (!ts.isPropertyAssignment(p) && !ts.isMethodDeclaration(p)) return false;
			if (!ts.isIdentifier(p.name) || !JOB_DEFINITIONS.handlers.has(p.name.text)) return false;
			if (ts.isMethodDeclaration(p)) return true;
			const init = skipWrappers(p.initializer);
			return ts.isArrowFunction(init) || ts.isFunctionExpression(init);
		})
	);
}
