/**
 * An incremental run extracts on a second thread (indexer/incremental.ts), through the built
 * modules (the thread loads its .js sibling; the sources under test run on one thread): after
 * changed, renamed, added and deleted definitions and files, the index it patches must equal
 * the one the same run writes on one thread and a full run's.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist");

type Indexer = typeof import("../../src/indexer/index.js");
type Trunks = typeof import("../../src/trunks/load.js");

function edit(repo: string, path: string, change: (text: string) => string): void {
	const file = join(repo, path);
	const before = readFileSync(file, "utf8");
	const after = change(before);
	expect(after).not.toBe(before);
	writeFileSync(file, after);
}

describe("an incremental run on its own thread", { timeout: 240_000 }, () => {
	it("writes what the same run writes on one thread, and what a full run writes", async () => {
		const { indexRepository } = (await import(`${DIST}/indexer/index.js`)) as Indexer;
		const { loadTrunkConfig } = (await import(`${DIST}/trunks/load.js`)) as Trunks;
		const dir = mkdtempSync(join(tmpdir(), "codeask-incremental-thread-"));
		const repo = join(dir, "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const trunkConfig = loadTrunkConfig(null, repo);
		const run = (out: string, extra: { full?: boolean; incrementalThread?: boolean } = {}) =>
			indexRepository({
				repo,
				out,
				siteExtractorModule: pathToFileURL(`${DIST}/trunks/extractor.js`).href,
				trunkConfig,
				...extra,
			});
		const threaded = join(dir, "threaded.db");
		const here = join(dir, "here.db");
		await run(threaded);
		cpSync(threaded, here);

		edit(repo, "packages/models/src/Users.ts", (t) =>
			t.replace(
				"async findOffline(",
				"async findOnline(userIds: string[]): Promise<IUser[]> {\n\t\treturn this.find((u) => userIds.includes(u._id) && u.status === 'online');\n\t}\n\n\tasync findOffline(",
			),
		);
		// Renamed under its importers: they are re-extracted too.
		edit(repo, "apps/server/src/lib/format.ts", (t) =>
			t.replace("export function formatMessage(", "export function formatForSaving("),
		);
		mkdirSync(join(repo, "apps/server/src/lib"), { recursive: true });
		writeFileSync(
			join(repo, "apps/server/src/lib/siteBanner.ts"),
			"import { getSiteName } from './siteName';\n\nexport async function siteBanner(): Promise<string> {\n\treturn 'Welcome to ' + (await getSiteName());\n}\n",
		);
		rmSync(join(repo, "apps/server/src/lib/hookAudit.ts"));

		const onThread = await run(threaded);
		const onOne = await run(here, { incrementalThread: false });
		const full = join(dir, "full.db");
		await run(full, { full: true });

		// The thread's CPU is reported beside the run's (Linux).
		if (process.platform === "linux") expect(onThread.timings["incremental.cpu"]).toBeGreaterThan(0);
		expect(onOne.timings["incremental.cpu"]).toBeUndefined();
		// The three changed or new files, and sendMessage.ts: it imports the renamed function.
		expect(onThread.extractedFiles).toBe(4);
		expect(onOne.extractedFiles).toBe(4);
		expect(integrityProblems(threaded)).toEqual([]);
		const reference = snapshotIndex(full);
		for (const db of [threaded, here]) {
			const patched = snapshotIndex(db);
			for (const key of Object.keys(reference) as (keyof typeof reference)[])
				expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
		}
		expect(onThread.stats).toEqual({ ...onOne.stats, wallMs: onThread.stats.wallMs });
		expect(onThread.unresolvedByReason).toEqual(onOne.unresolvedByReason);
	});
});
