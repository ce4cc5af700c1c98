/**
 * Trunk discovery end to end: the internal records the per-file pass left (candidates, wrapper
 * facts) → the discovered trunks → their site records, normalised like a preset's, so every later
 * stage (the `:param` binding, the index's key nodes, `codeask trunks`, the answers) treats them as
 * preset trunks. Also the discovered trunks as a preset in today's format (`--save`).
 */
import { keyLiteral } from "../../bus-key.js";
import type { DispatchSiteRecord } from "../../index/types.js";
import { usesMethods } from "../bind.js";
import type { Preset, TrunkSpec } from "../config.js";
import { type CompiledNormalize, compileNormalize, normalizeKey } from "../normalize.js";
import { reachedActions } from "./actions.js";
import { preferNamedActivities } from "./activities.js";
import type { Sited } from "./candidates.js";
import {
	CANDIDATE,
	type CandidateInfo,
	DOCUMENT_USE,
	OPERATION,
	RESOLVER,
	SCHEMA,
	WRAPPER,
	type WrapperInfo,
} from "./candidates.js";
import { COMMON_KEYS, NAMESPACED_FORMS } from "./families.js";
import { type DiscoveredTrunk, inferTrunks } from "./infer.js";
import { keptPresetTaken, namedBusKeys } from "./named-buses.js";
import { completeWrapperKeys } from "./wrapper-keys.js";

export { CANDIDATE, WRAPPER } from "./candidates.js";
export type { DiscoveredTrunk } from "./infer.js";

/** Split discovery's internal records from the rest. */
export function discoveryRecords(sites: readonly DispatchSiteRecord[]): {
	candidates: Sited<CandidateInfo>[];
	wrappers: WrapperInfo[];
} {
	const candidates: Sited<CandidateInfo>[] = [];
	const wrappers: WrapperInfo[] = [];
	for (const s of sites) {
		if (s.trunk === CANDIDATE)
			candidates.push({ info: JSON.parse(s.rawKey as string) as CandidateInfo, site: s });
		else if (s.trunk === WRAPPER) wrappers.push(JSON.parse(s.rawKey as string) as WrapperInfo);
	}
	return {
		candidates: completeWrapperKeys(
			reachedActions(
				preferNamedActivities(
					servedResolvers(resolveDocumentUses(typedSelections(keptPresetTaken(namedBusKeys(candidates))))),
				),
			),
			wrappers,
		),
		wrappers,
	};
}

/**
 * Resolver maps a GraphQL server is given (`new ApolloServer({ resolvers })`, the `(schema)` records)
 * are a schema's: their fields stand as registered keys with no document calling them, like
 * code-first resolvers. The records themselves are no candidates.
 */
function servedResolvers(candidates: Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const served = candidates
		.filter((c) => c.info.form === "graphql" && c.info.name === SCHEMA)
		.flatMap((c) => c.info.keys);
	if (served.length === 0) return candidates;
	const isServed = (id: string | null) =>
		id !== null && served.some((m) => id === m || id.startsWith(`${m}.`));
	return candidates
		.filter((c) => c.info.name !== SCHEMA)
		.map((c) =>
			c.info.form === "graphql" && c.info.name === RESOLVER && !c.info.declared && isServed(c.info.handler)
				? { ...c, info: { ...c.info, declared: true as const } }
				: c,
		);
}

/**
 * Fields resolved by their own resolvers below an operation's root: `team { members }` selects
 * `Team.members` when the `team` resolver returns `Team` (`@Query(() => Team)`) and `Team.members` is
 * a resolver (`@ResolveField` in `@Resolver(() => Team)`); one level further through that resolver's
 * own type. A field no resolver serves is plain data and no key.
 */
