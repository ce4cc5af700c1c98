/**
 * Registries written as objects of handlers (`Meteor.methods({ send() {…} })`, tRPC's
 * `router({ byId: procedure.query(…) })`), the registries they mount by name (`router({ user: userRouter })`),
 * and the proxy calls that reach them by path (`trpc.user.byId.useQuery()`).
 */
import type { CallExpression, SourceFile } from "ts-morph";
import { type Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { firstDeclarationOf } from "../../syntax/declarations-of.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { checkerOf, wrap } from "../walk.js";
import { calleeNameOf, normalizeReceiver } from "./call-shape.js";
import { CANDIDATE, type CandidateInfo, record, recordOf, type Sited } from "./candidates.js";
import { PROXY_REFERENCE_VERBS } from "./families.js";
import { initHoldsFunction } from "./handler-refs.js";
import { keyLike } from "./literal-keys.js";

/**
 * Where an object-argument call sits among calls of its own name: `router({ admin: router({ stats }) })`
 * puts the inner call's keys under `admin.`; the outermost call's variable (`const appRouter = router(…)`)
 * is the holder other routers mount it by.
 */
function nesting(
	call: ts.CallExpression | ts.NewExpression,
	name: string,
): { path: string; holder: string | null } {
	let path = "";
	let at: ts.Node = call;
	for (let depth = 0; depth < 4; depth++) {
		const prop = at.parent;
		const obj = prop?.parent;
		const outer = obj?.parent;
		if (
			!prop ||
			!ts.isPropertyAssignment(prop) ||
			prop.initializer !== at ||
			!(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ||
			!obj ||
			!ts.isObjectLiteralExpression(obj) ||
			!outer ||
			!ts.isCallExpression(outer) ||
			!outer.arguments.includes(obj as ts.Expression) ||
			calleeNameOf(outer) !== name
		)
			break;
		path = `${prop.name.text}.${path}`;
		at = outer;
	}
	let p = at.parent;
	while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p)))
		p = p.parent;
	const holder = p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name) ? p.name.text : null;
	return { path, holder };
}

/**
 * Whether `objectCandidates` can find anything in an object literal, from the compiler nodes: a
 * property naming another identifier (`user: userRouter`, `{ userRouter }`), a method, or a property
 * holding a function (`holdsFunction`). Most object arguments are options and data: no wrapping.
 */
export function mayHoldCandidates(obj: ts.ObjectLiteralExpression, depth = 0): boolean {
	return obj.properties.some((p) => {
		if (ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p)) return true;
		if (!ts.isPropertyAssignment(p)) return false;
		const init = skipWrappers(p.initializer);
		if (ts.isIdentifier(init) || ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return true;
		// A nested router as a plain object (`organisation: { email: { find } }`), as deep as objectCandidates goes.
		if (ts.isObjectLiteralExpression(init) && depth < 2) return mayHoldCandidates(init, depth + 1);
		return (
			ts.isCallExpression(init) &&
			init.arguments.some((a) => {
				const u = skipWrappers(a);
				return ts.isArrowFunction(u) || ts.isFunctionExpression(u);
			})
		);
	});
}

/**
 * What a property naming another definition registers (`get: getDocumentRoute`, `{ send }`): a handler
 * when the name is a function or a builder call given one (`procedure.input(…).mutation(async …)`,
 * defined in its own file as tRPC apps do), else nothing here (`user: userRouter` is a mount).
 */
function referencedHandler(
	ref: ts.Identifier,
	callName: string,
	checker: ts.TypeChecker,
	ctx: SiteContext,
): string | null {
	try {
		const decl = firstDeclarationOf(ref, checker);
		if (!decl) return null;
		if (ts.isFunctionDeclaration(decl)) return ctx.defIdOf(decl);
		if (!ts.isVariableDeclaration(decl)) return null;
		const init = decl.initializer;
		if (!init || !initHoldsFunction(init)) return null;
		// A registry built by the same call (`router({ … })`) is mounted, never a handler.
		const u = skipWrappers(init);
		if (ts.isCallExpression(u) && calleeNameOf(u) === callName) return null;
		return ctx.defIdOf(decl);
	} catch {
		return null;
	}
}

