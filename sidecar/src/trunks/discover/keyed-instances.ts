/**
 * Instances created for a key and kept (`this.stream = new Streamer('notify-all')`, `new Queue('emails')`):
 * a keyed channel when the file then emits on it or listens to it, and calls on one send its key.
 */

import type { CallExpression } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { unwrap } from "../../syntax/unwrap.js";
import { throughWrappers } from "../walk.js";
import { CANDIDATE, type CandidateInfo, record } from "./candidates.js";
import { literalKeys } from "./literal-keys.js";

/** Calls on an instance that send through it or listen on it (`streamAll.emit`, `queue.add`, `channel.on`). */
const INSTANCE_USE =
	"(?:emit\\w*|on|once|addListener|addEventListener|publish\\w*|subscribe|send|postMessage|broadcast\\w*|add|addBulk|dispatch\\w*|listen)";

/**
 * `this.streamAll = new Streamer('notify-all')` (or `const q = new Queue('emails')`): the instance is
 * kept, and "emitted" when the same file then emits on it or listens to it — a keyed channel, not a
 * value (`new Error('x')`, `new Date(s)`).
 */
export function heldInstance(cn: ts.CallExpression | ts.NewExpression): "held" | "emitted" | null {
	const at = throughWrappers(
		cn,
		(w) => ts.isParenthesizedExpression(w) || ts.isAsExpression(w) || ts.isAwaitExpression(w),
	);
	const p = at.parent;
	let holder: string | null = null;
	if (
		(ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p)) &&
		p.initializer === at &&
		ts.isIdentifier(p.name)
	)
		holder = p.name.text;
	else if (ts.isBinaryExpression(p) && p.right === at && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
		const left = p.left;
		if (ts.isIdentifier(left)) holder = left.text;
		else if (ts.isPropertyAccessExpression(left) && ts.isIdentifier(left.name)) holder = left.name.text;
	}
	if (!holder) return null;
	const re = new RegExp(`\\b${holder.replace(/\$/g, "\\$")}\\s*[?!]?\\.\\s*${INSTANCE_USE}\\s*[(<]`);
	return re.test(cn.getSourceFile().text) ? "emitted" : "held";
}

/**
 * `emailQueue.add('welcome', data)` with `const emailQueue = new Queue('emails')`: the call sends
 * to what the instance was created for, key `emails`, as `new Queue.add`.
 */
export function instanceCandidate(
	call: CallExpression,
	callee: { receiver: string; name: string },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const recv = unwrap(call.getExpression());
	if (!Node.isPropertyAccessExpression(recv)) return;
	let decls: Node[] = [];
	try {
		decls = declarationsOf(recv.getExpression());
	} catch {
		return;
	}
	const decl = decls[0];
	if (!decl || !Node.isVariableDeclaration(decl)) return;
	const init = decl.getInitializer();
	const created = init && unwrap(init);
	if (!created || !Node.isNewExpression(created)) return;
	const ctor = unwrap(created.getExpression());
	const first = created.getArguments()[0];
	if (!Node.isIdentifier(ctor) || !first) return;
	const keys = literalKeys(first.compilerNode as ts.Expression, first.getSourceFile());
	if (!keys) return;
	const info: CandidateInfo = {
		form: "call",
		receiver: "",
		name: `new ${ctor.getText()}.${callee.name}`,
		arg: 0,
		keys,
		handlerArg: null,
		handler: null,
		callee: null,
	};
	out.push(record(CANDIDATE, info, call, call.getExpression(), ctx));
}
