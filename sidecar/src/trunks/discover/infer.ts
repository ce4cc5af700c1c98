/**
 * Discovery's decision, a pure function of the candidates: group the calls by shape, pair register
 * groups (calls that hand over a function with a key) with dispatch groups (calls that send the
 * same keys) that are connected — same receiver, a listener/emitter verb pair, an HTTP route and a
 * transport, a wrapper whose parameter reaches such a call, or a strong overlap of distinctive keys —
 * and keep a pair only when enough keys have both sides. Each kept cluster is a trunk in today's
 * preset format, with its evidence.
 */

import { escapeRegExp } from "../../escape-regexp.js";
import type { DispatchSiteRecord } from "../../index/types.js";
import { type Idiom, idiomSchema, type TrunkSpec } from "../config.js";
import { type CandidateInfo, isTransport, type WrapperInfo } from "./candidates.js";
import {
	COMMON_KEYS,
	DISPATCH_VERBS,
	GENERIC_LISTEN,
	HTTP_DECORATORS,
	HTTP_VERBS,
	KEY_PROPERTY,
	LOOKUP_VERBS,
	MANAGEMENT_VERBS,
	NAMESPACED_FORMS,
	SEND_NAME,
	VERB_PAIRS,
} from "./families.js";
import { familyOf } from "./workflows.js";

export interface Sited<T> {
	info: T;
	site: DispatchSiteRecord;
}

/** Thresholds: joins a pair needs to count as an idiom rather than coincidence. */
export const DISCOVERY_LIMITS = {
	/** Share of a group's sites with a function handler for it to be a registry. */
	handlerShare: 0.6,
	/** Both-sided distinct keys for a connected pair. */
	minJoined: 2,
	/** ... and the share of the dispatch group's distinct keys they make. */
	minShare: 0.3,
	/** Without a connection: distinctive both-sided keys and share. */
	overlapJoined: 8,
	overlapShare: 0.6,
	/** On overlap alone, the registry's median register sites per key at most. */
	overlapSitesPerKey: 2,
	/** A dispatch group is a wrapper when this share of its calls reaches a wrapper. */
	wrapperShare: 0.5,
};

export type Connection =
	| "same receiver"
	| "listener pair"
	| "http transport"
	| "wrapper"
	| "proxy"
	| "graphql"
	| "keyed instance"
	| "named service"
	| "action type"
	| "job definition"
	| "job name constant"
	| "named object"
	| "workflow name"
	| "activity name"
	| "signal name"
	| "event class"
	| "overlap";

export interface Group {
	id: string;
	form: CandidateInfo["form"];
	receiver: string;
	name: string;
	arg: number;
	sites: Sited<CandidateInfo>[];
	/** Normalised key → sites. */
	keys: Map<string, number>;
	handlerShare: number;
	handlerArg: number | null;
	/** Share of its sites that create an instance and keep it; sites whose file emits on it or listens to it. */
	heldShare: number;
	emitted: number;
}

export interface DiscoveredPattern {
	pattern: string;
	sites: number;
	keys: number;
}
export interface DiscoveredDispatch extends DiscoveredPattern {
	connection: Connection;
	joined: number;
	prefix: string;
	/** The wrapped calls its keys flow into, for wrappers (`fetch`, `queue.add`). */
	via: string[];
}

export interface DiscoveredTrunk {
	spec: TrunkSpec;
	registers: (DiscoveredPattern & { group: Group })[];
	dispatches: (DiscoveredDispatch & { group: Group; dropCommon: boolean })[];
	bothSides: number;
	examples: { key: string; register: string; dispatch: string }[];
	/** Patterns discovery joins that today's preset format cannot express (kept at index time only). */
	unexpressed: string[];
	/** Every registry is an HTTP route: sites are keyed `METHOD /path` where the method is known. */
	http: boolean;
	/** The registries' getters (`commands.get('bold')`): references to a key's handlers, no dispatch. */
	lookups: (DiscoveredPattern & { group: Group; joined: number })[];
}

// A path's parameters compare by position only: `orders/:id` (a route) meets `orders/:param` (a client's template).
/** Trunk names of the forms that name their keys' kind rather than a receiver (`new Worker` → `jobs`). */
const FORM_TRUNKS: Partial<Record<CandidateInfo["form"], string>> = {
	reducer: "actions",
	job: "jobs",
	"event-class": "event-classes",
	workflow: "workflows",
	activity: "activities",
	signal: "signals",
	"file-route": "file-routes",
};

