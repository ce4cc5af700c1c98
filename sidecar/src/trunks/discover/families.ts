/**
 * What discovery knows about string-dispatch in general, as data: which verbs register and which
 * dispatch, which register/dispatch verbs pair up across receivers, which calls are transports
 * (an HTTP wrapper ends in one), which keys are too common to join across receivers, and the
 * framework families whose shape is not a plain `call(key, handler)`. No repository is named here.
 */

/** Verbs that only ever send (a group called so is never a registry, whatever it passes). */
export const DISPATCH_VERBS = new Set([
	"emit",
	"emitAsync",
	"broadcast",
	"publish",
	"send",
	"dispatch",
	"dispatchEvent",
	"trigger",
	"fire",
	"call",
	"callAsync",
	"invoke",
	"execute",
	"executeCommand",
	"run",
	"runAsync",
	"enqueue",
	"fetch",
	"notify",
]);

/**
 * Register verb → the dispatch verbs that reach it across receivers (a server's `socket.on('x')`
 * and a client's `io.emit('x')`; `bus.subscribe` and `events.publish`). Same-receiver pairs need no
 * entry: `callbacks.add` and `callbacks.run` on one receiver join by that alone.
 */
export const VERB_PAIRS: Record<string, readonly string[]> = {
	on: ["emit", "emitAsync", "broadcast", "trigger", "fire", "dispatch"],
	once: ["emit", "emitAsync", "broadcast", "trigger", "fire", "dispatch"],
	addListener: ["emit", "emitAsync", "dispatch"],
	addEventListener: ["dispatchEvent", "dispatch", "emit"],
	subscribe: ["publish", "emit", "send", "broadcast"],
	listen: ["emit", "send", "publish"],
	handle: ["send", "invoke", "call", "emit"],
	// Command registries (an IDE's, an editor extension's): `commands.addCommand('x', { execute })` ↔ `app.commands.execute('x')`.
	addCommand: ["execute"],
	registerCommand: ["executeCommand", "execute"],
	onEvent: ["broadcast", "emit", "publish"],
	"@OnEvent": ["emit", "emitAsync"],
	"@EventPattern": ["emit", "send"],
	"@MessagePattern": ["send", "emit"],
	"@Process": ["add", "addBulk"],
	// Queues: a worker registers the queue's name, `new Queue(name)` (and its producers) dispatch it.
	"new Worker": ["new Queue", "new Queue.add", "new Queue.addBulk"],
	process: ["add", "enqueue"],
	"@OnQueueEvent": ["add"],
};

/** HTTP verbs: a register group named so (or a route decorator) pairs with transports and HTTP clients. */
export const HTTP_VERBS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all"]);
export const HTTP_DECORATORS = new Set([
	"@Get",
	"@Post",
	"@Put",
	"@Patch",
	"@Delete",
	"@Head",
	"@Options",
	"@All",
]);

/** Class decorators whose key prefixes the routes of the class's HTTP method decorators. */
export const ROUTE_CLASS_DECORATORS = new Set(["Controller", "JsonController", "Route", "Path"]);

/**
 * Calls that put a request on the wire: a wrapper whose parameter reaches one of these (one or two
 * calls deep) sends HTTP requests, `client.post(path)` → `fetch(base + path)`. Bare names and
 * `receiver.name` forms; the receiver is matched on its last segment (`this.http.post` → `http`).
 */
export const TRANSPORTS = {
	bare: new Set([
		"fetch",
		"$fetch",
		"ofetch",
		"ky",
		"got",
		"axios",
		"request",
		"superagent",
		"useFetch",
		"useSWR",
		// SWR's variant that never revalidates: the same fetcher, keyed by the URL it fetches.
		"useSWRImmutable",
	]),
	receivers: new Set([
		"axios",
		"$axios",
		"http",
		"https",
		"ky",
		"got",
		"superagent",
		"request",
		"api",
		"client",
		"$http",
	]),
	// Bare transports that are one client with another (the same configured fetcher): judged together.
	sameClient: new Map([["useSWRImmutable", "useSWR"]]),
	// A client a factory call makes on the spot, named for its transport: `createAuthenticatedKy(token).get(…)`,
	// `getAxios().post(…)` (the receiver a bare call, its name ending in one of these words).
	factoryTail: /^[a-z][\w$]*(Ky|Axios|Got|Http)$/,
	// Nuxt's axios module adds `$get`/`$post`/… returning the body.
	names: new Set([...HTTP_VERBS, ...[...HTTP_VERBS].map((v) => `$${v}`), "request", "fetch", "open"]),
};

