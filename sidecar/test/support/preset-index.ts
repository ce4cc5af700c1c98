/**
 * A written repository indexed as `codeask index` does with no configuration (the built-in presets,
 * discovery on) into a temporary folder, opened for one suite; and the two sides of an HTTP route there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { builtinPresets, type TrunkConfig } from "../../src/trunks/index.js";
import { indexForSuite, openIndexOf, trunkOptions } from "./open-index.js";

/** `repo`'s preset-and-discovery index, open for the enclosing suite; its folder is removed after. */
export function presetIndexForSuite(repo: string): () => IndexReader {
	let dir: string | undefined;
	// Registered before indexForSuite's close, so it runs after it (afterAll hooks run as a stack).
	afterAll(() => {
		if (dir) rmSync(dir, { recursive: true, force: true });
	});
	return indexForSuite(async () => {
		dir = mkdtempSync(join(tmpdir(), "codeask-preset-index-"));
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		return openIndexOf(repo, { out: join(dir, "index.db"), full: true, ...trunkOptions(config) });
	});
}

/** An HTTP route key's handlers (definition ids) and callers (`file:line`). */
export function routeSides(
	index: IndexReader,
	key: string,
): { handlers: (string | null)[]; callers: string[] } {
	const sites = index.dispatchSites("http-route", key);
	return {
		handlers: sites.filter((s) => s.side === "register").map((s) => s.handlerDefId),
		callers: sites.filter((s) => s.side === "dispatch").map((s) => `${s.file}:${s.line}`),
	};
}