const baseKey = (k: string) =>
	k
		.trim()
		.replace(/[?#].*$/, "")
		.replace(/^\/+/, "")
		.replace(/\/+$/, "")
		.replace(/(^|\/):[A-Za-z_$][\w$-]*(?=\/|$)/g, "$1:param") || "/";

export function groupsOf(candidates: readonly Sited<CandidateInfo>[]): Group[] {
	const groups = new Map<string, Group>();
	for (const c of candidates) {
		const { form, receiver, name, arg } = c.info;
		// A getter whose result is called (`get('x')()`) is a shape of its own: it runs, it does not look up.
		const id = `${form}|${receiver}|${name}|${arg}${c.info.invoked ? "|()" : ""}`;
		let g = groups.get(id);
		if (!g) {
			g = {
				id,
				form,
				receiver,
				name,
				arg,
				sites: [],
				keys: new Map(),
				handlerShare: 0,
				handlerArg: null,
				heldShare: 0,
				emitted: 0,
			};
			groups.set(id, g);
		}
		g.sites.push(c);
		for (const k of c.info.keys) {
			const key = baseKey(k);
			g.keys.set(key, (g.keys.get(key) ?? 0) + 1);
		}
	}
	for (const g of groups.values()) {
		const withHandler = g.sites.filter((s) => s.info.handler !== null);
		g.handlerShare = withHandler.length / g.sites.length;
		g.heldShare = g.sites.filter((s) => s.info.held).length / g.sites.length;
		g.emitted = g.sites.filter((s) => s.info.emitted).length;
		const counts = new Map<number, number>();
		for (const s of withHandler)
			if (s.info.handlerArg !== null) counts.set(s.info.handlerArg, (counts.get(s.info.handlerArg) ?? 0) + 1);
		g.handlerArg = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
	}
	return [...groups.values()];
}

const isRegistry = (g: Group) =>
	!MANAGEMENT_VERBS.has(g.name) &&
	// A file route's module is declared by its place (and its framework): one route is evidence enough.
	((g.keys.size >= 2 && g.sites.length >= 2) || g.form === "file-route") &&
	(g.form === "object" ||
		g.form === "decorator" ||
		(g.form === "graphql" && g.name === "(resolver)") ||
		g.form === "service" ||
		g.form === "reducer" ||
		g.form === "job" ||
		g.form === "file-route" ||
		g.form === "workflow" ||
		g.form === "activity" ||
		g.form === "signal" ||
		g.form === "event-class" ||
		(g.form === "call" && g.handlerShare >= DISCOVERY_LIMITS.handlerShare && !DISPATCH_VERBS.has(g.name)));

/**
 * Keyed channels: `new Streamer('notify-room')`, `new Queue('emails')`, instances the code then emits
 * on or listens to. Their names are what the other side subscribes to or sends to.
 */
const isKeyedInstance = (g: Group) =>
	g.form === "call" &&
	/^new [\w$]+$/.test(g.name) &&
	g.handlerShare < DISCOVERY_LIMITS.handlerShare &&
	g.heldShare >= DISCOVERY_LIMITS.handlerShare &&
	// Some instances are seen emitted on or listened to where they are made (others may be used elsewhere).
	g.emitted >= Math.min(2, g.sites.length) &&
	g.keys.size >= 2;

export const isDispatcher = (g: Group) =>
	!MANAGEMENT_VERBS.has(g.name) &&
	(g.form === "proxy" ||
		g.form === "facade" ||
		g.form === "action" ||
		g.form === "workflow-start" ||
		g.form === "activity-call" ||
		g.form === "signal-send" ||
		g.form === "event-class-send" ||
		(g.form === "graphql" && g.name === "(operation)") ||
		(g.form === "call" && (g.handlerShare < DISCOVERY_LIMITS.handlerShare || DISPATCH_VERBS.has(g.name))));

const isHttpRegistry = (r: Group) =>
	(r.form === "call" && HTTP_VERBS.has(r.name)) ||
	(r.form === "decorator" && HTTP_DECORATORS.has(r.name)) ||
	r.form === "file-route";

const lastName = (receiver: string) => receiver.split(".").pop()?.replace(/\(\)$/, "") ?? "";

/** `editor.commands.get(key)` beside `editor.commands.add(key, cmd)`: a getter of the registry's object (see LOOKUP_VERBS). */
const isLookup = (r: Group, d: Group) =>
	d.form === "call" &&
	r.form === "call" &&
	LOOKUP_VERBS.has(d.name) &&
	!LOOKUP_VERBS.has(r.name) &&
	d.sites.every((s) => !s.info.invoked) &&
	!isHttpRegistry(r) &&
	lastName(r.receiver) !== "" &&
	lastName(r.receiver) !== "this" &&
	lastName(r.receiver) === lastName(d.receiver);

/** Verbs a registry's keys are sent with: its pairs, any pure dispatch verb, and HTTP verbs for routes. */
function sendsTo(r: Group, name: string): boolean {
	return (
		DISPATCH_VERBS.has(name) ||
		(VERB_PAIRS[r.name] ?? []).includes(name) ||
		(isHttpRegistry(r) && HTTP_VERBS.has(name))
	);
}

/** The median number of register sites a registry holds per key. */
function medianSitesPerKey(r: Group): number {
	const counts = [...r.keys.values()].sort((a, b) => a - b);
	return counts.length === 0 ? 0 : (counts[Math.floor((counts.length - 1) / 2)] as number);
}

/** A distinctive key can join across receivers on overlap alone: `chat.sendMessage`, `shares/create`, `userUpdated`. */
export const distinctive = (k: string) =>
	k.length >= 4 && !COMMON_KEYS.has(k) && /[./:_-]|[a-z][A-Z]/.test(k);

/** Both sides read the key from the same named constant (`PORTFOLIO_JOB_NAME`): no coincidence of words. */
function sameConstant(r: Group, d: Group, key: string): boolean {
	const named = (g: Group) =>
		new Set(
			g.sites
				.filter((s) => s.info.constant && s.info.keys.some((k) => baseKey(k) === key))
				.map((s) => s.info.constant),
		);
	const a = named(r);
	return [...named(d)].some((c) => a.has(c));
}

export interface Sink {
	receiver: string;
	name: string;
}

/** Wrapper facts by the wrapper's definition (one pass; infer.ts and preset-wrappers.ts read them so). */
export function wrappersByDef(facts: readonly WrapperInfo[]): Map<string, WrapperInfo[]> {
	const out = new Map<string, WrapperInfo[]>();
	for (const w of facts) {
		const list = out.get(w.def);
		if (list) list.push(w);
		else out.set(w.def, [w]);
	}
	return out;
}

/**
 * The calls a dispatch group's keys flow into through wrappers (up to three calls deep: a public
 * wrapper, its inner step, a retry loop around `fetch`), or null.
 */
export function wrapperSinks(d: Group, wrappers: ReadonlyMap<string, WrapperInfo[]>): Sink[] | null {
	let through = 0;
	const sinks = new Map<string, Sink>();
	const follow = (def: string, param: number, depth: number): boolean => {
		const inner = (wrappers.get(def) ?? []).filter((w) => w.param === param);
		for (const w of inner) {
			sinks.set(`${w.receiver}.${w.name}`, { receiver: w.receiver, name: w.name });
			if (depth < 3 && w.callee) follow(w.callee, w.arg, depth + 1);
		}
		return inner.length > 0;
	};
	for (const s of d.sites) if (s.info.callee && follow(s.info.callee, d.arg, 1)) through++;
	return through / d.sites.length >= DISCOVERY_LIMITS.wrapperShare ? [...sinks.values()] : null;
}

/** Does a call's key position reach a transport through its callee's wrapper facts (up to three calls deep)? */
function reachesTransport(c: CandidateInfo, wrappers: ReadonlyMap<string, WrapperInfo[]>): boolean {
	const reach = (def: string, param: number, depth: number): boolean =>
		(wrappers.get(def) ?? []).some(
			(w) =>
				w.param === param &&
				(isTransport(w.receiver, w.name) || (depth < 3 && !!w.callee && reach(w.callee, w.arg, depth + 1))),
		);
	return !!c.callee && reach(c.callee, c.arg, 1);
}

/** The name words of a receiver: `this.$root.settingSocket` → root, setting, socket. */
const words = (receiver: string) =>
	new Set(
		receiver
			.replace(/([a-z])([A-Z])/g, "$1 $2")
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter((w) => w.length > 2 && w !== "this"),
	);
const sameRole = (a: string, b: string) => {
	const wb = words(b);
	return [...words(a)].some((w) => wb.has(w));
};

const singleObject = (receiver: string) =>
	receiver !== "" && !receiver.startsWith("this") && !receiver.includes("()");

/** Every site of the group reads its key from an object argument's `name` (`queue({ name: JOB })`). */
const namedObjects = (g: Group) => g.sites.every((s) => s.info.named);

function connection(r: Group, d: Group, sinks: Sink[] | null): Connection | null {
	if (r.form === "graphql" || d.form === "graphql") return r.form === d.form ? "graphql" : null;
	if (d.form === "proxy") return r.form === "object" ? "proxy" : null;
	// A job definition is sent by a method call naming it in its object argument (`jobs.triggerJob({ name })`).
	if (r.form === "job") {
		if (d.form !== "call") return null;
		if (d.receiver !== "" && d.sites.every((s) => s.info.named)) return "job definition";
		// Or by a function sending a job by its name (`enqueueBackgroundJob(JOB_NAMES.testLog, data)`), the
		// name read from the constant the definition reads (`{ name: JOB_NAMES.testLog, handle }`): evidence
		// counts only keys read so on both sides (below).
		return SEND_NAME.test(d.name) && d.sites.every((s) => s.info.constant) ? "job name constant" : null;
	}
	// A workflow module's export is started by its name (`client.workflow.start('orderWorkflow')`).
	if (r.form === "workflow" || d.form === "workflow-start")
		return r.form === "workflow" && d.form === "workflow-start" ? "workflow name" : null;
	// An activity is called from a workflow by a name bound from `proxyActivities(…)`.
	if (r.form === "activity" || d.form === "activity-call")
		return r.form === "activity" && d.form === "activity-call" ? "activity name" : null;
	// A workflow's signal handler is sent its definition's name (`signalWithStart(…, { signal })`, `handle.signal`).
	if (r.form === "signal" || d.form === "signal-send")
		return r.form === "signal" && d.form === "signal-send" ? "signal name" : null;
	// An event class's listeners and the code sending its instances (`ofType(E)` ↔ `publish(new E())`).
	if (r.form === "event-class" || d.form === "event-class-send")
		return r.form === "event-class" && d.form === "event-class-send" ? "event class" : null;
	if (r.form === "reducer" || d.form === "action")
		return r.form === "reducer" && d.form === "action" ? "action type" : null;
	// Named services are reached by their facades here, by string calls (`api.call('svc.m')`) on overlap.
	if (r.form === "service" || d.form === "facade") {
		if (r.form === "service" && d.form === "facade") return "named service";
		// The object that registers the services also calls them by name (`broker.call('billing.refund')`).
		return r.form === "service" && d.form === "call" && singleObject(r.receiver) && r.receiver === d.receiver
			? "same receiver"
			: null;
	}
	// One object on both sides: not `this` (one per class), and not a call's result (`$('#a')` and `$('#b')`).
	const sharedReceiver = singleObject(r.receiver) && r.receiver === d.receiver;
	if (sharedReceiver && r.form !== "decorator" && sendsTo(r, d.name)) return "same receiver";
	if ((VERB_PAIRS[r.name] ?? []).includes(d.name)) return "listener pair";
	// `new Worker('emails', fn)` ↔ `new Queue('emails')`: a keyed instance feeds a keyed handler.
	if (r.form === "call" && r.name.startsWith("new ") && isKeyedInstance(d)) return "keyed instance";
	if (isHttpRegistry(r) && isTransport(d.receiver, d.name)) return "http transport";
	if (
		sinks?.some(
			(s) =>
				(s.receiver === r.receiver && singleObject(r.receiver)) ||
				(VERB_PAIRS[r.name] ?? []).includes(s.name) ||
				(isHttpRegistry(r) && isTransport(s.receiver, s.name)),
		)
	)
		return "wrapper";
	// A method decorated with the key as its object argument's `name` (`@Handles({ name: JOB })`) is sent by a
	// method call naming it so too (`this.jobs.queue({ name: JOB, data })`): the same shape on both sides.
	if (r.form === "decorator" && namedObjects(r) && d.form === "call" && d.receiver !== "" && namedObjects(d))
		return "named object";
	return null;
}

/** The path prefix of a dispatch group's keys (`v1/`, `api/`) that, stripped, makes the most keys join. */
function bestPrefix(d: Group, registered: ReadonlySet<string>): string {
	const joins = (prefix: string) => {
		let n = 0;
		for (const k of keysBelow(d, prefix)) if (registered.has(k)) n++;
		return n;
	};
	let best = "";
	let bestJoins = joins("");
	for (const p of sharedPrefixes(d)) {
		const j = joins(p);
		if (j > bestJoins) {
			best = p;
			bestJoins = j;
		}
	}
	return best;
}

const sharedPrefixCache = new WeakMap<Group, string[]>();
const keysBelowCache = new WeakMap<Group, Map<string, string[]>>();
const distinctCache = new WeakMap<Group, Map<string, string[]>>();

/** A group's keys that start with `prefix`, with it stripped; once per group and prefix (every registry is tried against every dispatcher). */
function keysBelow(d: Group, prefix: string): string[] {
	const byPrefix = keysBelowCache.get(d) ?? new Map<string, string[]>();
	keysBelowCache.set(d, byPrefix);
	let keys = byPrefix.get(prefix);
	if (!keys) {
		keys = [];
		for (const k of d.keys.keys()) if (k.startsWith(prefix)) keys.push(k.slice(prefix.length));
		byPrefix.set(prefix, keys);
	}
	return keys;
}

/** A dispatcher's distinct keys with `prefix` stripped (and common words dropped), in key order; once per group and options. */
function distinctKeys(d: Group, prefix: string, dropCommon: boolean): string[] {
	const byOptions = distinctCache.get(d) ?? new Map<string, string[]>();
	distinctCache.set(d, byOptions);
	const id = `${dropCommon ? 1 : 0}${prefix}`;
	let keys = byOptions.get(id);
	if (!keys) {
		const stripped = [...d.keys.keys()]
			.map((k) => strip(k, prefix))
			.filter((k) => !dropCommon || !COMMON_KEYS.has(k));
		keys = [...new Set(stripped)];
		byOptions.set(id, keys);
	}
	return keys;
}

/**
 * A dispatcher's candidate base paths, in key order: the first one or two segments of a key that
 * most of its keys share (`v1/`, `api/`), not one route's own segment. The same for every
 * registry it is paired with, so computed once per group (it counts over all keys per prefix).
 */
function sharedPrefixes(d: Group): string[] {
	const cached = sharedPrefixCache.get(d);
	if (cached) return cached;
	const counts = new Map<string, number>();
	for (const k of d.keys.keys()) {
		const segs = k.split("/");
		// A key starts with a prefix of n segments exactly when that is its own first n segments.
		for (let n = 1; n <= 2 && n < segs.length; n++) {
			const p = `${segs.slice(0, n).join("/")}/`;
			counts.set(p, (counts.get(p) ?? 0) + 1);
		}
	}
	const out: string[] = [];
	const tried = new Set<string>();
	for (const k of d.keys.keys()) {
		const segs = k.split("/");
		for (let n = 1; n <= 2 && n < segs.length; n++) {
			const p = `${segs.slice(0, n).join("/")}/`;
			if (tried.has(p)) continue;
			tried.add(p);
			if ((counts.get(p) ?? 0) * 2 >= d.keys.size) out.push(p);
		}
	}
	sharedPrefixCache.set(d, out);
	return out;
}

const strip = (k: string, prefix: string) => (prefix && k.startsWith(prefix) ? k.slice(prefix.length) : k);

export function describe(g: Group): string {
	const recv = g.receiver ? `${g.receiver}.` : "";
	const key = g.arg === 0 ? "key" : `${Array(g.arg).fill("_").join(", ")}, key`;
	if (g.form === "object") return `${recv}${g.name}(${g.arg ? "_, " : ""}{ key() {…} })`;
	if (g.form === "decorator") return `${g.name}('key') method`;
	if (g.form === "graphql")
		return g.name !== "(resolver)"
			? "gql`query { key … }`"
			: [
					...(g.sites.some((s) => !s.info.declared)
						? ["{ Query|Mutation|Subscription: { key: resolver } }"]
						: []),
					...(g.sites.some((s) => s.info.declared)
						? ["@Query|@Mutation|@Subscription|@ResolveField() method"]
						: []),
				].join(", ");
	if (g.form === "proxy") return `${g.receiver}.….key.query()|.mutate()|.useQuery()…`;
	if (g.form === "service")
		return `class { name = 'ns'; method() {…} } registered by ${recv}${g.name}(new …)`;
	if (g.form === "facade") return `Facade = ${g.receiver}('ns'); Facade.method()`;
	if (g.form === "reducer")
		return "case 'key': in a reducer's switch (action.type) | { name, reducers: { key() {…} } }";
	if (g.form === "action") return "{ type: 'key' } sent or returned | dispatch(slice.actions.key())";
	if (g.form === "job") return "{ id|name|trigger.name: 'key', handler|handle|run|fn: handler }";
	if (g.form === "event-class") return `${recv}${g.name}(EventClass)`;
	if (g.form === "event-class-send") return `${recv}${g.name}(new EventClass(…))`;
	if (g.form === "workflow") return "export function key() in a workflow module";
	if (g.form === "activity")
		return "method of an @Activity class | export function key() of an activities module";
	if (g.form === "activity-call") return "const { key } = proxyActivities(…); key(…)";
	if (g.form === "signal")
		return "setHandler(defineSignal|defineQuery|defineUpdate('key'), handler) in a workflow";
	if (g.form === "signal-send")
		return "….workflow.signalWithStart(_, { signal: 'key' }) | handle.signal|query|executeUpdate(key)";
	if (g.form === "workflow-start")
		return "….workflow.start|execute|signalWithStart('key') | startChild|executeChild('key')";
	if (g.form === "file-route")
		return "export GET|POST|… of <routes>/…/route.ts|+server.ts, export default of pages/api|server/api/… files";
	if (g.name.startsWith("new ")) return `new ${recv}${g.name.slice(4)}(${key})`;
	return `${recv}${g.name}(${key}${g.handlerArg !== null && g.handlerShare >= DISCOVERY_LIMITS.handlerShare ? ", handler" : ""})`;
}

const slug = (s: string) =>
	s
		.replace(/\(\)/g, "")
		.replace(/([a-z])([A-Z])/g, "$1-$2")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, 40) || "keys";

const receiverRe = (r: string) => (r === "" ? "" : `^${escapeRegExp(r).replace(/\\\(\\\)/g, "\\(.*\\)")}$`);

/** `new Worker('emails', fn)`: a `new` idiom; `new Queue.add` (a call on such an instance) has no preset form. */
function newIdiom(g: Group, side: "register" | "dispatch"): Idiom | null {
	const ctor = g.name.slice(4);
	if (ctor.includes(".") || g.receiver !== "") return null;
	return idiomSchema.parse({
		kind: "new",
		side,
		callee: { names: [ctor], receiver: "" },
		key: { arg: g.arg },
	});
}

/** A family discovery knows as code (workflows, activities, signals): pinned by name. */
function familyIdiom(g: Group): Idiom | null {
	const f = familyOf(g.form);
	return f ? idiomSchema.parse({ kind: "family", side: f.side, family: f.family }) : null;
}

function registerIdiom(g: Group): Idiom | null {
	const family = familyIdiom(g);
	if (family) return family;
	if (g.form === "decorator")
		return idiomSchema.parse({
			kind: "decorator",
			side: "register",
			names: [g.name.slice(1)],
			// `@Handles({ name: JOB })`: the key is that property of the object argument.
			key: { arg: 0, ...(namedObjects(g) ? { property: KEY_PROPERTY } : {}) },
		});
	if (g.form !== "call" && g.form !== "object") return null;
	if (g.name.startsWith("new ")) return newIdiom(g, "register");
	return idiomSchema.parse({
		kind: "call",
		side: "register",
		callee: { names: [g.name], receiver: receiverRe(g.receiver) },
		key: { arg: g.arg, form: g.form === "object" ? "object-keys" : "value" },
		...(g.form === "call" && g.handlerArg !== null ? { handlerArg: g.handlerArg } : {}),
	});
}

function dispatchIdiom(g: Group, dropCommon: boolean): Idiom | null {
	const family = familyIdiom(g);
	if (family) return family;
	if (g.form !== "call") return null;
	// Keys a wrapper's template completed (`fetchList('archived')` → `/items.archived`): a call idiom
	// would read the bare argument.
	// Nor keys read from a held instance's creation (`this.outbox.add(…)`, factory-instances.ts).
	if (g.sites.some((s) => s.info.completed || s.info.fromInstance)) return null;
	if (g.name.startsWith("new ")) return newIdiom(g, "dispatch");
	// `queue({ name: JOB })`: the key is a property of the object argument, one property for the whole group;
	// a list of such objects (`queueAll([{ name }])`, `xs.map(…)`) the format cannot express.
	const properties = new Set(g.sites.map((s) => (s.info.named ? (s.info.keyProperty ?? KEY_PROPERTY) : "")));
	const named = namedObjects(g);
	if (named && (properties.size > 1 || g.sites.some((s) => s.info.listed))) return null;
	const common = dropCommon ? [...g.keys.keys()].filter((k) => COMMON_KEYS.has(k)) : [];
	return idiomSchema.parse({
		kind: "call",
		side: "dispatch",
		callee: { names: [g.name], receiver: receiverRe(g.receiver) },
		key: {
			arg: g.arg,
			...(named ? { property: [...properties][0] } : {}),
			...(common.length ? { pattern: `^(?!/?(?:${common.map(escapeRegExp).join("|")})$)` } : {}),
		},
	});
}

const nsOf = (key: string) => key.replace(/\.[^.]*$/, "");

/**
 * Named services resolved across files: a class's method candidates are kept when some call shape
 * registers instances of two or more named classes (`api.registerService(new X())`), and take that
 * shape as their receiver; facade uses bound by import source (the exporting package's name) to a
 * facade definition; facades kept when their factory made two or more. Other candidates pass through.
 */
function namedServices(candidates: readonly Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const out: Sited<CandidateInfo>[] = [];
	const members: Sited<CandidateInfo>[] = [];
	const facades: Sited<CandidateInfo>[] = [];
	const regs = new Map<string, Set<string>>(); // shape → registered class definitions
	const defs = new Map<string, { factory: string; ns: string }>();
	const uses: Sited<CandidateInfo>[] = [];
	for (const c of candidates) {
		const i = c.info;
		if (i.form === "registration") {
			const shape = `${i.receiver}\0${i.name}`;
			if (i.handler) regs.set(shape, (regs.get(shape) ?? new Set()).add(i.handler));
		} else if (i.form === "service") members.push(c);
		else if (i.form === "facade") facades.push(c);
		else if (i.form === "facade-def") {
			const def = { factory: i.name, ns: i.keys[0] as string };
			defs.set(`${c.site.file}\0${i.exportName}`, def);
			if (i.pkg) defs.set(`${i.pkg}\0${i.exportName}`, def);
		} else if (i.form === "facade-use") uses.push(c);
		else out.push(c);
	}
	const named = new Set(members.map((m) => m.info.receiver));
	const shapeOf = new Map<string, string>();
	for (const [shape, classes] of [...regs].sort((a, b) => b[1].size - a[1].size)) {
		const mine = [...classes].filter((k) => named.has(k));
		if (mine.length < 2) continue;
		for (const k of mine) if (!shapeOf.has(k)) shapeOf.set(k, shape);
	}
	const services = new Set<string>();
	for (const m of members) {
		const shape = shapeOf.get(m.info.receiver);
		if (!shape) continue;
		services.add(nsOf(m.info.keys[0] as string));
		const [receiver, name] = shape.split("\0") as [string, string];
		out.push({ ...m, info: { ...m.info, receiver, name } });
	}
	for (const u of uses) {
		const def = defs.get(`${u.info.module}\0${u.info.exportName}`);
		if (def)
			facades.push({
				...u,
				info: { ...u.info, form: "facade", receiver: def.factory, keys: [`${def.ns}.${u.info.member}`] },
			});
	}
	// A facade reaches a service only when one is registered under its namespace (a factory may also
	// make facades for other things: data models, remote APIs).
	const reaching = facades.filter((f) => services.has(nsOf(f.info.keys[0] as string)));
	const made = new Map<string, Set<string>>();
	for (const f of reaching)
		made.set(f.info.receiver, (made.get(f.info.receiver) ?? new Set()).add(nsOf(f.info.keys[0] as string)));
	out.push(...reaching.filter((f) => (made.get(f.info.receiver)?.size ?? 0) >= 2));
	return out;
}

/**
 * Registries mounted in others by name (`router({ user: userRouter })`, `userRouter = router({ byId })`):
 * the mounted one's keys take the mount path (`user.byId`). Bound by the variable's name, only when
 * one registry holds that name and one mount names it.
 */
function mounted(candidates: readonly Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const mounts = new Map<string, { parent: string; key: string }[]>();
	const holders = new Map<string, Set<string>>();
	const out: Sited<CandidateInfo>[] = [];
	for (const c of candidates) {
		if (c.info.form === "mount") {
			const child = c.info.callee as string;
			mounts.set(child, [
				...(mounts.get(child) ?? []),
				{ parent: c.info.receiver, key: c.info.keys[0] as string },
			]);
			continue;
		}
		if (c.info.form === "object" && c.info.holder)
			holders.set(c.info.holder, (holders.get(c.info.holder) ?? new Set()).add(c.site.file));
		out.push(c);
	}
	if (mounts.size === 0) return out;
	const prefix = (holder: string, depth = 0): string => {
		const m = mounts.get(holder);
		if (depth > 4 || m?.length !== 1 || holders.get(holder)?.size !== 1) return "";
		const { parent, key } = m[0] as { parent: string; key: string };
		return `${prefix(parent, depth + 1)}${key}.`;
	};
	return out.map((c) => {
		const p = c.info.form === "object" && c.info.holder ? prefix(c.info.holder) : "";
		return p ? { ...c, info: { ...c.info, keys: c.info.keys.map((k) => `${p}${k}`) } } : c;
	});
}

interface Pair {
	r: Group;
	d: Group;
	connection: Connection;
	joined: string[];
	prefix: string;
	dropCommon: boolean;
}

/**
 * Keyed channels as registries (`new Streamer('notify-room')` on the server) and the calls that name
 * them as dispatchers: a group most of whose keys are channel names, that sends
 * (`sdk.publish('notify-room')`, `useStream('notify-room')`) or subscribes with a callback
 * (`sdk.stream('notify-room', [ev], cb)`). A subscriber joined so is no registry of its own elsewhere.
 * Channels already sending to a keyed handler (`new Queue` → `new Worker`) are left to that pair.
 */
function keyedChannels(groups: readonly Group[], pairs: Pair[]): void {
	const sending = new Set(pairs.map((p) => p.d.id));
	const consumed = new Set<string>();
	for (const k of groups) {
		if (!isKeyedInstance(k) || sending.has(k.id)) continue;
		const channels = new Set(k.keys.keys());
		for (const g of groups) {
			if (g.id === k.id || g.form !== "call" || g.name.startsWith("new ") || MANAGEMENT_VERBS.has(g.name))
				continue;
			const subscriber = g.handlerShare >= DISCOVERY_LIMITS.handlerShare || GENERIC_LISTEN.has(g.name);
			if (!subscriber && !SEND_NAME.test(g.name) && !DISPATCH_VERBS.has(g.name)) continue;
			const distinct = [...g.keys.keys()].filter((x) => !COMMON_KEYS.has(x));
			const joined = distinct.filter((x) => channels.has(x));
			if (
				joined.length < DISCOVERY_LIMITS.minJoined ||
				joined.length / distinct.length < DISCOVERY_LIMITS.overlapShare ||
				!joined.some(distinctive)
			)
				continue;
			pairs.push({ r: k, d: g, connection: "keyed instance", joined, prefix: "", dropCommon: true });
			consumed.add(g.id);
		}
	}
	// A subscriber (`sdk.stream(name, cb)`) joined to channels is their dispatcher, not a registry of its own.
	for (let i = pairs.length - 1; i >= 0; i--)
		if (consumed.has((pairs[i] as Pair).r.id) && (pairs[i] as Pair).connection !== "keyed instance")
			pairs.splice(i, 1);
}

/**
 * The trunks the candidates show. `taken` are trunk names already in use (presets), never reused.
 */
export function inferTrunks(
	candidates: readonly Sited<CandidateInfo>[],
	wrapperFacts: readonly WrapperInfo[],
	taken: ReadonlySet<string> = new Set(),
): DiscoveredTrunk[] {
	const wrappers = wrappersByDef(wrapperFacts);
	// A template path handed to an in-repo function counts only where that function wraps a transport.
	const kept = candidates.filter((c) => !c.info.viaWrapper || reachesTransport(c.info, wrappers));
	const groups = groupsOf(mounted(namedServices(kept)));
	const registries = groups.filter(isRegistry);
	const dispatchers = groups.filter(isDispatcher);
	const sinksOf = new Map(dispatchers.map((d) => [d.id, wrapperSinks(d, wrappers)]));

	const pairs: Pair[] = [];
	const single: Pair[] = [];
	const lookups: { r: Group; d: Group; joined: string[] }[] = [];
	for (const r of registries) {
		const registered = new Set(r.keys.keys());
		for (const d of dispatchers) {
			if (d.id === r.id) continue;
			if (isLookup(r, d)) {
				const joined = [...d.keys.keys()].filter((k) => registered.has(k));
				if (joined.length > 0) lookups.push({ r, d, joined });
				continue;
			}
			const sinks = sinksOf.get(d.id) ?? null;
			const conn = connection(r, d, sinks);
			const prefix = bestPrefix(d, registered);
			// Common words are event names that collide across objects; a route path (`/api/v1/user`) is no such word.
			const route = isHttpRegistry(r) && (conn === "http transport" || conn === "wrapper");
			// Nor is a key of a namespace the framework keeps (NAMESPACED_FORMS), whatever the word (`email`).
			const namespaced = conn !== null && NAMESPACED_FORMS.has(r.form);
			const dropCommon = conn !== "same receiver" && !namespaced && !route;
			const distinct = distinctKeys(d, prefix, dropCommon);
			const joined = distinct.filter((k) => registered.has(k));
			if (conn) {
				// Share of the smaller side's keys: one server-side `socket.emit` serves several small client registries.
				const share = joined.length / Math.max(1, Math.min(distinct.length, registered.size));
				// Common-word keys (`end`, `error`) may join in-file, but are no evidence of an idiom.
				// Across receivers, a generic listener verb (`on`, `subscribe`) joins on distinctive keys only:
				// `this.emit('finish')` in one class and `zip.on('finish')` on another object are unrelated.
				// (Unless the receivers share a name word: `settingSocket.on` and `socket.emit` are both sockets.)
				const generic =
					conn !== "same receiver" && GENERIC_LISTEN.has(r.name) && !sameRole(r.receiver, d.receiver);
				// A key in a `{ name }` object on both sides is a word like any property's value (`{ name: 'admin' }`):
				// evidence only when distinctive or read from the same named constant on both sides.
				const strict = generic || conn === "named object";
				const evidence = joined.filter((k) =>
					conn === "job name constant"
						? sameConstant(r, d, k)
						: namespaced ||
							(strict
								? distinctive(k) || (conn === "named object" && sameConstant(r, d, k))
								: !COMMON_KEYS.has(k)),
				).length;
				if (
					evidence >= DISCOVERY_LIMITS.minJoined &&
					(share >= DISCOVERY_LIMITS.minShare || joined.length >= 10)
				)
					pairs.push({ r, d, connection: conn, joined, prefix, dropCommon });
				// One distinctive key, all of the smaller side's: kept only beside an idiom found on its own (below).
				else if (
					joined.length === 1 &&
					share === 1 &&
					(distinctive(joined[0] as string) || sameConstant(r, d, joined[0] as string))
				)
					single.push({ r, d, connection: conn, joined, prefix, dropCommon });
				continue;
			}
			// Overlap alone: only a dispatcher whose name (or a wrapped call's) sends, and only into a
			// registry holding a key at one or two places as a rule: a key registered at many is a name
			// the calls work on, not a handler's (a table every migration alters: `schema.alterTable('users', t => …)`).
			const sends = SEND_NAME.test(d.name.replace(/^new /, "")) || sinks?.some((x) => SEND_NAME.test(x.name));
			if (!sends || medianSitesPerKey(r) > DISCOVERY_LIMITS.overlapSitesPerKey) continue;
			const strong = joined.filter(distinctive);
			const share = strong.length / Math.max(1, distinct.filter(distinctive).length);
			if (strong.length >= DISCOVERY_LIMITS.overlapJoined && share >= DISCOVERY_LIMITS.overlapShare)
				pairs.push({ r, d, connection: "overlap", joined, prefix, dropCommon: true });
		}
	}
	const found = new Set(pairs.flatMap((p) => [p.r.id, p.d.id]));
	// A registry whose one-key pairs join distinct keys enough together is an idiom found on its own too
	// (`@Process({ name })` reached by two producers' wrappers, one job each).
	const singleKeys = new Map<string, Set<string>>();
	for (const p of single)
		singleKeys.set(p.r.id, (singleKeys.get(p.r.id) ?? new Set()).add(p.joined[0] as string));
	for (const [r, keys] of singleKeys) if (keys.size >= DISCOVERY_LIMITS.minJoined) found.add(r);
	// One more verb of a found client (`this.http.put` beside `this.http.get`) reaching the same kind of registry.
	const clients = new Set(pairs.filter((p) => p.d.receiver).map((p) => `${p.r.form}|${p.d.receiver}`));
	for (const p of single)
		if (found.has(p.r.id) || found.has(p.d.id) || clients.has(`${p.r.form}|${p.d.receiver}`)) pairs.push(p);
	keyedChannels(groups, pairs);
	// Registries the framework declares (code-first GraphQL resolvers, by their decorators' import) stand
	// on their own: their clients may live outside TS (`.graphql` files), and each key still has its handler.
	const paired = new Set(pairs.map((p) => p.r.id));
	// Standing so, a registry is its declared sites only (a `{ Query: … }` no server is given is no resolver).
	const alone = registries
		.filter((r) => !paired.has(r.id) && r.sites.some((s) => s.info.declared))
		.map((r) => {
			const sites = r.sites.filter((s) => s.info.declared);
			const keys = new Map<string, number>();
			for (const s of sites)
				for (const k of s.info.keys) keys.set(baseKey(k), (keys.get(baseKey(k)) ?? 0) + 1);
			return { ...r, sites, keys };
		});
	if (pairs.length === 0 && alone.length === 0) return [];

	// Clusters of registries: one receiver's verbs (`router.get`/`router.post`), or one dispatcher's targets.
	const parent = new Map<string, string>();
	const find = (x: string): string => {
		const p = parent.get(x) ?? x;
		if (p === x) return x;
		const root = find(p);
		parent.set(x, root);
		return root;
	};
	const union = (a: string, b: string) => parent.set(find(a), find(b));
	const pairedRs = [...new Map(pairs.map((p) => [p.r.id, p.r])).values()];
	for (const a of pairedRs)
		for (const b of pairedRs)
			if (a.id < b.id && a.form === b.form && singleObject(a.receiver) && a.receiver === b.receiver)
				union(a.id, b.id);
	const byD = new Map<string, string[]>();
	for (const p of pairs) byD.set(p.d.id, [...(byD.get(p.d.id) ?? []), p.r.id]);
	for (const rs of byD.values()) for (const r of rs.slice(1)) union(rs[0] as string, r);
	// One HTTP client's verbs (`this.http.get`, `this.http.put`) reach one API: its route registries are one trunk.
	const routesByClient = new Map<string, string[]>();
	for (const p of pairs)
		if (p.d.receiver && isHttpRegistry(p.r))
			routesByClient.set(p.d.receiver, [...(routesByClient.get(p.d.receiver) ?? []), p.r.id]);
	for (const rs of routesByClient.values()) for (const r of rs.slice(1)) union(rs[0] as string, r);

	const clusters = new Map<string, { rs: Map<string, Group>; list: Pair[] }>();
	const cluster = (r: Group) => {
		const c = clusters.get(find(r.id)) ?? { rs: new Map<string, Group>(), list: [] as Pair[] };
		clusters.set(find(r.id), c.rs.set(r.id, r) && c);
		return c;
	};
	for (const p of pairs) cluster(p.r).list.push(p);
	for (const r of alone) cluster(r);
	const used = new Set(taken);
	const out: DiscoveredTrunk[] = [];
	for (const { rs: regs, list } of [...clusters.values()].sort((a, b) =>
		([...a.rs.keys()][0] ?? "").localeCompare([...b.rs.keys()][0] ?? ""),
	)) {
		const rs = [...regs.values()];
		const ds = new Map<string, Pair>();
		for (const p of list) {
			const prev = ds.get(p.d.id);
			// One dispatcher joined to several registries of the trunk: its keys joined with any of them.
			if (!prev) ds.set(p.d.id, { ...p, joined: [...p.joined] });
			else prev.joined = [...new Set([...prev.joined, ...p.joined])];
		}
		const first = rs[0] as Group;
		// Named after the registry's receiver (`router`, `socket`), else its verb (`onEvent`, `new Worker` → `worker`).
		const label =
			FORM_TRUNKS[first.form] ??
			(first.form === "decorator" || !first.receiver || first.receiver.startsWith("this")
				? first.name
				: first.receiver);
		let name = slug(label.replace(/^new /, ""));
		if (used.has(name)) name = `${name}-keys`;
		for (let n = 2; used.has(name); n++) name = `${name.replace(/-\d+$/, "")}-${n}`;
		used.add(name);
		const prefixes = [...new Set([...ds.values()].map((p) => p.prefix).filter(Boolean))];
		const registered = new Set(rs.flatMap((r) => [...r.keys.keys()]));
		const both = new Set([...ds.values()].flatMap((p) => p.joined).filter((k) => registered.has(k)));
		const idioms: Idiom[] = [];
		const unexpressed: string[] = [];
		for (const r of rs) {
			const i = registerIdiom(r);
			if (i) idioms.push(i);
			else unexpressed.push(describe(r));
		}
		for (const p of ds.values()) {
			const i = dispatchIdiom(p.d, p.dropCommon);
			if (i) idioms.push(i);
			else unexpressed.push(describe(p.d));
		}
		const spec: TrunkSpec = {
			name,
			description: `discovered: ${rs.map(describe).join(", ")} ← ${[...ds.values()].map((p) => describe(p.d)).join(", ")}`,
			inScope: true,
			normalize: {
				stripLeadingSlash: true,
				stripPrefixes: prefixes.map((p) => `^${escapeRegExp(p)}`),
				stripQuery: true,
				params: true,
			},
			idioms: idioms.length ? idioms : [],
			mounts: [],
			categories: [],
		};
		const examples: DiscoveredTrunk["examples"] = [];
		for (const key of [...both].sort().slice(0, 3)) {
			const reg = rs.flatMap((r) => r.sites).find((s) => s.info.keys.some((k) => baseKey(k) === key));
			const dis = [...ds.values()]
				.flatMap((p) => p.d.sites.map((s) => ({ s, prefix: p.prefix })))
				.find(({ s, prefix }) => s.info.keys.some((k) => strip(baseKey(k), prefix) === key))?.s;
			if (reg && dis)
				examples.push({
					key,
					register: `${reg.site.file}:${reg.site.line}`,
					dispatch: `${dis.site.file}:${dis.site.line}`,
				});
		}
		const mine = new Map<string, { group: Group; joined: Set<string> }>();
		for (const l of lookups) {
			if (!regs.has(l.r.id)) continue;
			const m = mine.get(l.d.id) ?? { group: l.d, joined: new Set<string>() };
			for (const k of l.joined) m.joined.add(k);
			mine.set(l.d.id, m);
		}
		out.push({
			spec,
			lookups: [...mine.values()].map(({ group, joined }) => ({
				pattern: describe(group),
				sites: group.sites.length,
				keys: group.keys.size,
				joined: joined.size,
				group,
			})),
			registers: rs.map((g) => ({
				pattern: describe(g),
				sites: g.sites.length,
				keys: g.keys.size,
				group: g,
			})),
			dispatches: [...ds.values()].map((p) => ({
				pattern: describe(p.d),
				sites: p.d.sites.length,
				keys: p.d.keys.size,
				joined: p.joined.length,
				connection: p.connection,
				prefix: p.prefix,
				via: (sinksOf.get(p.d.id) ?? [])
					.map((s) => (s.receiver ? `${s.receiver}.${s.name}` : s.name))
					.slice(0, 4),
				group: p.d,
				dropCommon: p.dropCommon,
			})),
			bothSides: both.size,
			examples,
			unexpressed,
			http: rs.every(isHttpRegistry),
		});
	}
	return out;
}