/**
 * Keys that mean nothing on their own: they join only within one receiver (`socket.on('error')`
 * with `socket.emit('error')`), never across, where two unrelated `'error'`s would meet.
 */
export const COMMON_KEYS = new Set([
	"error",
	"data",
	"message",
	"change",
	"changed",
	"update",
	"updated",
	"close",
	"open",
	"ready",
	"connect",
	"connection",
	"connected",
	"disconnect",
	"disconnected",
	"end",
	"start",
	"started",
	"stop",
	"done",
	"finish",
	"click",
	"load",
	"loaded",
	"init",
	"success",
	"fail",
	"failed",
	"value",
	"input",
	"submit",
	"create",
	"created",
	"delete",
	"deleted",
	"remove",
	"removed",
	"add",
	"added",
	"get",
	"set",
	"save",
	"show",
	"hide",
	"toggle",
	"reset",
	"test",
	"info",
	"warn",
	"debug",
	"log",
	"name",
	"id",
	"type",
	"key",
	"status",
	"state",
	"result",
	"response",
	"request",
	"timeout",
	"exit",
	"drain",
	"resize",
	"scroll",
	"focus",
	"blur",
	"keydown",
	"keyup",
	"mousedown",
	"mouseup",
	"mousemove",
	"message",
	"ping",
	"pong",
	"user",
	"users",
	"/",
]);

/**
 * Registries whose keys are one namespace the framework keeps, named on both sides by its own calls
 * (a GraphQL schema's root fields, a workflow's signals): a common word there (`user`, `email`) is a
 * key like any other — it joins across files and counts as evidence of the idiom.
 */
export const NAMESPACED_FORMS: ReadonlySet<string> = new Set(["graphql", "signal"]);

/** Tags (`gql\`…\``) and call names (`graphql(\`…\`)`) of GraphQL documents: each operation's root fields are dispatched keys. */
export const GRAPHQL_TAGS = new Set(["gql", "graphql"]);
/**
 * Names GraphQL codegen gives an operation's document and hooks (`CreateTeamDocument`,
 * `useCreateTeamMutation`): code importing one by name sends that operation.
 */
export const GRAPHQL_GENERATED_NAMES = [
	{ prefix: "", suffix: "Document" },
	{ prefix: "use", suffix: "LazyQuery" },
	{ prefix: "use", suffix: "SuspenseQuery" },
	{ prefix: "use", suffix: "Query" },
	{ prefix: "use", suffix: "Mutation" },
	{ prefix: "use", suffix: "Subscription" },
];
/**
 * GraphQL client calls taking a document (`useQuery(GET_TEAM)`, `client.query({ query: GET_TEAM })`,
 * `request(endpoint, CREATE_TEAM)`): an argument, or one of `documentProperties` of an object
 * argument, naming a constant that holds a `gql` document sends its operations from the caller.
 */
export const GRAPHQL_CLIENT_CALLS = {
	names: new Set([
		"useQuery",
		"useLazyQuery",
		"useSuspenseQuery",
		"useBackgroundQuery",
		"useMutation",
		"useSubscription",
		"query",
		"mutate",
		"mutation",
		"subscribe",
		"subscription",
		"watchQuery",
		"request",
		"rawRequest",
		"executeQuery",
		"executeMutation",
		"executeSubscription",
		"runQuery",
		"runMutation",
		"fetchQuery",
		"commitMutation",
		"requestSubscription",
	]),
	documentProperties: new Set(["query", "mutation", "subscription", "document"]),
};
/** Resolver maps: the fields of these properties are registered keys (`{ Query: { user: () => … } }`). */
export const GRAPHQL_ROOTS = new Set(["Query", "Mutation", "Subscription"]);