/**
 * `Meteor.methods({ send() {…} })`, `router({ byId: procedure.query(…) })`: each function-valued property,
 * or one naming a function defined elsewhere (`get: getDocumentRoute`). A plain object inside
 * (`auditLog: { find: findAuditLogsRoute }`, tRPC's nested routers) nests its keys under its name.
 * On compiler nodes (`arg` an argument of `call`, in `sf`): ts-morph would wrap each property read.
 */
export function objectCandidates(
	sf: SourceFile,
	call: ts.CallExpression | ts.NewExpression,
	arg: ts.Node | undefined,
	callee: { receiver: string; name: string },
	pos: number,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	inner = "",
	depth = 0,
): void {
	if (!arg || !ts.isObjectLiteralExpression(arg)) return;
	let where: ReturnType<typeof nesting> | undefined;
	for (const p of arg.properties) {
		// `user: userRouter` / `{ userRouter }`: another registry mounted under a name (resolved by name in `mounted` below).
		const named = ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) ? p : undefined;
		const mounted = ts.isPropertyAssignment(p) ? p.initializer : named?.name;
		if (named && mounted && ts.isIdentifier(mounted)) {
			where ??= nesting(call, callee.name);
			const nameNode = named.name;
			if (where.holder && (ts.isIdentifier(nameNode) || ts.isStringLiteral(nameNode))) {
				const name = ts.isStringLiteral(nameNode) ? nameNode.text : nameNode.getText();
				const handler = keyLike(name) ? referencedHandler(mounted, callee.name, checkerOf(sf), ctx) : null;
				const info: CandidateInfo = handler
					? {
							form: "object",
							receiver: callee.receiver,
							name: callee.name,
							arg: pos,
							keys: [`${where.path}${inner}${name}`],
							handlerArg: pos,
							handler,
							callee: null,
							...(where.path || inner ? { path: `${where.path}${inner}` } : {}),
							holder: where.holder,
						}
					: {
							form: "mount",
							receiver: where.holder,
							name: callee.name,
							arg: pos,
							keys: [`${where.path}${inner}${name}`],
							handlerArg: null,
							handler: null,
							callee: mounted.getText(),
						};
				out.push(recordOf(CANDIDATE, info, call, nameNode, sf.compilerNode, ctx));
			}
			continue;
		}
		if (!ts.isMethodDeclaration(p) && !ts.isPropertyAssignment(p)) continue;
		const nameNode = p.name;
		if (!ts.isIdentifier(nameNode) && !ts.isStringLiteral(nameNode)) continue;
		const key = ts.isIdentifier(nameNode) ? nameNode.getText() : nameNode.text;
		const fn = ts.isMethodDeclaration(p) ? p : p.initializer;
		if (ts.isObjectLiteralExpression(fn) && depth < 2 && keyLike(key)) {
			// Only under a call whose result is kept (`const documentRouter = router({ … })`): a registry.
			where ??= nesting(call, callee.name);
			if (where.holder && mayHoldCandidates(fn, depth + 1))
				objectCandidates(sf, call, fn, callee, pos, ctx, out, `${inner}${key}.`, depth + 1);
			continue;
		}
		if (!(ts.isMethodDeclaration(fn) || initHoldsFunction(fn))) continue;
		if (!keyLike(key)) continue;
		where ??= nesting(call, callee.name);
		const info: CandidateInfo = {
			form: "object",
			receiver: callee.receiver,
			name: callee.name,
			arg: pos,
			keys: [`${where.path}${inner}${key}`],
			handlerArg: pos,
			handler: ctx.defIdOf(p) ?? ctx.enclosingDefId(p),
			callee: null,
			...(where.path || inner ? { path: `${where.path}${inner}` } : {}),
			...(where.holder ? { holder: where.holder } : {}),
		};
		out.push(recordOf(CANDIDATE, info, call, nameNode, sf.compilerNode, ctx));
	}
}

