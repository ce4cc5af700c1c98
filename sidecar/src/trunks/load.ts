/**
 * Loading trunk configuration: the built-in presets shipped in `sidecar/presets/*.json`, or a
 * user's file (`codeask index --trunks FILE`). Every problem is reported with its field path.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type Preset, presetSchema, type TrunkConfig, trunkConfigSchema } from "./config.js";

/** A bad or unreadable trunk configuration: a user's mistake, which the CLI reports in one line (exit 2). */
export class TrunkConfigError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "TrunkConfigError";
	}
}

/** `sidecar/presets/`, both from `src/trunks` (tests) and from `dist/trunks` (built CLI). */
export const PRESETS_DIR = fileURLToPath(new URL("../../presets/", import.meta.url));

/** A file holds either `{ presets: [...] }` or one preset. */
const fileSchema = z.union([trunkConfigSchema, presetSchema]);

function formatIssues(source: string, error: z.ZodError): string {
	const lines = error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
	return `invalid trunk configuration ${source}:\n${lines.join("\n")}`;
}

/** Validate parsed JSON as a trunk configuration; throws TrunkConfigError listing every issue. */
export function parseTrunkConfig(json: unknown, source = "(inline)"): TrunkConfig {
	const parsed = fileSchema.safeParse(json);
	if (!parsed.success) {
		// Report against the wrapper shape when the input looks like one, else against a single preset.
		const schema =
			json && typeof json === "object" && ("presets" in json || "extends" in json)
				? trunkConfigSchema
				: presetSchema;
		const again = schema.safeParse(json);
		throw new TrunkConfigError(formatIssues(source, again.success ? parsed.error : again.error));
	}
	const data = parsed.data;
	const config: TrunkConfig =
		"trunks" in data ? { extends: [], presets: [data as Preset], discover: true } : (data as TrunkConfig);
	for (const preset of config.presets) checkRegexes(preset, source);
	checkFamilyPins(config.presets, source);
	return config;
}

/**
 * A family's side (`{ kind: "family", family: "activities", side: "register" }`) feeds one trunk: each
 * of its candidates becomes a site there. A second trunk pinning the same side would get none of them,
 * so it fails here with both places named, not silently at index time: in one file, and again once the
 * presets a run uses are put together (a file's `extends`, the built-in preset files). The same trunk
 * named again (two presets adding idioms to one trunk) is no conflict.
 */
export function checkFamilyPins(presets: readonly Preset[], source: string): void {
	const first = new Map<string, { trunk: string; at: string }>();
	const bad: string[] = [];
	for (const preset of presets)
		preset.trunks.forEach((t, ti) => {
			t.idioms.forEach((idiom, ii) => {
				if (idiom.kind !== "family") return;
				const side = `${idiom.family} ${idiom.side}`;
				const at = `${preset.name}.trunks.${ti}.idioms.${ii}`;
				const seen = first.get(side);
				if (!seen) first.set(side, { trunk: t.name, at });
				else if (seen.trunk !== t.name)
					bad.push(
						`  ${at}: the ${side} side is already pinned by trunk "${seen.trunk}" (${seen.at}); a family's side feeds one trunk`,
					);
			});
		});
	if (bad.length) throw new TrunkConfigError(`invalid trunk configuration ${source}:\n${bad.join("\n")}`);
}

