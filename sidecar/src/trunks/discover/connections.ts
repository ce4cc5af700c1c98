/**
 * How a registry group and a dispatcher group are connected (same receiver, a listener/emitter verb
 * pair, an HTTP route and a transport, a wrapper, a family's own link…), and which joined keys count
 * as evidence rather than a coincidence of words.
 */
import { isTransport } from "./call-shape.js";
import { COMMON_KEYS, DISPATCH_VERBS, HTTP_VERBS, LOOKUP_VERBS, SEND_NAME, VERB_PAIRS } from "./families.js";
import {
	baseKey,
	type Group,
	isHttpRegistry,
	isKeyedInstance,
	namedObjects,
	singleObject,
} from "./groups.js";
import type { Sink } from "./wrapper-facts.js";

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

const lastName = (receiver: string) => receiver.split(".").pop()?.replace(/\(\)$/, "") ?? "";

/** `editor.commands.get(key)` beside `editor.commands.add(key, cmd)`: a getter of the registry's object (see LOOKUP_VERBS). */
export const isLookup = (r: Group, d: Group) =>
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
export function medianSitesPerKey(r: Group): number {
	const counts = [...r.keys.values()].sort((a, b) => a - b);
	return counts.length === 0 ? 0 : (counts[Math.floor((counts.length - 1) / 2)] as number);
}

/** A distinctive key can join across receivers on overlap alone: `notes.create`, `shares/create`, `userUpdated`. */
export const distinctive = (k: string) =>
	k.length >= 4 && !COMMON_KEYS.has(k) && /[./:_-]|[a-z][A-Z]/.test(k);

/** Both sides read the key from the same named constant (`PORTFOLIO_JOB_NAME`): no coincidence of words. */
export function sameConstant(r: Group, d: Group, key: string): boolean {
	const named = (g: Group) =>
		new Set(
			g.sites
				.filter((s) => s.info.constant && s.info.keys.some((k) => baseKey(k) === key))
				.map((s) => s.info.constant),
		);
	const a = named(r);
	return [...named(d)].some((c) => a.has(c));
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

export const sameRole = (a: string, b: string) => {
	const wb = words(b);
	return [...words(a)].some((w) => wb.has(w));
};

export function connection(
	r: Group,
	d: Group,
	sinks: Sink[] | null,
	registrySinks: Sink[] | null = null,
): Connection | null {
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
	// The registry's own calls wrap a registering constructor this dispatcher pairs with
	// (`JobHub.register(name, fn)` → `new Worker(name, …)`, against `new Queue(name)`).
	if (registrySinks?.some((s) => (VERB_PAIRS[s.name] ?? []).includes(d.name))) return "wrapper";
	// A method decorated with the key as its object argument's `name` (`@Handles({ name: JOB })`) is sent by a
	// method call naming it so too (`this.jobs.queue({ name: JOB, data })`): the same shape on both sides.
	if (r.form === "decorator" && namedObjects(r) && d.form === "call" && d.receiver !== "" && namedObjects(d))
		return "named object";
	return null;
}
