/**
 * `sitesName` (whether `finalize` must run again) finds a definition wherever a saved site record
 * names it, also inside a record's rawKey, where the id is stored encoded twice.
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { openPrevious } from "../../src/indexer/previous.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";

describe("previous index: sitesName", () => {
	it("finds a definition named only inside a saved record's rawKey", async () => {
		const repo = join(mkdtempSync(join(tmpdir(), "codeask-sites-name-")), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, "index.db");
		await indexRepository({ repo, out });
		const db = new Database(out);
		const meta = new Map(
			(db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [
				r.key,
				r.value,
			]),
		);
		const { id: fileId, defId } = db
			.prepare(
				"SELECT f.id, d.def_id AS defId FROM defs d JOIN files f ON f.id = d.file_id WHERE d.kind = 'function' ORDER BY d.def_id LIMIT 1",
			)
			.get() as { id: number; defId: string };
		// A record as the site extractor saves it: its rawKey holds the id as JSON text.
		const saved = JSON.stringify([{ kind: "facade-call", rawKey: JSON.stringify(defId) }]);
		db.prepare("INSERT OR REPLACE INTO file_sites (file_id, sites) VALUES (?, ?)").run(fileId, saved);
		db.close();

		const previous = openPrevious(out, meta.get("toolVersion") ?? "", meta.get("options") ?? "");
		expect(previous).not.toBeNull();
		try {
			expect(previous?.sitesName([defId])).toBe(true);
			expect(previous?.sitesName(["no/such/file.ts#nothing"])).toBe(false);
			// The same answers from the texts once read (a run reads them while its second thread extracts).
			previous?.allSavedSites();
			expect(previous?.sitesName([defId])).toBe(true);
			expect(previous?.sitesName(["no/such/file.ts#nothing", defId])).toBe(true);
			expect(previous?.sitesName(["no/such/file.ts#nothing"])).toBe(false);
			// And from the texts picked out for the definition's file (and for another file) ahead.
			// One saved text names the definition's file (the one written above), none the other.
			expect(previous?.narrowSitesName([defId.slice(0, defId.indexOf("#"))])).toBe(1);
			expect(previous?.narrowSitesName(["no/such/file.ts"])).toBe(0);
			expect(previous?.sitesName([defId])).toBe(true);
			expect(previous?.sitesName(["no/such/file.ts#nothing"])).toBe(false);
		} finally {
			previous?.close();
		}
	});
});