/** Compile every regex once at load time so a typo fails with its path, not mid-index. */
function checkRegexes(preset: Preset, source: string): void {
	const bad: string[] = [];
	const tryRegex = (path: string, re: string | undefined) => {
		if (re === undefined) return;
		try {
			new RegExp(re);
		} catch (err) {
			bad.push(`  ${path}: ${(err as Error).message}`);
		}
	};
	preset.trunks.forEach((t, ti) => {
		const at = `${preset.name}.trunks.${ti}`;
		t.normalize.stripPrefixes.forEach((p, i) => {
			tryRegex(`${at}.normalize.stripPrefixes.${i}`, p);
		});
		t.categories.forEach((c, i) => {
			tryRegex(`${at}.categories.${i}.key`, c.key);
			tryRegex(`${at}.categories.${i}.file`, c.file);
		});
		t.mounts.forEach((m, mi) => {
			tryRegex(`${at}.mounts.${mi}.callee.receiver`, m.callee.receiver);
		});
		t.idioms.forEach((idiom, ii) => {
			if (idiom.kind === "call" || idiom.kind === "new") {
				tryRegex(`${at}.idioms.${ii}.callee.receiver`, idiom.callee.receiver);
				tryRegex(`${at}.idioms.${ii}.callee.thisExtends`, idiom.callee.thisExtends);
				tryRegex(`${at}.idioms.${ii}.key.pattern`, idiom.key.pattern);
				idiom.callee.declarations.forEach((d, di) => {
					tryRegex(`${at}.idioms.${ii}.callee.declarations.${di}.file`, d.file);
					tryRegex(`${at}.idioms.${ii}.callee.declarations.${di}.name`, d.name);
				});
			}
			if (idiom.kind === "facade") tryRegex(`${at}.idioms.${ii}.definedIn`, idiom.definedIn);
			if (idiom.kind === "route-helper") {
				tryRegex(`${at}.idioms.${ii}.router`, idiom.router);
				tryRegex(`${at}.idioms.${ii}.pattern`, idiom.pattern);
			}
			if (idiom.kind === "module-sections") {
				tryRegex(`${at}.idioms.${ii}.file`, idiom.file);
				tryRegex(`${at}.idioms.${ii}.qualifiedGroup`, idiom.qualifiedGroup);
			}
			if (idiom.kind === "module-call") {
				tryRegex(`${at}.idioms.${ii}.file`, idiom.file);
				tryRegex(`${at}.idioms.${ii}.excludeFiles`, idiom.excludeFiles);
				tryRegex(`${at}.idioms.${ii}.receiver`, idiom.receiver);
				tryRegex(`${at}.idioms.${ii}.qualifiedKey`, idiom.qualifiedKey);
			}
			if (idiom.kind === "class-members") {
				tryRegex(`${at}.idioms.${ii}.extends`, idiom.extends);
				tryRegex(`${at}.idioms.${ii}.excludeMembers`, idiom.excludeMembers);
			}
		});
	});
	if (bad.length) throw new TrunkConfigError(`invalid trunk configuration ${source}:\n${bad.join("\n")}`);
}

function readJson(file: string): unknown {
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch (err) {
		throw new TrunkConfigError(`cannot read trunk configuration ${file}: ${(err as Error).message}`);
	}
	try {
		return JSON.parse(text);
	} catch (err) {
		throw new TrunkConfigError(`trunk configuration ${file} is not JSON: ${(err as Error).message}`);
	}
}

/** The presets shipped with CodeAsk, each enabling itself by its own `detect` rule. */
export function builtinPresets(): Preset[] {
	const files = readdirSync(PRESETS_DIR)
		.filter((f) => f.endsWith(".json"))
		.sort();
	const parsed = files.flatMap((f) => parseTrunkConfig(readJson(PRESETS_DIR + f), `presets/${f}`).presets);
	// The always-on presets first: a framework's idioms added to a trunk they declare (`http-route`)
	// keep that trunk's normalisation and description, which the first preset naming a trunk sets.
	const presets = [...parsed.filter((p) => p.detect.always), ...parsed.filter((p) => !p.detect.always)];
	checkFamilyPins(presets, PRESETS_DIR);
	return presets;
}

/** A repository declares its own trunks in this file at its root (used when no `--trunks` is given). */
export const REPO_CONFIG_FILE = "codeask.trunks.json";

/** Replace `extends` by the named built-in presets, switched on unconditionally. */
function resolveExtends(config: TrunkConfig, source: string): TrunkConfig {
	if (config.extends.length === 0) return config;
	const builtins = new Map(builtinPresets().map((p) => [p.name, p]));
	const extended = config.extends.map((name) => {
		const preset = builtins.get(name);
		if (!preset) {
			throw new TrunkConfigError(
				`invalid trunk configuration ${source}:\n  extends: no built-in preset "${name}" (have: ${[...builtins.keys()].join(", ")})`,
			);
		}
		return { ...preset, detect: { always: true, packages: [], dependencies: [], files: [] } };
	});
	const presets = [...extended, ...config.presets];
	checkFamilyPins(presets, source);
	return { extends: [], presets, discover: config.discover };
}

/**
 * The trunk configuration to index with: the given file (which replaces the built-in presets);
 * else the repository's own `codeask.trunks.json` when `repoRoot` has one; else the built-in
 * presets, each enabling itself by its `detect` rule. `extends` is resolved here, so the result
 * is self-contained (it is stored in the index).
 */
export function loadTrunkConfig(file: string | null, repoRoot?: string): TrunkConfig {
	if (file === null && repoRoot && existsSync(join(repoRoot, REPO_CONFIG_FILE))) {
		file = join(repoRoot, REPO_CONFIG_FILE);
	}
	if (file === null) return { extends: [], presets: builtinPresets(), discover: true };
	return resolveExtends(parseTrunkConfig(readJson(file), file), file);
}