/**
 * Schema-first servers: a resolver map handed to one of these modules' servers or schema builders
 * (`new ApolloServer({ typeDefs, resolvers })`, `createSchema({ resolvers })`,
 * `app.register(mercurius, { schema, resolvers })`, `makeExecutableSchema(…)`) under `property`
 * (the map itself, an array of maps, or maps spread or merged there) is a GraphQL schema's: like a
 * code-first resolver, its registry stands with no document in the repository calling it.
 */
export const GRAPHQL_SERVERS = {
	modules: new Set([
		"@apollo/server",
		"apollo-server",
		"apollo-server-express",
		"apollo-server-koa",
		"apollo-server-fastify",
		"apollo-server-hapi",
		"apollo-server-lambda",
		"apollo-server-micro",
		"graphql-yoga",
		"@graphql-yoga/node",
		"mercurius",
		"@graphql-tools/schema",
		"graphql-tools",
		"@graphql-tools/merge",
	]),
	property: "resolvers",
};

/**
 * Code-first resolvers (NestJS, type-graphql): a method decorated so, the decorator imported from one
 * of `modules`, registers the operation named by its `name` option (`@Query(() => User, { name: 'me' })`)
 * or, without one, by the method's name. `nested` decorators resolve a field of an object type: their
 * key is `Type.field`, the type read from the class's `@Resolver(() => Type)` / `@Resolver('Type')`.
 * The import names the framework, so these registries stand as a trunk even when no `gql` document in
 * the repository calls them (clients often keep operations in `.graphql` files): each resolver is then
 * the handler of its key.
 */
export const GRAPHQL_RESOLVER_DECORATORS = {
	modules: new Set(["@nestjs/graphql", "type-graphql"]),
	roots: new Set(["Query", "Mutation", "Subscription"]),
	nested: new Set(["ResolveField", "FieldResolver"]),
	resolverClass: "Resolver",
	nameOption: "name",
};

/**
 * tRPC-style client proxies: `trpc.user.byId.useQuery(…)` dispatches the procedure `user.byId`
 * (the member path between the proxy and one of these verbs); the router's procedures
 * (`router({ byId: publicProcedure.query(…) })`) register it. The TanStack Query integration
 * (`@trpc/tanstack-react-query`, oRPC's the same) hands the query library the procedure's options
 * (`useQuery(trpc.user.byId.queryOptions(…))`), which it sends; `queryKey()` / `pathFilter()` only name
 * the procedure for the cache, so they are no sends.
 */
export const PROXY_VERBS = new Set([
	"query",
	"mutate",
	"subscribe",
	"useQuery",
	"useMutation",
	"useSuspenseQuery",
	"useInfiniteQuery",
	"useSubscription",
	"queryOptions",
	"mutationOptions",
	"infiniteQueryOptions",
	"subscriptionOptions",
]);

/** The proxy verbs a query library is handed uncalled (`mutationFn: trpc.user.update.mutate`). */
export const PROXY_REFERENCE_VERBS = new Set(["query", "mutate"]);

/**
 * Typed RPC clients made from a server app's type: Hono's `hc<typeof app>(baseUrl)` returns a proxy
 * whose member path is a route of `app` and whose `$verb` call sends it
 * (`client['email-password'].signin.$post(…)` → `POST /email-password/signin`, `client.index.$get()`
 * → `GET /`). The app's mounts prefix the path as they prefix the app's own routes, so the client
 * meets the route wherever the app is mounted; the base URL given at run time is not read.
 */
export const TYPED_HTTP_CLIENTS = [{ module: "hono/client", factory: "hc", index: "index" }];
/** The verb calls of a typed HTTP client (`$post` → POST). */
export const TYPED_CLIENT_VERB = /^\$(get|post|put|patch|delete|options|head)$/;

/**
 * Calls on an instance that send to what the instance was created for: `emailQueue.add(…)` with
 * `emailQueue = new Queue('emails')` dispatches `emails` (as `new Queue.add`).
 */
/**
 * Events keyed by their class (class-events.ts): a listener given the class (`bus.ofType(OrderPlaced)`,
 * `listener.on(OrderPlaced)`) and a sender given an instance of it (`bus.publish(new OrderPlaced(…))`).
 */
export const CLASS_EVENTS = {
	listeners: new Set(["ofType", "on", "once", "subscribe"]),
	senders: new Set(["publish", "emit", "dispatch", "execute", "send"]),
};

