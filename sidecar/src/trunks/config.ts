/**
 * Trunk configuration: string-dispatch idioms declared as data (validated with zod), so any
 * repository can describe its own register/dispatch calls without code changes.
 * A file holds one or more presets; a preset enables itself when its `detect` rule matches.
 */
import { z } from "zod";

/** A declaration the callee must resolve to: file path (regex over the posix path) and `Container.member`. */
const declarationSchema = z.strictObject({
	file: z.string().describe("regex over the declaration's posix file path"),
	name: z.string().describe("regex over 'Container.member' (or a bare function name)"),
});

/** How a call's callee is recognised. */
const calleeSchema = z.strictObject({
	/** Called function / method / constructor names (the last segment of the callee). */
	names: z.array(z.string().min(1)).min(1),
	/**
	 * Regex over the receiver text (optional chaining, `!` and import aliases removed: `this.api?.broadcast`
	 * has receiver `this.api`). `""` matches only a bare call `names(...)`. Omitted: any receiver.
	 */
	receiver: z.string().optional(),
	/**
	 * Also accept a receiver that `receiver` does not match when it is a variable initialised by a
	 * call or `new` of one of these names (`const posts = Router()`, `const app = express()`).
	 */
	receiverCreatedBy: z.array(z.string().min(1)).default([]),
	/**
	 * Also accept `this` as the receiver inside a class whose `extends` clause (as written) matches
	 * this regex (`class Store extends EventEmitter { save() { this.emit('saved') } }`), syntactic.
	 */
	thisExtends: z.string().optional(),
	/**
	 * Also accept a receiver whose type (checker) is an in-repo class whose `extends` clause, or an
	 * ancestor's, matches this regex (`MeetingManager.on('x')` where `MeetingManager` is
	 * `new (class extends Emitter<Events>)`), for emitter base classes from packages that do not resolve.
	 */
	receiverExtends: z.string().optional(),
	/** When the checker resolves the callee to a callable declaration, it must be one of these. */
	declarations: z.array(declarationSchema).default([]),
	/** Accept on the receiver text alone when the declaration does not resolve (marked `syntactic`). */
	syntactic: z.boolean().default(true),
});

/** Where the key is. */
const keySchema = z.strictObject({
	/** Argument position; -1 is the last argument. */
	arg: z.number().int().min(-1).default(0),
	/** `value`: literal, array, ternary, template, const; `object-keys`: the keys of an object literal. */
	form: z.enum(["value", "object-keys"]).default("value"),
	/**
	 * Take the key from the receiver's initializer instead of an argument: the receiver is a variable
	 * initialised by a call to one of `names` (e.g. `const hook = Callbacks.create('name')`).
	 */
	receiverInit: z
		.strictObject({ names: z.array(z.string()).min(1), arg: z.number().int().min(0) })
		.optional(),
	/**
	 * Take the key from a call further down the receiver's chain: `router.route('/x').get(h).post(h)`
	 * has receiver chain `router.route('/x')…`; the first call to one of `names` gives the key.
	 */
	receiverCall: z
		.strictObject({ names: z.array(z.string()).min(1), arg: z.number().int().min(0) })
		.optional(),
	/**
	 * Take the key from a decorator on the receiver's declaration: `this.mailQueue.add(…)` where the class
	 * declares `@InjectQueue('mail') private mailQueue: Queue` (a constructor parameter or a property)
	 * dispatches `mail`. The call's own arguments stay discovery's (a job name: `.add('welcome')`).
	 */
	receiverDecorator: z
		.strictObject({ names: z.array(z.string()).min(1), arg: z.number().int().min(0).default(0) })
		.optional(),
	/**
	 * HTTP-style keys: prefix the normalised key with a method (`GET /users/:id`), so two verbs on one
	 * path are two keys. `fromName`: the called name (`router.delete` → `DELETE`, `all` → `ALL`);
	 * `arg` + `property`: a property of an options argument (`fetch(url, { method: 'POST' })`);
	 * `default` when neither gives one. `ALL` registrations accept every method.
	 */
	method: z
		.strictObject({
			fromName: z.boolean().default(false),
			arg: z.number().int().min(0).optional(),
			property: z.string().default("method"),
			default: z.string().optional(),
		})
		.optional(),
	/** The key is this property of the object-literal argument (`slashCommands.add({ command: 'invite' })`). */
	property: z.string().optional(),
	/** With `property`: the property of the same object holding the handler. */
	handlerProperty: z.string().optional(),
	/** Evaluated keys must match this regex, or the site is not one (e.g. Express paths start with '/'). */
	pattern: z.string().optional(),
});

