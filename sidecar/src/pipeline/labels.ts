/**
 * How an answer names a definition to a person. Most names are shown as they are (`Push.send`), but the
 * indexer names the handlers it finds by their call (indexer/defs.ts): an anonymous callback registered
 * under a string key is `<owner>.<callee>(<key>)` (`Collab.startCollaboration.this.portal.socket.on(
 * client-broadcast)`), one in top-level code `<callee>(<key>)` or `<callee>`, an object-literal member
 * passed to a call `<callee>(<key>).<member>` or `<callee>.<member>`, and a second one of the same name
 * gets `~2`. Those names are identifiers (defIds, JSON fields, the index); here they become what a
 * developer would write: "the `client-broadcast` listener (`this.portal.socket.on`) in
 * `Collab.startCollaboration`". The parse follows the construction exactly, using the parent row the
 * indexer recorded (the owner of a nested handler, the file's `(module)` for a call's object members)
 * rather than guessing where the owner ends and the receiver chain begins.
 */
import type { DefRow } from "../index/types.js";
import { code } from "./markdown.js";
import { outsideFences } from "./verify.js";

/** The fields of a definition the label reads. */
export type LabelDef = Pick<DefRow, "qualifiedName" | "kind" | "parentId" | "signature">;
/** The definition a row's `parentId` names (an IndexReader's `defById`). */
export type ParentOf = (id: number) => LabelDef | undefined;

/**
 * Whether a trunk registers a definition as a key's handler: true or false where the index says,
 * undefined where it cannot tell (a row without its id, an index slice without edges).
 */
export type Registered = (def: LabelDef) => boolean | undefined;

/** A handler name taken apart as the indexer built it. */
export interface HandlerName {
	/** The definition whose body registers it (a nested handler), else null (top-level code). */
	owner: LabelDef | null;
	/** The call that registers it, as written without spaces: `this.portal.socket.on`, `api.addRoute`. */
	callee: string;
	/** The call's string key: `client-broadcast`, `support/room`; null for a call without one. */
	key: string | null;
	/** The object-literal member passed to the call (`post`, `action`); null for a callback. */
	member: string | null;
	/** `~2` → 2: the second of that name in its file; null for the first. */
	ordinal: number | null;
}

/** A file's top-level code (indexer/defs.ts MODULE_NAME; not imported: that module loads ts-morph). */
const MODULE_NAME = "(module)";

/** Object members nested deeper than this below the call are shown by their raw name. */
const MAX_OBJECT_DEPTH = 4;

/** `Foo.bar~2` → [`Foo.bar`, 2]: the indexer appends `~n` to a repeated handler name. */
function splitOrdinal(name: string): [string, number | null] {
	const m = /^(.*\S)~(\d+)$/.exec(name);
	return m ? [m[1] ?? name, Number(m[2])] : [name, null];
}

/** `callee(key)` → [`callee`, `key`]; keys never hold parentheses or spaces (indexer/defs.ts callKey). */
function splitKeyed(text: string): [string, string] | null {
	const m = /^(.+)\(([^()]*)\)$/.exec(text);
	return m?.[1] && m[2] !== undefined ? [m[1], m[2]] : null;
}