/**
 * The proxy and procedure path of a proxy call's receiver: `trpc.user.byId` → (`trpc`, `user.byId`). A client
 * held in a field is the field (`this.trpc.user.byId` → `trpc`) when a path of two segments follows it; one
 * segment below a field (`this.items.changes.subscribe()`) is read as before, on `this`.
 */
function proxyPath(receiver: string): { proxy: string; key: string } | null {
	const parts = receiver.split(".");
	if (parts.length < 2 || parts.some((p) => !/^[\w$]+$/.test(p))) return null;
	const from = parts[0] === "this" && parts.length >= 4 ? 1 : 0;
	// The procedure's path below the proxy (`user.byId`): routers nest (`router({ user: userRouter })`).
	return { proxy: parts[from] as string, key: parts.slice(from + 1).join(".") };
}

function pushProxy(
	path: { proxy: string; key: string },
	at: Node,
	keyNode: Node,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const info: CandidateInfo = {
		form: "proxy",
		receiver: path.proxy,
		name: "(proxy)",
		arg: 0,
		keys: [path.key],
		handlerArg: null,
		handler: null,
		callee: null,
	};
	out.push(record(CANDIDATE, info, at, keyNode, ctx));
}

/** `trpc.user.byId.useQuery(…)` → key `user.byId` dispatched on proxy `trpc`. */
export function proxyCandidate(
	wrapped: () => CallExpression,
	callee: { receiver: string; name: string },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const path = proxyPath(callee.receiver);
	if (!path) return;
	const call = wrapped();
	pushProxy(path, call, call.getExpression(), ctx, out);
}

/**
 * A proxy's send handed over uncalled, as a query library's option: `createMutation({ mutationFn:
 * trpc.user.update.mutate })` sends `user.update` when the library calls it. Only the vanilla client's verbs:
 * a hook (`useQuery`) is called where it is written.
 */
export function proxyReferenceCandidates(
	sf: SourceFile,
	properties: readonly ts.PropertyAssignment[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	for (const p of properties) {
		const value = skipWrappers(p.initializer);
		if (!ts.isPropertyAccessExpression(value) || !PROXY_REFERENCE_VERBS.has(value.name.text)) continue;
		const path = proxyPath(normalizeReceiver(value.expression.getText(sf.compilerNode)));
		if (!path) continue;
		pushProxy(path, wrap(sf, p), wrap(sf, value), ctx, out);
	}
}

/**
 * Registries mounted in others by name (`router({ user: userRouter })`, `userRouter = router({ byId })`):
 * the mounted one's keys take the mount path (`user.byId`). Bound by the variable's name, only when
 * one registry holds that name and one mount names it.
 */
export function mounted(candidates: readonly Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const mounts = new Map<string, { parent: string; key: string }[]>();
	const holders = new Map<string, Set<string>>();
	const out: Sited<CandidateInfo>[] = [];
	for (const c of candidates) {
		if (c.info.form === "mount") {
			const child = c.info.callee as string;
			mounts.set(child, [
				...(mounts.get(child) ?? []),
				{ parent: c.info.receiver, key: c.info.keys[0] as string },
			]);
			continue;
		}
		if (c.info.form === "object" && c.info.holder)
			holders.set(c.info.holder, (holders.get(c.info.holder) ?? new Set()).add(c.site.file));
		out.push(c);
	}
	if (mounts.size === 0) return out;
	const prefix = (holder: string, depth = 0): string => {
		const m = mounts.get(holder);
		if (depth > 4 || m?.length !== 1 || holders.get(holder)?.size !== 1) return "";
		const { parent, key } = m[0] as { parent: string; key: string };
		return `${prefix(parent, depth + 1)}${key}.`;
	};
	return out.map((c) => {
		const p = c.info.form === "object" && c.info.holder ? prefix(c.info.holder) : "";
		return p ? { ...c, info: { ...c.info, keys: c.info.keys.map((k) => `${p}${k}`) } } : c;
	});
}
