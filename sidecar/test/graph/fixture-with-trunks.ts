/**
 * The mini-chat index with its string-dispatch trunks. Uses the shared fixture index when it
 * already carries dispatch sites; otherwise indexes mini-chat once more with the built-in trunk
 * presets (what `codeask index` does), so the cross-trunk tests always see the keys.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { createSiteExtractor, loadTrunkConfig } from "../../src/trunks/index.js";
import { fixtureIndexPath, MINI_CHAT_DIR } from "../support/fixture-index.js";

let building: Promise<string> | undefined;

export function fixtureWithTrunksPath(): Promise<string> {
	building ??= (async () => {
		const shared = await fixtureIndexPath();
		const probe = IndexReader.open(shared);
		const hasTrunks = probe.trunkNames().length > 0;
		probe.close();
		if (hasTrunks) return shared;
		const out = join(mkdtempSync(join(tmpdir(), "codeask-fixture-trunks-")), "mini-chat.db");
		const trunkConfig = loadTrunkConfig(null, MINI_CHAT_DIR);
		await indexRepository({
			repo: MINI_CHAT_DIR,
			out,
			full: true,
			siteExtractor: createSiteExtractor(trunkConfig),
			trunkConfig,
		});
		return out;
	})();
	return building;
}