/** The member name as written at the start of its declaration's signature (`async 'a.b'(`, `post: (`). */
function writtenMember(signature: string | null): string | null {
	const m = /^(?:(?:async|get|set|static)\s+|\*\s*)*(?:(['"`])(.+?)\1|([A-Za-z_$#][\w$]*))/.exec(
		signature ?? "",
	);
	return m ? (m[2] ?? m[3] ?? null) : null;
}

/**
 * A top-level callback without a key is named by its call alone (`Meteor.startup`), which reads like any
 * function name; its signature is that call (`Meteor.startup(() =>`), a function's is its declaration.
 */
function isCallSignature(callee: string, signature: string | null): boolean {
	const s = (signature ?? "").replace(/\s+/g, "");
	return s.startsWith(`${callee}(`) || s.startsWith(`${callee}<`);
}

/** A member of an object passed to a top-level call: the call's part of the name, and the member. */
function callMember(def: LabelDef, base: string, parentOf: ParentOf): Omit<HandlerName, "ordinal"> | null {
	// The chain of rows up to the file's `(module)`: the object's top member is the one whose parent it is.
	let top: LabelDef = def;
	for (let depth = 0; ; depth++) {
		if (top.parentId === null || depth > MAX_OBJECT_DEPTH) return null;
		const up = parentOf(top.parentId);
		if (!up) return null;
		if (up.kind === "module") break;
		if (up.kind !== "property" || !def.qualifiedName.startsWith(`${up.qualifiedName}.`)) return null;
		top = up;
	}
	const [topBase] = splitOrdinal(top.qualifiedName);
	// Keyed: `api.addRoute(notes.send).post`, the key's parentheses end the call's part.
	const close = topBase.indexOf(").");
	let call: string;
	if (close > 0) call = topBase.slice(0, close + 1);
	else {
		// Keyless: `Meteor.methods.captions.saveOptions`, the member as written says where it starts.
		const written = writtenMember(top.signature);
		const member =
			written && topBase.endsWith(`.${written}`) ? written : topBase.slice(topBase.lastIndexOf(".") + 1);
		call = topBase.slice(0, topBase.length - member.length - 1);
	}
	if (!call || !base.startsWith(`${call}.`)) return null;
	const keyed = splitKeyed(call);
	return {
		owner: null,
		callee: keyed ? keyed[0] : call,
		key: keyed ? keyed[1] : null,
		member: base.slice(call.length + 1),
	};
}

/** The parts of a handler's name, or null for an ordinary name (`Push.send`, `Authorization.constructor.clearCache`). */
export function parseHandlerName(def: LabelDef, parentOf: ParentOf): HandlerName | null {
	if (def.kind === "module") return null;
	const [base, ordinal] = splitOrdinal(def.qualifiedName);
	const parent = def.parentId === null ? undefined : parentOf(def.parentId);
	if (parent) {
		// A keyed callback inside its owner's body: `<owner>.<callee>(<key>)`.
		const rest = base.startsWith(`${parent.qualifiedName}.`)
			? base.slice(parent.qualifiedName.length + 1)
			: null;
		const keyed = rest && parent.kind !== "module" ? splitKeyed(rest) : null;
		if (keyed) return { owner: parent, callee: keyed[0], key: keyed[1], member: null, ordinal };
		// A member of an object passed to a top-level call: its parent is the file's `(module)` (or an object member that is).
		const member =
			parent.kind === "module" || parent.kind === "property" ? callMember(def, base, parentOf) : null;
		return member ? { ...member, ordinal } : null;
	}
	if (def.kind !== "function") return null;
	// A callback in top-level code: `<callee>(<key>)`, or `<callee>` alone.
	const keyed = splitKeyed(base);
	if (keyed) return { owner: null, callee: keyed[0], key: keyed[1], member: null, ordinal };
	return isCallSignature(base, def.signature)
		? { owner: null, callee: base, key: null, member: null, ordinal }
		: null;
}

/**
 * A typed map's member named by its key (`NoteRoutes(/v1/notes.create)`, indexer/defs.ts) as
 * TypeScript writes its type: `` `NoteRoutes['/v1/notes.create']` ``, or `` `SiteEvents[USER_DELETED]` ``
 * for one named by a constant (its declaration opens with `[`); null for any other definition.
 */
function keyedMember(def: LabelDef, parentOf: ParentOf): string | null {
	if (def.parentId === null) return null;
	const parent = parentOf(def.parentId);
	if (!parent || (parent.kind !== "interface" && parent.kind !== "type")) return null;
	const prefix = `${parent.qualifiedName}(`;
	if (!def.qualifiedName.startsWith(prefix) || !def.qualifiedName.endsWith(")")) return null;
	const key = def.qualifiedName.slice(prefix.length, -1);
	const computed = (def.signature ?? "").trimStart().startsWith("[");
	return code(`${parent.qualifiedName}[${computed ? key : `'${key}'`}]`);
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinalWord(n: number): string {
	const tens = n % 100;
	const suffix =
		tens >= 11 && tens <= 13
			? "th"
			: (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
	return `${n}${suffix}`;
}

/**
 * The call as a label shows it: as the indexer wrote it (`this.portal.socket.on`), or, when its receiver
 * is an expression rather than a chain of names (`(awaitthis.store.openStream(f)).on`, written with
 * its spaces taken out), only the method called: `….on`.
 */
function shownCallee(callee: string): string {
	if (/^[\w$#]+(?:\??\.[\w$#]+)*$/.test(callee)) return callee;
	const dot = callee.lastIndexOf(".");
	const method = callee.slice(dot + 1);
	return dot > 0 && /^[\w$#]+$/.test(method) ? `…${callee.slice(dot)}` : callee;
}

/** What a keyed callback is called after its call's method: `on`/`addEventListener` register listeners. */
function handlerNoun(callee: string): string {
	const method = callee.slice(callee.lastIndexOf(".") + 1);
	return /^(on|once|addListener|addEventListener|prependListener|prependOnceListener)$/.test(method)
		? "listener"
		: "handler";
}

/**
 * An ordinary name in code; the unnamed default export and a file's top-level code in words, and a
 * constructor as its class's when it owns a handler ("in the `Billing` constructor").
 */
function plainLabel(name: string, owner = false): string {
	if (name === MODULE_NAME) return "the top-level code";
	if (name === "default") return "the default export";
	if (name.startsWith("default.")) return `${code(name.slice("default.".length))} of the default export`;
	if (owner && name.endsWith(".constructor"))
		return `the ${code(name.slice(0, -".constructor".length))} constructor`;
	return code(name);
}

/**
 * The name to show a person for a definition, as Markdown: handlers in words with their key, call and
 * owner; any other definition as its qualified name in code (`Push.send`). `parentOf` resolves the row's
 * parent; without it, or without a parent row, only names that say what they are by themselves are read.
 */
export function defLabel(
	def: LabelDef,
	parentOf: ParentOf = () => undefined,
	depth = 0,
	registered: Registered = () => undefined,
): string {
	return labelParts(def, parentOf, depth, registered).full;
}

/**
 * A label in full, and brief for a mention after the first: "the `client-broadcast` listener" once the
 * answer has said whose (`this.portal.socket.on` in `Collab.startCollaboration`).
 */
export function labelParts(
	def: LabelDef,
	parentOf: ParentOf = () => undefined,
	depth = 0,
	registered: Registered = () => undefined,
): { full: string; brief: string } {
	const parsed = depth > MAX_OBJECT_DEPTH ? null : parseHandlerName(def, parentOf);
	const member = parsed ? null : keyedMember(def, parentOf);
	if (member) return { full: member, brief: member };
	if (!parsed) {
		const [base, ordinal] = splitOrdinal(def.qualifiedName);
		const owner = depth > 0;
		const full =
			ordinal === null || def.kind === "module"
				? plainLabel(def.qualifiedName, owner)
				: `${plainLabel(base, owner)} (${ordinalWord(ordinal)})`;
		return { full, brief: full };
	}
	const nth = parsed.ordinal === null ? "" : `${ordinalWord(parsed.ordinal)} `;
	const owner = parsed.owner ? ` in ${defLabel(parsed.owner, parentOf, depth + 1, registered)}` : "";
	if (parsed.member !== null) {
		const noun = def.kind === "property" ? "object" : parsed.key === null ? "callback" : "handler";
		const brief =
			parsed.key === null
				? `the ${nth}${code(parsed.member)} ${noun}`
				: `the ${nth}${code(parsed.member)} ${noun} for ${code(parsed.key)}`;
		return {
			full:
				parsed.key === null
					? `${brief} passed to ${code(shownCallee(parsed.callee))}${owner}`
					: `${brief} (${code(shownCallee(parsed.callee))})${owner}`,
			brief,
		};
	}
	if (parsed.key === null) {
		const full = `the ${nth}callback passed to ${code(shownCallee(parsed.callee))}${owner}`;
		return { full, brief: owner ? `the ${nth}callback passed to ${code(shownCallee(parsed.callee))}` : full };
	}
	const noun = handlerNoun(parsed.callee);
	// A keyed callback no trunk registers is no handler (`this.startSpan('x.y', async () => …)`, a span,
	// a lock, a timer): it is the callback passed to that call. A listener verb names what it is anyway.
	if (noun === "handler" && registered(def) === false) {
		const call = code(`${shownCallee(parsed.callee)}("${parsed.key}")`);
		const brief = `the ${nth}callback passed to ${call}`;
		return { full: `${brief}${owner}`, brief };
	}
	const brief = `the ${nth}${code(parsed.key)} ${noun}`;
	return { full: `${brief} (${code(shownCallee(parsed.callee))})${owner}`, brief };
}

/** The label with its first letter raised, for the start of a sentence. */
export function sentenceLabel(label: string): string {
	return label.startsWith("the ") ? `The ${label.slice(4)}` : label;
}

/** The slice of the index labels read: a row's parent, and (when given) the edges into a row. */
export type LabelIndex = {
	defById(id: number): LabelDef | undefined;
	edgesTo?(id: number): readonly { kind: string }[];
};

/** `Registered` read from an index: a definition a dispatch key's `handler` edge reaches. */
export function registeredIn(index: LabelIndex): Registered {
	return (def) => {
		const id = (def as { id?: unknown }).id;
		if (typeof id !== "number" || !index.edgesTo) return undefined;
		return index.edgesTo(id).some((e) => e.kind === "handler");
	};
}

/**
 * The labels of the definitions an answer names. A renderer writes each name as its qualified name in
 * code (`name`), which the verifier reads as it always has (a marker must follow a name its range
 * holds); `apply` then puts the labels in the verified text, in full where a definition is first
 * named and brief after. So a label changes the wording only, never which citations survive.
 */
/** `` (`api.addRoute`) (`file.ts`) ``: two code parentheticals in a row. */
const PARENTHESES_TWICE = /(\(`[^`\n]+`\)) \((`[^`\n]+`)\)/g;

export class Labels {
	private readonly byName = new Map<string, { full: string; brief: string }>();
	private readonly parentOf: ParentOf;
	private readonly registered: Registered;

	constructor(index: LabelIndex) {
		this.parentOf = (id) => index.defById(id);
		this.registered = registeredIn(index);
	}

	/** The definition's name as the renderer writes it (`code(qualifiedName)`); its label is remembered. */
	name(def: LabelDef): string {
		const raw = code(def.qualifiedName);
		// Two definitions of one name with different labels (rare): the first named keeps it.
		if (!this.byName.has(raw)) this.byName.set(raw, labelParts(def, this.parentOf, 0, this.registered));
		return raw;
	}

	/**
	 * What a handler is to the key it is registered under, when its label would name that key again:
	 * "`get` handler" (`api.addRoute(k).get`), "callback passed to `Meteor.methods`" (a member named
	 * as the key), "listener", "handler"; null for any other definition, a second of its name, or a
	 * keyed callback no trunk registers. A sentence that has just named the key says "the endpoint's
	 * `get` handler" instead of naming the key twice.
	 */
	keyedRole(def: LabelDef, key: string): string | null {
		const parsed = parseHandlerName(def, this.parentOf);
		if (!parsed || parsed.ordinal !== null) return null;
		if (parsed.member !== null) {
			if (parsed.key === key)
				return `${code(parsed.member)} ${def.kind === "property" ? "object" : "handler"}`;
			return parsed.key === null && parsed.member === key
				? `callback passed to ${code(shownCallee(parsed.callee))}`
				: null;
		}
		if (parsed.key !== key) return null;
		const noun = handlerNoun(parsed.callee);
		return noun === "handler" && this.registered(def) === false ? null : noun;
	}

	/** The full label of a definition already named, or undefined when it is its name. */
	labelOf(qualifiedName: string): string | undefined {
		const label = this.byName.get(code(qualifiedName))?.full;
		return label === undefined || label === code(qualifiedName) ? undefined : label;
	}

	/**
	 * The Markdown with every named definition's code span replaced by its label (capitalised where it
	 * opens a sentence, a list item or a step); fenced code is left alone.
	 */
	apply(markdown: string): string {
		const changed = [...this.byName].filter(([raw, label]) => raw !== label.full);
		if (changed.length === 0) return markdown;
		const labels = new Map(changed);
		const told = new Set<string>();
		return outsideFences(markdown, (part) =>
			part
				.replace(/`[^`\n]*`/g, (span, at: number, whole: string) => {
					const parts = labels.get(span);
					if (parts === undefined) return span;
					// In full the first time; after that the reader knows whose it is.
					const label = told.has(span) ? parts.brief : parts.full;
					told.add(span);
					const before = whole.slice(whole.lastIndexOf("\n", at - 1) + 1, at);
					return /^\s*(?:(?:- |\d+\. ))?$|[.!?]\s+$/.test(before) ? sentenceLabel(label) : label;
				})
				// A label ending in its call (`(`api.addRoute`)`) then the file in parentheses reads as a
				// stammer: the file follows with "in".
				.replace(PARENTHESES_TWICE, "$1 in $2"),
		);
	}
}

/**
 * A sources-list entry's name: a cited definition's label when it is a handler (Markdown), else the
 * cited symbol as it is (a plain name, a dispatch key, a callee on a hop line).
 */
export function sourceLabel(
	index: LabelIndex & { def(defId: string): LabelDef | undefined },
	file: string,
	symbol: string,
): string {
	const def = index.def(`${file}#${symbol}`);
	return def ? listedName(def, (id) => index.defById(id), registeredIn(index)) : symbol;
}

/**
 * A definition's name in a list of sources (the answer's, the LLM material's headers): its label when
 * that says more than its name (Markdown), else its qualified name as plain text, as such lists print it.
 */
export function listedName(def: LabelDef, parentOf: ParentOf, registered?: Registered): string {
	const label = defLabel(def, parentOf, 0, registered);
	return label === code(def.qualifiedName) ? def.qualifiedName : label;
}
