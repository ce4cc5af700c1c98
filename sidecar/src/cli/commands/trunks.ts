/**
 * `codeask trunks --index FILE [--json]`: the reconciliation table of the string-dispatch trunks
 * stored in an index, and every asymmetric key with its explanation category.
 */
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { z } from "zod";
import { IndexReader } from "../../index/reader.js";
import type { CategoryRule, TrunkConfig } from "../../trunks/config.js";
import { discoveredPreset, discoverFromIndex, renderDiscovery } from "../../trunks/discover/report.js";
import { loadTrunkConfig, parseTrunkConfig } from "../../trunks/load.js";
import { compileNormalize, normalizeKey } from "../../trunks/normalize.js";
import { reconcile, type TrunksReport } from "../../trunks/reconcile.js";
import { UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";

const OptionsSchema = z.object({
	index: z.string().min(1),
	json: z.boolean().default(false),
	trunk: z.array(z.string().min(1)).optional(),
	category: z.array(z.string().min(1)).optional(),
	limit: z.coerce.number().int().min(0).default(20),
	discover: z.boolean().default(false),
	save: z.string().min(1).optional(),
});
type Options = z.infer<typeof OptionsSchema>;

export function register(program: Command): void {
	program
		.command("trunks")
		.description(
			"Show the string-dispatch trunks of an index: keys, register/dispatch sites, keys with both sides, one-sided keys and why.",
		)
		.option("-i, --index <file>", INDEX_OPTION_HELP)
		.option("--json", "print the whole report as JSON on stdout")
		.option("--trunk <name...>", "only these trunks")
		.option("--category <name...>", "only asymmetries of these categories")
		.option("--limit <n>", "asymmetries listed per trunk in the text report (0: all)", "20")
		.option("--discover", "show the string-dispatch idioms discovery finds (no preset needed)")
		.option(
			"--save <file>",
			"with --discover: write them as a preset (review, then pass to `index --trunks`)",
		)
		.addHelpText(
			"after",
			`
Output (--json): {trunks: {<name>: {inScope, keys, registerSites, dispatchSites, bothSides,
registerOnly, dispatchOnly, unbound, asymmetries: [{key, side, category, why, file, line}]}}}

Categories: framework built-in; extension point never registered in-repo; registered for
external clients; dynamic key; dead code; unexplained.

Examples:
  codeask trunks --index .codeask/index.db
  codeask trunks --index rc.db --trunk rest --category unexplained --limit 0
  codeask trunks --index rc.db --json | jq '.trunks["meteor-method"].bothSides'`,
		)
		.action((raw: unknown) => {
			const parsed = OptionsSchema.safeParse(raw);
			if (!parsed.success) {
				throw new UsageError(
					`trunks: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}`,
				);
			}
			if (parsed.data.discover || parsed.data.save) {
				process.stdout.write(discoverCommand(parsed.data));
				return;
			}
			const report = trunksReport(parsed.data);
			process.stdout.write(
				parsed.data.json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report, parsed.data),
			);
		});
}

/** `--discover [--save FILE]`: discovery over the candidates the index saved. */
function discoverCommand(options: Options): string {
	const reader = IndexReader.open(options.index);
	try {
		const config = configOf(reader);
		const { report, trunks } = discoverFromIndex(reader, config);
		if (options.save) {
			const preset = discoveredPreset(trunks);
			if (preset.trunks.length === 0) throw new UsageError("trunks --save: discovery found nothing to save");
			writeFileSync(options.save, `${JSON.stringify(preset, null, "\t")}\n`);
		}
		return options.json
			? `${JSON.stringify(report, null, 2)}\n`
			: renderDiscovery(report, presetJoins(reader, config));
	} finally {
		reader.close();
	}
}

/**
 * The preset trunks of the index that joined keys (both sides), most first: `trunks --discover` names them,
 * so "no idiom found" is not read as "nothing joined".
 */
