/**
 * Dispatches of a preset's trunk through a wrapper: `gateway.notify('order:shipped', room, …)`
 * where `notify(event, room, …data)` runs `this.server.emit(event, room, …data)`, an emit the
 * preset recognises (or records unbound: its key is the wrapper's parameter). Discovery pairs a
 * dispatcher only with registries it found itself, and a listener a preset took (`socket.on('x', h)`)
 * never is one; without this the wrapper's callers and the preset's listeners stay apart.
 *
 * A group of keyed calls (one shape, `this.gateway.notify(key)`) dispatches into a preset trunk
 * when its key position reaches, through wrapper facts (up to three calls deep), the key position of a
 * call named like one of the trunk's dispatch idioms (`emit`), and its keys meet the keys the trunk
 * registers: one receiver's calls together (`notify` and `broadcast` on one object), at least
 * 2 distinctive keys joined making at least 30 % of its keys (a discovered pair's evidence). Trunks
 * keyed by HTTP method are left to preset-clients.ts.
 */
import type { DispatchSiteRecord } from "../../index/types.js";
import { usesMethods } from "../bind.js";
import type { Compiled } from "../compile.js";
import { type CompiledNormalize, normalizeKey } from "../normalize.js";
import type { CandidateInfo, Sited, WrapperInfo } from "./candidates.js";
import { distinctive } from "./connections.js";
import { COMMON_KEYS } from "./families.js";
import { DISCOVERY_LIMITS, type Group, groupsOf, isDispatcher } from "./groups.js";
import { describe } from "./trunk-specs.js";
import { wrappersByDef } from "./wrapper-facts.js";

export interface PresetWrapperJoin {
	trunk: string;
	pattern: string;
	sites: number;
	keys: number;
	joined: number;
	/** The wrapped calls the keys reach (`this.server.emit`). */
	via: string[];
	examples: { key: string; register: string; dispatch: string }[];
}

/** A preset trunk's dispatch calls, by called name: the argument holding the key and its pattern. */
interface Target {
	trunk: string;
	normalize: CompiledNormalize;
	sinks: Map<string, { arg: number; pattern: RegExp | null }[]>;
}

function targetsOf(c: Compiled): Target[] {
	const out = new Map<string, Target>();
	for (const [name, idioms] of c.calls)
		for (const ci of idioms) {
			const k = ci.idiom.key;
			if (ci.idiom.side !== "dispatch" || k.arg < 0 || k.form !== "value") continue;
			if (k.property || k.receiverInit || k.receiverCall || k.receiverDecorator || k.method) continue;
			const t = c.trunks.get(ci.trunk.name);
			if (!t || usesMethods(t.spec)) continue;
			let target = out.get(ci.trunk.name);
			if (!target) {
				target = { trunk: ci.trunk.name, normalize: t.normalize, sinks: new Map() };
				out.set(ci.trunk.name, target);
			}
			target.sinks.set(name, [...(target.sinks.get(name) ?? []), { arg: k.arg, pattern: ci.keyPattern }]);
		}
	return [...out.values()];
}

/**
 * The wrapped calls (receiver.name) a group's key position reaches at their own argument `arg` (up to
 * three calls deep), for the share of its sites that reach any; null below DISCOVERY_LIMITS.wrapperShare.
 */
function reached(
	d: Group,
	wrappers: ReadonlyMap<string, WrapperInfo[]>,
	target: Target,
): { via: Set<string>; patterns: (RegExp | null)[] } | null {
	const via = new Set<string>();
	const patterns: (RegExp | null)[] = [];
	let through = 0;
	const follow = (def: string, param: number, depth: number): boolean => {
		let hit = false;
		for (const w of wrappers.get(def) ?? []) {
			if (w.param !== param) continue;
			const sink = target.sinks.get(w.name)?.find((s) => s.arg === w.arg);
			if (sink) {
				via.add(w.receiver ? `${w.receiver}.${w.name}` : w.name);
				patterns.push(sink.pattern);
				hit = true;
			} else if (depth < 3 && w.callee && follow(w.callee, w.arg, depth + 1)) hit = true;
		}
		return hit;
	};
	for (const s of d.sites) if (s.info.callee && follow(s.info.callee, d.arg, 1)) through++;
	return through > 0 && through / d.sites.length >= DISCOVERY_LIMITS.wrapperShare ? { via, patterns } : null;
}

