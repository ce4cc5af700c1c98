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

export const MINI_CHAT_DIR = resolve(fileURLToPath(new URL("../../../examples/mini-chat", import.meta.url)));

let building: Promise<string> | undefined;

export function fixtureIndexPath(): Promise<string> {
	building ??= (async () => {
		const out = join(mkdtempSync(join(tmpdir(), "codeask-fixture-")), "mini-chat.db");
		await indexRepository({ repo: MINI_CHAT_DIR, out, full: true });
		return out;
	})();
	return building;
}
