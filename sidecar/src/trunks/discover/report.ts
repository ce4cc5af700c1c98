/**
 * `codeask trunks --discover`: discovery re-run over the candidates an index saved with its files
 * (no re-parse), rendered as text or JSON, and the preset `--save` writes.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DispatchSiteRecord } from "../../index/types.js";
import { compile } from "../compile.js";
import type { TrunkConfig } from "../config.js";
import {
	type DiscoveredTrunk,
	discover,
	discoveredPreset,
	discoveredSites,
	discoveryRecords,
	foldedFileRoutes,
	presetRouteTrunk,
} from "./index.js";
import { type PresetWrapperJoin, presetWrapperSites } from "./preset-wrappers.js";

export interface DiscoveryReport {
	/** False when the index was built without discovery (no candidates saved). */
	candidates: number;
	idioms: {
		trunk: string;
		register: { pattern: string; sites: number; keys: number }[];
		dispatch: {
			pattern: string;
			sites: number;
			keys: number;
			joined: number;
			connection: string;
			prefix: string;
			via: string[];
		}[];
		bothSides: number;
		examples: { key: string; register: string; dispatch: string }[];
		unexpressed: string[];
		/** The registries' getters (`commands.get('bold')`): references, no dispatch sites. */
		lookups: { pattern: string; sites: number; keys: number; joined: number }[];
		/** The preset trunk the index holds these sites in (file routes join `http-route`). */
		foldedInto?: string;
	}[];
	/** Callers of wrappers around a preset trunk's dispatch call, joined to that trunk's registrations. */
	presetWrappers: PresetWrapperJoin[];
}

/** Every file's saved extractor output (sites and internal records) in an index. */
export function savedRecords(reader: IndexReader): DispatchSiteRecord[] {
	const rows = reader.db.prepare("SELECT sites FROM file_sites").all() as { sites: string }[];
	const out: DispatchSiteRecord[] = [];
	for (const r of rows) {
		const parsed = JSON.parse(r.sites) as ({ site: DispatchSiteRecord } | DispatchSiteRecord)[];
		for (const x of parsed) out.push("site" in x ? x.site : x);
	}
	return out;
}

export function discoverFromIndex(
	reader: IndexReader,
	config: TrunkConfig,
): { report: DiscoveryReport; trunks: DiscoveredTrunk[] } {
	const records = savedRecords(reader);
	const specs = config.presets.flatMap((p) => p.trunks);
	const taken = new Set(specs.map((t) => t.name));
	// Families a preset pins are its trunks' (`{ kind: "family" }`), no discovery's.
	const compiled = compile(specs);
	const pinned = new Set(compiled.families.keys());
	const saved = discoveryRecords(records);
	const { trunks, candidates: read } = discover(saved, taken, pinned);
	const presetSites = records.filter((s) => !s.trunk.startsWith("("));
	const claimed = new Set(
		discoveredSites(trunks)
			.filter((s) => s.side === "dispatch")
			.map((s) => `${s.file}:${s.line}`),
	);
	const presetWrappers = presetWrapperSites(read, saved.wrappers, presetSites, compiled, claimed).joins;
	const candidates = records.filter((s) => s.trunk === "(candidate)").length;
	const routes = presetRouteTrunk(config.presets.flatMap((p) => p.trunks));
	const folded = routes ? foldedFileRoutes(trunks) : new Set<string>();
	return {
		trunks,
		report: {
			candidates,
			idioms: trunks.map((t) => ({
				trunk: t.spec.name,
				register: t.registers.map(({ pattern, sites, keys }) => ({ pattern, sites, keys })),
				dispatch: t.dispatches.map(({ pattern, sites, keys, joined, connection, prefix, via }) => ({
					pattern,
					sites,
					keys,
					joined,
					connection,
					prefix,
					via,
				})),
				bothSides: t.bothSides,
				examples: t.examples,
				unexpressed: t.unexpressed,
				lookups: t.lookups.map(({ pattern, sites, keys, joined }) => ({ pattern, sites, keys, joined })),
				...(routes && folded.has(t.spec.name) ? { foldedInto: routes } : {}),
			})),
			presetWrappers,
		},
	};
}

/**
 * The text report. `presetJoins` (the preset trunks that joined keys, from the index's sites) opens it, so
 * that finding no idiom of its own is not read as "nothing joined".
 */
export function renderDiscovery(
	report: DiscoveryReport,
	presetJoins: { trunk: string; bothSides: number }[] = [],
): string {
	const presets = presetJoins.length
		? `preset trunks: ${presetJoins.map((p) => `${p.trunk} joined ${p.bothSides} keys with both sides`).join(", ")}\n`
		: "";
	if (report.candidates === 0)
		return `${presets}no discovery candidates in this index (built with discovery off, or no keyed calls)\n`;
	if (report.idioms.length === 0 && report.presetWrappers.length === 0)
		return presets
			? `${presets}discovery found no further string-dispatch idiom (${report.candidates} keyed calls looked at)\n`
			: `no string-dispatch idiom found (${report.candidates} keyed calls looked at)\n`;
	const out: string[] = presets ? [presets] : [];
	for (const i of report.idioms) {
		const folded = i.foldedInto ? ` (indexed in the preset trunk \`${i.foldedInto}\`)` : "";
		out.push(`${i.trunk}: ${i.bothSides} keys with both sides${folded}`);
		for (const r of i.register) out.push(`  register  ${r.pattern}  (${r.sites} sites, ${r.keys} keys)`);
		for (const d of i.dispatch) {
			const via = d.via.length ? `, via ${d.via.join(", ")}` : "";
			const prefix = d.prefix ? `, prefix '${d.prefix}' stripped` : "";
			out.push(
				`  dispatch  ${d.pattern}  (${d.sites} sites, ${d.joined}/${d.keys} keys joined; ${d.connection}${via}${prefix})`,
			);
		}
		for (const l of i.lookups)
			out.push(
				`  lookup    ${l.pattern}  (${l.sites} sites, ${l.joined}/${l.keys} keys registered; a lookup of the registry, no dispatch)`,
			);
		for (const e of i.examples) out.push(`  e.g. ${e.key}: ${e.register} <- ${e.dispatch}`);
		if (i.unexpressed.length)
			out.push(`  (not expressible as a preset, kept at index time: ${i.unexpressed.join("; ")})`);
		out.push("");
	}
	const byTrunk = new Map<string, PresetWrapperJoin[]>();
	for (const j of report.presetWrappers) byTrunk.set(j.trunk, [...(byTrunk.get(j.trunk) ?? []), j]);
	for (const [trunk, joins] of byTrunk) {
		out.push(`${trunk}: wrappers of its dispatch call (indexed in the preset trunk \`${trunk}\`)`);
		for (const d of joins) {
			const via = d.via.length ? `, via ${d.via.join(", ")}` : "";
			out.push(
				`  dispatch  ${d.pattern}  (${d.sites} sites, ${d.joined}/${d.keys} keys joined; wrapper${via})`,
			);
		}
		for (const d of joins)
			for (const e of d.examples) out.push(`  e.g. ${e.key}: ${e.register} <- ${e.dispatch}`);
		out.push("");
	}
	return out.join("\n");
}

export { discoveredPreset };