/** The method of a handler class that a class decorator ties to the classes it handles (class-events.ts). */
export const HANDLER_CLASS_METHODS = ["execute", "handle"];

export const INSTANCE_VERBS = new Set(["add", "addBulk", "publish", "send", "enqueue"]);

/**
 * Command objects: a registering call given an instance (`editor.commands.add('bold', new BoldCommand(editor))`)
 * registers the method that runs it, the first of these its class (or a base class) declares.
 */
export const COMMAND_OBJECT_METHODS = ["execute"];

/** Verbs that manage a registry without sending to it: never a dispatch, nor a registration. */
export const MANAGEMENT_VERBS = new Set([
	"off",
	"remove",
	"removeListener",
	"removeAllListeners",
	"unsubscribe",
	"unregister",
	"has",
	"listenerCount",
	"listeners",
	"clear",
	"removeHandler",
]);

/**
 * A name that sends (`rpc.call`, `useMethod`, `callWithRetry`, `emitToPeers`,
 * `useEndpoint`): required of a dispatcher joined on key overlap alone, so a call that merely
 * mentions keys (`rateLimiter.limit('x')`, `accessLog.method('x')`) is not one.
 */
export const SEND_NAME =
	/^(call|invoke|execute|send|emit|dispatch|publish|broadcast|trigger|fire|run|request|fetch|notify|enqueue|post|put|patch|get|delete|query|mutate)|^use[A-Z]|(Call|Invoke|Send|Emit|Dispatch|Publish|Broadcast|Request|Fetch|Endpoint)$/;

/**
 * A registry's getters: `editor.commands.get('bold')` (`lookup`) on the object a registry adds to
 * (the same last name: `editor.commands`, `this.editor.commands`, a local `commands`) fetches what is
 * registered to read its state, no execution; its executor (`editor.execute('bold')`) dispatches.
 * Such a lookup is no dispatch site — unless its result is called at once (`handlers.get('x')?.(p)`).
 * (`has` needs no entry: it is a management verb, never a dispatcher.)
 */
export const LOOKUP_VERBS = new Set(["get", "lookup"]);

/** Listener verbs every emitter has: across receivers they need distinctive keys to join. */
export const GENERIC_LISTEN = new Set([
	"on",
	"once",
	"addListener",
	"addEventListener",
	"subscribe",
	"listen",
	"handle",
]);

/**
 * Redux-style action types: the `type` property of action objects and of the reducer's `switch`,
 * calls that send an action (`dispatch(…)`, redux-saga's `put(…)`), and the slice shape
 * (`{ name, reducers }` whose generated creators are `slice.actions.<reducer>`).
 */
export const ACTIONS = {
	typeProperty: "type",
	senders: new Set(["dispatch", "put"]),
	sliceName: "name",
	sliceReducers: "reducers",
	sliceActions: "actions",
	/**
	 * A reducer's switch reads an action: its second parameter named or typed so (`action`,
	 * `a: TodoAction`, `act: PayloadAction<T>`), beside a state first (`state = initial`, `draft`,
	 * `prevState: State`) or in a function named `…Reducer`. Anything else switching on `x.type`
	 * (`column.type`, `node.kind`) is a discriminant, not an action.
	 */
	actionParam: /^(action|act|a|[A-Za-z]*Action)$/,
	actionType: /Action(s)?\b/,
	stateParam: /^(state|draft|s|prev|prevState|previousState|currentState|current)$|State$/,
	stateType: /State\b/,
	reducerName: /reducer$/i,
	/** Calls a reducer is handed to (inline, or as a property of their object argument). */
	reducerCalls: new Set(["useReducer", "createReducer", "combineReducers", "createStore", "configureStore"]),
};

/**
 * The property of an object argument that names what is sent or handled: `@Process({ name: JOB })`,
 * `enqueue({ name: JOB, data })` (and a wrapper destructuring it, `add({ name, data }) { queue.add(name) }`).
 */
export const KEY_PROPERTY = "name";

/**
 * Job and task definitions (Trigger.dev's `task({ id, run })`, a job client's
 * `{ id, trigger: { name }, handler }`, a job table's `{ name: JOB_NAMES.x, handle }`): an object literal
 * with a key property (`keys`, or one of `nestedKeys` inside an object property such as `trigger: { name }`)
 * and a function-valued `handlers` property registers that handler under the key. Dispatched by a method
 * call whose first object argument names the key (`jobs.triggerJob({ name: 'x', payload })`, see
 * `KEY_PROPERTY`), or by a sending function given the same named constant (`enqueueJob(JOB_NAMES.x, data)`).
 */
