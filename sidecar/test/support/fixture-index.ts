/**
 * The mini-chat example indexed once per test process: `fixtureIndexPath()` builds
 * `examples/mini-chat` into a temp folder on first use and returns the `.db` path
 * (open it with `IndexReader.open`). Later calls return the same file.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { indexRepository } from "../../src/indexer/index.js";
import { createSiteExtractor, loadTrunkConfig } from "../../src/trunks/index.js";

export const MINI_CHAT_DIR = resolve(fileURLToPath(new URL("../../../examples/mini-chat", import.meta.url)));

let building: Promise<string> | undefined;

export function fixtureIndexPath(): Promise<string> {
	building ??= (async () => {
		const out = join(mkdtempSync(join(tmpdir(), "codeask-fixture-")), "mini-chat.db");
		// With its trunks, as `codeask index` builds it (mini-chat's codeask.trunks.json).
		return indexWithTrunks(MINI_CHAT_DIR, out);
	})();
	return building;
}

/** Index `repo` into `out` with its trunks (its own config, else the built-in presets), as `codeask index` does; returns `out`. */
export async function indexWithTrunks(repo: string, out: string): Promise<string> {
	const trunkConfig = loadTrunkConfig(null, repo);
	await indexRepository({
		repo,
		out,
		full: true,
		siteExtractor: createSiteExtractor(trunkConfig),
		trunkConfig,
	});
	return out;
}
