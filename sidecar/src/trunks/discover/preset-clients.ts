/**
 * HTTP clients of a preset's routes: a transport call no preset takes (`api.get('/v1/users/${id}')`,
 * `this.client.fetch('/orders', { method })`) whose keys meet the routes a preset registered
 * (`@Controller('users')` + `@Get(':id')`) dispatches into that preset's route trunk. Discovery pairs
 * a dispatcher only with registries it found itself, and a preset's route never is one; without this
 * a NestJS or Express API and its own web client stay apart. Same evidence as a discovered pair: at
 * least 2 distinct keys joined, making at least 30 % of the client's, after the client's base path
 * (`v1/`, `api/`) that makes most of them join is stripped — or, where the client's base URL holds
 * the routes' base path (`api.post('/topics')` against `/api/v3/topics`), that path added, when it
 * joins at least half of the client's keys.
 */
import type { DispatchSiteRecord } from "../../index/types.js";
import { hasParams, matchesPattern } from "../normalize.js";
import { isTransport } from "./call-shape.js";
import type { CandidateInfo, Sited } from "./candidates.js";
import { TRANSPORTS } from "./families.js";
import { DISCOVERY_LIMITS } from "./groups.js";
import type { WrappedRequest } from "./wrapper-clients.js";

/** `METHOD path` with the leading slash, query and trailing slash dropped: `GET users/:param`. */
function pathOf(raw: string): string {
	return raw
		.trim()
		.replace(/[?#].*$/, "")
		.replace(/^\/+/, "")
		.replace(/\/+$/, "");
}

/** The registered key a client key reaches (`GET users/7` → `GET users/:id`; any method → `ALL …`), or null. */
function reach(
	method: string,
	path: string,
	registered: ReadonlySet<string>,
	patterns: readonly string[],
): string | null {
	for (const m of [method, "ALL"]) {
		const key = `${m} /${path}`;
		if (registered.has(key)) return key;
		let best: string | null = null;
		let fewest = Number.POSITIVE_INFINITY;
		for (const p of patterns) {
			if (!p.startsWith(`${m} `) || !matchesPattern(`/${path}`, p.slice(m.length + 1))) continue;
			const n = p.split("/").filter((s) => s.startsWith(":")).length;
			if (n < fewest) {
				best = p;
				fewest = n;
			}
		}
		if (best) return best;
	}
	return null;
}

/**
 * Dispatch sites, in the preset route trunk `trunk`, of the transport call groups no discovered
 * trunk took (`claimed`: `file:line` of sites already dispatched) whose keys meet its routes.
 */
export function presetClientSites(
	candidates: readonly Sited<CandidateInfo>[],
	presetSites: readonly DispatchSiteRecord[],
	trunk: string,
	claimed: ReadonlySet<string>,
	/** Calls of request wrappers (wrapper-clients.ts), grouped by the transport call they reach. */
	wrapped: readonly WrappedRequest[] = [],
): DispatchSiteRecord[] {
	const registered = new Set<string>();
	for (const s of presetSites) if (s.trunk === trunk && s.side === "register" && s.key) registered.add(s.key);
	if (registered.size === 0) return [];
	const patterns = [...registered].filter((k) => hasParams(k.slice(k.indexOf(" ") + 1)));
	const bases = basePaths(registered);
	const groups = new Map<string, Sited<CandidateInfo>[]>();
	for (const c of candidates) {
		const { form, receiver, name, method } = c.info;
		if (form !== "call" || !method || !isTransport(receiver, name)) continue;
		if (claimed.has(`${c.site.file}:${c.site.line}`)) continue;
		// One client's verbs together (`api.get`, `api.post`): it reaches one API.
		const id = receiver || (TRANSPORTS.sameClient.get(name) ?? name);
		groups.set(id, [...(groups.get(id) ?? []), c]);
	}
	for (const c of wrapped) {
		if (claimed.has(`${c.site.file}:${c.site.line}`)) continue;
		const id = `\0${c.via}`;
		groups.set(id, [...(groups.get(id) ?? []), c]);
	}
	const out: DispatchSiteRecord[] = [];
	for (const sites of groups.values()) {
		const keys = new Map<string, string>(); // `METHOD path` → method
		for (const s of sites)
			for (const k of s.info.keys) keys.set(`${s.info.method} ${pathOf(k)}`, s.info.method as string);
		// The base path that joins most: none, or the first one or two segments most keys share.
		const prefixes = new Set<string>([""]);
		for (const k of keys.keys()) {
			const segs = k.slice(k.indexOf(" ") + 1).split("/");
			for (let n = 1; n <= 2 && n < segs.length; n++) prefixes.add(`${segs.slice(0, n).join("/")}/`);
		}
		let best = { prefix: "", joined: new Map<string, string>() };
		// The other way round: the client's own base URL holds the server's mount (`api.post('/topics')`
		// against routes under `/api/v3`). Taken only where it joins at least half of the client's keys.
		for (const base of bases) {
			const joined = new Map<string, string>();
			// Keys only the added base path joins are the evidence: a client whose calls mostly join as they
			// are (`fetch('/x')` beside one `fetch(`${EXTERNAL}/videos`)`) gains nothing from a base path.
			let viaBase = 0;
			for (const [k, method] of keys) {
				const path = k.slice(k.indexOf(" ") + 1);
				const own = reach(method, path, registered, patterns);
				const to = own ?? reach(method, base + path, registered, patterns);
				if (!to) continue;
				joined.set(k, to);
				if (!own) viaBase++;
			}
			if (
				viaBase * 2 >= keys.size &&
				viaBase >= DISCOVERY_LIMITS.minJoined &&
				new Set(joined.values()).size > new Set(best.joined.values()).size
			)
				best = { prefix: "", joined };
		}
		for (const prefix of prefixes) {
			const joined = new Map<string, string>();
			for (const [k, method] of keys) {
				const path = k.slice(k.indexOf(" ") + 1);
				if (!path.startsWith(prefix)) continue;
				const to = reach(method, path.slice(prefix.length), registered, patterns);
				if (to) joined.set(k, to);
			}
			if (new Set(joined.values()).size > new Set(best.joined.values()).size) best = { prefix, joined };
		}
		const distinct = new Set(best.joined.values()).size;
		if (distinct < DISCOVERY_LIMITS.minJoined || distinct / keys.size < DISCOVERY_LIMITS.minShare) continue;
		for (const s of sites)
			for (const raw of s.info.keys) {
				const path = pathOf(raw);
				const key = best.joined.get(`${s.info.method} ${path}`);
				out.push({
					...s.site,
					trunk,
					side: "dispatch",
					// Joined: the route's key; otherwise the client's own, base path stripped (an asymmetry to see).
					key:
						key ??
						`${s.info.method} /${best.prefix && path.startsWith(best.prefix) ? path.slice(best.prefix.length) : path}`,
					rawKey: raw,
					handlerDefId: null,
					resolution: "syntactic",
					inScope: true,
				});
			}
	}
	return out;
}

/**
 * The routes' base paths: the first one or two segments (`api/`, `api/v3/`) that at least a tenth of
 * the registered paths share, most shared first, at most four (each is tried on every client).
 */
function basePaths(registered: ReadonlySet<string>): string[] {
	const counts = new Map<string, number>();
	for (const k of registered) {
		const segs = k.slice(k.indexOf(" ") + 2).split("/");
		for (let n = 1; n <= 2 && n < segs.length; n++) {
			if (segs.slice(0, n).some((s) => s === "" || s.startsWith(":"))) break;
			const p = `${segs.slice(0, n).join("/")}/`;
			counts.set(p, (counts.get(p) ?? 0) + 1);
		}
	}
	return [...counts]
		.filter(([, n]) => n * 10 >= registered.size && n >= DISCOVERY_LIMITS.minJoined)
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.slice(0, 4)
		.map(([p]) => p);
}