export const JOB_DEFINITIONS = {
	keys: ["id", "name", "event"],
	nested: ["trigger"],
	nestedKeys: ["name", "event", "id"],
	handlers: new Set(["handler", "handle", "run", "fn", "process"]),
	/**
	 * A definition with one of these, in itself or its nested trigger (`trigger: { name, cron: '0 * * * *' }`,
	 * `schedules.task({ id, cron, run })`), is run by the clock: it registers though no call names it.
	 */
	schedules: ["cron"],
};

/**
 * Job catalogues: a worker constructed with an object whose `handlers` property maps each job's name to
 * its function (`new Worker({ catalog: { sendEmail: { schema } }, jobs: { sendEmail: async (p) => … } })`)
 * registers each under its name, as a job definition; a call naming the job in its object argument's
 * `keyProperties` (`worker.enqueue({ job: 'sendEmail', payload })`) dispatches it.
 */
export const JOB_CATALOGUES = { handlers: ["jobs"], keyProperties: ["job"] };

/**
 * File-convention subscribers (Medusa's `src/subscribers/*.ts`): a module exporting `configExport`
 * as an object literal with a key in one of `keys` (`export const config = { event: 'order.placed' }`,
 * or an array of keys) and a default-exported function registers that function under each key, as
 * a job definition does (dispatched by a call naming the key in its object argument,
 * `eventBus.emit({ name: 'order.placed', data })`).
 */
export const SUBSCRIBER_FILES = { configExport: "config", keys: ["event", "events"] };

/**
 * File-based routes (Next.js App Router `app/**\/route.ts`, SvelteKit `src/routes/**\/+server.ts`,
 * API folders `src/api/**\/route.ts`): a module named one of `files` below a folder named one of
 * `roots` registers each function it exports under an HTTP verb's name (`export const POST = …`,
 * `export async function GET()`), keyed `METHOD /path` with the path the folders below the root
 * spell (`[id]` → `:id`, `[...slug]` → `:slug`; `(group)`, `@slot` and `_private` folders as their
 * routers treat them). The outermost root below the last `src` folder wins (`app/api/users/route.ts`
 * → `/api/users`, `packages/api/src/api/admin/route.ts` → `/admin`).
 */
export const FILE_ROUTES = {
	files: new Set(["route", "+server"]),
	extensions: /\.(ts|tsx|js|jsx|mts|mjs)$/,
	roots: new Set(["app", "api", "routes"]),
	exports: new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
	/**
	 * Folders whose every module's default export is a route handler, the file name the last segment
	 * (`index` none, `[id]` a parameter, a `.get`/`.patch`… suffix the method; none: any method, `ALL`):
	 * Next.js Pages Router API routes, Nuxt/Nitro server routes. A default export that is a call counts
	 * only when its callee matches `wraps` (`defineEventHandler(…)`; not an Express `Router()` a plain
	 * `server/api` folder may export); a function or a reference to one always does.
	 */
	defaultExport: [
		{ folders: ["pages", "api"], prefix: ["api"], wraps: /./ },
		{ folders: ["server", "api"], prefix: ["api"], wraps: /^(define)?[A-Za-z]*[eE]ventHandler$/ },
		{ folders: ["server", "routes"], prefix: [] as string[], wraps: /^(define)?[A-Za-z]*[eE]ventHandler$/ },
	],
	/**
	 * Folders below a default-export routes folder that hold the routes' helpers, not routes: a Koa app's
	 * `server/routes/api/middlewares/pagination.ts` exports a middleware factory by default.
	 */
	helperFolders: new Set(["middleware", "middlewares"]),
	/**
	 * Modules whose FILE NAME spells the URL, dot-separated (Remix / React Router flat routes:
	 * `app/routes/api.v1.tasks.$taskId.trigger.ts` → `/api/v1/tasks/:taskId/trigger`; a folder route's
	 * `route.ts` takes its folder's name; nested folders are segments too; remix-flat-routes' `x+`
	 * folders flattened into the name, `_auth+/t.$team+/settings.tsx` → `/t/:team/settings`), the handlers named exports
	 * with a method each (`loader` answers GET, `action` every other method: `ALL`). Read only below
	 * `folders` and where a package.json of the repository depends on one of `dependencies`.
	 */
	namedExport: [
		{
			folders: ["app", "routes"],
			dependencies: [
				"@remix-run/node",
				"@remix-run/react",
				"@remix-run/server-runtime",
				"@remix-run/cloudflare",
				"@remix-run/deno",
				"react-router",
				"@react-router/node",
				"@react-router/dev",
				"@react-router/fs-routes",
			],
			exports: { loader: "GET", action: "ALL" } as Record<string, string>,
		},
	],
};

