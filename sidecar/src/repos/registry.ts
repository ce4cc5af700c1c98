/**
 * The repository registry: one small SQLite file beside the indexes (`<reposDir>/registry.db`).
 * WAL journal with full sync and every change in one statement or transaction, so a reader (the
 * service, `codeask repos list`, a process started after a kill -9) sees either the old or the
 * new registry, never half of a change. Credentials are never stored here: a URL with
 * credentials is refused before it gets this far.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { RepoInfo } from "@codeask/shared";
import Database from "better-sqlite3";
import { codedError } from "../coded-error.js";

export type RepoState = RepoInfo["state"];

export interface RepoEntry {
	name: string;
	/** The location as checked (https/ssh URL, or a real local path). */
	url: string;
	branch: string;
	subdir: string | null;
	trunks: "builtin" | "none";
	addedAt: string;
}

export interface RepoStatusRow {
	state: RepoState;
	/** The commit the index in use records (what answers are stamped with). */
	indexedCommit: string | null;
	headSeen: string | null;
	/**
	 * The branch head the last successful sync indexed. Usually `indexedCommit`; differs when a
	 * commit changed no indexed file (the indexer leaves the index, and its stamp, as it was).
	 */
	syncedHead: string | null;
	lastSyncAt: string | null;
	lastError: string | null;
	counts: { files: number; definitions: number; edges: number } | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS repos (
  name TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  branch TEXT NOT NULL,
  subdir TEXT,
  trunks TEXT NOT NULL DEFAULT 'builtin',
  added_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS repo_status (
  name TEXT PRIMARY KEY REFERENCES repos(name) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'queued',
  indexed_commit TEXT,
  head_seen TEXT,
  synced_head TEXT,
  last_sync_at TEXT,
  last_error TEXT,
  counts TEXT
);
`;

interface Row {
	name: string;
	url: string;
	branch: string;
	subdir: string | null;
	trunks: string;
	added_at: string;
	state: string | null;
	indexed_commit: string | null;
	head_seen: string | null;
	synced_head: string | null;
	last_sync_at: string | null;
	last_error: string | null;
	counts: string | null;
}

export class RegistryError extends codedError<"repo-exists" | "unknown-repo">("RegistryError") {}

/** Where a registry keeps its files: the SQLite file, the indexes, the checkouts. */
export function reposLayout(dir: string) {
	return {
		registry: join(dir, "registry.db"),
		indexOf: (name: string) => join(dir, "indexes", `${name}.db`),
		checkoutOf: (name: string) => join(dir, "checkouts", name),
	};
}

export class RepoRegistry {
	private readonly db: Database.Database;

	constructor(readonly dir: string) {
		mkdirSync(join(dir, "indexes"), { recursive: true });
		mkdirSync(join(dir, "checkouts"), { recursive: true });
		this.db = new Database(reposLayout(dir).registry);
		this.db.pragma("journal_mode = WAL");
		this.db.pragma("synchronous = FULL");
		this.db.pragma("foreign_keys = ON");
		this.db.pragma("busy_timeout = 5000");
		this.db.exec(SCHEMA);
		// Registries written before synced_head existed.
		const columns = this.db.prepare("PRAGMA table_info(repo_status)").all() as { name: string }[];
		if (!columns.some((c) => c.name === "synced_head"))
			this.db.exec("ALTER TABLE repo_status ADD COLUMN synced_head TEXT");
	}

	close(): void {
		this.db.close();
	}

	/** Every repository with its status, by name. */
	list(): (RepoEntry & RepoStatusRow)[] {
		const rows = this.db
			.prepare(`SELECT r.*, s.state, s.indexed_commit, s.head_seen, s.synced_head, s.last_sync_at, s.last_error, s.counts
         FROM repos r LEFT JOIN repo_status s USING (name) ORDER BY r.name`)
			.all() as Row[];
		return rows.map(fromRow);
	}

	get(name: string): (RepoEntry & RepoStatusRow) | undefined {
		const row = this.db
			.prepare(`SELECT r.*, s.state, s.indexed_commit, s.head_seen, s.synced_head, s.last_sync_at, s.last_error, s.counts
         FROM repos r LEFT JOIN repo_status s USING (name) WHERE r.name = ?`)
			.get(name) as Row | undefined;
		return row ? fromRow(row) : undefined;
	}

	/** Register a repository (state `queued`); RegistryError when the name is taken. */
	add(entry: Omit<RepoEntry, "addedAt">): RepoEntry {
		const addedAt = new Date().toISOString();
		const insert = this.db.transaction(() => {
			if (this.db.prepare("SELECT 1 FROM repos WHERE name = ?").get(entry.name)) {
				throw new RegistryError("repo-exists", `a repository named "${entry.name}" is already registered`);
			}
			this.db
				.prepare("INSERT INTO repos (name, url, branch, subdir, trunks, added_at) VALUES (?, ?, ?, ?, ?, ?)")
				.run(entry.name, entry.url, entry.branch, entry.subdir, entry.trunks, addedAt);
			this.db.prepare("INSERT INTO repo_status (name, state) VALUES (?, 'queued')").run(entry.name);
		});
		insert.immediate();
		return { ...entry, addedAt };
	}

	/** Forget a repository (its status goes with it); false when it was not registered. */
	remove(name: string): boolean {
		return this.db.prepare("DELETE FROM repos WHERE name = ?").run(name).changes > 0;
	}

	/** Update some status fields of one repository in one statement. */
	setStatus(name: string, patch: Partial<RepoStatusRow>): void {
		const columns: Record<keyof RepoStatusRow, string> = {
			state: "state",
			indexedCommit: "indexed_commit",
			headSeen: "head_seen",
			syncedHead: "synced_head",
			lastSyncAt: "last_sync_at",
			lastError: "last_error",
			counts: "counts",
		};
		const sets: string[] = [];
		const values: unknown[] = [];
		for (const [key, column] of Object.entries(columns) as [keyof RepoStatusRow, string][]) {
			if (!(key in patch)) continue;
			sets.push(`${column} = ?`);
			const v = patch[key];
			values.push(key === "counts" ? (v ? JSON.stringify(v) : null) : v);
		}
		if (sets.length === 0) return;
		this.db.prepare(`UPDATE repo_status SET ${sets.join(", ")} WHERE name = ?`).run(...values, name);
	}
}

function fromRow(r: Row): RepoEntry & RepoStatusRow {
	return {
		name: r.name,
		url: r.url,
		branch: r.branch,
		subdir: r.subdir,
		trunks: r.trunks === "none" ? "none" : "builtin",
		addedAt: r.added_at,
		state: (r.state ?? "queued") as RepoState,
		indexedCommit: r.indexed_commit,
		headSeen: r.head_seen,
		syncedHead: r.synced_head,
		lastSyncAt: r.last_sync_at,
		lastError: r.last_error,
		counts: r.counts ? (JSON.parse(r.counts) as RepoStatusRow["counts"]) : null,
	};
}