function presetJoins(reader: IndexReader, config: TrunkConfig): { trunk: string; bothSides: number }[] {
	const presetNames = new Set(config.presets.flatMap((p) => p.trunks.map((t) => t.name)));
	const names = reader.trunkNames().filter((n) => presetNames.has(n));
	const report = reconcile(names.flatMap((n) => reader.dispatchSites(n)));
	return Object.entries(report.trunks)
		.map(([trunk, t]) => ({ trunk, bothSides: t.bothSides }))
		.filter((t) => t.bothSides > 0)
		.sort((a, b) => b.bothSides - a.bothSides || a.trunk.localeCompare(b.trunk));
}

/** The trunk configuration the index was built with (meta.trunkConfig), else the built-in presets. */
function configOf(reader: IndexReader): TrunkConfig {
	const stored = reader.metaValue("trunkConfig");
	if (stored) {
		try {
			return parseTrunkConfig(JSON.parse(stored), `${reader.path} (meta.trunkConfig)`);
		} catch {
			// An index from an older configuration format: explain with today's presets.
		}
	}
	return loadTrunkConfig(null);
}

export function trunksReport(options: Pick<Options, "index" | "trunk" | "category">): TrunksReport {
	const reader = IndexReader.open(options.index);
	try {
		const config = configOf(reader);
		const rules = new Map<string, CategoryRule[]>();
		const normalisers = new Map<string, ReturnType<typeof compileNormalize>>();
		for (const preset of config.presets) {
			for (const t of preset.trunks) {
				rules.set(t.name, [...(rules.get(t.name) ?? []), ...t.categories]);
				if (!normalisers.has(t.name)) normalisers.set(t.name, compileNormalize(t.normalize));
			}
		}
		const names = reader.trunkNames().filter((n) => !options.trunk || options.trunk.includes(n));
		const unknown = options.trunk?.filter((n) => !reader.trunkNames().includes(n)) ?? [];
		if (unknown.length) {
			throw new UsageError(
				`trunks: no trunk ${unknown.join(", ")} in ${options.index} (it has: ${reader.trunkNames().join(", ")})`,
			);
		}
		const sites = names.flatMap((n) => reader.dispatchSites(n));
		const report = reconcile(sites, rules, (trunk, raw) => {
			const n = normalisers.get(trunk);
			return n ? normalizeKey(raw, n) : raw;
		});
		if (options.category) {
			for (const t of Object.values(report.trunks)) {
				t.asymmetries = t.asymmetries.filter((a) => options.category?.includes(a.category));
			}
		}
		return report;
	} finally {
		reader.close();
	}
}

function renderText(report: TrunksReport, options: Options): string {
	const header = ["trunk", "keys", "register", "dispatch", "both", "reg-only", "disp-only", "unbound"];
	const rows = Object.entries(report.trunks).map(([name, t]) => [
		t.inScope ? name : `${name} (out of scope)`,
		...[t.keys, t.registerSites, t.dispatchSites, t.bothSides, t.registerOnly, t.dispatchOnly, t.unbound].map(
			String,
		),
	]);
	if (rows.length === 0) return "no dispatch sites in this index\n";
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
	const line = (cells: string[]) =>
		cells
			.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
			.join("  ");
	const out = [line(header), ...rows.map(line), ""];
	for (const [name, t] of Object.entries(report.trunks)) {
		if (t.asymmetries.length === 0) continue;
		const byCategory = new Map<string, number>();
		for (const a of t.asymmetries) byCategory.set(a.category, (byCategory.get(a.category) ?? 0) + 1);
		out.push(
			`${name}: ${t.asymmetries.length} asymmetric keys (${[...byCategory].map(([c, n]) => `${c} ${n}`).join(", ")})`,
		);
		const shown = options.limit === 0 ? t.asymmetries : t.asymmetries.slice(0, options.limit);
		for (const a of shown)
			out.push(`  ${a.side.padEnd(13)} ${a.category.padEnd(24)} ${a.key}  ${a.file}:${a.line}`);
		if (shown.length < t.asymmetries.length)
			out.push(`  … ${t.asymmetries.length - shown.length} more (--limit 0 for all)`);
		out.push("");
	}
	return `${out.join("\n")}`;
}
