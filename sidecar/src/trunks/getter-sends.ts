/**
 * Sends on an instance a getter hands out: `TraceUpsertQueue.getInstance()?.add(job)`, or
 * `const queue = IngestionQueue.getInstance({ shardingKey }); … queue.add(job)`, where the getter
 * (a static singleton method, a factory function) is the definition that makes the keyed instance,
 * `new Queue(QueueName.TraceUpsert, …)`. Discovery joins the constructor's key inside the getter to the
 * worker's processor; the producer's send line carried no key, so the hop from the producer to the
 * consumer ran through the getter and the line making it (`queue.add`) was no site. Here the per-file
 * pass records each send on a getter's result with the getter's definition (resolved by the checker),
 * and finalize gives the send the key of the one keyed instance its getter makes.
 *
 * A factory choosing the getter by the queue's name (`getQueue(QueueName.BatchAction)?.add(job)`, its body
 * `switch (name) { case QueueName.BatchAction: return BatchActionQueue.getInstance(); … }`) is followed one
 * step: the send records the factory's constant argument, the factory's file records each `case K: return
 * g()` (both per file, so an incremental run re-reads each where it lives), and finalize takes the getter
 * of the case whose constant is the argument's.
 */

import type { SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../index/types.js";
import { firstDeclarationOf } from "../syntax/declarations-of.js";
import { skipWrappers } from "../syntax/unwrap.js";
import type { CandidateInfo, Sited } from "./discover/candidates.js";
import { INSTANCE_VERBS } from "./discover/families.js";
import { calleeDef } from "./discover/handler-refs.js";
import { literalKeys } from "./discover/literal-keys.js";
import { checkerOf } from "./walk.js";

/** Internal record kind (finalize removes it). */
export const GETTER_SEND = "(getter-send)";

export interface GetterSendInfo {
	/** defId of the getter whose result the call sends on. */
	getter: string;
	verb: string;
	/** The getter call's first argument, when one constant key: a factory's choice (`getQueue(QueueName.X)`). */
	arg?: string;
}

/** A factory's `case K: return g()`: the factory is the record's enclosing definition. */
interface GetterCaseInfo {
	case: string;
	getter: string;
}

/** The one constant key an argument holds (a literal, `QueueName.X`), or undefined. */
function oneKey(e: ts.Expression | undefined, sf: SourceFile): string | undefined {
	if (!e) return undefined;
	const keys = literalKeys(e, sf);
	return keys?.length === 1 ? keys[0] : undefined;
}

/** `x`, `(x)`, `x!`, `await x`, `x as T`: the value under them. */
function heldValue(e: ts.Expression): ts.Expression {
	let n = skipWrappers(e);
	while (ts.isAwaitExpression(n)) n = skipWrappers(n.expression);
	return n;
}

/**
 * The getter calls a receiver's value comes from: the call itself, or a local `const q = get()` (either
 * branch of `c ? get() : null`, either side of `deps.q ?? get()`).
 */
function getterCalls(recv: ts.Expression, checker: ts.TypeChecker): ts.CallExpression[] {
	const v = heldValue(recv);
	if (ts.isCallExpression(v)) return [v];
	if (!ts.isIdentifier(v)) return [];
	const decl = firstDeclarationOf(v, checker);
	// A variable of this file only: its initializer is re-read whenever the file is.
	if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return [];
	if (decl.getSourceFile() !== recv.getSourceFile()) return [];
	const init = heldValue(decl.initializer);
	if (ts.isCallExpression(init)) return [init];
	const branches = ts.isConditionalExpression(init)
		? [init.whenTrue, init.whenFalse]
		: ts.isBinaryExpression(init) &&
				(init.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
					init.operatorToken.kind === ts.SyntaxKind.BarBarToken)
			? [init.left, init.right]
			: [];
	return branches.map(heldValue).filter((b): b is ts.CallExpression => ts.isCallExpression(b));
}

/** The per-file pass: each send (`add`, `addBulk`, `publish`, `send`, `enqueue`) on a getter's result. */
export function getterSends(
	sf: SourceFile,
	calls: readonly ts.CallExpression[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	let checker: ts.TypeChecker | undefined;
	for (const cn of calls) {
		const callee = cn.expression;
		if (!ts.isPropertyAccessExpression(callee) || !INSTANCE_VERBS.has(callee.name.text)) continue;
		const recv = callee.expression;
		// `this.queue.add`, `config.queue.add`: a held field, no getter's result.
		if (ts.isPropertyAccessExpression(skipWrappers(recv))) continue;
		checker ??= checkerOf(sf);
		const getters = new Map<string, string | undefined>();
		for (const g of getterCalls(recv, checker)) {
			const id = calleeDef(g.expression, checker, ctx);
			if (id) getters.set(id, oneKey(g.arguments[0], sf));
		}
		if (getters.size === 0) continue;
		const src = sf.compilerNode;
		const line = src.getLineAndCharacterOfPosition(callee.name.getStart(src)).line + 1;
		for (const [getter, arg] of getters) {
			const info: GetterSendInfo = arg
				? { getter, verb: callee.name.text, arg }
				: { getter, verb: callee.name.text };
			out.push(recorded("dispatch", info, callee.getText(src), line, ctx.enclosingDefId(cn), ctx));
		}
	}
	getterCases(sf, calls, ctx, out);
}

/** A factory's cases, `case K: return g(…)` (the return straight in the clause), each with g's definition. */
function getterCases(
	sf: SourceFile,
	calls: readonly ts.CallExpression[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	let checker: ts.TypeChecker | undefined;
	const src = sf.compilerNode;
	for (const cn of calls) {
		const ret = cn.parent;
		if (!ret || !ts.isReturnStatement(ret) || ret.expression !== cn) continue;
		const clause = ret.parent;
		if (!clause || !ts.isCaseClause(clause)) continue;
		const key = oneKey(clause.expression, sf);
		if (!key) continue;
		checker ??= checkerOf(sf);
		const getter = calleeDef(cn.expression, checker, ctx);
		const factory = ctx.enclosingDefId(cn);
		if (!getter || !factory || getter === factory) continue;
		const info: GetterCaseInfo = { case: key, getter };
		const line = src.getLineAndCharacterOfPosition(cn.getStart(src)).line + 1;
		out.push(recorded("register", info, cn.getText(src), line, factory, ctx));
	}
}

/** A send (dispatch side) or a factory's case (register side) as a record for finalize: no key yet, its facts in `rawKey`. */
function recorded(
	side: "register" | "dispatch",
	info: GetterSendInfo | GetterCaseInfo,
	expression: string,
	line: number,
	enclosingDefId: string | null,
	ctx: SiteContext,
): DispatchSiteRecord {
	return {
		trunk: GETTER_SEND,
		side,
		key: null,
		rawKey: JSON.stringify(info),
		expression: expression.slice(0, 200),
		file: ctx.filePath,
		line,
		enclosingDefId,
		handlerDefId: null,
		resolution: "checker",
		inScope: false,
	};
}

/**
 * Finalize: a recorded send dispatches the key of the keyed instance its getter makes — the getter's
 * dispatch site at a discovered `new X(key)` candidate (`new Queue(QueueName.TraceUpsert)`) — when the
 * getter makes one key only (a factory choosing among several by its argument is left alone).
 */
export function getterSendSites(
	records: readonly DispatchSiteRecord[],
	sites: readonly DispatchSiteRecord[],
	candidates: readonly Sited<CandidateInfo>[],
): DispatchSiteRecord[] {
	if (records.length === 0) return [];
	const made = new Set<string>();
	for (const c of candidates)
		if (c.info.name.startsWith("new ") && c.info.keys.length > 0 && c.site.enclosingDefId)
			made.add(`${c.site.file}:${c.site.line}`);
	if (made.size === 0) return [];
	const byGetter = new Map<string, Map<string, DispatchSiteRecord>>();
	const taken = new Set<string>();
	for (const s of sites) {
		if (s.side !== "dispatch" || s.key === null || s.trunk.startsWith("(")) continue;
		taken.add(`${s.trunk}\0${s.key}\0${s.file}:${s.line}`);
		if (!s.enclosingDefId || !made.has(`${s.file}:${s.line}`)) continue;
		const keys = byGetter.get(s.enclosingDefId) ?? new Map<string, DispatchSiteRecord>();
		keys.set(`${s.trunk}\0${s.key}`, s);
		byGetter.set(s.enclosingDefId, keys);
	}
	// factory defId → case key → the getters its cases return for that key.
	const cases = new Map<string, Map<string, Set<string>>>();
	for (const r of records) {
		if (r.side !== "register" || !r.enclosingDefId) continue;
		const info = JSON.parse(r.rawKey as string) as GetterCaseInfo;
		const byKey = cases.get(r.enclosingDefId) ?? new Map<string, Set<string>>();
		byKey.set(info.case, (byKey.get(info.case) ?? new Set<string>()).add(info.getter));
		cases.set(r.enclosingDefId, byKey);
	}
	/** The one key a getter's instance carries, or undefined. */
	const onlyInstance = (getter: string): DispatchSiteRecord | undefined => {
		const keys = byGetter.get(getter);
		return keys?.size === 1 ? [...keys.values()][0] : undefined;
	};
	const out: DispatchSiteRecord[] = [];
	for (const r of records) {
		if (r.side !== "dispatch") continue;
		const info = JSON.parse(r.rawKey as string) as GetterSendInfo;
		let instance = onlyInstance(info.getter);
		if (!instance && info.arg) {
			// A factory: the one getter its case for the argument's constant returns.
			const chosen = cases.get(info.getter)?.get(info.arg);
			if (chosen?.size === 1) instance = onlyInstance([...chosen][0] as string);
		}
		if (!instance || r.enclosingDefId === info.getter) continue;
		const id = `${instance.trunk}\0${instance.key}\0${r.file}:${r.line}`;
		if (taken.has(id)) continue;
		taken.add(id);
		out.push({
			...r,
			trunk: instance.trunk,
			key: instance.key,
			rawKey: instance.rawKey,
			inScope: instance.inScope,
		});
	}
	return out;
}
