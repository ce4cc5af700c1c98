/**
 * Discovery's decision, a pure function of the candidates: group the calls by shape, pair register
 * groups (calls that hand over a function with a key) with dispatch groups (calls that send the
 * same keys) that are connected — same receiver, a listener/emitter verb pair, an HTTP route and a
 * transport, a wrapper whose parameter reaches such a call, or a strong overlap of distinctive keys —
 * and keep a pair only when enough keys have both sides. Each kept cluster is a trunk in today's
 * preset format, with its evidence. The parts live beside it: groups.ts (shapes and their roles),
 * connections.ts (what connects a pair, what counts as evidence), key-prefixes.ts, wrapper-facts.ts
 * (where wrappers lead), trunk-specs.ts (the preset format), and the families' own resolutions
 * (services.ts: named services; object-registries.ts: mounted routers).
 */
import { escapeRegExp } from "../../escape-regexp.js";
import { withoutGlobalObject } from "../../syntax/global-aliases.js";
import type { Idiom, TrunkSpec } from "../config.js";
import type { CandidateInfo, Sited, WrapperInfo } from "./candidates.js";
import {
	type Connection,
	connection,
	distinctive,
	isLookup,
	medianSitesPerKey,
	sameConstant,
	sameRole,
} from "./connections.js";
import {
	COMMON_KEYS,
	DISPATCH_VERBS,
	GENERIC_LISTEN,
	MANAGEMENT_VERBS,
	NAMESPACED_FORMS,
	SEND_NAME,
} from "./families.js";
import {
	baseKey,
	DISCOVERY_LIMITS,
	type Group,
	groupsOf,
	isDispatcher,
	isHttpRegistry,
	isKeyedInstance,
	isRegistry,
	singleObject,
} from "./groups.js";
import { bestPrefix, distinctKeys, strip } from "./key-prefixes.js";
import { mounted } from "./object-registries.js";
import { namedServices } from "./services.js";
import {
	describe,
	dispatchIdiom,
	FORM_TRUNKS,
	registerIdiom,
	sharedReceiverWords,
	slug,
} from "./trunk-specs.js";
import { reachesTransport, wrapperSinks, wrappersByDef } from "./wrapper-facts.js";

// The candidates inferTrunks takes.
export type { Sited } from "./candidates.js";

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
	// A registry whose calls reach a registering constructor (`JobHub.register(name, fn)` →
	// `new Worker(name, …)`): what that constructor pairs with (`new Queue(name)`) dispatches to it.
	const registrySinksOf = new Map(
		registries.map((r) => [r.id, wrapperSinks(r, wrappers, (info) => info.registersVia)]),
	);

	const pairs: Pair[] = [];
	const single: Pair[] = [];
	const lookups: { r: Group; d: Group; joined: string[] }[] = [];
	for (const r of registries) {
		const registered = new Set(r.keys.keys());
		let median: number | undefined;
		for (const d of dispatchers) {
			if (d.id === r.id) continue;
			if (isLookup(r, d)) {
				const joined = [...d.keys.keys()].filter((k) => registered.has(k));
				if (joined.length > 0) lookups.push({ r, d, joined });
				continue;
			}
			const sinks = sinksOf.get(d.id) ?? null;
			const conn = connection(r, d, sinks, registrySinksOf.get(r.id) ?? null);
			// Overlap alone: only a dispatcher whose name (or a wrapped call's) sends, and only into a
			// registry holding a key at one or two places as a rule: a key registered at many is a name
			// the calls work on, not a handler's (a table every migration alters: `schema.alterTable('users', t => …)`).
			// Asked before the keys are joined: most pairs have no connection and fail it.
			if (!conn) {
				const sends =
					SEND_NAME.test(d.name.replace(/^new /, "")) || sinks?.some((x) => SEND_NAME.test(x.name));
				if (!sends) continue;
				median ??= medianSitesPerKey(r);
				if (median > DISCOVERY_LIMITS.overlapSitesPerKey) continue;
			}
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
			// Overlap alone (sending into a registry of few places per key, checked above).
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
		// Registries on two ends of one bridge (`ipcMain`, `ipcRenderer`): named after the words they share (`ipc`).
		const onReceivers = rs.every(
			(r) => r.form !== "decorator" && r.receiver && !r.receiver.startsWith("this"),
		);
		const label =
			FORM_TRUNKS[first.form] ??
			(onReceivers ? sharedReceiverWords(rs.map((r) => r.receiver)) : undefined) ??
			(first.form === "decorator" || !first.receiver || first.receiver.startsWith("this")
				? first.name
				: withoutGlobalObject(first.receiver));
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
