/**
 * Discovery's per-file pass: every call that carries a literal (or const) key — with or without a
 * handler — becomes a candidate, grouped later by its shape (receiver, called name, key position).
 * Also recorded: functions whose parameter flows into a call's key position (wrappers such as
 * `post(path) { return fetch(base + path) }`), decorated methods with a key, GraphQL documents and
 * resolver maps, and tRPC-style proxy calls. All travel to finalize as internal records, so an
 * incremental run keeps them with the file's other sites.
 */
import type {
	CallExpression,
	Decorator,
	MethodDeclaration,
	NewExpression,
	PropertyAssignment,
	SourceFile,
	TaggedTemplateExpression,
} from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { graphqlOperations, isGraphqlDocument } from "../../indexer/graphql-doc.js";
import { templateAsPath, withoutBaseUrl } from "../bind.js";
import { chainRoot } from "../callee.js";
import { chainHandlerIndex, inlineFunctionOf } from "../handler.js";
import { evaluateKey, unwrap } from "../key-eval.js";
import { exprText, startLine } from "../sites.js";
import { type FileNodes, rawUnwrap, throughWrappers, wrap } from "../walk.js";
import { creatorCandidates } from "./actions.js";
import { classEventCandidate } from "./class-events.js";
import { factoryInstanceCandidate, HELD_RECEIVER } from "./factory-instances.js";
import {
	ACTIONS,
	COMMAND_OBJECT_METHODS,
	DISPATCH_VERBS,
	GRAPHQL_CLIENT_CALLS,
	GRAPHQL_GENERATED_NAMES,
	GRAPHQL_RESOLVER_DECORATORS,
	GRAPHQL_ROOTS,
	GRAPHQL_SERVERS,
	GRAPHQL_TAGS,
	HTTP_DECORATORS,
	HTTP_VERBS,
	INSTANCE_VERBS,
	JOB_CATALOGUES,
	JOB_DEFINITIONS,
	KEY_PROPERTY,
	LOOKUP_VERBS,
	PROXY_VERBS,
	ROUTE_CLASS_DECORATORS,
	SEND_NAME,
	TRANSPORTS,
	VERB_PAIRS,
} from "./families.js";
import { type FileFacts, facadeUseCandidate, registrationCandidate } from "./services.js";

/** Internal record kinds (finalize removes them). */
export const CANDIDATE = "(candidate)";
/** GraphQL candidate names: an operation of a document, and code using one by its generated name. */
export const OPERATION = "(operation)";
export const RESOLVER = "(resolver)";
export const DOCUMENT_USE = "(document-use)";
/** Resolver maps a GraphQL server is given: their keys are the maps' definition ids. */
export const SCHEMA = "(schema)";
export const WRAPPER = "(wrapper)";

export type CandidateForm =
	| "call"
	| "object"
	| "decorator"
	| "graphql"
	| "proxy"
	// Named services (services.ts): a class's public method, a registering call, facades.
	| "service"
	| "registration"
	| "facade"
	| "facade-def"
	| "facade-use"
	// A registry mounted in another under a name (`router({ user: userRouter })`).
	| "mount"
	// Redux-style action types (actions.ts): reducers register them, action objects and creators dispatch.
	| "reducer"
	| "action"
	// Job definitions (jobs.ts): `{ id: 'x', handler }` objects register their handler under the key.
	| "job"
	// File-based routes (file-routes.ts): a route module's verb-named exports register its path.
	| "file-route"
	// Workflows run by name (workflows.ts): a workflow module's exports, started by `client.workflow.start('x')`.
	| "workflow"
	| "workflow-start"
	// Activities (workflows.ts): activity classes' methods and modules' exports, called through proxyActivities.
	| "activity"
	| "activity-call"
	// Signals to running workflows (workflows.ts): `setHandler(sig, fn)` registers, `signalWithStart`/`handle.signal` send.
	| "signal"
	| "signal-send"
	// The modules a workflow names as its activities (`proxyActivities<typeof acts>()`): keys are repo paths.
	| "activity-module"
	// Events keyed by their class (class-events.ts): `bus.ofType(E)` listens, `bus.publish(new E())` sends.
	| "event-class"
	| "event-class-send";

export interface CandidateInfo {
	form: CandidateForm;
	/** Normalised receiver text (`this.emitter`, `io.to()`); "" for a bare call. */
	receiver: string;
	name: string;
	/** Argument position of the key (call and object forms). */
	arg: number;
	keys: string[];
	/** Position of the handler argument, when one is a function or a reference to one. */
	handlerArg: number | null;
	handler: string | null;
	/** The in-repo definition the callee resolves to (wrappers), for calls without a handler. */
	callee: string | null;
	/** HTTP method, when the call or decorator says it (`router.post`, `@Get`, `fetch(u, { method: 'PUT' })`). */
	method?: string;
	/** `x = new Streamer('name')`: the instance is kept (assigned), and the file emits on it or listens to it (`x.emit(…)`). */
	held?: true;
	emitted?: true;
	/** Facades: the exported name (definition) or imported name (use), the defining package, the import's module and member. */
	exportName?: string;
	pkg?: string | null;
	module?: string;
	member?: string;
	/** The key is the `name` property of an object argument (`jobs.trigger({ name: 'x' })`, `@Handles({ name: 'x' })`). */
	named?: true;
	/** With `named`: the property when it is not `name` (`{ job: 'x' }`), and objects given in a list (`[{ name }]`, `xs.map(…)`). */
	keyProperty?: string;
	listed?: true;
	/** The named constant the key was read from (`JOB_NAME`, `EVENTS.SAVED`): the same constant on both sides is evidence. */
	constant?: string;
	/** A code-first GraphQL resolver (`@Query()` from `@nestjs/graphql`): its registry needs no dispatcher to stand. */
	declared?: true;
	/** GraphQL: the object type a resolver returns (`@Query(() => [Team])` → `Team`). */
	returns?: string;
	/** GraphQL: the paths an operation selects below its root fields (`team.members`). */
	nested?: string[];
	/** Object form: the key's prefix among nested calls of the same name (`admin.`), and the outermost call's variable. */
	path?: string;
	holder?: string;
	/** An activity registered only by its module's folder or file name (`activities/`, `*.activity.ts`). */
	byFolder?: true;
	/** A workflow's activity-module record: some proxy names no module or class (workflows.ts). */
	untyped?: true;
	/** A getter (`LOOKUP_VERBS`) whose result is called at once: it runs what it gets, no mere lookup. */
	invoked?: true;
	/** A template request path passed to an in-repo callee: a key only where that callee wraps a transport (infer.ts). */
	viaWrapper?: true;
	/** Keys completed by the wrapper's template around them (wrapper-keys.ts): no preset's call idiom says so. */
	completed?: true;
	/** A send on a held instance, keyed by what the instance was created with (factory-instances.ts): no call idiom reads it. */
	fromInstance?: true;
	/** An action object a function returns (actions.ts): an action only when `reachedActions` finds it one. */
	returned?: true;
	/** A job definition with a schedule (`trigger: { cron }`): the clock runs it, so it registers though no call names it. */
	scheduled?: true;
}

/**
 * A candidate declared rather than called (a job, workflow or activity definition, or a call naming
 * one): no receiver, the key's position 0, no handler argument and no callee of its own.
 */
export function declaredInfo(
	form: CandidateForm,
	name: string,
	keys: string[],
	handler: string | null,
	constant?: string | null,
): CandidateInfo {
	return {
		form,
		receiver: "",
		name,
		arg: 0,
		keys,
		handlerArg: null,
		handler,
		callee: null,
		...(constant ? { constant } : {}),
	};
}

export interface WrapperInfo {
	/** The wrapper definition and which of its parameters flows into the inner call's key. */
	def: string;
	param: number;
	receiver: string;
	name: string;
	arg: number;
	callee: string | null;
	/**
	 * The literal text around the parameter when the key is the parameter inside a template of its own
	 * (`` client.post(`/items.${kind}`) `` → `["/items.", ""]`): a caller's key is one part of it.
	 */
	template?: [string, string];
}

const PAIRED = new Set(Object.values(VERB_PAIRS).flat());