function typedSelections(candidates: Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const resolved = new Set<string>();
	const returns = new Map<string, string>();
	for (const c of candidates) {
		if (c.info.form !== "graphql" || c.info.name !== RESOLVER) continue;
		for (const k of c.info.keys) {
			resolved.add(k);
			if (c.info.returns) returns.set(k, c.info.returns);
		}
	}
	if (returns.size === 0) return candidates;
	/** The key a selection path ends at (`team.members` → `Team.members`), or null. */
	const keyOf = (path: string): string | null => {
		const [root, ...rest] = path.split(".");
		let key = root as string;
		for (const field of rest) {
			const type = returns.get(key);
			if (!type || !resolved.has(`${type}.${field}`)) return null;
			key = `${type}.${field}`;
		}
		return key;
	};
	return candidates.map((c) => {
		if (c.info.form !== "graphql" || c.info.name !== OPERATION || !c.info.nested) return c;
		const keys = new Set(c.info.keys);
		for (const path of c.info.nested) {
			const key = keyOf(path);
			if (key) keys.add(key);
		}
		return keys.size === c.info.keys.length ? c : { ...c, info: { ...c.info, keys: [...keys] } };
	});
}

/** Length of the common folder prefix of two repo paths. */
function sharedFolders(a: string, b: string): number {
	const x = a.split("/");
	const y = b.split("/");
	let n = 0;
	while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
	return n;
}

/**
 * Code using an operation by its generated name (`CreateTeamDocument`) sends the operation's root
 * fields: the operation of that name in the nearest folder (packages may each have a `GetMe`). A use
 * no document names is dropped.
 */
function resolveDocumentUses(candidates: Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const byName = new Map<string, Sited<CandidateInfo>[]>();
	for (const c of candidates)
		if (c.info.form === "graphql" && c.info.name === OPERATION && c.info.exportName)
			byName.set(c.info.exportName, [...(byName.get(c.info.exportName) ?? []), c]);
	// The operations written in each constant (`GET_TEAM = gql\`…\``), for calls given the constant.
	const byHolder = new Map<string, string[]>();
	for (const c of candidates)
		if (c.info.form === "graphql" && c.info.name === OPERATION && c.site.enclosingDefId)
			byHolder.set(c.site.enclosingDefId, [...(byHolder.get(c.site.enclosingDefId) ?? []), ...c.info.keys]);
	const out: Sited<CandidateInfo>[] = [];
	for (const c of candidates) {
		if (c.info.form !== "graphql" || c.info.name !== DOCUMENT_USE) {
			out.push(c);
			continue;
		}
		if (c.info.holder) {
			const keys = byHolder.get(c.info.holder);
			if (keys) out.push({ ...c, info: { ...c.info, name: OPERATION, keys: [...new Set(keys)] } });
			continue;
		}
		const ops = byName.get(c.info.member ?? "");
		if (!ops) continue;
		let best = ops[0] as Sited<CandidateInfo>;
		for (const op of ops)
			if (sharedFolders(op.site.file, c.site.file) > sharedFolders(best.site.file, c.site.file)) best = op;
		out.push({ ...c, info: { ...c.info, name: OPERATION, keys: best.info.keys } });
	}
	return out;
}

/**
 * The sites of the families presets pin (`{ kind: "family" }`): every candidate of a pinned form
 * becomes a site of its trunk on the family's side, keyed by the trunk's own normalisation.
 */
export function pinnedFamilySites(
	candidates: readonly Sited<CandidateInfo>[],
	families: ReadonlyMap<
		string,
		{ trunk: TrunkSpec; side: "register" | "dispatch"; normalize: CompiledNormalize }
	>,
): DispatchSiteRecord[] {
	const out: DispatchSiteRecord[] = [];
	for (const c of candidates) {
		const pin = families.get(c.info.form);
		if (!pin) continue;
		for (const raw of c.info.keys)
			out.push({
				...c.site,
				trunk: pin.trunk.name,
				side: pin.side,
				key: normalizeKey(raw, pin.normalize) || raw,
				rawKey: raw,
				handlerDefId: pin.side === "register" ? c.info.handler : null,
				resolution: "syntactic",
				inScope: pin.trunk.inScope,
			});
	}
	return out;
}

/**
 * The trunks discovery finds in a repository's records (see discoveryRecords); `taken`: trunk names
 * the presets use; `pinned`: candidate forms a preset's family idiom takes (their sites are the
 * preset's: see pinnedFamilySites). Also the candidates it read (the extractor joins preset routes'
 * clients with them).
 */
export function discover(
	records: { candidates: Sited<CandidateInfo>[]; wrappers: WrapperInfo[] },
	taken: ReadonlySet<string>,
	pinned: ReadonlySet<string> = new Set(),
): { trunks: DiscoveredTrunk[]; candidates: Sited<CandidateInfo>[] } {
	const candidates = records.candidates.filter((c) => !pinned.has(c.info.form));
	return { trunks: candidates.length ? inferTrunks(candidates, records.wrappers, taken) : [], candidates };
}