/** An extra site recorded for each key of an idiom, e.g. a streamer also registering a `stream-<name>` method. */
const alsoSchema = z.strictObject({
	trunk: z.string().min(1),
	side: z.enum(["register", "dispatch"]),
	template: z.string().describe("'{key}' is replaced by the normalised key"),
});

const common = {
	side: z.enum(["register", "dispatch"]),
	also: z.array(alsoSchema).default([]),
};

const callIdiomSchema = z.strictObject({
	kind: z.literal("call"),
	...common,
	callee: calleeSchema,
	key: keySchema.default({ arg: 0, form: "value" }),
	/**
	 * Register side: argument holding the handler. -1 = the last, read as a middleware chain: the
	 * last inline function (or wrapper call around one) after the key, else the last argument.
	 * With `object-keys`, each property is its key's handler.
	 */
	handlerArg: z.number().int().min(-1).optional(),
	/**
	 * Register side, when no handler argument is there: the definition holding the call consumes the
	 * key (`return pubsub.asyncIterator('topic')` in a subscription resolver is that topic's handler).
	 */
	handlerFromEnclosing: z.boolean().default(false),
	/**
	 * With `handlerFromEnclosing`: when the enclosing definition is a class (the call is in its
	 * `extends` clause, `class JwtStrategy extends PassportStrategy(Strategy, 'jwt')`), the class's own
	 * method of this name handles the key (`validate`, what the framework calls), else the class.
	 */
	handlerMember: z.string().optional(),
	/**
	 * Register side: a site only for a key the definition holding the call also gives, as the same
	 * string literal first argument, to a call of one of these names — `selectFrom('outbox')` then
	 * `deleteFrom('outbox')` in one function reads and removes the rows: it consumes the table.
	 */
	enclosingAlsoCalls: z.array(z.string().min(1)).optional(),
	/**
	 * Prefix every key with option values of the `new X({ … })` that created the receiver
	 * (`this.api = new ApiClass({ version: 'apps' })` → `apps/…`), in this order.
	 */
	prefixFromConstructorOptions: z.array(z.string()).default([]),
	/**
	 * Conditions on other arguments, all required: the object-literal argument `arg` has `property`
	 * equal to `equals` (`settings.add('Test_Button', 'sendTestEmail', { type: 'action' })`).
	 */
	where: z
		.array(z.strictObject({ arg: z.number().int().min(0), property: z.string().min(1), equals: z.string() }))
		.default([]),
});

const newIdiomSchema = z.strictObject({
	kind: z.literal("new"),
	...common,
	callee: calleeSchema,
	key: keySchema.default({ arg: 0, form: "value" }),
});

/** Classes whose `name` property names a service and whose methods are that service's keys. */
const classMembersIdiomSchema = z.strictObject({
	kind: z.literal("class-members"),
	side: z.literal("register"),
	also: z.array(alsoSchema).default([]),
	/** Regex over the name of the class the service extends (as written). */
	extends: z.string(),
	/** The property holding the service name (`name = 'presence'`). */
	nameProperty: z.string().default("name"),
	/** '{name}' and '{member}' are replaced. */
	template: z.string().default("{name}.{member}"),
	/** Regex over method names that are not service API (lifecycle hooks, base-class plumbing). */
	excludeMembers: z.string().optional(),
});

/**
 * Facades: `export const Presence = factory<IPresence>('presence')` and calls `Presence.setStatus()`
 * made through an import of that very export (bound by import source, not by name).
 */