/** A call that puts a request on the wire: a bare transport (`fetch`), or a transport verb on a client (`this.http.post`, `this.client.fetch`). */
export function isTransport(receiver: string, name: string): boolean {
	if (receiver === "") return TRANSPORTS.bare.has(name) || FETCH_FACTORY.test(name);
	const segment = receiver.split(".").pop() ?? "";
	const last = segment.replace(/\(\)$/, "");
	// A factory only where it is called on its own (`createAuthenticatedKy(token)`); a method's result
	// (`this.getSafeAxios()`) is any client of the class's, a third party's API included (Postiz's providers).
	const client =
		TRANSPORTS.receivers.has(last) ||
		(segment === receiver && segment.endsWith("()") && TRANSPORTS.factoryTail.test(last));
	return client && TRANSPORTS.names.has(name);
}
/**
 * A transport word inside a camel-case name: the inner steps of a fetch wrapper (`doZodFetchWithRetries`,
 * `sendRequestOnce`), which SEND_NAME (a send word first or last) does not read.
 */
const TRANSPORT_WORD = /[a-z](Fetch|Request)(?![a-z])/;

/** A called name that can put a key on its way: a send verb, an HTTP verb or transport, a paired verb. */
function maySend(name: string): boolean {
	return (
		SEND_NAME.test(name) ||
		TRANSPORT_WORD.test(name) ||
		DISPATCH_VERBS.has(name) ||
		HTTP_VERBS.has(name.replace(/^\$/, "")) ||
		TRANSPORTS.bare.has(name) ||
		INSTANCE_VERBS.has(name) ||
		PAIRED.has(name)
	);
}

/** Methods of built-ins that take a string: their callee is never an in-repo wrapper worth resolving. */
const NOT_WRAPPERS = new Set([
	"push",
	"includes",
	"indexOf",
	"startsWith",
	"endsWith",
	"split",
	"join",
	"replace",
	"replaceAll",
	"match",
	"test",
	"concat",
	"querySelector",
	"querySelectorAll",
	"getElementById",
	"getAttribute",
	"setAttribute",
	"hasAttribute",
	"removeAttribute",
	"getItem",
	"setItem",
	"removeItem",
	"log",
	"debug",
	"info",
	"warn",
	"error",
	"trace",
	"toLocaleString",
	"localeCompare",
	"padStart",
	"padEnd",
	"require",
]);
const IGNORED_RECEIVERS = new Set([
	"console",
	"Math",
	"JSON",
	"Object",
	"Array",
	"Promise",
	"Reflect",
	"Number",
]);
/**
 * A receiver longer than this is an expression (a call chain, an inline object), not a registry's name: calls
 * on it group by its text, so each would be a shape of its own, and its text would weigh on every row.
 */
const MAX_RECEIVER = 60;

/** `this.api?.x!`, `io.to(room)` → `this.api.x`, `io.to()`: one spelling per receiver shape. */
export function normalizeReceiver(text: string): string {
	let t = text
		.replace(/\s+/g, "")
		.replace(/\?\./g, ".")
		.replace(/!(?=\.|$)/g, "");
	for (let i = 0; i < 4 && /\([^()]+\)/.test(t); i++) t = t.replace(/\([^()]+\)/g, "()");
	return t.replace(/<[^<>]*>/g, "");
}

/** A string that can be a dispatch key: short, one token, not a URL with a scheme or prose. */
export function keyLike(v: string): boolean {
	return (
		v.length > 1 &&
		v.length <= 120 &&
		!/\s/.test(v) &&
		!/^[a-z]+:\/\//i.test(v) &&
		!v.includes("${") &&
		// CSS selectors and markup (`#id`, `.class`, `[data-x]`, `<div>`) and plain numbers are no keys.
		!/^[#.[<>*]/.test(v) &&
		!/^-?\d+(\.\d+)?$/.test(v)
	);
}

/**
 * The keys an expression can evaluate to, or null. `anyName`: look up any name, not only constant-looking
 * ones — for the few calls (a transport's URL) where a lower-case constant is common (`api.post(routes.submit)`).
 */
export function literalKeys(
	node: ts.Expression,
	morph: () => Node | undefined,
	anyName = false,
): string[] | null {
	const n = rawUnwrap(node);
	if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))
		return keyLike(n.text) ? [n.text] : null;
	// A choice made at run time (`force ? 'assets.delete' : 'assets.trash'`, an array in a branch): the
	// keys of its constant alternatives; those built at run time are dropped, as a lone one would be.
	const branches = ts.isConditionalExpression(n)
		? [n.whenTrue, n.whenFalse]
		: ts.isArrayLiteralExpression(n)
			? [...n.elements]
			: null;
	if (branches) {
		const keys = new Set<string>();
		for (const b of branches) {
			const branchMorph = () => {
				const m = morph();
				return m && wrap(m.getSourceFile(), b);
			};
			for (const k of literalKeys(b, branchMorph, anyName) ?? []) keys.add(k);
		}
		return keys.size > 0 && keys.size <= 20 ? [...keys] : null;
	}
	// Const-evaluable: `EVENTS.SAVED`, `JOB_NAME`, `${PREFIX}.saved` (a symbol lookup, so only for constant-looking text).
	const text = ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) ? n.getText() : "";
	const constantLike =
		(anyName ? /^[A-Za-z_$]/ : /^[A-Z_$]/).test(text) && /^[\w$]+(\.[A-Za-z_$][\w$]*){0,2}$/.test(text);
	if (!constantLike && !(ts.isTemplateExpression(n) && templateMayBeKey(n)) && !switchedOn(n)) return null;
	const m = morph();
	const values = m ? evaluateKey(m) : null;
	const keys = values?.filter(keyLike) ?? [];
	return keys.length > 0 && keys.length <= 20 ? keys : null;
}

/**
 * Is a name read inside a `case` of a `switch` on that very name (`switch (event.name) { case 'a': emit(event.name) }`)?
 * Its value is then the clause's labels (key-eval.ts), whatever it looks like. A cheap test on compiler nodes before
 * the evaluation, which needs the ts-morph node.
 */
function switchedOn(n: ts.Expression): boolean {
	if (!ts.isIdentifier(n) && !ts.isPropertyAccessExpression(n)) return false;
	const text = n.getText();
	for (let p: ts.Node | undefined = n.parent; p && !ts.isFunctionLike(p); p = p.parent)
		if (ts.isCaseClause(p) && rawUnwrap(p.parent.parent.expression).getText() === text) return true;
	return false;
}

/**
 * Whether a template's literal parts leave room for a key: every value it can take contains them
 * all and starts with its head, so a space, a `${`, a scheme or a selector-like start there fails
 * `keyLike` for every value (a log line, a message). Its spans are then not evaluated: each one the
 * key evaluation cannot read is a type the checker computes.
 */
