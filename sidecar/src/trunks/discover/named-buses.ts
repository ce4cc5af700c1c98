/**
 * Named in-process buses: a getter hands out one emitter per literal name (`app.bus('orders')`), and
 * code listens and emits on what it gets, at once (`app.bus('orders').on('created', fn)`) or through a
 * holder (`this.orders = app.bus('orders')`; `this.orders.emit('created')`). Event names on such buses
 * are common words (`created`, `update`) repeated on every bus, so a key joins only within its bus: the
 * per-file pass tags a listen/emit call with the bus it is on (`busOf`), and finalize (`namedBusKeys`)
 * keys the calls of a getter that has both sides of some key on one bus by bus and event (`busKey`), on one
 * receiver per getter, `bus(name)`. Calls of any other getter keep their candidates as they were.
 */
import { ts } from "#ts-morph";
import { busKey } from "../../bus-key.js";
import type { DispatchSiteRecord } from "../../index/types.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { type BusTag, CANDIDATE, type CandidateInfo, type Sited } from "./candidates.js";

/** Emitter verbs: listening hands over a handler, `emit` sends to it. */
const LISTEN = new Set(["on", "once", "addListener", "prependListener", "prependOnceListener"]);
const EMIT = "emit";

/** `app.bus('orders')` / `bus('orders')`: a call of one string literal argument, not a module load. */
function busCall(e: ts.Expression): BusTag | null {
	let call = skipWrappers(e);
	if (ts.isAwaitExpression(call)) call = skipWrappers(call.expression);
	if (!ts.isCallExpression(call) || call.arguments.length !== 1) return null;
	const arg = call.arguments[0] as ts.Expression;
	if (!ts.isStringLiteral(arg) && !ts.isNoSubstitutionTemplateLiteral(arg)) return null;
	const callee = skipWrappers(call.expression);
	const getter = ts.isIdentifier(callee)
		? callee.text
		: ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)
			? callee.name.text
			: null;
	if (!getter || getter === "require" || arg.text === "") return null;
	return { getter, name: arg.text };
}

/**
 * `app.buses.orders` / `this.app.buses['orders']`: a bus read straight from a store a getter may hand it
 * out of (`bus(name) { return this.buses[name] }`), tagged with the store's name (`buses`); finalize
 * (`namedBusKeys`) ties it to the getter the store is named for, or drops it.
 */
function storeRead(e: ts.Expression): BusTag | null {
	const n = skipWrappers(e);
	let store: ts.Expression;
	let name: string;
	if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.name)) {
		store = skipWrappers(n.expression);
		name = n.name.text;
	} else if (
		ts.isElementAccessExpression(n) &&
		(ts.isStringLiteral(n.argumentExpression) || ts.isNoSubstitutionTemplateLiteral(n.argumentExpression))
	) {
		store = skipWrappers(n.expression);
		name = n.argumentExpression.text;
	} else return null;
	// The store is itself a member of something (`app.buses`, `this.buses`), never a bare local.
	if (!ts.isPropertyAccessExpression(store) || !ts.isIdentifier(store.name) || name === "") return null;
	return { getter: store.name.text, name, store: true };
}

/** A holder's text as the file writes it on the left of `=` and as a receiver: `x` or `this.x`. */
function holderText(e: ts.Expression): string | null {
	const n = skipWrappers(e);
	if (ts.isIdentifier(n)) return n.text;
	if (
		ts.isPropertyAccessExpression(n) &&
		n.expression.kind === ts.SyntaxKind.ThisKeyword &&
		ts.isIdentifier(n.name)
	)
		return `this.${n.name.text}`;
	return null;
}

/** Per file, the bus each holder is given: one bus, or null when given anything else too (ambiguous). */
const holdersByFile = new WeakMap<ts.SourceFile, Map<string, BusTag | null>>();

function holdersOf(sf: ts.SourceFile): Map<string, BusTag | null> {
	let found = holdersByFile.get(sf);
	if (found) return found;
	const given = new Map<string, ts.Expression[]>();
	const give = (holder: string | null, value: ts.Expression) => {
		if (holder) given.set(holder, [...(given.get(holder) ?? []), value]);
	};
	const visit = (n: ts.Node): void => {
		if (ts.isVariableDeclaration(n) && n.initializer && ts.isIdentifier(n.name))
			give(n.name.text, n.initializer);
		else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken)
			give(holderText(n.left), n.right);
		ts.forEachChild(n, visit);
	};
	// Cheap guard: a file naming no listen/emit verb holds no bus worth reading.
	if (/\.\s*(?:emit|on|once|addListener|prepend\w*Listener)\s*\(/.test(sf.text)) visit(sf);
	// A holder copied from another (`const orders = this.orders`) holds what that one holds, two copies deep.
	const busOfHolder = (holder: string, depth: number): BusTag | null => {
		let bus: BusTag | null = null;
		for (const value of given.get(holder) ?? []) {
			const copied = holderText(value);
			const b =
				busCall(value) ?? storeRead(value) ?? (copied && depth < 2 ? busOfHolder(copied, depth + 1) : null);
			if (!b || (bus && (bus.getter !== b.getter || bus.name !== b.name || bus.store !== b.store)))
				return null;
			bus = b;
		}
		return bus;
	};
	found = new Map([...given.keys()].map((h) => [h, busOfHolder(h, 0)]));
	holdersByFile.set(sf, found);
	return found;
}