const facadeIdiomSchema = z.strictObject({
	kind: z.literal("facade"),
	side: z.literal("dispatch"),
	also: z.array(alsoSchema).default([]),
	/** Names of the facade factory function (`proxify`). */
	factory: z.array(z.string()).min(1),
	factoryArg: z.number().int().min(0).default(0),
	template: z.string().default("{name}.{member}"),
	/** Regex over the repo-relative file defining the facade (another package's same-named factory is not this one). */
	definedIn: z.string().optional(),
	/**
	 * Regex over the module a facade's factory is imported from (`import { proxify } from
	 * '@scope/core-services'`): a facade defined outside `definedIn` with that package's factory also counts.
	 */
	factoryFrom: z.string().optional(),
});

/** Where a decorator's key is: an argument, or a property of an object argument (`{ path: 'team' }`). */
const decoratorKeySchema = z.strictObject({
	arg: z.number().int().min(0).default(0),
	/** When the argument is an object literal, the property holding the key. */
	property: z.string().optional(),
});

/**
 * Decorated class methods (`@Get(':id') find() {}` in a `@Controller('team')` class): each method
 * decorated by one of `names` is a site whose handler is the method itself.
 */
const decoratorIdiomSchema = z.strictObject({
	kind: z.literal("decorator"),
	...common,
	/** Method decorator names (`Get`, `Post`, `OnEvent`, …). */
	names: z.array(z.string().min(1)).min(1),
	key: decoratorKeySchema.default({ arg: 0 }),
	/** The key when the decorator has no key argument (`@Get()`); omitted: such a method is no site. */
	emptyKey: z.string().optional(),
	/**
	 * A key argument that does not evaluate is the key as written (`@Cron(CronExpression.EVERY_HOUR)` with
	 * the enum outside the repository, a schedule computed at start-up): the decorator still names its
	 * method's way in, as an entry the framework runs (a scheduler's jobs), joined to no dispatch.
	 */
	keyAsWritten: z.boolean().default(false),
	/** Prefix from a class decorator (`@Controller('team')`, `@Controller({ path: 'team' })`), joined with '/'. */
	classPrefix: z
		.strictObject({
			names: z.array(z.string().min(1)).min(1),
			arg: z.number().int().min(0).default(0),
			property: z.string().optional(),
		})
		.optional(),
	/** HTTP-style keys: the method is the decorator's name upper-cased (`@Delete` → `DELETE`; `All` → `ALL`). */
	methodFromName: z.boolean().default(false),
	/**
	 * `class`: `names` are class decorators (`@Processor('mail') class MailProcessor`); the handler is the
	 * class's own method named `handlerMember` when it has one (a worker's `process`), else the class.
	 */
	target: z.enum(["method", "class"]).default("method"),
	handlerMember: z.string().optional(),
	/**
	 * The application-wide path the routes are served under (idioms/app-prefix.ts): a global prefix
	 * (`app.setGlobalPrefix('api')`) and URI versioning (`app.enableVersioning({ type: VersioningType.URI,
	 * defaultVersion: '1' })`, per route `@Version('2')` or `@Version(VERSION_NEUTRAL)`, per class
	 * `@Controller({ path, version })`), each applying to the routes of the package the call is written in.
	 */
	appPrefix: z
		.strictObject({
			/** Called name setting the global prefix (its first argument). */
			prefixCall: z.string().min(1),
			/** Called name enabling versioning (its first argument an object literal). */
			versioningCall: z.string().min(1).optional(),
			/** The object's property naming the versioning type, and the value (last name) meaning URI versioning. */
			typeProperty: z.string().default("type"),
			uriType: z.string().default("URI"),
			/** The object's property with the default version (a string or an array of them). */
			defaultProperty: z.string().default("defaultVersion"),
			/** Method or class decorator naming a route's own version. */
			versionDecorator: z.string().optional(),
			/** The class decorator's object property naming its version (`@Controller({ version: '2' })`). */
			classVersionProperty: z.string().optional(),
			/** The name (last segment) of the constant meaning "no version segment". */
			neutral: z.string().optional(),
			/** The path segment in front of a version number (`v` → `/v1`). */
			segment: z.string().default("v"),
		})
		.optional(),
});

/**
 * A family of shapes discovery knows as code rather than as a call pattern, pinned by name (what
 * `trunks --discover --save` writes for them): `workflows` (functions a Temporal workflow module
 * exports ↔ `client.workflow.start('name')`, `startChild('name')`), `activities` (`@Activity` methods
 * and activity modules' exports ↔ names bound from `proxyActivities()`), `signals`
 * (`setHandler(defineSignal('name'), fn)` ↔ `signalWithStart(…, { signal })`, `handle.signal(sig)`).
 * Every site of the family's side goes to the trunk, with no evidence bar.
 */
