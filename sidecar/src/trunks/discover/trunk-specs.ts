/**
 * A discovered trunk written in today's preset format: each group's idiom (or none, when the format
 * cannot express it), its description, and the trunk's name.
 */
import { escapeRegExp } from "../../escape-regexp.js";
import { type Idiom, idiomSchema } from "../config.js";
import type { CandidateInfo } from "./candidates.js";
import { COMMON_KEYS, KEY_PROPERTY } from "./families.js";
import { DISCOVERY_LIMITS, type Group, namedObjects } from "./groups.js";
import { onNamedBus } from "./named-buses.js";
import { familyOf } from "./workflow-modules.js";

/** Trunk names of the forms that name their keys' kind rather than a receiver (`new Worker` → `jobs`). */
export const FORM_TRUNKS: Partial<Record<CandidateInfo["form"], string>> = {
	reducer: "actions",
	job: "jobs",
	"event-class": "event-classes",
	workflow: "workflows",
	activity: "activities",
	signal: "signals",
	"file-route": "file-routes",
};

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

/**
 * The leading camel-case words every registry's receiver shares, when the registries sit on different
 * receivers (`ipcMain.handle`, `ipcRenderer.on` → `ipc`): the two ends of one bridge, named after the
 * bridge rather than after whichever end sorts first. Undefined when one receiver (or none) is shared.
 */
export function sharedReceiverWords(receivers: readonly string[]): string | undefined {
	const lasts = [...new Set(receivers.map((r) => r.split(".").pop() ?? ""))];
	if (lasts.length < 2 || lasts.some((r) => !/^[A-Za-z][A-Za-z0-9]*$/.test(r))) return undefined;
	const words = lasts.map((r) => r.split(/(?=[A-Z])/).map((w) => w.toLowerCase()));
	const shared: string[] = [];
	for (const [i, w] of (words[0] as string[]).entries()) {
		if (!words.every((ws) => ws[i] === w && ws.length > i + 1)) break;
		shared.push(w);
	}
	return shared.length ? shared.join("-") : undefined;
}

export const slug = (s: string) =>
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

export function registerIdiom(g: Group): Idiom | null {
	const family = familyIdiom(g);
	if (family) return family;
	// Keyed within a bus (`orders:created`): a call idiom would read the bare event name.
	if (onNamedBus(g)) return null;
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

export function dispatchIdiom(g: Group, dropCommon: boolean): Idiom | null {
	const family = familyIdiom(g);
	if (family) return family;
	if (g.form !== "call" || onNamedBus(g)) return null;
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
