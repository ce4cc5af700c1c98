/**
 * Events keyed by their class, not a string: a bus sends an instance, `this.eventBus.publish(new
 * OrderPlacedEvent(ctx, order))`, and listeners select the class, `this.eventBus.ofType(OrderPlacedEvent)
 * .subscribe((e) => …)` (or `listener.on(OrderPlacedEvent)` on a listener builder). The key is the class's
 * name, read through the checker so only an in-repo class declaration counts (`publish(new Date())` or
 * `on(SomeEnum.X)` key nothing). Verbs: `CLASS_EVENTS` in families.
 */
import type { CallExpression, ClassDeclaration, SourceFile } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, record } from "./candidates.js";
import { CLASS_EVENTS, HANDLER_CLASS_METHODS } from "./families.js";
import { functionHandler } from "./handler-refs.js";

/** The in-repo class a reference names (through an import alias), or null. */
function declaredClass(ref: Node): ClassDeclaration | null {
	try {
		const decl = declarationsOf(ref)[0];
		if (!decl || !Node.isClassDeclaration(decl) || decl.getSourceFile().isInNodeModules()) return null;
		return decl.getName() ? decl : null;
	} catch {
		return null;
	}
}

/**
 * The handler of a listener: a named function given to a later link of its chain (`.subscribe(this.onPlaced)`),
 * else the definition holding the listener (an inline callback is its code).
 */
function chainedHandler(call: CallExpression, ctx: SiteContext): string | null {
	let at: Node = call;
	for (let depth = 0; depth < 6; depth++) {
		const access = at.getParent();
		const next = access?.getParent();
		if (!access || !Node.isPropertyAccessExpression(access) || !next || !Node.isCallExpression(next)) break;
		for (const a of next.getArguments()) {
			const raw = skipWrappers(a.compilerNode as ts.Expression);
			if (!ts.isIdentifier(raw) && !ts.isPropertyAccessExpression(raw)) continue;
			const id = functionHandler(a, ctx);
			if (id) return id;
		}
		at = next;
	}
	return ctx.enclosingDefId(call);
}

/**
 * `bus.ofType(EventClass)` registers, `bus.publish(new EventClass(…))` sends: one candidate each. The shape is
 * tested on the compiler node first; only a call that has it is wrapped (`wrapped`) and its class resolved.
 */
export function classEventCandidate(
	cn: ts.CallExpression,
	wrapped: () => CallExpression,
	callee: { receiver: string; name: string },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const listens = CLASS_EVENTS.listeners.has(callee.name);
	if (!listens && !CLASS_EVENTS.senders.has(callee.name)) return;
	const raw = cn.arguments[0];
	if (!raw) return;
	const arg = skipWrappers(raw);
	if (listens ? !ts.isIdentifier(arg) && !ts.isPropertyAccessExpression(arg) : !ts.isNewExpression(arg))
		return;
	const call = wrapped();
	const sf = call.getSourceFile();
	const name = declaredClass(wrap(sf, ts.isNewExpression(arg) ? arg.expression : arg))?.getName();
	if (!name) return;
	const info: CandidateInfo = {
		form: listens ? "event-class" : "event-class-send",
		receiver: callee.receiver,
		name: callee.name,
		arg: 0,
		keys: [name],
		handlerArg: null,
		handler: listens ? chainedHandler(call, ctx) : null,
		callee: null,
	};
	out.push(record(CANDIDATE, info, call, wrap(sf, raw), ctx));
}

/**
 * A handler class given the classes it handles by a class decorator (`@CommandHandler(CreateOrder)`,
 * `@EventsHandler(OrderPlaced, OrderPaid)`): its `execute` / `handle` method listens to them, as `ofType(X)` would.
 * A class that declares neither method is no handler (`@UseGuards(AuthGuard)` on a controller).
 */
export function classHandlerCandidates(
	sf: SourceFile,
	decorators: readonly ts.Decorator[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	for (const raw of decorators) {
		const cls = raw.parent;
		const call = raw.expression;
		if (!ts.isClassDeclaration(cls) || !ts.isCallExpression(call) || call.arguments.length === 0) continue;
		if (!call.arguments.every((a) => ts.isIdentifier(skipWrappers(a)))) continue;
		const method = cls.members.find(
			(m): m is ts.MethodDeclaration =>
				ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && HANDLER_CLASS_METHODS.includes(m.name.text),
		);
		if (!method) continue;
		const names = call.arguments.map((a) => declaredClass(wrap(sf, skipWrappers(a)))?.getName());
		if (names.some((n) => !n)) continue;
		const decorated = wrap<ClassDeclaration>(sf, cls);
		const info: CandidateInfo = {
			form: "event-class",
			receiver: "",
			name: `@${ts.isIdentifier(call.expression) ? call.expression.text : call.expression.getText(sf.compilerNode)}`,
			arg: 0,
			keys: names as string[],
			handlerArg: null,
			handler: ctx.defIdOf(wrap(sf, method)),
			callee: null,
		};
		out.push(record(CANDIDATE, info, decorated, wrap(sf, call.arguments[0] as ts.Node), ctx));
	}
}