const familyIdiomSchema = z.strictObject({
	kind: z.literal("family"),
	// No `also`: a family's sites are the family's own; a preset asking for more fails here, not silently.
	side: common.side,
	family: z.enum(["workflows", "activities", "signals"]),
});

/**
 * Route helpers: a call handed the router, an HTTP verb and a path as arguments, then the handler
 * (`setupRoute(router, 'post', '/items/:id', [auth], controllers.items.update)`), whatever the helper
 * is called — a repository's own wrapper around `router[verb](path, …)`. Recognised by that shape:
 * an argument naming a router, a verb string, the path string right after it, something after that.
 */
const routeHelperIdiomSchema = z.strictObject({
	kind: z.literal("route-helper"),
	side: z.literal("register"),
	also: z.array(alsoSchema).default([]),
	/** Regex over the text of the argument holding the router (`router`, `app`, `this.router`). */
	router: z.string(),
	/** HTTP verbs the verb argument may be (matched case-insensitively); the key's method, upper-cased. */
	verbs: z.array(z.string().min(1)).min(1),
	/** The path argument must match this regex. */
	pattern: z.string().default("^/"),
});

/**
 * Methods the framework calls by their name on any class it manages (`onModuleInit()`: at start-up).
 * Each such method registers the key `Class.method`, a key of its own with one handler: the way in
 * to the code it runs, which no call of the repository reaches.
 */
const hookMethodIdiomSchema = z.strictObject({
	kind: z.literal("hook-method"),
	side: z.literal("register"),
	also: z.array(alsoSchema).default([]),
	/** The hook methods' names. */
	names: z.array(z.string().min(1)).min(1),
});

/**
 * Modules written as one exported object of sections (`module.exports = { options: { alias: 'doc' },
 * methods(self) { return { insert() {…} } } }`), the module's registered name spelled by its file's path:
 * each member of the object a section function returns registers a key made from the module's name, its
 * alias and the member (`doc.insert`); with `grouped`, the section returns groups of members, each group
 * keyed too (`{ post: { login() {…} } }`, `{ beforeSave: { check() {…} } }`).
 */
const moduleSectionsIdiomSchema = z.strictObject({
	kind: z.literal("module-sections"),
	side: z.literal("register"),
	also: z.array(alsoSchema).default([]),
	/** Regex over the repo-relative posix path of a module's file; its `name` group is the module's registered name. */
	file: z.string(),
	/** Dotted path, in the exported object, of the property holding the module's alias (`options.alias`). */
	aliasProperty: z.string().optional(),
	/** The section function whose returned object holds the keys (`methods`, `apiRoutes`, `handlers`). */
	section: z.string().min(1),
	/** The returned object holds groups (`{ post: { login } }`): `{group}` is the outer key, `{member}` the inner one. */
	grouped: z.boolean().default(false),
	/**
	 * '{name}', '{alias}', '{group}', '{GROUP}' (upper-cased) and '{member}' are replaced; a template naming
	 * `{alias}` skips a module that declares none.
	 */
	template: z.string(),
	/** A group matching this regex is a key as written, `{group}` alone (an event named `module:event`). */
	qualifiedGroup: z.string().optional(),
	/**
	 * Members name URL paths below the module's: one starting with '/' is the whole path, one holding
	 * ':', '/' or '*' is kept as written, any other is kebab-cased (`resetRequest` → `reset-request`).
	 */
	memberPaths: z
		.strictObject({
			absolute: z.string().describe("the template of a member starting with '/', e.g. '{GROUP} {member}'"),
		})
		.optional(),
	/**
	 * Modules inherit the members of the module they extend (not `grouped`): `property` of the exported
	 * object names that module (`extend: '@x/piece-type'`), `base` the module any other extends by default.
	 * A module registers each member it inherits and does not define itself, handled by the nearest
	 * module of its chain defining it (the sections of one trunk's idioms together make a module's members).
	 */
	inherit: z
		.strictObject({
			property: z.string().min(1),
			base: z.string().min(1).optional(),
			/** Only inherited members register (calls to a module's own are call edges already), keyed by the module defining each. */
			inheritedOnly: z.boolean().default(false),
		})
		.optional(),
});