/**
 * Workflow engines that run an exported function by its name (Temporal's TypeScript SDK): a module
 * importing one of `modules` is a workflow module, each function it exports a workflow type named
 * as the function; a call named one of `starters.names` on a receiver whose last name is
 * `starters.receiver` (`client.workflow.start('orderWorkflow', { taskQueue })`) or one of `children`
 * imported from such a module (`startChild('orderWorkflow')`) starts one by that name.
 */
export const WORKFLOWS = {
	modules: new Set(["@temporalio/workflow"]),
	starters: { receiver: "workflow", names: new Set(["start", "execute", "signalWithStart"]) },
	children: new Set(["startChild", "executeChild"]),
	/**
	 * Activities, called by name from a workflow: names bound from `proxies(…)` (imported from a workflow
	 * module), `const { charge } = proxyActivities<typeof acts>(…)` or through a local function returning
	 * one, call the activity of that name. Registered by the methods of a class decorated one of
	 * `classDecorators` or a method decorated one of `methodDecorators` (NestJS integrations), and by
	 * the functions an activities module exports (a file or folder named so, the SDK's convention, or a
	 * file importing one of `modules`, the activity API) or the functions of an object it exports or a
	 * factory of its returns.
	 */
	activities: {
		proxies: new Set(["proxyActivities", "proxyLocalActivities"]),
		classDecorators: new Set(["Activity", "Activities"]),
		methodDecorators: new Set(["ActivityMethod"]),
		files: /(^|\/)activities\/|(^|[/.])activit(y|ies)\.[cm]?[jt]sx?$/,
		modules: new Set(["@temporalio/activity"]),
	},
	/**
	 * Signals (and queries, updates) sent to a running workflow by name: a definition
	 * (`export const nudge = defineSignal('nudge')`) handled in a workflow by `setHandler(nudge, fn)`
	 * (imported from a workflow module); sent by a starter's `signalWithStart('wf', { signal: 'nudge' })`
	 * (the option `startOption`) or a handle's `handle.signal(nudge)` (one of `senders`). The name is the
	 * definition's string, read through the constant on either side. A bare string is taken in
	 * `signalWithStart` and where the file imports one of `modules`' packages; elsewhere only
	 * `anywhere`'s calls count, naming a definition (`db.query(sql)` is no workflow query).
	 */
	signals: {
		definers: new Set(["defineSignal", "defineQuery", "defineUpdate"]),
		setters: new Set(["setHandler"]),
		senders: new Set(["signal", "query", "executeUpdate", "startUpdate"]),
		startOption: "signal",
		anywhere: "signal",
		modules: /^@temporalio\//,
	},
};

/**
 * Folders of static assets, served as they are (a web app's `public/`, `static/`): a script there is a
 * vendored tag, a service worker or generated output, loaded by a `<script>` tag, and its own string
 * registries (a copied analytics snippet's module map) are no idiom of the repository. Only plain
 * JavaScript, and only on a path with no `src` folder anywhere (`src/modules/public/…` and
 * `packages/static/src/…` are code, and so is TypeScript in any folder).
 */
export const STATIC_FOLDERS = new Set(["public", "static"]);

/** Is a repo-relative path a script inside a static-assets folder (see `STATIC_FOLDERS`)? */
export function inStaticFolder(path: string): boolean {
	if (!/\.[cm]?js$/.test(path)) return false;
	const folders = path.split("/").slice(0, -1);
	return !folders.includes("src") && folders.some((f) => STATIC_FOLDERS.has(f));
}