function templateMayBeKey(t: ts.TemplateExpression): boolean {
	const head = t.head.text;
	if (/^[#.[<>*]/.test(head) || /^[a-z]+:\/\//i.test(head)) return false;
	return ![head, ...t.templateSpans.map((s) => s.literal.text)].some((p) => /\s/.test(p) || p.includes("${"));
}

/** The named constant a key expression reads (`JOB_NAME`, `EVENTS.SAVED`), or undefined. */
export function constantOf(node: ts.Expression): string | undefined {
	const n = rawUnwrap(node);
	const text = ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) ? n.getText() : "";
	return /^[A-Z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,2}$/.test(text) ? text : undefined;
}

function isFunctionNode(n: Node): boolean {
	return Node.isArrowFunction(n) || Node.isFunctionExpression(n);
}

/** The definition a handler argument denotes, when it is a function or a reference to one. */
export function functionHandler(arg: Node, ctx: SiteContext): string | null {
	let n = unwrap(arg);
	// `addRoute('x', { async get() {…}, post: handler })`: the first function-valued property.
	if (Node.isObjectLiteralExpression(n)) {
		for (const p of n.getProperties()) {
			if (Node.isMethodDeclaration(p)) return ctx.defIdOf(p) ?? ctx.enclosingDefId(p);
			if (Node.isPropertyAssignment(p) && holdsFunction(p.getInitializer()))
				return ctx.defIdOf(p) ?? ctx.enclosingDefId(p);
		}
		return null;
	}
	if (Node.isCallExpression(n)) {
		const callee = unwrap(n.getExpression());
		if (Node.isPropertyAccessExpression(callee) && callee.getName() === "bind")
			n = unwrap(callee.getExpression());
		else return null;
	}
	if (isFunctionNode(n)) return ctx.defIdOf(n) ?? ctx.enclosingDefId(n);
	// `commands.add('bold', new BoldCommand(editor))`: a command object is handled by its `execute`.
	if (Node.isNewExpression(n)) return commandObjectHandler(n, ctx);
	if (!Node.isIdentifier(n) && !Node.isPropertyAccessExpression(n)) return null;
	try {
		let symbol = n.getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		for (const decl of symbol?.getDeclarations() ?? []) {
			const fn =
				Node.isFunctionDeclaration(decl) ||
				Node.isMethodDeclaration(decl) ||
				((Node.isVariableDeclaration(decl) ||
					Node.isPropertyDeclaration(decl) ||
					Node.isPropertyAssignment(decl)) &&
					holdsFunction(decl.getInitializer()));
			if (!fn) continue;
			const id = ctx.defIdOf(decl);
			if (id) return id;
		}
	} catch {
		return null;
	}
	return null;
}

/**
 * A call that files command objects (`editor.commands.add('bold', new BoldCommand(editor))`,
 * `registry.registerCommand(…)`). Elsewhere a new object passed with a key is a payload
 * (`queue.add('send-mail', new SendMail())`), not its handler, whatever methods its class has.
 */
function commandRegistry(callee: { receiver: string; name: string }): boolean {
	return /command/i.test(callee.receiver) || /command/i.test(callee.name);
}

/**
 * The method that runs an in-repo command object (`COMMAND_OBJECT_METHODS`, looked up through its base
 * classes): `new BoldCommand(editor)` is handled by `BoldCommand.execute` (or an inherited one). An
 * instance of a class with no such method is no handler.
 */
function commandObjectHandler(n: NewExpression, ctx: SiteContext): string | null {
	try {
		let symbol = n.getExpression().getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		let cls = symbol?.getDeclarations().find((d) => Node.isClassDeclaration(d));
		for (let depth = 0; cls && Node.isClassDeclaration(cls) && depth < 4; depth++) {
			for (const name of COMMAND_OBJECT_METHODS) {
				const m = cls.getInstanceMethod(name);
				const id = m && ctx.defIdOf(m);
				if (id) return id;
			}
			cls = cls.getBaseClass();
		}
	} catch {
		return null;
	}
	return null;
}

function holdsFunction(init: Node | undefined): boolean {
	if (!init) return false;
	const u = unwrap(init);
	if (isFunctionNode(u)) return true;
	return Node.isCallExpression(u) && u.getArguments().some((a) => isFunctionNode(unwrap(a)));
}

function calleeDef(nameNode: Node, ctx: SiteContext): string | null {
	try {
		let symbol = nameNode.getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		const decl = symbol?.getDeclarations()[0];
		return decl ? ctx.defIdOf(decl) : null;
	} catch {
		return null;
	}
}

export function record(
	kind: string,
	info: unknown,
	at: Node,
	keyNode: Node,
	ctx: SiteContext,
): DispatchSiteRecord {
	return {
		trunk: kind,
		side: "register",
		key: null,
		rawKey: JSON.stringify(info),
		expression: exprText(keyNode),
		file: ctx.filePath,
		line: startLine(keyNode),
		enclosingDefId: ctx.enclosingDefId(at),
		handlerDefId: null,
		resolution: "syntactic",
		inScope: true,
	};
}

/** The callee of a call as (receiver, name), from the compiler node; null for computed callees. */
function calleeOf(
	cn: ts.CallExpression | ts.NewExpression,
): { receiver: string; name: string; nameNode: ts.Node } | null {
	const e = rawUnwrap(cn.expression);
	if (ts.isIdentifier(e)) return { receiver: "", name: e.text, nameNode: e };
	if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) {
		// `bus.on('a', f).on('b', g)`: every link is a call on `bus`.
		const receiver = normalizeReceiver(chainRoot(e.expression, [e.name.text]).getText());
		return { receiver, name: e.name.text, nameNode: e.name };
	}
	// A fetch a factory returns, called at once: `useRequestFetch()('/api/todos')` (named `useRequestFetch()`).
	if (ts.isCallExpression(e) && e.arguments.length === 0 && ts.isIdentifier(e.expression))
		if (FETCH_FACTORY.test(`${e.expression.text}()`))
			return { receiver: "", name: `${e.expression.text}()`, nameNode: e.expression };
	// A transport a higher-order function wraps, called at once: `wrapThrowsAsync(fetch)(url, init)`.
	const wrappedTransport = ts.isCallExpression(e) ? transportArgument(e) : undefined;
	if (wrappedTransport) return { receiver: "", name: wrappedTransport.text, nameNode: wrappedTransport };
	return null;
}

/** `withRetry(fetch)`: the bare transport a one-argument call is given, if any. */
function transportArgument(e: ts.CallExpression): ts.Identifier | undefined {
	const only = e.arguments.length === 1 ? rawUnwrap(e.arguments[0] as ts.Expression) : undefined;
	return only && ts.isIdentifier(only) && TRANSPORTS.bare.has(only.text) ? only : undefined;
}

/** A called fetch factory's name (`useRequestFetch()`, `createFetch()`): what it returns is a bare transport. */
export const FETCH_FACTORY = /^[\w$]*[fF]etch\(\)$/;

/**
 * `useRequestFetch()(url, …)`: a call of what a fetch factory returns, with an argument; or of a
 * transport a higher-order function wraps (`wrapThrowsAsync(fetch)(url, …)`).
 */
export function isFetchFactoryCall(cn: ts.CallExpression): boolean {
	const e = cn.expression;
	return (
		cn.arguments.length > 0 &&
		ts.isCallExpression(e) &&
		((e.arguments.length === 0 &&
			ts.isIdentifier(e.expression) &&
			FETCH_FACTORY.test(`${e.expression.text}()`)) ||
			transportArgument(e) !== undefined)
	);
}

/**
 * Candidates of one call (the caller checked no preset idiom took it). The checks run on the compiler
 * node; `wrapped` gives ts-morph's node, made only for a call that passes them (most calls are no
 * candidate, and wrapping each one was most of discovery's cost).
 */