/**
 * Calls keyed by their receiver and the module they are written in, for modules of `module-sections`:
 * a call through a registry (`self.apos.doc.insert(…)`: the receiver's named groups and the called
 * member make the key, `doc.insert`) or an event a module emits on itself (`self.emit('beforeSave')`
 * in the module named by `file` → `@scope/doc:beforeSave`).
 */
const moduleCallIdiomSchema = z.strictObject({
	kind: z.literal("module-call"),
	side: z.literal("dispatch"),
	also: z.array(alsoSchema).default([]),
	/** Regex over the repo-relative posix path; its `name` group, if any, is `{name}`. Omitted: any file. */
	file: z.string().optional(),
	/** Regex over files whose calls are no sites (browser code with a registry of its own). */
	excludeFiles: z.string().optional(),
	/** Regex over the receiver text; its named groups are template fields. */
	receiver: z.string(),
	/** Called names; omitted: any. */
	names: z.array(z.string().min(1)).optional(),
	/** The argument holding `{key}` (a literal or constant); omitted: the call has no key argument. */
	keyArg: z.number().int().min(0).optional(),
	/** '{member}' (the called name), '{key}', '{name}' and the receiver's named groups are replaced. */
	template: z.string(),
	/** A `{key}` matching this regex is the key as written (an event already named `module:event`). */
	qualifiedKey: z.string().optional(),
	/**
	 * Sections of the file's own module: a called member one of them returns is no site (a call
	 * `self.check()` to the module's own member is a call edge already; one it inherits is a site).
	 */
	ownSections: z.array(z.string().min(1)).optional(),
});

export const idiomSchema = z.discriminatedUnion("kind", [
	hookMethodIdiomSchema,
	moduleSectionsIdiomSchema,
	moduleCallIdiomSchema,
	routeHelperIdiomSchema,
	decoratorIdiomSchema,
	callIdiomSchema,
	newIdiomSchema,
	classMembersIdiomSchema,
	facadeIdiomSchema,
	familyIdiomSchema,
]);

export const normalizeSchema = z.strictObject({
	stripLeadingSlash: z.boolean().default(false),
	/** Regexes removed from the start of the key, applied in order (e.g. '^api/', '^v\\d+/'). */
	stripPrefixes: z.array(z.string()).default([]),
	/** Drop a `?query` suffix. */
	stripQuery: z.boolean().default(false),
	/** Path keys: `:name` segments are parameters; concrete dispatch paths are matched against registered patterns. */
	params: z.boolean().default(false),
});

export const categoryRuleSchema = z.strictObject({
	side: z.enum(["register-only", "dispatch-only"]),
	category: z.enum([
		"framework built-in",
		"extension point never registered in-repo",
		"registered for external clients",
		"dynamic key",
		"dead code",
		"unexplained",
	]),
	/** Regex over the key; omitted: every key. */
	key: z.string().optional(),
	/** Regex over the file of (every) site of the key; omitted: any file. */
	file: z.string().optional(),
	why: z.string().optional(),
});