/**
 * Dispatch sites, in preset trunks, of the wrappers' callers whose keys meet what the trunk registers
 * (`presetSites`: the preset trunks' sites so far), and what joined, for `trunks --discover`. A call
 * dispatching in a discovered trunk (`claimed`: `file:line`) adds its joined keys only.
 */
export function presetWrapperSites(
	candidates: readonly Sited<CandidateInfo>[],
	wrapperFacts: readonly WrapperInfo[],
	presetSites: readonly DispatchSiteRecord[],
	c: Compiled,
	claimed: ReadonlySet<string> = new Set(),
): { sites: DispatchSiteRecord[]; joins: PresetWrapperJoin[] } {
	const targets = targetsOf(c);
	if (targets.length === 0 || wrapperFacts.length === 0) return { sites: [], joins: [] };
	const wrappers = wrappersByDef(wrapperFacts);
	const groups = groupsOf(
		candidates.filter((x) => x.info.form === "call" && !x.info.viaWrapper && x.info.callee),
	).filter(isDispatcher);
	const sites: DispatchSiteRecord[] = [];
	const joins: PresetWrapperJoin[] = [];
	for (const t of targets) {
		const registered = new Map<string, DispatchSiteRecord>();
		const dispatched = new Set<string>();
		for (const s of presetSites) {
			if (s.trunk !== t.trunk || s.key === null) continue;
			if (s.side === "register") {
				if (!registered.has(s.key)) registered.set(s.key, s);
			} else dispatched.add(`${s.file}:${s.line}:${s.key}`);
		}
		if (registered.size === 0) continue;
		// One receiver's calls together (`gateway.notify`, `gateway.broadcast`); `this` and bare calls by shape.
		const units = new Map<string, { groups: Group[]; via: Set<string>; patterns: (RegExp | null)[] }>();
		for (const d of groups) {
			const r = reached(d, wrappers, t);
			if (!r) continue;
			const id = d.receiver && d.receiver !== "this" ? d.receiver : d.id;
			const u = units.get(id) ?? { groups: [], via: new Set<string>(), patterns: [] };
			u.groups.push(d);
			for (const v of r.via) u.via.add(v);
			u.patterns.push(...r.patterns);
			units.set(id, u);
		}
		for (const u of units.values()) {
			const fits = (k: string) => u.patterns.some((p) => p === null || p.test(k));
			const keyOf = (raw: string) => normalizeKey(raw, t.normalize) || raw;
			const keys = new Set<string>();
			for (const d of u.groups)
				for (const s of d.sites)
					for (const raw of s.info.keys) {
						const k = keyOf(raw);
						if (!COMMON_KEYS.has(k) && fits(raw)) keys.add(k);
					}
			const joined = [...keys].filter((k) => registered.has(k));
			const evidence = joined.filter(distinctive).length;
			if (
				evidence < DISCOVERY_LIMITS.minJoined ||
				(joined.length / Math.max(1, keys.size) < DISCOVERY_LIMITS.minShare && joined.length < 10)
			)
				continue;
			const examples: PresetWrapperJoin["examples"] = [];
			for (const d of u.groups) {
				let n = 0;
				for (const s of d.sites)
					for (const raw of s.info.keys) {
						const key = keyOf(raw);
						if (!keys.has(key) || dispatched.has(`${s.site.file}:${s.site.line}:${key}`)) continue;
						// A call a discovered trunk dispatches (`ws.on` found beside the preset's `socketEvents.on`)
						// adds only its joined keys here: its others are that trunk's asymmetries already.
						if (!registered.has(key) && claimed.has(`${s.site.file}:${s.site.line}`)) continue;
						n++;
						sites.push({
							...s.site,
							trunk: t.trunk,
							side: "dispatch",
							key,
							rawKey: raw,
							handlerDefId: null,
							resolution: "syntactic",
							inScope: c.trunks.get(t.trunk)?.spec.inScope ?? true,
						});
						const reg = registered.get(key);
						if (reg && examples.length < 3 && !examples.some((e) => e.key === key))
							examples.push({
								key,
								register: `${reg.file}:${reg.line}`,
								dispatch: `${s.site.file}:${s.site.line}`,
							});
					}
				const distinct = new Set(d.sites.flatMap((s) => s.info.keys.map(keyOf)).filter((k) => keys.has(k)));
				joins.push({
					trunk: t.trunk,
					pattern: describe(d),
					sites: n,
					keys: distinct.size,
					joined: [...distinct].filter((k) => registered.has(k)).length,
					via: [...u.via].slice(0, 4),
					examples: u.groups[0] === d ? examples.slice() : [],
				});
			}
		}
	}
	return { sites, joins };
}