export function callCandidates(
	sf: SourceFile,
	cn: ts.CallExpression | ts.NewExpression,
	wrapped: () => CallExpression | NewExpression,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	facts: FileFacts,
): void {
	const isCall = ts.isCallExpression(cn);
	const asCall = wrapped as () => CallExpression;
	if (isCall) facadeUseCandidate(sf, cn, asCall, ctx, facts);
	const args = cn.arguments ?? ts.factory.createNodeArray();
	const callee = calleeOf(cn);
	if (!callee) return;
	// `trpc.post.list.useQuery()`: a proxy call names its key in the callee, arguments or not. Its receiver is
	// the procedure's path, as long as the routers nest deep, so the receiver cap below is not for it.
	if (isCall && PROXY_VERBS.has(callee.name)) proxyCandidate(asCall, callee, ctx, out);
	if (args.length === 0) return;
	if (isCall) classEventCandidate(cn, asCall, callee, ctx, out);
	if (callee.receiver.length > MAX_RECEIVER) return;
	const root = /^[\w$]+/.exec(callee.receiver)?.[0];
	if ((root && IGNORED_RECEIVERS.has(root)) || callee.name === "require") return;
	if (isCall) {
		// Only a call that may send is worth a wrapper fact (most calls pass some parameter somewhere).
		if (maySend(callee.name)) wrapperFact(cn, asCall, callee, ctx, out);
		if (args.some((a) => ts.isNewExpression(a))) registrationCandidate(asCall(), callee, ctx, out);
		if (ACTIONS.senders.has(callee.name) && args.some((a) => ts.isCallExpression(a)))
			creatorCandidates(asCall(), ctx, out);
	}
	let morphArgs: Node[] | undefined;
	const morphArg = (i: number) => {
		morphArgs ??= wrapped().getArguments();
		return morphArgs[i];
	};
	const transport = isCall && isTransport(callee.receiver, callee.name);
	for (let pos = 0; pos < Math.min(2, args.length); pos++) {
		const a = transport ? requestedUrl(args[pos] as ts.Expression) : (args[pos] as ts.Expression);
		// The key's expressions: the argument itself, or the `name` of an object (`enqueue({ name: JOB })`) or of
		// a list of them (`addBulk([{ name: A }, …])`, `enqueueAll(xs.map((x) => ({ name: B, data: x })))`).
		let keyExprs: ts.Expression[] = [a];
		if (ts.isObjectLiteralExpression(a) && mayHoldCandidates(a))
			objectCandidates(wrapped(), morphArg(pos), callee, pos, ctx, out);
		if (ts.isObjectLiteralExpression(a) || ts.isArrayLiteralExpression(a) || ts.isCallExpression(a)) {
			// A call only, never `new X({ name })`; nor a call given the job definition itself
			// (`createQueue({ name, process })` makes the queue: jobs.ts registers it, nothing is sent).
			keyExprs = isCall && !definesJob(a) ? namedKeys(a) : [];
			if (keyExprs.length === 0) continue;
		}
		const found = keyExprs.map((e) => literalKeys(e, () => wrap(sf, e), transport));
		// A request path built at run time, `/admin/products/${id}`: its run-time segments are parameters.
		// Passed to a transport, or to an in-repo function that may wrap one (`zodfetch(Schema, url, init)`,
		// the URL in any of the first two positions): inference keeps the latter only where wrapper
		// facts show that parameter reaching a transport (infer.ts, reachesTransport).
		let throughWrapper = false;
		if (found[0] === null && keyExprs[0] === a && isCall) {
			if (transport) found[0] = templatePathKey(a, true, (e) => onePath(e, sf));
			else if (!NOT_WRAPPERS.has(callee.name) && ts.isTemplateExpression(a)) {
				found[0] = templatePathKey(a);
				throughWrapper = found[0] !== null;
			}
		}
		if (found.some((k) => k === null)) continue;
		const call = wrapped();
		const keys = [...new Set(found.flat() as string[])];
		const keyExpr = keyExprs[0] as ts.Expression;
		const keyMorph = () => (keyExpr === args[pos] ? morphArg(pos) : wrap(sf, keyExpr));
		let handlerArg: number | null = null;
		let handler: string | null = null;
		// The last function argument: middlewares come first (`router.get('/x', auth, list)` is handled by `list`).
		// A route's chain (an HTTP verb) is handled by its own inline function (`asyncHandler(async …)`) before the
		// shared references after it (`respond`); elsewhere a trailing call is an option, `computed(() => …)`.
		const own = HTTP_VERBS.has(callee.name) ? chainHandlerIndex(args, pos + 1) : -1;
		const inline = own > pos ? inlineFunctionOf(args[own] as ts.Node) : undefined;
		if (inline) {
			const fn = wrap(sf, inline);
			handler = ctx.defIdOf(fn) ?? ctx.enclosingDefId(fn);
			handlerArg = own === args.length - 1 ? -1 : own;
		}
		for (let h = args.length - 1; h > pos && handler === null; h--) {
			const raw = args[h] as ts.Expression;
			if (
				ts.isArrowFunction(raw) ||
				ts.isFunctionExpression(raw) ||
				ts.isIdentifier(raw) ||
				ts.isPropertyAccessExpression(raw) ||
				ts.isCallExpression(raw) ||
				ts.isObjectLiteralExpression(raw) ||
				(ts.isNewExpression(raw) && commandRegistry(callee))
			) {
				const node = morphArg(h);
				const id = node ? functionHandler(node, ctx) : null;
				if (id) {
					handlerArg = h === args.length - 1 ? -1 : h;
					handler = id;
					break;
				}
			}
		}
		const method = throughWrapper
			? (optionsMethod(args[pos + 1]) ?? verbArgument(args, pos))
			: httpMethodOf(callee, cn);
		const held = pos === 0 && !isCall && handler === null ? heldInstance(cn) : null;
		const constant = constantOf(keyExpr);
		const property =
			keyExpr !== a && ts.isPropertyAssignment(keyExpr.parent) && ts.isIdentifier(keyExpr.parent.name)
				? keyExpr.parent.name.text
				: KEY_PROPERTY;
		// A getter whose result is called at once (`handlers.get('x')?.(payload)`) runs what it gets.
		const invoked = isCall && LOOKUP_VERBS.has(callee.name) && resultCalled(cn);
		const info: CandidateInfo = {
			...(keyExpr !== a ? { named: true as const } : {}),
			...(property !== KEY_PROPERTY ? { keyProperty: property } : {}),
			...(keyExpr !== a && !ts.isObjectLiteralExpression(a) ? { listed: true as const } : {}),
			...(invoked ? { invoked: true as const } : {}),
			...(throughWrapper ? { viaWrapper: true as const } : {}),
			...(method ? { method } : {}),
			...(constant ? { constant } : {}),
			...(held ? { held: true as const } : {}),
			...(held === "emitted" ? { emitted: true as const } : {}),
			form: "call",
			receiver: callee.receiver,
			name: isCall ? callee.name : `new ${callee.name}`,
			arg: pos,
			keys,
			handlerArg,
			handler,
			// Only for a callee that can be an in-repo wrapper (built-in string/array/DOM/log methods cannot).
			callee: handler || NOT_WRAPPERS.has(callee.name) ? null : calleeDef(call.getExpression(), ctx),
		};
		const keyNode = keyMorph();
		if (keyNode) out.push(record(CANDIDATE, info, call, keyNode, ctx));
	}
	// Keyed or not (`queue.add('job-name')` also names the job), the instance's own key is sent too.
	if (INSTANCE_VERBS.has(callee.name) && isCall && HELD_RECEIVER.test(callee.receiver)) {
		if (/^[\w$]+$/.test(callee.receiver)) instanceCandidate(asCall(), callee, ctx, out);
		factoryInstanceCandidate(asCall(), callee.name, ctx, out);
	}
}

/** Is a call's result called in turn (`get('x')()`, `get('x')?.(p)`, `(get('x'))!()`)? */
function resultCalled(cn: ts.CallExpression | ts.NewExpression): boolean {
	const at = throughWrappers(cn, (p) => ts.isParenthesizedExpression(p) || ts.isNonNullExpression(p));
	return ts.isCallExpression(at.parent) && at.parent.expression === at;
}

/** Calls on an instance that send through it or listen on it (`streamAll.emit`, `queue.add`, `channel.on`). */
const INSTANCE_USE =
	"(?:emit\\w*|on|once|addListener|addEventListener|publish\\w*|subscribe|send|postMessage|broadcast\\w*|add|addBulk|dispatch\\w*|listen)";

/**
 * `this.streamAll = new Streamer('notify-all')` (or `const q = new Queue('emails')`): the instance is
 * kept, and "emitted" when the same file then emits on it or listens to it — a keyed channel, not a
 * value (`new Error('x')`, `new Date(s)`).
 */
