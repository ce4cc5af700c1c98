/**
 * Keys the index scopes, and how readers show them as the code writes them.
 *
 * A key scoped to a named bus (trunks/discover/named-buses.ts): the event the code writes, joined only
 * on the bus it is sent on. The index writes it `<bus>∷<event>` — a separator no event literal holds,
 * unlike the `:` of a literal such as `admin:progress` — so every reader splits it back honestly and
 * shows what the code writes (`progress`) and its bus (`admin`), never the composite.
 */
const SEPARATOR = "∷";

/** The key of `event` on the bus `bus`. */
export const busKey = (bus: string, event: string): string => `${bus}${SEPARATOR}${event}`;

/** A bus-scoped key's bus and event, or null for any other key. */
export function splitBusKey(key: string): { bus: string; event: string } | null {
	const at = key.indexOf(SEPARATOR);
	if (at <= 0 || at + SEPARATOR.length >= key.length) return null;
	return { bus: key.slice(0, at), event: key.slice(at + SEPARATOR.length) };
}

/**
 * A key scoped to the receiver it is sent on (trunks/scope.ts: one event name on two unrelated
 * objects, `error` on a socket and on a scheduler): the key as written and the receiver's label (a
 * holder, a class, a package), joined as `<key>⟨<label>⟩` — brackets no literal holds, where
 * `saved (draft)` may be a literal itself — so every reader shows the literal and names the receiver.
 */
const RECEIVER_OPEN = "⟨";
const RECEIVER_CLOSE = "⟩";

/** The key of `key` on the receiver labelled `label`. */
export const receiverKey = (key: string, label: string): string =>
	`${key}${RECEIVER_OPEN}${label}${RECEIVER_CLOSE}`;

/** A receiver-scoped key's key (as stored before its scope) and receiver label, or null for any other key. */
export function splitReceiverKey(key: string): { key: string; receiver: string } | null {
	if (!key.endsWith(RECEIVER_CLOSE)) return null;
	const at = key.lastIndexOf(RECEIVER_OPEN);
	if (at <= 0 || at + RECEIVER_OPEN.length >= key.length - RECEIVER_CLOSE.length) return null;
	return { key: key.slice(0, at), receiver: key.slice(at + RECEIVER_OPEN.length, -RECEIVER_CLOSE.length) };
}

/** The key as the code writes it: without its receiver scope, a bus-scoped key's event, any other key itself. */
export function keyLiteral(key: string): string {
	const bare = splitReceiverKey(key)?.key ?? key;
	return splitBusKey(bare)?.event ?? bare;
}

/** The bus a key is on, as plain words after it (" on the orders bus"), or "" for a key on no bus. */
export function busWords(key: string): string {
	const onBus = splitBusKey(key);
	return onBus ? ` on the ${onBus.bus} bus` : "";
}

/**
 * A key as the code writes it, `quote`d, with what it is scoped to in words after it: `"updated" on the
 * orders bus`, `error on socket`, `saved (draft)` — how CLI, MCP, overview and LLM material show a key.
 */
export const shownScopedKey = (key: string, quote = ""): string =>
	`${quote}${keyLiteral(key)}${quote}${scopeWords(key)}`;

/** What a key is scoped to, as plain words after its literal (" on the orders bus", " on socket"), or "". */
export function scopeWords(key: string): string {
	const onReceiver = splitReceiverKey(key);
	const bare = onReceiver?.key ?? key;
	return `${busWords(bare)}${onReceiver ? ` on ${onReceiver.receiver}` : ""}`;
}
