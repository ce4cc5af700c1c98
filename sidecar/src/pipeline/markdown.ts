/** Small Markdown helpers shared by the offline answer's parts. */
import { splitBusKey, splitReceiverKey } from "../bus-key.js";
import type { DefRow } from "../index/types.js";
import { keyTrunk } from "./skeleton.js";

/** Inline code; a backtick inside would end the span early. */
export const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/**
 * What a string-dispatch key is to a newcomer, read from its trunk: the trunk's name (a preset's
 * `rest`, `callbacks`, `service-events`; discovery's receiver or verb, `router`, `on-event`, `worker`)
 * ends in the word that says what its keys are, and a key written `POST /path` is an HTTP endpoint
 * whatever its trunk. No trunk record has a field for it (docs/trunks.md), so the words below are
 * the families both kinds of trunk are named by; a name none of them ends in keeps the index's own
 * wording, "the `passport` key".
 */
interface KeyFamily {
	/** What the key names: "endpoint", "server method". */
	noun: string;
	/** What the dispatching code does with it: "calls", "emits". */
	verb: string;
	/** Words after the key, for a verb that needs them ("sends the job `x` to the queue"). */
	tail?: string;
}

const ROUTE: KeyFamily = { noun: "endpoint", verb: "calls" };
const FAMILIES: readonly [RegExp, KeyFamily][] = [
	[/^(routes?|router|rest|https?|endpoints?|controllers?)$/, ROUTE],
	[/^methods?$/, { noun: "server method", verb: "calls" }],
	[/^(calls?|rpc|procedures?|trpc|proxy)$/, { noun: "service method", verb: "calls" }],
	[/^(events?|emit|emitters?|on|once|listeners?|sockets?|io|bus)$/, { noun: "event", verb: "emits" }],
	[/^(pubsub|topics?|publish|subscribe|channels?)$/, { noun: "topic", verb: "publishes" }],
	[/^(callbacks?|hooks?)$/, { noun: "hook", verb: "runs" }],
	[/^(streams?|streamers?)$/, { noun: "stream", verb: "uses" }],
	[/^(queues?|workers?|jobs?|tasks?|processors?)$/, { noun: "job", verb: "sends", tail: "to the queue" }],
	[/^(graphql|gql|resolvers?|query|queries|mutations?)$/, { noun: "GraphQL operation", verb: "sends" }],
	[/^workflows?$/, { noun: "workflow", verb: "starts" }],
	[/^activit(y|ies)$/, { noun: "activity", verb: "runs" }],
	[/^signals?$/, { noun: "signal", verb: "sends" }],
	[/^(actions?|reducers?)$/, { noun: "action", verb: "dispatches" }],
	[/^commands?$/, { noun: "command", verb: "runs" }],
];
/** An HTTP route's key as the trunks write it: `POST /auth/signin`. */
/**
 * A run-time part of a key built from a template literal, as the trunks write it (trunks/bind.ts
 * `templateForm`, discovery's request paths): `` `team/${id}/added` `` is the key `team/:param/added`.
 */
const TEMPLATE_HOLE = /:param(?![\w$])/g;
/** A run-time part as a template literal writes it, its expression left out. */
const TEMPLATE_PART = `\${…}`;
const HTTP_KEY = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL) \//;

function keyFamily(def: DefRow): KeyFamily | null {
	if (HTTP_KEY.test(def.name)) return ROUTE;
	return trunkFamily(keyTrunk(def));
}

function trunkFamily(trunk: string): KeyFamily | null {
	// The last word that names a family is the head of the name: `service-events`, `api-call`, `slash-command`.
	const words = trunk
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean)
		.reverse();
	for (const word of words) for (const [re, family] of FAMILIES) if (re.test(word)) return family;
	return null;
}

/**
 * Does a word of a question name the family a trunk's keys belong to? "resolver" or "mutation" for a
 * `graphql` trunk, "route" for `rest`, "job" for `jobs`: the word is one the family's names are made of.
 */
export function namesKeyFamily(word: string, trunk: string): boolean {
	const family = trunkFamily(trunk);
	return family !== null && trunkFamily(word) === family;
}

/** What a trunk's keys are ("endpoint" for `rest`, "hook" for `callbacks`), or null when its name says nothing. */
export function trunkNoun(trunk: string): string | null {
	return trunkFamily(trunk)?.noun ?? null;
}

/**
 * A dispatch key in words, as one function for every sentence that names one: `noun` ("server
 * method `sendMessage`", "hook `afterMessageSave`"), `sent` ("calls the server method
 * `sendMessage`", "sends the job `emails` to the queue") for the code that dispatches it, and
 * `kind` ("server method": "the server method's callback") for its handler. Where
 * the trunk says nothing of its family: "callbacks key `x`", "dispatches the callbacks key `x`".
 */
export function keyWords(def: DefRow): { noun: string; sent: string; kind: string } {
	const family = keyFamily(def);
	if (!family) {
		const kind = `${keyTrunk(def)} key`;
		const noun = `${kind} ${keyInCode(def.name)}`;
		return { noun, sent: `dispatches the ${noun}`, kind };
	}
	const noun = `${family.noun} ${keyInCode(def.name)}`;
	return {
		noun,
		sent: `${family.verb} the ${noun}${family.tail ? ` ${family.tail}` : ""}`,
		kind: family.noun,
	};
}

/**
 * A key as a reader recognises it: each run-time part of a template-literal key (`:param` in the
 * index, a placeholder the code never writes) shown as the template writes it, `team/${…}/added`.
 * A route's own parameters (`/users/:id`) are written so in the code and stay.
 */
export function shownKey(name: string): string {
	return name.replace(TEMPLATE_HOLE, TEMPLATE_PART);
}

/**
 * A key in code as the code writes it: a bus-scoped key (bus-key.ts) as its event and the bus it is
 * sent on, "`created` on the `orders` bus", a receiver-scoped one as its literal and the receiver,
 * "`error` on `socket`", so a reader greps the literal and finds it.
 */
export function keyInCode(name: string): string {
	const onReceiver = splitReceiverKey(name);
	if (onReceiver) return `${keyInCode(onReceiver.key)} on ${receiverInCode(onReceiver.receiver)}`;
	const onBus = splitBusKey(name);
	return onBus ? `${code(shownKey(onBus.event))} on the ${code(onBus.bus)} bus` : code(shownKey(name));
}

/** A receiver's label in code when it is a name the code writes (`socket`, `CartStore`); a made-up one (`socket, peer #2`) in words. */
function receiverInCode(label: string): string {
	return /^[\w$@./-]+$/.test(label) ? code(label) : label;
}

/** "hook `afterMessageSave`", "endpoint `POST /auth/signin`" for a dispatch-key pseudo-node (keyWords). */
export function keyLabel(def: DefRow): string {
	return keyWords(def).noun;
}

/** "a, b and c" */
export function listWords(items: readonly string[]): string {
	if (items.length <= 1) return items.join("");
	return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * A doc comment's first sentence (as cut by firstSentence to `maxChars`), ending in punctuation;
 * a sentence cut short ends at a word with "…"; fewer than three words say nothing (empty).
 */
export function sentence(text: string, maxChars: number): string {
	const t = text.trim();
	if (t.split(/\s+/).length < 3) return "";
	if (/[.!?]$/.test(t)) return t;
	if (text.length < maxChars) return `${t}.`;
	const cut = t.slice(0, t.lastIndexOf(" ")).replace(/[\s,;:(—-]+$/, "");
	return `${cut}…`;
}