function heldInstance(cn: ts.CallExpression | ts.NewExpression): "held" | "emitted" | null {
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
function instanceCandidate(
	call: CallExpression,
	callee: { receiver: string; name: string },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const recv = unwrap(call.getExpression());
	if (!Node.isPropertyAccessExpression(recv)) return;
	let decls: Node[] = [];
	try {
		let symbol = recv.getExpression().getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		decls = symbol?.getDeclarations() ?? [];
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
	const keys = literalKeys(first.compilerNode as ts.Expression, () => first);
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

/** The one path a constant holds (`routes.verification` → `/api/experience/verification`), or null. */
function onePath(e: ts.Expression, sf: SourceFile): string | null {
	if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return null;
	const keys = literalKeys(e, () => wrap(sf, e), true);
	const only = keys?.length === 1 ? keys[0] : undefined;
	return only && /^\/?[\w.~-]+(\/[\w.~:-]+)*$/.test(only) ? only : null;
}

/**
 * The URL a transport is given when a guard may withhold it: SWR's conditional fetch, `useSWR(id && `/x/${id}`)`
 * or `useSWR(ready ? '/x' : null)`, requests the URL or nothing at all, never the guard.
 */
function requestedUrl(a: ts.Expression): ts.Expression {
	const e = rawUnwrap(a);
	let url: ts.Expression | undefined;
	if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
		url = e.right;
	else if (ts.isConditionalExpression(e)) {
		const none = (x: ts.Expression) => {
			const v = rawUnwrap(x);
			return v.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(v) && v.text === "undefined");
		};
		url = none(e.whenFalse) ? e.whenTrue : none(e.whenTrue) ? e.whenFalse : undefined;
	}
	const inner = url && rawUnwrap(url);
	// A string written there, the one request the call can make; anything else is read as before.
	return inner && (ts.isStringLiteralLike(inner) || ts.isTemplateExpression(inner)) ? inner : a;
}

/** Client methods that take a path and fetch-style options (`{ method: 'POST' }`). */
const TRANSPORT_WITH_OPTIONS = new Set(["fetch", "request"]);

/**
 * A template literal request path whose run-time parts each fill a whole segment, as a `:param`
 * path (`` `/orders/${id}/cancel` `` → `/orders/:param/cancel`); null for anything else (a base URL
 * in front, `${base}/x`, or no literal segment to join on). `relative`: given straight to a transport,
 * a path with no leading slash is one too (`` api.patch(`orders/${id}`) ``: ky's `prefixUrl` refuses a
 * leading slash), read as `/orders/:param`.
 */
function templatePathKey(
	a: ts.Expression,
	relative = false,
	constant?: (e: ts.Expression) => string | null,
): string[] | null {
	if (!ts.isTemplateExpression(a)) return null;
	// `${this.baseUrl}/x/${id}`: a base URL in front, named so, is no part of the path.
	const base = withoutBaseUrl(a.getText()) !== a.getText().trim();
	// `${routes.verification}/social/${id}/verify`: a constant path in front is the path's start.
	const first = a.templateSpans[0];
	const prefix = !base && a.head.text === "" && first && constant ? constant(first.expression) : null;
	const lead = base || prefix !== null;
	let head = base
		? (first?.literal.text ?? "")
		: prefix !== null
			? `${prefix}${first?.literal.text ?? ""}`
			: a.head.text;
	// A relative path needs a literal first segment of its own (`orders/`), never `${x}/…` or `?q=`.
	if (relative && !base && /^[\w~-][\w.~-]*\//.test(head)) head = `/${head}`;
	if (!head.startsWith("/")) return null;
	// The path only: a query (`?token=${t}`) is cut at the first `?` of a literal part. A part that is
	// one of two strings (`` `/api/${v1 ? "v1" : "v2"}/items` ``) is each of them: a path per choice.
	let texts = [head];
	for (const span of lead ? a.templateSpans.slice(1) : a.templateSpans) {
		if (texts.some((t) => t.includes("?"))) break;
		const choices = literalChoices(span.expression) ?? [`\${p}`];
		texts = texts.flatMap((t) => choices.map((c) => `${t}${c}${span.literal.text}`));
	}
	const paths: string[] = [];
	for (const raw of texts.slice(0, MAX_PATH_CHOICES)) {
		const text = raw.replace(/[?#].*$/, "");
		const path = text.includes("${") ? templateAsPath(`\`${text}\``) : text;
		// A literal first segment (`/v1/…`, not `/${base}/…`) and a word somewhere to join on.
		if (!path || !/^\/[\w.~-]+(\/|$)/.test(path) || !/[A-Za-z]{2}/.test(path.replaceAll(":param", "")))
			return null;
		if (!keyLike(path)) return null;
		paths.push(path);
	}
	return [...new Set(paths)];
}

/** Paths a template may name at most through its two-string choices. */
const MAX_PATH_CHOICES = 4;

/** `cond ? "v1" : "v2"`: the two path segments a conditional of two plain strings names; else undefined. */
function literalChoices(e: ts.Expression): string[] | undefined {
	const c = rawUnwrap(e);
	if (!ts.isConditionalExpression(c)) return undefined;
	const sides = [rawUnwrap(c.whenTrue), rawUnwrap(c.whenFalse)];
	const segment = (x: ts.Expression) => ts.isStringLiteralLike(x) && /^[\w.~-]+$/.test(x.text);
	return sides.every(segment) ? sides.map((x) => (x as ts.StringLiteralLike).text) : undefined;
}

/**
 * The HTTP method of a call: an HTTP verb called on a receiver (`router.post`, `client.get`), or a
 * bare transport's options (`fetch(url, { method: 'PUT' })`, GET when they name none).
 */
function httpMethodOf(
	callee: { receiver: string; name: string },
	cn: ts.CallExpression | ts.NewExpression,
): string | undefined {
	const verb = callee.name.replace(/^\$/, "");
	if (callee.receiver !== "" && HTTP_VERBS.has(verb)) return verb === "del" ? "DELETE" : verb.toUpperCase();
	// A bare transport, or a client's own `fetch`/`request` taking fetch's options (`this.client.fetch(u, { method })`).
	const options =
		callee.receiver === ""
			? isTransport("", callee.name)
			: TRANSPORT_WITH_OPTIONS.has(callee.name) && isTransport(callee.receiver, callee.name);
	if (!options) return undefined;
	const opts = cn.arguments?.[1];
	if (!opts) return "GET";
	if (!ts.isObjectLiteralExpression(opts)) return undefined;
	return optionsMethod(opts) ?? (opts.properties.some(isMethodProperty) ? undefined : "GET");
}

const isMethodProperty = (p: ts.ObjectLiteralElementLike): p is ts.PropertyAssignment =>
	ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "method";

/**
 * The method a fetch-style options object names (`{ method: 'POST' }`), or undefined. A wrapper's
 * call naming none says nothing: the wrapper may set its own (its key then binds where one verb fits).
 */
function optionsMethod(opts: ts.Expression | undefined): string | undefined {
	if (!opts || !ts.isObjectLiteralExpression(opts)) return undefined;
	const p = opts.properties.find(isMethodProperty);
	return p && ts.isStringLiteralLike(p.initializer) ? p.initializer.text.toUpperCase() : undefined;
}

/** A request method written as an argument after the path: `makeRequest(base, `/items/${id}`, "PUT", body)`. */
const METHOD_WORD = /^(GET|POST|PUT|PATCH|DELETE)$/i;
function verbArgument(args: readonly ts.Expression[], pos: number): string | undefined {
	for (const raw of args.slice(pos + 1)) {
		const a = rawUnwrap(raw);
		if (ts.isStringLiteralLike(a) && METHOD_WORD.test(a.text)) return a.text.toUpperCase();
	}
	return undefined;
}

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
			calleeOf(outer)?.name !== name
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
function mayHoldCandidates(obj: ts.ObjectLiteralExpression, depth = 0): boolean {
	return obj.properties.some((p) => {
		if (ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p)) return true;
		if (!ts.isPropertyAssignment(p)) return false;
		const init = rawUnwrap(p.initializer);
		if (ts.isIdentifier(init) || ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return true;
		// A nested router as a plain object (`organisation: { email: { find } }`), as deep as objectCandidates goes.
		if (ts.isObjectLiteralExpression(init) && depth < 2) return mayHoldCandidates(init, depth + 1);
		return (
			ts.isCallExpression(init) &&
			init.arguments.some((a) => {
				const u = rawUnwrap(a);
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
function referencedHandler(ref: Node, callName: string, ctx: SiteContext): string | null {
	try {
		let symbol = ref.getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		const decl = symbol?.getDeclarations()[0];
		if (!decl) return null;
		if (Node.isFunctionDeclaration(decl)) return ctx.defIdOf(decl);
		if (!Node.isVariableDeclaration(decl)) return null;
		const init = decl.getInitializer();
		if (!init || !holdsFunction(init)) return null;
		// A registry built by the same call (`router({ … })`) is mounted, never a handler.
		const u = unwrap(init);
		if (Node.isCallExpression(u) && calleeOf(u.compilerNode)?.name === callName) return null;
		return ctx.defIdOf(decl);
	} catch {
		return null;
	}
}

/**
 * `Meteor.methods({ send() {…} })`, `router({ byId: procedure.query(…) })`: each function-valued property,
 * or one naming a function defined elsewhere (`get: getDocumentRoute`). A plain object inside
 * (`auditLog: { find: findAuditLogsRoute }`, tRPC's nested routers) nests its keys under its name.
 */
function objectCandidates(
	call: CallExpression | NewExpression,
	arg: Node | undefined,
	callee: { receiver: string; name: string },
	pos: number,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	inner = "",
	depth = 0,
): void {
	if (!arg || !Node.isObjectLiteralExpression(arg)) return;
	let where: ReturnType<typeof nesting> | undefined;
	for (const p of arg.getProperties()) {
		// `user: userRouter` / `{ userRouter }`: another registry mounted under a name (resolved by name in infer).
		const named = Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p : undefined;
		const mounted = Node.isPropertyAssignment(p) ? p.getInitializer() : named?.getNameNode();
		if (named && mounted && Node.isIdentifier(mounted)) {
			where ??= nesting(call.compilerNode, callee.name);
			const nameNode = named.getNameNode();
			if (where.holder && (Node.isIdentifier(nameNode) || Node.isStringLiteral(nameNode))) {
				const name = Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText();
				const handler = keyLike(name) ? referencedHandler(mounted, callee.name, ctx) : null;
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
				out.push(record(CANDIDATE, info, call, nameNode, ctx));
			}
			continue;
		}
		if (!Node.isMethodDeclaration(p) && !Node.isPropertyAssignment(p)) continue;
		const nameNode = p.getNameNode();
		if (!Node.isIdentifier(nameNode) && !Node.isStringLiteral(nameNode)) continue;
		const key = Node.isIdentifier(nameNode) ? nameNode.getText() : nameNode.getLiteralValue();
		const fn = Node.isMethodDeclaration(p) ? p : p.getInitializer();
		if (fn && Node.isObjectLiteralExpression(fn) && depth < 2 && keyLike(key)) {
			// Only under a call whose result is kept (`const documentRouter = router({ … })`): a registry.
			where ??= nesting(call.compilerNode, callee.name);
			if (where.holder && mayHoldCandidates(fn.compilerNode, depth + 1))
				objectCandidates(call, fn, callee, pos, ctx, out, `${inner}${key}.`, depth + 1);
			continue;
		}
		if (!fn || !(Node.isMethodDeclaration(fn) || holdsFunction(fn))) continue;
		if (!keyLike(key)) continue;
		where ??= nesting(call.compilerNode, callee.name);
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
		out.push(record(CANDIDATE, info, call, nameNode, ctx));
	}
}

/** `trpc.user.byId.useQuery(…)` → key `user.byId` dispatched on proxy `trpc`. */
function proxyCandidate(
	wrapped: () => CallExpression,
	callee: { receiver: string; name: string },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const parts = callee.receiver.split(".");
	if (parts.length < 2 || parts.some((p) => !/^[\w$]+$/.test(p))) return;
	const call = wrapped();
	// The procedure's path below the proxy (`user.byId`): routers nest (`router({ user: userRouter })`).
	const key = parts.slice(1).join(".");
	const info: CandidateInfo = {
		form: "proxy",
		receiver: parts[0] as string,
		name: "(proxy)",
		arg: 0,
		keys: [key],
		handlerArg: null,
		handler: null,
		callee: null,
	};
	out.push(record(CANDIDATE, info, call, call.getExpression(), ctx));
}

/**
 * A call inside a function whose key position carries one of that function's parameters
 * (`fetch(base + path)`, `queue.add(name, data)`): the function is a wrapper of that call.
 */
function wrapperFact(
	cn: ts.CallExpression,
	wrapped: () => CallExpression,
	callee: { receiver: string; name: string; nameNode: ts.Node },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	positions?: ReadonlySet<number>,
): void {
	const scopes = enclosingFunctions(cn);
	for (let pos = 0; pos < Math.min(2, cn.arguments.length); pos++) {
		if (positions && !positions.has(pos)) continue;
		const a = builtUrl(cn.arguments[pos] as ts.Expression, cn, scopes.at(-1));
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
		const call = wrapped();
		const fnNode = call.getFirstAncestor((n) => n.compilerNode === fn);
		const holder = fnNode?.getParent();
		const def =
			(fnNode && ctx.defIdOf(fnNode)) ??
			(holder &&
			(Node.isVariableDeclaration(holder) ||
				Node.isPropertyDeclaration(holder) ||
				Node.isPropertyAssignment(holder))
				? ctx.defIdOf(holder)
				: null);
		if (!def) continue;
		const template = keyTemplate(a, parameterNames(fn)[param] ?? null);
		const info: WrapperInfo = {
			def,
			param,
			receiver: callee.receiver,
			name: callee.name,
			arg: pos,
			callee: calleeDef(call.getExpression(), ctx),
			...(template ? { template } : {}),
		};
		out.push(record(WRAPPER, info, call, call, ctx));
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
	let e = rawUnwrap(arg);
	if (ts.isCallExpression(e) && e.arguments.length === 0 && ts.isPropertyAccessExpression(e.expression)) {
		if (e.expression.name.text === "toString") e = rawUnwrap(e.expression.expression);
	} else if (ts.isPropertyAccessExpression(e) && e.name.text === "href") e = rawUnwrap(e.expression);
	else if (
		ts.isCallExpression(e) &&
		ts.isIdentifier(e.expression) &&
		e.expression.text === "String" &&
		e.arguments[0]
	)
		e = rawUnwrap(e.arguments[0]);
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
	return e === rawUnwrap(arg) ? arg : e;
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
	cn: ts.CallExpression,
	wrapped: () => CallExpression,
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
	if (positions.size > 0) wrapperFact(cn, wrapped, callee, ctx, out, positions);
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
			const n = rawUnwrap(e) as ts.Expression;
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
		const n = rawUnwrap(e);
		return ts.isIdentifier(n) && n.text === name;
	};
	if (ts.isTemplateExpression(a))
		return a.head.text === "" && !!a.templateSpans[0] && isName(a.templateSpans[0].expression);
	let left: ts.Expression = a;
	while (ts.isBinaryExpression(left) && left.operatorToken.kind === ts.SyntaxKind.PlusToken)
		left = rawUnwrap(left.left) as ts.Expression;
	return left !== a && isName(left);
}

/** Decorated methods with a literal key (`@OnEvent('order.created')`, `@Process('resize')`): the method handles it. */
export function decoratorCandidates(
	sf: SourceFile,
	decorators: readonly ts.Decorator[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	presetLines: ReadonlySet<number> = new Set(),
): void {
	let imports: ReadonlyMap<string, string> | undefined;
	for (const raw of decorators) {
		if (!ts.isMethodDeclaration(raw.parent) || !ts.isCallExpression(raw.expression)) continue;
		if (presetLines.size > 0) {
			const keyNode = raw.expression.arguments[0] ?? raw;
			if (
				presetLines.has(
					sf.compilerNode.getLineAndCharacterOfPosition(keyNode.getStart(sf.compilerNode)).line + 1,
				)
			)
				continue;
		}
		// GraphQL resolvers are taken by graphqlCandidates.
		imports ??= importedNames(sf.compilerNode);
		if (resolverDecorator(raw.expression, imports)) continue;
		const dec = wrap<Decorator>(sf, raw);
		const method = dec.getParent();
		if (!Node.isMethodDeclaration(method)) continue;
		const expr = dec.getExpression();
		if (!Node.isCallExpression(expr)) continue;
		const arg = expr.getArguments()[0];
		// `@Controller('billing')` on the class prefixes its methods' keys (`@Post('cancel')` → `billing/cancel`).
		const prefix = HTTP_DECORATORS.has(`@${dec.getName()}`) ? classKey(method.getParent()) : null;
		const keyArg = arg && Node.isObjectLiteralExpression(arg) ? keyProperty(arg) : arg;
		const own = keyArg ? literalKeys(keyArg.compilerNode as ts.Expression, () => keyArg) : null;
		const empty = !arg || (Node.isStringLiteral(arg) && arg.getLiteralValue().replace(/\//g, "") === "");
		const keys = prefix ? (own ?? (empty ? [""] : null))?.map((k) => joinKey(prefix, k)) : own;
		if (!keys) continue;
		const constant = keyArg && !prefix ? constantOf(keyArg.compilerNode as ts.Expression) : undefined;
		const info: CandidateInfo = {
			// `@Handles({ name: JOB })`: the key is the object's `name`, as a call's can be (`queue({ name: JOB })`).
			...(keyArg && keyArg !== arg && !prefix ? { named: true as const } : {}),
			...(constant ? { constant } : {}),
			...(prefix !== null || HTTP_DECORATORS.has(`@${dec.getName()}`)
				? { method: dec.getName().toUpperCase() }
				: {}),
			form: "decorator",
			receiver: "",
			name: `@${dec.getName()}`,
			arg: 0,
			keys,
			handlerArg: null,
			handler: ctx.defIdOf(method),
			callee: null,
		};
		out.push(record(CANDIDATE, info, method, arg ?? dec, ctx));
	}
}

/** The `name` (or a catalogue's `job`) of an object, of an array of objects, or of the objects a `.map` callback returns. */
function namedKeys(a: ts.Expression): ts.Expression[] {
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
function definesJob(a: ts.Expression): boolean {
	return (
		ts.isObjectLiteralExpression(a) &&
		a.properties.some((p) => {
			if (!ts.isPropertyAssignment(p) && !ts.isMethodDeclaration(p)) return false;
			if (!ts.isIdentifier(p.name) || !JOB_DEFINITIONS.handlers.has(p.name.text)) return false;
			if (ts.isMethodDeclaration(p)) return true;
			const init = rawUnwrap(p.initializer);
			return ts.isArrowFunction(init) || ts.isFunctionExpression(init);
		})
	);
}

/** `{ name: JOB, concurrency: 2 }` → the `name` property's value node. */
function keyProperty(obj: Node): Node | undefined {
	if (!Node.isObjectLiteralExpression(obj)) return undefined;
	const p = obj.getProperty(KEY_PROPERTY);
	return p && Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
}

const joinKey = (a: string, b: string) =>
	[a, b]
		.map((p) => p.replace(/^\/+|\/+$/g, ""))
		.filter(Boolean)
		.join("/");

/** The literal key of a route class decorator (`@Controller('billing')`, not `@ApiTags('Billing')`), or null. */
function classKey(cls: Node | undefined): string | null {
	if (!cls || !Node.isClassDeclaration(cls)) return null;
	for (const dec of cls.getDecorators()) {
		if (!ROUTE_CLASS_DECORATORS.has(dec.getName())) continue;
		const expr = dec.getExpression();
		const arg = Node.isCallExpression(expr) ? expr.getArguments()[0] : undefined;
		if (arg && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg))) {
			const v = arg.getLiteralValue();
			if (keyLike(v)) return v;
		}
	}
	return null;
}

/**
 * GraphQL: each `gql` document's operations dispatch their root fields; each resolver map's
 * `Query`/`Mutation`/`Subscription` members register theirs.
 */
export function graphqlCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const text = sf.getFullText();
	if (/\b(gql|graphql)\s*`/.test(text)) {
		for (const raw of nodes.tagged) {
			if (!GRAPHQL_TAGS.has(raw.tag.getText())) continue;
			const tt = wrap<TaggedTemplateExpression>(sf, raw);
			// One candidate per operation: its name is how code using a generated document finds it.
			for (const op of graphqlOperations(templateText(raw))) {
				if (op.fields.length === 0) continue;
				const info: CandidateInfo = {
					form: "graphql",
					receiver: "graphql",
					name: OPERATION,
					arg: 0,
					keys: op.fields,
					handlerArg: null,
					handler: null,
					callee: null,
					...(op.name ? { exportName: op.name } : {}),
					...(op.nested.length ? { nested: op.nested } : {}),
				};
				out.push(record(CANDIDATE, info, tt, tt, ctx));
			}
		}
	}
	documentUseCandidates(sf, ctx, out);
	documentConstantCandidates(sf, nodes, ctx, out);
	resolverDecoratorCandidates(sf, nodes.decorators, ctx, out);
	const inline = schemaCandidates(sf, text, ctx, out);
	if (!/\b(Query|Mutation|Subscription)\s*:/.test(text)) return;
	for (const raw of nodes.properties) {
		if (!ts.isIdentifier(raw.name) || !GRAPHQL_ROOTS.has(raw.name.text)) continue;
		const p = wrap<PropertyAssignment>(sf, raw);
		const obj = p.getInitializer();
		if (!obj || !Node.isObjectLiteralExpression(obj)) continue;
		for (const field of obj.getProperties()) {
			if (!Node.isMethodDeclaration(field) && !Node.isPropertyAssignment(field)) continue;
			const fn = Node.isMethodDeclaration(field) ? field : field.getInitializer();
			if (!fn || !(Node.isMethodDeclaration(fn) || holdsFunction(fn) || Node.isObjectLiteralExpression(fn)))
				continue;
			const info: CandidateInfo = {
				form: "graphql",
				receiver: "graphql",
				name: "(resolver)",
				arg: 0,
				keys: [field.getName()],
				handlerArg: null,
				handler: ctx.defIdOf(field) ?? ctx.enclosingDefId(field),
				callee: null,
				...(inline.has(raw.parent) ? { declared: true as const } : {}),
			};
			out.push(record(CANDIDATE, info, field, field.getNameNode(), ctx));
		}
	}
}

/**
 * Resolver maps handed to a GraphQL server (`new ApolloServer({ typeDefs, resolvers })`) in a file
 * importing one of `GRAPHQL_SERVERS.modules`: the definitions they are (`resolvers`, the maps of an
 * array, spread or merged), so finalize knows their `Query`/`Mutation` fields are a schema's.
 */
function schemaCandidates(
	sf: SourceFile,
	text: string,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): Set<ts.Node> {
	const inline = new Set<ts.Node>();
	if (!text.includes(GRAPHQL_SERVERS.property)) return inline;
	const file = sf.compilerNode;
	const serves = file.statements.some(
		(st) =>
			ts.isImportDeclaration(st) &&
			ts.isStringLiteral(st.moduleSpecifier) &&
			GRAPHQL_SERVERS.modules.has(st.moduleSpecifier.text),
	);
	if (!serves) return inline;
	const maps: (ts.PropertyAssignment | ts.ShorthandPropertyAssignment)[] = [];
	const visit = (n: ts.Node): void => {
		if (
			(ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) &&
			ts.isIdentifier(n.name) &&
			n.name.text === GRAPHQL_SERVERS.property
		)
			maps.push(n);
		ts.forEachChild(n, visit);
	};
	visit(file);
	for (const raw of maps) {
		const defs = new Set<string>();
		const add = (symbol: import("ts-morph").Symbol | undefined) => {
			const target = symbol?.isAlias() ? (symbol.getAliasedSymbol() ?? symbol) : symbol;
			for (const d of target?.getDeclarations() ?? []) {
				const id = ctx.defIdOf(d);
				if (id) defs.add(id);
			}
		};
		const parts = (e: ts.Expression): ts.Expression[] => {
			const x = rawUnwrap(e);
			if (ts.isArrayLiteralExpression(x)) return x.elements.flatMap((el) => parts(el as ts.Expression));
			if (ts.isCallExpression(x)) return x.arguments.flatMap(parts);
			if (ts.isSpreadElement(x)) return parts(x.expression);
			if (ts.isObjectLiteralExpression(x))
				return [x, ...x.properties.filter(ts.isSpreadAssignment).flatMap((p) => parts(p.expression))];
			return [x];
		};
		if (ts.isShorthandPropertyAssignment(raw))
			add(wrap<Node>(sf, raw).asKindOrThrow(ts.SyntaxKind.ShorthandPropertyAssignment).getValueSymbol());
		else
			for (const e of parts(raw.initializer)) {
				if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) add(wrap<Node>(sf, e).getSymbol());
				// A map written in place: its `Query`/`Mutation` members are marked where they are read.
				else if (ts.isObjectLiteralExpression(e)) inline.add(e);
			}
		if (defs.size === 0) continue;
		const at = wrap<Node>(sf, raw);
		const info: CandidateInfo = {
			form: "graphql",
			receiver: "graphql",
			name: SCHEMA,
			arg: 0,
			keys: [...defs],
			handlerArg: null,
			handler: null,
			callee: null,
		};
		out.push(record(CANDIDATE, info, at, at, ctx));
	}
	return inline;
}

/** Local name → `module#imported` for named imports, `module#*` for namespace imports. */
function importedNames(file: ts.SourceFile): Map<string, string> {
	const out = new Map<string, string>();
	for (const st of file.statements) {
		if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
		const bindings = st.importClause?.namedBindings;
		if (!bindings) continue;
		const from = st.moduleSpecifier.text;
		if (ts.isNamespaceImport(bindings)) out.set(bindings.name.text, `${from}#*`);
		else
			for (const el of bindings.elements)
				out.set(el.name.text, `${from}#${(el.propertyName ?? el.name).getText()}`);
	}
	return out;
}

/** The GraphQL decorator a call is (`Query`, `ResolveField`), imported from a resolver module, or null. */
function resolverDecorator(call: ts.CallExpression, imports: ReadonlyMap<string, string>): string | null {
	const e = call.expression;
	const { modules, roots, nested, resolverClass } = GRAPHQL_RESOLVER_DECORATORS;
	let from: string | undefined;
	let name: string | undefined;
	if (ts.isIdentifier(e)) [from, name] = (imports.get(e.text) ?? "#").split("#");
	else if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
		const ns = imports.get(e.expression.text);
		if (ns?.endsWith("#*")) [from, name] = [ns.slice(0, -2), e.name.text];
	}
	if (!from || !name || !modules.has(from)) return null;
	return roots.has(name) || nested.has(name) || name === resolverClass ? name : null;
}

/** The `name` option among a decorator's arguments (`@Query(() => User, { name: 'me' })`), or a leading string. */
function resolverName(
	sf: SourceFile,
	call: ts.CallExpression,
): { keys: string[]; node: ts.Expression } | null {
	for (const a of call.arguments) {
		const node = ts.isObjectLiteralExpression(a)
			? a.properties.find(
					(p): p is ts.PropertyAssignment =>
						ts.isPropertyAssignment(p) &&
						ts.isIdentifier(p.name) &&
						p.name.text === GRAPHQL_RESOLVER_DECORATORS.nameOption,
				)?.initializer
			: ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)
				? a
				: undefined;
		if (!node) continue;
		const keys = literalKeys(node, () => wrap<Node>(sf, node));
		return keys ? { keys, node } : null;
	}
	return null;
}

/** The type a resolver decorator says its field returns: `() => Team`, `() => [Team]`, or null. */
function returnedType(call: ts.CallExpression): string | null {
	const a = call.arguments[0];
	if (!a || !ts.isArrowFunction(a) || ts.isBlock(a.body)) return null;
	let t: ts.Node = a.body;
	while (ts.isArrayLiteralExpression(t) && t.elements.length === 1) t = t.elements[0] as ts.Node;
	return ts.isIdentifier(t) ? t.text : null;
}

/** The object type a resolver class resolves fields of: `@Resolver(() => Team)`, `@Resolver('Team')`. */
function resolvedType(cls: ts.Node, imports: ReadonlyMap<string, string>): string | null {
	if (!ts.isClassDeclaration(cls)) return null;
	for (const d of ts.getDecorators(cls) ?? []) {
		if (!ts.isCallExpression(d.expression)) continue;
		if (resolverDecorator(d.expression, imports) !== GRAPHQL_RESOLVER_DECORATORS.resolverClass) continue;
		let a: ts.Node | undefined = d.expression.arguments[0];
		if (a && (ts.isArrowFunction(a) || ts.isFunctionExpression(a)))
			a = ts.isArrowFunction(a) && !ts.isBlock(a.body) ? a.body : undefined;
		if (a && (ts.isStringLiteral(a) || ts.isIdentifier(a))) return a.text;
	}
	return null;
}

/**
 * Code-first GraphQL resolvers: `@Query()`, `@Mutation()`, `@Subscription()` methods register their
 * operation (the `name` option, else the method's name); `@ResolveField()` methods register `Type.field`.
 * Only decorators imported from a resolver module count: a `Query` from elsewhere is another thing.
 */
function resolverDecoratorCandidates(
	sf: SourceFile,
	decorators: readonly ts.Decorator[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	if (decorators.length === 0) return;
	const imports = importedNames(sf.compilerNode);
	for (const raw of decorators) {
		const m = raw.parent;
		if (!ts.isMethodDeclaration(m) || !ts.isCallExpression(raw.expression)) continue;
		const kind = resolverDecorator(raw.expression, imports);
		if (!kind || kind === GRAPHQL_RESOLVER_DECORATORS.resolverClass) continue;
		const named = resolverName(sf, raw.expression);
		const field = named?.keys ?? (ts.isIdentifier(m.name) ? [m.name.text] : null);
		if (!field) continue;
		let keys = field;
		if (GRAPHQL_RESOLVER_DECORATORS.nested.has(kind)) {
			const type = resolvedType(m.parent, imports);
			if (!type) continue;
			keys = field.map((f) => `${type}.${f}`);
		}
		const method = wrap<MethodDeclaration>(sf, m);
		const returns = returnedType(raw.expression);
		const info: CandidateInfo = {
			form: "graphql",
			receiver: "graphql",
			name: "(resolver)",
			arg: 0,
			keys,
			handlerArg: null,
			handler: ctx.defIdOf(method),
			callee: null,
			declared: true,
			...(returns ? { returns } : {}),
		};
		const at = named ? wrap<Node>(sf, named.node) : method.getNameNode();
		out.push(record(CANDIDATE, info, method, at, ctx));
	}
}

/** The root fields of a GraphQL document's operations (aliases resolved, fragments skipped). */
export function rootFields(doc: string): string[] {
	return [...new Set(graphqlOperations(doc.replace(/^`|`$/g, "")).flatMap((op) => op.fields))];
}

/** A template's text with its substitutions (`${FRAGMENT}`) blanked: they are fragments, not fields. */
function templateText(tt: ts.TaggedTemplateExpression): string {
	const t = tt.template;
	if (ts.isNoSubstitutionTemplateLiteral(t)) return t.text;
	return [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(" ");
}

/**
 * Code using a GraphQL operation by the names codegen gives it (`CreateTeamDocument`,
 * `useCreateTeamMutation`), imported by name: each use is where the operation is sent. Its keys are
 * the operation's root fields, found when discovery sees every document (see `resolveDocumentUses`).
 */
function documentUseCandidates(sf: SourceFile, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const file = sf.compilerNode;
	if (isGraphqlDocument(ctx.filePath)) return;
	const ops = new Map<string, string>();
	for (const st of file.statements) {
		if (!ts.isImportDeclaration(st)) continue;
		const bindings = st.importClause?.namedBindings;
		if (!bindings || !ts.isNamedImports(bindings)) continue;
		// An import of a document by an operation's name (`import { CreateTeam } from './team.graphql'`).
		const fromDocument = ts.isStringLiteral(st.moduleSpecifier) && isGraphqlDocument(st.moduleSpecifier.text);
		for (const el of bindings.elements) {
			const imported = (el.propertyName ?? el.name).text;
			const op = fromDocument ? imported : operationOfGenerated(imported);
			if (op) ops.set(el.name.text, op);
		}
	}
	if (ops.size === 0) return;
	const seen = new Set<string>();
	const visit = (n: ts.Node): void => {
		if (ts.isImportDeclaration(n)) return;
		if (ts.isIdentifier(n)) {
			const op = ops.get(n.text);
			if (op && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
				const at = wrap<Node>(sf, n);
				const where = `${ctx.enclosingDefId(at)}\0${op}`;
				if (!seen.has(where)) {
					seen.add(where);
					out.push(record(CANDIDATE, documentUse({ member: op }), at, at, ctx));
				}
			}
			return;
		}
		ts.forEachChild(n, visit);
	};
	visit(file);
}

/**
 * GraphQL client calls given a constant holding a `gql` document (`useQuery(GET_TEAM)`,
 * `client.mutate({ mutation: CREATE_TEAM })`), the constant found through the checker (imported or
 * local): the caller sends the document's operations. Keyed by the constant's definition; finalize
 * gives it the keys of the operations written there.
 */
function documentConstantCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	if (isGraphqlDocument(ctx.filePath)) return;
	const seen = new Set<string>();
	for (const cn of nodes.calls) {
		const callee = calleeOf(cn);
		if (!callee || !GRAPHQL_CLIENT_CALLS.names.has(callee.name)) continue;
		const named: ts.Identifier[] = [];
		for (const a of cn.arguments) {
			const x = rawUnwrap(a);
			if (ts.isIdentifier(x)) named.push(x);
			else if (ts.isObjectLiteralExpression(x))
				for (const p of x.properties)
					if (
						ts.isPropertyAssignment(p) &&
						ts.isIdentifier(p.name) &&
						GRAPHQL_CLIENT_CALLS.documentProperties.has(p.name.text) &&
						ts.isIdentifier(rawUnwrap(p.initializer))
					)
						named.push(rawUnwrap(p.initializer) as ts.Identifier);
		}
		for (const id of named) {
			if (operationOfGenerated(id.text)) continue; // a generated name: documentUseCandidates
			const at = wrap<Node>(sf, id);
			let symbol = at.getSymbol();
			if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
			const decl = symbol?.getDeclarations()[0];
			if (!decl || !Node.isVariableDeclaration(decl)) continue;
			// An operation imported from a document is taken by its name (documentUseCandidates).
			const declaredIn = decl
				.getSourceFile()
				.getFilePath()
				.replace(/\.tsx?$/, "");
			if (isGraphqlDocument(declaredIn)) continue;
			const init = decl.getInitializer();
			if (!init || !Node.isTaggedTemplateExpression(init) || !GRAPHQL_TAGS.has(init.getTag().getText()))
				continue;
			const def = ctx.defIdOf(decl);
			const where = `${ctx.enclosingDefId(at)}\0${def}`;
			if (!def || seen.has(where)) continue;
			seen.add(where);
			out.push(record(CANDIDATE, documentUse({ holder: def }), at, at, ctx));
		}
	}
}

/** A place that uses a GraphQL document: the operation it names (`member`) or the constant holding it (`holder`). */
function documentUse(which: { member: string } | { holder: string }): CandidateInfo {
	return {
		form: "graphql",
		receiver: "graphql",
		name: DOCUMENT_USE,
		arg: 0,
		keys: [],
		handlerArg: null,
		handler: null,
		callee: null,
		...which,
	};
}

/** The operation a generated name stands for (`CreateTeamDocument` → `CreateTeam`), or null. */
function operationOfGenerated(name: string): string | null {
	for (const { prefix, suffix } of GRAPHQL_GENERATED_NAMES) {
		if (!name.startsWith(prefix) || !name.endsWith(suffix)) continue;
		const op = name.slice(prefix.length, name.length - suffix.length);
		if (/^[A-Z]\w*$/.test(op)) return op;
	}
	return null;
}