/** The site records of discovered trunks (keys normalised by each trunk's own `normalize`). */
export function discoveredSites(trunks: readonly DiscoveredTrunk[]): DispatchSiteRecord[] {
	const out: DispatchSiteRecord[] = [];
	for (const t of trunks) {
		const norm = compileNormalize(t.spec.normalize);
		// An HTTP trunk (every registry a route) keys by method too: `GET /posts` and `POST /posts` are two routes.
		const http = t.http;
		const emit = (s: Sited<CandidateInfo>, side: "register" | "dispatch", dropCommon: boolean) => {
			for (const raw of s.info.keys) {
				const path = normalizeKey(raw, norm) || "/";
				if (dropCommon && COMMON_KEYS.has(path)) continue;
				const key = http && s.info.method ? `${s.info.method} /${path.replace(/^\/+/, "")}` : path;
				out.push({
					...s.site,
					trunk: t.spec.name,
					side,
					key,
					// As the code writes it: a bus-scoped key's event (the bus is in the key only).
					rawKey: keyLiteral(raw),
					handlerDefId: side === "register" ? s.info.handler : null,
					resolution: "syntactic",
					inScope: true,
				});
			}
		};
		const start = out.length;
		// A job definition registers only what some call triggers (`{ id, run }` is also a command or a test
		// case), or what a schedule runs (`trigger: { cron }`) beside definitions a call triggers.
		const sent = new Set(
			t.dispatches.flatMap((d) =>
				d.group.sites.flatMap((s) => s.info.keys.map((k) => normalizeKey(k, norm))),
			),
		);
		for (const r of t.registers)
			for (const s of r.group.sites)
				if (
					r.group.form !== "job" ||
					s.info.scheduled ||
					s.info.keys.some((k) => sent.has(normalizeKey(k, norm)))
				)
					emit(s, "register", false);
		for (const d of t.dispatches) for (const s of d.group.sites) emit(s, "dispatch", d.dropCommon);
		// A common-word key (`end`, `error`) of two same-named receivers in two files may be two objects:
		// it joins only within a file that has both sides.
		const mine = out.splice(start);
		// Except in a namespace the framework keeps (NAMESPACED_FORMS): `user` there is an operation.
		if (t.registers.every((r) => NAMESPACED_FORMS.has(r.group.form))) {
			out.push(...mine);
			continue;
		}
		const sides = new Map<string, Set<string>>();
		for (const s of mine) {
			if (s.key === null || !COMMON_KEYS.has(s.key)) continue;
			const id = `${s.key}\0${s.file}`;
			sides.set(id, (sides.get(id) ?? new Set()).add(s.side));
		}
		out.push(
			...mine.filter(
				(s) => s.key === null || !COMMON_KEYS.has(s.key) || sides.get(`${s.key}\0${s.file}`)?.size === 2,
			),
		);
	}
	return out;
}

/**
 * Discovered trunks made of file routes only (`export const POST` in `api/orders/route.ts`): their
 * sites go to a preset's HTTP route trunk when there is one, keyed alike (`POST /orders`).
 */
/** The preset trunk file routes fold into: the first keyed by method with `:param` paths (`http-route`). */
export function presetRouteTrunk(specs: Iterable<TrunkSpec>): string | undefined {
	for (const t of specs) if (t.normalize.params && usesMethods(t)) return t.name;
	return undefined;
}

export function foldedFileRoutes(trunks: readonly DiscoveredTrunk[]): Set<string> {
	return new Set(
		trunks
			.filter((t) => t.http && t.registers.every((r) => r.group.form === "file-route"))
			.map((t) => t.spec.name),
	);
}

/** The discovered trunks as a preset a team can review and pin (`codeask trunks --discover --save`). */
export function discoveredPreset(trunks: readonly DiscoveredTrunk[]): Preset {
	return {
		name: "discovered",
		description: "String-dispatch idioms found by `codeask trunks --discover`: review, rename and pin.",
		detect: { always: true, packages: [], dependencies: [], files: [] },
		trunks: trunks.filter((t) => t.spec.idioms.length > 0).map((t) => t.spec),
	};
}
