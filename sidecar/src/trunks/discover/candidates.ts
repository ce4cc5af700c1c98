/**
 * What discovery's per-file pass records: a candidate (a call, object, decorator… carrying a key, with
 * or without a handler) or a wrapper fact, each stored as an internal site record so an incremental run
 * keeps it with the file's other sites; finalize (index.ts) reads them back. The pass itself is one
 * module per idiom family: call-candidates.ts (keyed calls), object-registries.ts (objects of handlers,
 * tRPC routers and proxies), decorator-candidates.ts, graphql-candidates.ts, wrapper-facts.ts,
 * keyed-instances.ts, and actions/jobs/services/workflows/file-routes/class-events/factory-instances.ts.
 */
import type { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { nodeLine, nodeText } from "../sites.js";

// Read by the discovery tests from here; it lives with the other GraphQL document helpers.
export { rootFields } from "./graphql-documents.js";

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
	// Activities (activities.ts): activity classes' methods and modules' exports, called through proxyActivities.
	| "activity"
	| "activity-call"
	// Signals to running workflows (signals.ts): `setHandler(sig, fn)` registers, `signalWithStart`/`handle.signal` send.
	| "signal"
	| "signal-send"
	// The modules a workflow names as its activities (`proxyActivities<typeof acts>()`): keys are repo paths.
	| "activity-module"
	// Events keyed by their class (class-events.ts): `bus.ofType(E)` listens, `bus.publish(new E())` sends.
	| "event-class"
	| "event-class-send";

/** The bus a listen/emit call is on (named-buses.ts): the getter's name (`bus` of `app.bus('orders')`) and its literal. */
export interface BusTag {
	getter: string;
	name: string;
	/**
	 * Read from the getter's store rather than through the getter (`app.buses.orders` beside
	 * `app.bus('orders')`): `getter` is then the store's name until finalize ties it to its getter.
	 */
	store?: true;
}

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
	/** For a call with a handler: the in-repo definition it resolves to (a registry's own wrapper of `new Worker`). */
	registersVia?: string;
	/** HTTP method, when the call or decorator says it (`router.post`, `@Get`, `fetch(u, { method: 'PUT' })`). */
	method?: string;
	/** HTTP verbs the call passes as words beside its key, by position (`request('put', path)`), its method unsaid. */
	verbs?: Record<number, string>;
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
	/** A workflow's activity-module record: some proxy names no module or class (activities.ts). */
	untyped?: true;
	/** A getter (`LOOKUP_VERBS`) whose result is called at once: it runs what it gets, no mere lookup. */
	invoked?: true;
	/** A template request path passed to an in-repo callee: a key only where that callee wraps a transport (wrapper-facts.ts, reachesTransport). */
	viaWrapper?: true;
	/** Keys completed by the wrapper's template around them (wrapper-keys.ts): no preset's call idiom says so. */
	completed?: true;
	/** A send on a held instance, keyed by what the instance was created with (factory-instances.ts): no call idiom reads it. */
	fromInstance?: true;
	/** An action object a function returns (actions.ts): an action only when `reachedActions` finds it one. */
	returned?: true;
	/** A job definition with a schedule (`trigger: { cron }`): the clock runs it, so it registers though no call names it. */
	scheduled?: true;
	/** A listen/emit call on an emitter a getter handed out for a literal name (named-buses.ts): keyed within that bus. */
	bus?: BusTag;
	/**
	 * A call a preset took by its arguments, kept as a candidate only because it is on a named bus: it
	 * replaces the preset's site when its bus keys it, and is dropped otherwise (named-buses.ts).
	 */
	presetTaken?: true;
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
	/** The base a URL-join puts in front of the key (`urljoin(apiRoot, path)` → `/api/v2`): request-urls.ts. */
	base?: string;
	/** The wrapper's parameter that picks the inner call's HTTP verb (`axios[method](url)`). */
	verbParam?: number;
	/** HTTP verbs the inner call is given as words, by argument position (`request('put', path)`). */
	verbs?: Record<number, string>;
}

export function record(
	kind: string,
	info: unknown,
	at: Node,
	keyNode: Node,
	ctx: SiteContext,
): DispatchSiteRecord {
	return recordOf(
		kind,
		info,
		at.compilerNode,
		keyNode.compilerNode,
		keyNode.getSourceFile().compilerNode,
		ctx,
	);
}

/**
 * `record` on compiler nodes (`keyNode` in `sf`): the keyed-call pass records thousands of candidates a
 * repository, and wrapping each call and key in ts-morph for the record alone was a share of its cost.
 */
export function recordOf(
	kind: string,
	info: unknown,
	at: ts.Node,
	keyNode: ts.Node,
	sf: ts.SourceFile,
	ctx: SiteContext,
): DispatchSiteRecord {
	return {
		trunk: kind,
		side: "register",
		key: null,
		rawKey: JSON.stringify(info),
		expression: nodeText(keyNode, sf),
		file: ctx.filePath,
		line: nodeLine(keyNode, sf),
		enclosingDefId: ctx.enclosingDefId(at),
		handlerDefId: null,
		resolution: "syntactic",
		inScope: true,
	};
}

/** A record's info (a candidate's, a wrapper fact's) with the site record that carried it. */
export interface Sited<T> {
	info: T;
	site: DispatchSiteRecord;
}
