/**
 * Instances a factory call made for a key: `this.emailQueue = await this.queues.createQueue({ name:
 * 'send-email', process: (job) => … })`, then `this.emailQueue.add(data)` elsewhere in the class. The
 * send names no key; the key is the `name` of the object the held instance was created with. Such a
 * call is recorded as a send of that key (`createQueue().add`, `named`), so it joins the job
 * definition the same object makes (`{ name, process }`, jobs.ts). Only declarations in the call's own
 * file are read: an incremental run re-reads the file whenever either side changes — except a module
 * constant a factory made for a literal name (`export const MailQueue = createQueue("mail_queue", opts)`),
 * read wherever it is declared, since such queues are shared by the modules that send to and run them.
 */
import type { CallExpression } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { calledName } from "../walk.js";
import { CANDIDATE, type CandidateInfo, record } from "./candidates.js";
import { KEY_PROPERTY } from "./families.js";
import { literalKeys } from "./literal-keys.js";

/** `x` or `this.x`: a receiver that may hold an instance. */
export const HELD_RECEIVER = /^(?:this\.)?[\w$]+$/;

/** The factory call's name and the `name` key of its object argument, when it makes a keyed instance. */
function keyedFactoryCall(e: ts.Expression): { factory: string; key: ts.Expression } | null {
	let call = skipWrappers(e);
	if (ts.isAwaitExpression(call)) call = skipWrappers(call.expression);
	if (!ts.isCallExpression(call)) return null;
	const callee = call.expression;
	const factory = ts.isPropertyAccessExpression(callee)
		? callee.name.text
		: ts.isIdentifier(callee)
			? callee.text
			: null;
	if (!factory) return null;
	for (const a of call.arguments) {
		const obj = skipWrappers(a);
		if (!ts.isObjectLiteralExpression(obj)) continue;
		const p = obj.properties.find(
			(q): q is ts.PropertyAssignment =>
				ts.isPropertyAssignment(q) && ts.isIdentifier(q.name) && q.name.text === KEY_PROPERTY,
		);
		if (p) return { factory, key: p.initializer };
	}
	return null;
}

/**
 * `export const MailQueue = createDeferredQueue("mail_queue", opts)`: a module-level `const` a factory call
 * made with a literal name first — the key its users send to (`MailQueue.enqueue(job)`) and run
 * (`client.createRunner(MailQueue, { run })`, jobs.ts), in whichever file. A local or a `let` may be
 * reassigned or per call; a name read at run time is no key.
 */
export function moduleInstance(held: Node): { factory: string; keys: string[] } | null {
	if (!Node.isIdentifier(held)) return null;
	let decls: Node[] = [];
	try {
		decls = declarationsOf(held);
	} catch {
		return null;
	}
	const decl = decls[0];
	if (!decl || !Node.isVariableDeclaration(decl)) return null;
	const raw = decl.compilerNode;
	const list = raw.parent;
	const statement = list.parent;
	if (
		!(list.flags & ts.NodeFlags.Const) ||
		!ts.isVariableStatement(statement) ||
		!ts.isSourceFile(statement.parent) ||
		!raw.initializer
	)
		return null;
	const made = skipWrappers(raw.initializer);
	if (!ts.isCallExpression(made)) return null;
	const factory = calledName(made);
	const first = made.arguments[0];
	if (!factory || !first) return null;
	const keys = literalKeys(first, decl.getSourceFile());
	return keys && keys.length > 0 ? { factory, keys } : null;
}

/** Per class, its fields' assigned values: one walk of a class however many sends its methods make. */
const assignedByClass = new WeakMap<ts.Node, Map<string, ts.Expression[]>>();

/** The values assigned to a class field, `this.field = …`, anywhere in its class. */
function fieldAssignments(cls: ts.Node, field: string): ts.Expression[] {
	let byField = assignedByClass.get(cls);
	if (!byField) {
		byField = allFieldAssignments(cls);
		assignedByClass.set(cls, byField);
	}
	return byField.get(field) ?? [];
}

function allFieldAssignments(cls: ts.Node): Map<string, ts.Expression[]> {
	const out = new Map<string, ts.Expression[]>();
	const visit = (n: ts.Node): void => {
		if (
			ts.isBinaryExpression(n) &&
			n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			ts.isPropertyAccessExpression(n.left) &&
			n.left.expression.kind === ts.SyntaxKind.ThisKeyword
		)
			out.set(n.left.name.text, [...(out.get(n.left.name.text) ?? []), n.right]);
		ts.forEachChild(n, visit);
	};
	visit(cls);
	return out;
}

/** What the receiver was created with: a variable's initializer, or the values its class field is given. */
function creations(recv: Node, file: ts.SourceFile): ts.Expression[] {
	let decls: Node[] = [];
	try {
		decls = declarationsOf(recv);
	} catch {
		return [];
	}
	const decl = decls[0];
	if (!decl || decl.getSourceFile().compilerNode !== file) return [];
	const raw = decl.compilerNode;
	if (ts.isVariableDeclaration(raw)) return raw.initializer ? [raw.initializer] : [];
	if (!ts.isPropertyDeclaration(raw) || !ts.isIdentifier(raw.name)) return [];
	const own = raw.initializer ? [raw.initializer] : [];
	return [...own, ...fieldAssignments(raw.parent, raw.name.text)];
}

/** `this.emailQueue.add(data)` on an instance `createQueue({ name: 'send-email' })` made: a send of `send-email`. */
export function factoryInstanceCandidate(
	call: CallExpression,
	verb: string,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const recv = skipWrappers(call.compilerNode.expression);
	if (!ts.isPropertyAccessExpression(recv)) return;
	const held = call.getExpression();
	if (!Node.isPropertyAccessExpression(held)) return;
	const made = creations(held.getExpression(), call.getSourceFile().compilerNode)
		.map(keyedFactoryCall)
		.filter((m) => m !== null);
	const first = made[0];
	if (first && made.some((m) => m.factory !== first.factory)) return;
	const sf = call.getSourceFile();
	const shared = first ? null : moduleInstance(held.getExpression());
	const factory = first?.factory ?? shared?.factory;
	const keys = shared?.keys ?? [...new Set(made.flatMap((m) => literalKeys(m.key, sf) ?? []))];
	if (!factory || keys.length === 0) return;
	const info: CandidateInfo = {
		form: "call",
		receiver: `${factory}()`,
		name: verb,
		arg: 0,
		keys,
		handlerArg: null,
		handler: null,
		callee: null,
		named: true,
		fromInstance: true,
	};
	out.push(record(CANDIDATE, info, call, call.getExpression(), ctx));
}
