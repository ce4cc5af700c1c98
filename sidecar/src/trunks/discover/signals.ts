/**
 * Signals to running workflows (Temporal): `setHandler(sig, fn)` in a workflow registers `fn` under the
 * name its definition (`defineSignal('x')`, `defineQuery`, `defineUpdate`) gives it; `signalWithStart`
 * and a handle's `.signal(sig)` send it. Shapes and module names, as data: `WORKFLOWS.signals` in families.
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { handlerDefId } from "../handler.js";
import { type FileNodes, wrap } from "../walk.js";
import { CANDIDATE, declaredInfo, record } from "./candidates.js";
import { WORKFLOWS } from "./families.js";
import { SIGNAL, SIGNAL_SEND, starterName } from "./workflow-modules.js";

const SIGNALS = WORKFLOWS.signals;

/**
 * The name a signal expression carries: a string (when `literal`), or a constant initialised by
 * `defineSignal('x')` (`defineQuery`, `defineUpdate`), in this file or imported (the checker's symbol).
 */
function signalName(sf: SourceFile, expr: ts.Expression, literal: boolean): string | null {
	const e = skipWrappers(expr);
	if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e))
		return literal && e.text ? e.text : null;
	if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return null;
	for (const d of declarationsOf(wrap<Node>(sf, e))) {
		const decl = d.compilerNode;
		if (!ts.isVariableDeclaration(decl) || !decl.initializer) continue;
		const init = skipWrappers(decl.initializer);
		if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) continue;
		if (!SIGNALS.definers.has(init.expression.text)) continue;
		const name = init.arguments[0];
		if (name && (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) && name.text)
			return name.text;
	}
	return null;
}

/** `signalWithStart('wf', { signal: X })`: the options' signal expression. */
function startSignal(cn: ts.CallExpression): ts.Expression | null {
	const opts = cn.arguments[1];
	if (!opts || !ts.isObjectLiteralExpression(skipWrappers(opts))) return null;
	for (const p of (skipWrappers(opts) as ts.ObjectLiteralExpression).properties)
		if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === SIGNALS.startOption)
			return p.initializer;
	return null;
}

/**
 * Signals by name: `setHandler(sig, fn)` in a workflow registers `fn` (or the workflow holding an
 * inline one) under the definition's name; `signalWithStart(…, { signal })` and `handle.signal(sig)`
 * send it.
 */
export function signalCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	imports: { names: Set<string>; engine: boolean },
	out: DispatchSiteRecord[],
): void {
	const setters = new Set([...imports.names].filter((n) => SIGNALS.setters.has(n)));
	for (const cn of nodes.calls) {
		const e = skipWrappers(cn.expression);
		const [first, second] = cn.arguments;
		if (!first) continue;
		if (ts.isIdentifier(e) && setters.has(e.text)) {
			const key = signalName(sf, first, false);
			if (!key || !second) continue;
			// An inline handler is the workflow's own code, which the workflow's start already reaches.
			const inline =
				ts.isArrowFunction(skipWrappers(second)) || ts.isFunctionExpression(skipWrappers(second));
			const handler = inline ? null : handlerDefId(wrap<Node>(sf, second), ctx);
			const info = declaredInfo("signal", SIGNAL, [key], handler);
			out.push(record(CANDIDATE, info, wrap(sf, cn), wrap(sf, first), ctx));
			continue;
		}
		if (!ts.isPropertyAccessExpression(e)) continue;
		const method = e.name.text;
		let keyNode: ts.Expression | null = null;
		let literal = imports.engine;
		// A starter's call is the engine's wherever it is made (a wrapper's client, `client.workflow`).
		if (method === "signalWithStart" && starterName(e, new Set()) === method) {
			keyNode = startSignal(cn);
			literal = true;
		}
		// Elsewhere a handle's `.signal(sig)` names a definition (`.query(x)` is a database's too).
		else if (imports.engine ? SIGNALS.senders.has(method) : method === SIGNALS.anywhere) keyNode = first;
		if (!keyNode) continue;
		const key = signalName(sf, keyNode, literal);
		if (!key) continue;
		const info = declaredInfo("signal-send", SIGNAL_SEND, [key], null);
		out.push(record(CANDIDATE, info, wrap(sf, cn), wrap(sf, keyNode), ctx));
	}
}
