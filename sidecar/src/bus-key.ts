/**
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

/** The key as the code writes it: a bus-scoped key's event, any other key itself. */
export const keyLiteral = (key: string): string => splitBusKey(key)?.event ?? key;

/** The bus a key is on, as plain words after it (" on the orders bus"), or "" for a key on no bus. */
export function busWords(key: string): string {
	const onBus = splitBusKey(key);
	return onBus ? ` on the ${onBus.bus} bus` : "";
}
