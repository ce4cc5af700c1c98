/**
 * Whether a previous index can be reused, decided without loading the compiler: the CLI asks
 * before it chooses to run a full index in a worker thread with a larger heap (worth it for a full run only).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { VERSION } from "../version.js";
import { sha1 } from "./collect.js";
import type { IndexOptions } from "./index-types.js";
import { previousMatches } from "./previous.js";

/** The index file `indexRepository` writes for these options. */
export function indexPath(options: Pick<IndexOptions, "repo" | "out">): string {
	return resolve(options.out ?? join(resolve(options.repo), ".codeask", "index.db"));
}

/**
 * What must match for a previous index to be reused: the collect options, the trunk
 * configuration and the code that extracted the reused rows (the format and tool versions are
 * checked by `openPrevious`).
 */
export function reuseKey(
	options: Pick<IndexOptions, "includeTests" | "exclude" | "include" | "trunkConfig">,
): string {
	return JSON.stringify({
		includeTests: options.includeTests ?? false,
		exclude: options.exclude ?? [],
		// Only when given: an index built without it keeps the key it was written with.
		...(options.include?.length ? { include: options.include } : {}),
		trunks: options.trunkConfig === undefined ? null : sha1(JSON.stringify(options.trunkConfig)),
		code: extractorCodeVersion(),
	});
}

let codeVersion: string | undefined;

/**
 * A hash of the code whose output an incremental run carries over (definitions, edges, counts,
 * saved dispatch sites): this folder's, the trunk extractor's, the syntax and workspace readers
 * both use, and the compiler's version. The tool version alone would let an upgraded CodeAsk reuse
 * rows an older one wrote. ~60 small files, read once per process.
 */
export function extractorCodeVersion(): string {
	if (codeVersion !== undefined) return codeVersion;
	const hash = createHash("sha1");
	for (const dir of [".", "../trunks", "../syntax", "../workspace"]) {
		const root = fileURLToPath(new URL(dir, import.meta.url));
		for (const file of codeFiles(root)) hash.update(file.slice(root.length)).update(readFileSync(file));
	}
	hash.update(compilerVersion());
	codeVersion = hash.digest("hex").slice(0, 16);
	return codeVersion;
}

/** Module files under `dir` in a stable order (built .js, or .ts sources when run from them). */
function codeFiles(dir: string): string[] {
	const out: string[] = [];
	const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
	for (const e of entries) {
		const path = join(dir, e.name);
		if (e.isDirectory()) out.push(...codeFiles(path));
		else if (/\.(?:js|ts)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(path);
	}
	return out;
}

/** The versions of ts-morph and the TypeScript it bundles, read from their package files (not loaded). */
function compilerVersion(): string {
	const require = createRequire(import.meta.url);
	try {
		const main = require.resolve("ts-morph");
		const common = require.resolve("@ts-morph/common", { paths: [dirname(main)] });
		return [main, common]
			.map((m) => readFileSync(join(dirname(m), "..", "package.json"), "utf8"))
			.map((text) => (JSON.parse(text) as { version?: string }).version ?? "")
			.join(" ");
	} catch {
		return "";
	}
}

/** True when `indexRepository(options)` will start from a previous index (an incremental run). */
export function hasReusableIndex(options: IndexOptions): boolean {
	if (options.full) return false;
	return previousMatches(indexPath(options), VERSION, reuseKey(options));
}
