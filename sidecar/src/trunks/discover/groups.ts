/**
 * Candidates grouped by shape (form, receiver, called name, key position), and what a group is: a
 * registry (it hands over handlers), a dispatcher (it sends keys), a keyed instance, an HTTP route.
 */
import type { CandidateInfo, Sited } from "./candidates.js";
import { DISPATCH_VERBS, HTTP_DECORATORS, HTTP_VERBS, MANAGEMENT_VERBS, TRANSPORTS } from "./families.js";
import { listensOnNamedBus } from "./named-buses.js";

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

// A path's parameters compare by position only: `orders/:id` (a route) meets `orders/:param` (a client's template).
export const baseKey = (k: string) =>
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

/**
 * A call that only ever sends, whatever function it is handed: a dispatch verb (`emit`, `fetch`), or a bare
 * transport (`useSWR(url, fetcher)`, `request(url, callback)`), whose function argument fetches or answers
 * the request it sends: never a handler registered under the URL.
 */
const onlySends = (g: Group) =>
	DISPATCH_VERBS.has(g.name) || (g.receiver === "" && TRANSPORTS.bare.has(g.name));

export const isRegistry = (g: Group) =>
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
		listensOnNamedBus(g) ||
		(g.form === "call" && g.handlerShare >= DISCOVERY_LIMITS.handlerShare && !onlySends(g)));

/**
 * Keyed channels: `new Streamer('notify-room')`, `new Queue('emails')`, instances the code then emits
 * on or listens to. Their names are what the other side subscribes to or sends to.
 */
export const isKeyedInstance = (g: Group) =>
	g.form === "call" &&
	/^new [\w$]+$/.test(g.name) &&
	g.handlerShare < DISCOVERY_LIMITS.handlerShare &&
	g.heldShare >= DISCOVERY_LIMITS.handlerShare &&
	// Some instances are seen emitted on or listened to where they are made (others may be used elsewhere).
	g.emitted >= Math.min(2, g.sites.length) &&
	g.keys.size >= 2;

export const isDispatcher = (g: Group) =>
	!MANAGEMENT_VERBS.has(g.name) &&
	!listensOnNamedBus(g) &&
	(g.form === "proxy" ||
		g.form === "facade" ||
		g.form === "action" ||
		g.form === "workflow-start" ||
		g.form === "activity-call" ||
		g.form === "signal-send" ||
		g.form === "event-class-send" ||
		(g.form === "graphql" && g.name === "(operation)") ||
		(g.form === "call" && (g.handlerShare < DISCOVERY_LIMITS.handlerShare || onlySends(g))));

export const isHttpRegistry = (r: Group) =>
	(r.form === "call" && HTTP_VERBS.has(r.name)) ||
	(r.form === "decorator" && HTTP_DECORATORS.has(r.name)) ||
	r.form === "file-route";

export const singleObject = (receiver: string) =>
	receiver !== "" && !receiver.startsWith("this") && !receiver.includes("()");

/** Every site of the group reads its key from an object argument's `name` (`queue({ name: JOB })`). */
export const namedObjects = (g: Group) => g.sites.every((s) => s.info.named);
