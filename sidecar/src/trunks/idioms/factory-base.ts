/**
 * A base path set inside an app-building factory: `function createApp(name) { return new Hono().basePath(`/${name}`) }`
 * and `const app = createApp('billing')` serve `app`'s routes under `/billing`. The factory's parameter is bound
 * to the call's const-evaluated argument; the result is an internal mount record on the variable holding the app,
 * which `applyMounts` prefixes like any base path. A base path the factory sets on some paths only (`if (…)
 * app = new Hono().basePath(…) else app = new Hono()`) leaves the app served with or without it: both are kept.
 */
import type { CallExpression, SourceFile } from "ts-morph";
import { Node, SyntaxKind } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { unwrap } from "../../syntax/unwrap.js";
import { calleeParts, chainedParts, matchCallee } from "../callee.js";
import type { Compiled } from "../compile.js";
import { evaluateKey } from "../key-eval.js";
import { trunkVerbs } from "../scope.js";
import { internalRecord, MOUNT, receiverIdentity, startLine } from "../sites.js";
import { isMountLink, type MountInfo } from "./mounts.js";

type FactoryFunction = Node & {
	getParameters(): { getName(): string }[];
	getBody(): Node | undefined;
};

/** The function a call's callee is declared as (a function declaration or a const holding one). */
function factoryOf(call: CallExpression): FactoryFunction | undefined {
	let decls: Node[];
	try {
		decls = declarationsOf(call.getExpression());
	} catch {
		return undefined;
	}
	for (const d of decls) {
		if (Node.isFunctionDeclaration(d)) return d;
		const init = Node.isVariableDeclaration(d) ? d.getInitializer() : undefined;
		const fn = init && unwrap(init);
		if (fn && (Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return fn;
	}
	return undefined;
}

/** The prefix written in the factory, its parameters bound to the call's arguments; null when not one value. */
function boundPrefix(prefix: Node, fn: FactoryFunction, call: CallExpression): string | null {
	const params = fn.getParameters().map((p) => p.getName());
	const args = call.getArguments();
	const value = (n: Node): string | null => {
		const u = unwrap(n);
		const index = Node.isIdentifier(u) ? params.indexOf(u.getText()) : -1;
		const v = index >= 0 ? (args[index] ? evaluateKey(args[index]) : null) : evaluateKey(u);
		return v?.length === 1 ? (v[0] as string) : null;
	};
	const u = unwrap(prefix);
	if (!Node.isTemplateExpression(u)) return value(u);
	let text = u.getHead().getLiteralText();
	for (const span of u.getTemplateSpans()) {
		const v = value(span.getExpression());
		if (v === null) return null;
		text += v + span.getLiteral().getLiteralText();
	}
	return text;
}

/** Does the app a base-path call makes reach the factory's return (directly, or through the variable it is put in)? */
function returned(link: Node, fn: FactoryFunction): boolean {
	let top = link;
	// A fluent chain after the base path still returns the app: `new Hono().basePath('/x').use(mw)`.
	for (let p = top.getParent(); p && (Node.isPropertyAccessExpression(p) || Node.isCallExpression(p)); ) {
		if (Node.isCallExpression(p) && p.getExpression() !== top) break;
		top = p;
		p = p.getParent();
	}
	const holder = top.getParent();
	if (!holder) return false;
	if (Node.isReturnStatement(holder) || holder === fn) return true;
	let name: string | undefined;
	if (Node.isVariableDeclaration(holder)) name = holder.getName();
	else if (Node.isBinaryExpression(holder) && holder.getRight() === top) name = holder.getLeft().getText();
	if (!name) return false;
	return (fn.getBody()?.getDescendantsOfKind(SyntaxKind.ReturnStatement) ?? []).some(
		(d) => d.getExpression()?.getText() === name,
	);
}

/** Is `node` under a branch of the factory (an `if`, a `switch` or `?:`), so that some calls skip it? */
function conditional(node: Node, fn: Node): boolean {
	for (let p = node.getParent(); p && p !== fn; p = p.getParent())
		if (Node.isIfStatement(p) || Node.isSwitchStatement(p) || Node.isConditionalExpression(p)) return true;
	return false;
}

/** A factory's base-path calls whose app it returns: the prefix argument, and whether some paths skip it. */
interface BaseCall {
	prefixNode: Node;
	optional: boolean;
}

/** Per factory and trunk: its body is walked once, however many apps it makes. */
const baseCallsOf = new WeakMap<Node, Map<string, BaseCall[]>>();

function baseCalls(fn: FactoryFunction, body: Node, c: Compiled, trunk: string): BaseCall[] {
	const byTrunk = baseCallsOf.get(fn) ?? new Map<string, BaseCall[]>();
	baseCallsOf.set(fn, byTrunk);
	const known = byTrunk.get(trunk);
	if (known) return known;
	const found: BaseCall[] = [];
	for (const inner of body.getDescendantsOfKind(SyntaxKind.CallExpression)) {
		const called = calleeParts(inner);
		const mounts = called ? (c.mounts.get(called.name) ?? []) : [];
		for (const m of mounts) {
			if (!called || m.trunk.name !== trunk || !m.resultMounted) continue;
			const parts = chainedParts(called, [...trunkVerbs(m.trunk)], (link, name) =>
				isMountLink(c, trunk, link, name),
			);
			const prefixNode = inner.getArguments()[m.prefixArg];
			if (!matchCallee(m.callee, parts) || !prefixNode || !returned(inner, fn)) continue;
			found.push({ prefixNode, optional: conditional(inner, fn) });
		}
	}
	byTrunk.set(trunk, found);
	return found;
}

/** The base path (and whether it is set on some paths only) a factory call's app gets for `trunk`'s mounts. */
function factoryBase(
	call: CallExpression,
	c: Compiled,
	trunk: string,
): { prefix: string; optional: boolean } | null {
	const fn = factoryOf(call);
	const body = fn?.getBody();
	if (!fn || !body) return null;
	for (const b of baseCalls(fn, body, c, trunk)) {
		const prefix = boundPrefix(b.prefixNode, fn, call);
		if (prefix?.startsWith("/")) return { prefix, optional: b.optional };
	}
	return null;
}

/**
 * Mount records for this file's apps made by a base-path factory: each router identity of the file (a
 * register site's receiver, a mount's target or host) held by `const x = factory(…)`.
 */
export function factoryBaseMounts(
	sf: SourceFile,
	c: Compiled,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	if (c.mounts.size === 0) return;
	const file = sf.getFilePath();
	const routers = new Map<string, string>();
	const take = (id: string | null | undefined, trunk: string) => {
		if (id?.startsWith(`${file}#`) && !routers.has(id)) routers.set(id, trunk);
	};
	for (const s of out) {
		if (s.trunk === MOUNT) {
			const m = JSON.parse(s.rawKey as string) as MountInfo;
			take(m.target, m.trunk);
			take(m.on, m.trunk);
		} else if (s.side === "register") take(receiverIdentity.get(s), s.trunk);
	}
	for (const [id, trunk] of routers) {
		const decl = sf.getVariableDeclaration(id.slice(file.length + 1));
		const init = decl?.getInitializer();
		const u = init && unwrap(init);
		if (!decl || !u || !Node.isCallExpression(u)) continue;
		const base = factoryBase(u, c, trunk);
		if (!base) continue;
		const info: MountInfo = { trunk, prefix: base.prefix, target: id, on: null, base: true };
		if (base.optional) info.optional = true;
		out.push(internalRecord(MOUNT, info, ctx.filePath, startLine(decl)));
	}
}