/**
 * The bus a listen/emit call is on (`app.bus('orders').on(…)`, or `holder.emit(…)` where the file gives
 * the holder that bus and nothing else), or null.
 */
export function busOf(cn: ts.CallExpression, verb: string): BusTag | null {
	if (verb !== EMIT && !LISTEN.has(verb)) return null;
	const callee = skipWrappers(cn.expression);
	if (!ts.isPropertyAccessExpression(callee)) return null;
	const direct = busCall(callee.expression) ?? storeRead(callee.expression);
	if (direct) return direct;
	const holder = holderText(callee.expression);
	return holder ? (holdersOf(cn.getSourceFile()).get(holder) ?? null) : null;
}

/** The receiver every call on a named bus groups under: one per getter, whatever holds the bus. */
const busReceiver = (getter: string) => `${getter}(name)`;

/** A group of calls (groups.ts) in so far as these checks read it. */
interface CallGroup {
	form: CandidateInfo["form"];
	name: string;
	sites: readonly Sited<CandidateInfo>[];
}

/** A group of calls keyed within their buses (no preset idiom can say so). */
export const onNamedBus = (g: CallGroup) =>
	g.sites.some((s) => s.info.bus && s.info.receiver === busReceiver(s.info.bus.getter));

/**
 * Listening on a named bus registers whatever the handler is: the emitter's own method
 * (`orders.on('created', orders.onCreated)`) on an untyped bus resolves to no definition.
 */
export const listensOnNamedBus = (g: CallGroup) => g.form === "call" && LISTEN.has(g.name) && onNamedBus(g);

/**
 * Keys of the calls on named buses (`created` on bus `orders` → `orders∷created`), for the getters
 * that have both sides of some key on one bus (a getter handing out emitters, not a `$('#id').on`);
 * their calls group under `bus(name)`, so a listener and an emitter join within one bus only.
 */
export function namedBusKeys(found: Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const candidates = storeReadsOnGetters(found);
	const sides = new Map<string, number>();
	for (const c of candidates) {
		const bus = c.info.bus;
		if (!bus || c.info.arg !== 0) continue;
		const side = c.info.name === EMIT ? 1 : 2;
		for (const k of c.info.keys) {
			const id = `${bus.getter}\0${bus.name}\0${k}`;
			sides.set(id, (sides.get(id) ?? 0) | side);
		}
	}
	const getters = new Set<string>();
	for (const [id, s] of sides) if (s === 3) getters.add(id.slice(0, id.indexOf("\0")));
	if (getters.size === 0) return candidates;
	return candidates.map((c) => {
		const bus = c.info.bus;
		if (!bus || c.info.arg !== 0 || !getters.has(bus.getter)) return c;
		return {
			...c,
			info: {
				...c.info,
				receiver: busReceiver(bus.getter),
				keys: c.info.keys.map((k) => busKey(bus.name, k)),
			},
		};
	});
}

/** The names a getter's store may take: its plural (`bus` → `buses`, `event` → `events`). */
const storeNames = (getter: string): string[] => [`${getter}s`, `${getter}es`];

/**
 * Calls on a bus read from a store (`crowi.events.page.on(…)`, see `storeRead`) are on the bus the getter
 * the store is named for hands out under that name (`crowi.event('page')`): only when that getter hands
 * out a bus of that very name somewhere. Any other store read is no bus.
 */
function storeReadsOnGetters(candidates: Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	if (!candidates.some((c) => c.info.bus?.store)) return candidates;
	const handedOut = new Map<string, Set<string>>();
	for (const c of candidates) {
		const bus = c.info.bus;
		if (!bus || bus.store) continue;
		for (const store of storeNames(bus.getter))
			handedOut.set(
				`${store}\0${bus.name}`,
				(handedOut.get(`${store}\0${bus.name}`) ?? new Set()).add(bus.getter),
			);
	}
	return candidates.map((c) => {
		const bus = c.info.bus;
		if (!bus?.store) return c;
		const getters = handedOut.get(`${bus.getter}\0${bus.name}`);
		const { bus: _, ...rest } = c.info;
		// One getter of that store and name: the call is on its bus; none (or two): no bus.
		if (getters?.size !== 1) return { ...c, info: rest };
		return { ...c, info: { ...rest, bus: { getter: [...getters][0] as string, name: bus.name } } };
	});
}

/**
 * The calls on a named bus that a preset took by their arguments (`this.emitter.on('update')`, named like
 * any emitter) made candidates again, `presetTaken`: `out` holds `callCandidates`' records for the call,
 * and only those on a bus are kept, so the call joins on its bus when finalize keys it.
 */
export function presetTakenOnBus(records: DispatchSiteRecord[]): DispatchSiteRecord[] {
	const kept: DispatchSiteRecord[] = [];
	for (const r of records) {
		if (r.trunk !== CANDIDATE) continue;
		const info = JSON.parse(r.rawKey as string) as CandidateInfo;
		if (info.form !== "call" || !info.bus) continue;
		kept.push({ ...r, rawKey: JSON.stringify({ ...info, presetTaken: true }) });
	}
	return kept;
}

/**
 * After `namedBusKeys`: a preset-taken call stays a candidate only where its bus keyed it; elsewhere
 * the preset's site stands alone (presets win).
 */
export function keptPresetTaken(candidates: Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	return candidates.filter(
		(c) =>
			!c.info.presetTaken || (c.info.bus !== undefined && c.info.receiver === busReceiver(c.info.bus.getter)),
	);
}