export const trunkSchema = z.strictObject({
	name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
	description: z.string().default(""),
	/** False for trunks kept out of the headline counts (e.g. slash commands). */
	inScope: z.boolean().default(true),
	normalize: normalizeSchema.default({
		stripLeadingSlash: false,
		stripPrefixes: [],
		stripQuery: false,
		params: false,
	}),
	idioms: z.array(idiomSchema).min(1),
	/**
	 * Dispatch sites only for keys some register site of the trunk holds: a table written in many
	 * places is a queue only where a consumer reads and removes its rows.
	 */
	pairedOnly: z.boolean().optional(),
	/**
	 * Router mounts (`app.use('/users', usersRouter)`): keys registered on the mounted router (the
	 * same variable, through imports and `require`) get the mount path as a prefix; mounts nest.
	 */
	mounts: z
		.array(
			z.strictObject({
				callee: calleeSchema,
				/** Argument holding the path prefix (must evaluate to a string starting with '/'). */
				prefixArg: z.number().int().min(0).default(0),
				/** Argument holding the mounted router (-1 = last). */
				targetArg: z.number().int().min(-1).default(-1),
				/**
				 * The router mounted is the one the call returns (the variable holding it), on the call's
				 * receiver: Hono's `const api = app.basePath('/api')`. `targetArg` is then not read.
				 */
				resultMounted: z.boolean().default(false),
			}),
		)
		.default([]),
	/** How asymmetric keys are explained; first matching rule wins, else `unexplained`. */
	categories: z.array(categoryRuleSchema).default([]),
	/**
	 * Keys scoped by what their receiver is (scope.ts): a key whose sites all have a known scope and
	 * fall into two or more scopes becomes one key per scope (`message (/chat)`).
	 */
	scope: z
		.strictObject({
			/** Calls whose first argument names the channel they make: `io.of('/chat')`, `io('http://host/chat')`. */
			channels: z.array(z.string()).default([]),
			/** The channel those calls make with no argument, and the one `new <rootConstructors>()` makes. */
			rootChannel: z.string().optional(),
			rootConstructors: z.array(z.string()).default([]),
			/** The receiver's identity is a scope too: its in-repo class family, typed-emitter type arguments, the object the code created. */
			types: z.boolean().default(false),
		})
		.optional(),
});

/** When a preset turns itself on: any one condition matching the repository is enough. */
export const detectSchema = z.strictObject({
	always: z.boolean().default(false),
	/** Workspace package names (root package.json `workspaces` folders, pnpm-workspace, or the root; without a declaration, every project folder with a package.json). */
	packages: z.array(z.string()).default([]),
	/** Dependencies declared by the root or any workspace package.json. */
	dependencies: z.array(z.string()).default([]),
	/** Repo-relative files that must exist. */
	files: z.array(z.string()).default([]),
});

export const presetSchema = z.strictObject({
	name: z.string().min(1),
	description: z.string().default(""),
	detect: detectSchema.default({ always: true, packages: [], dependencies: [], files: [] }),
	trunks: z.array(trunkSchema).min(1),
});

export const trunkConfigSchema = z.strictObject({
	$schema: z.string().optional(),
	/** Built-in presets to include, enabled whatever their `detect` says (e.g. `["rocketchat"]`). */
	extends: z.array(z.string().min(1)).default([]),
	presets: z.array(presetSchema).default([]),
	/**
	 * Discover the repository's own string-dispatch idioms at index time (calls the presets did not
	 * take), as extra trunks. On by default; `false` indexes with the presets alone.
	 */
	discover: z.boolean().default(true),
});

export type Idiom = z.infer<typeof idiomSchema>;
export type CallIdiom = z.infer<typeof callIdiomSchema>;
export type NewIdiom = z.infer<typeof newIdiomSchema>;
export type ClassMembersIdiom = z.infer<typeof classMembersIdiomSchema>;
export type FacadeIdiom = z.infer<typeof facadeIdiomSchema>;
export type DecoratorIdiom = z.infer<typeof decoratorIdiomSchema>;
export type FamilyIdiom = z.infer<typeof familyIdiomSchema>;
export type RouteHelperIdiom = z.infer<typeof routeHelperIdiomSchema>;
export type HookMethodIdiom = z.infer<typeof hookMethodIdiomSchema>;
export type ModuleSectionsIdiom = z.infer<typeof moduleSectionsIdiomSchema>;
export type ModuleCallIdiom = z.infer<typeof moduleCallIdiomSchema>;
export type CalleeSpec = z.infer<typeof calleeSchema>;
export type KeySpec = z.infer<typeof keySchema>;
export type NormalizeSpec = z.infer<typeof normalizeSchema>;
export type CategoryRule = z.infer<typeof categoryRuleSchema>;
export type Category = CategoryRule["category"];
export type TrunkSpec = z.infer<typeof trunkSchema>;
export type DetectSpec = z.infer<typeof detectSchema>;
export type Preset = z.infer<typeof presetSchema>;
export type TrunkConfig = z.infer<typeof trunkConfigSchema>;

export const CATEGORIES: readonly Category[] = categoryRuleSchema.shape.category.options;
