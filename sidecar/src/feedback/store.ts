/**
 * The feedback store: users' votes on answers, in a SQLite file of its own (default: beside the
 * index), each with what the answer was made from — the index commit, the LLM settings, the
 * sidecar version and the cited ranges — so `codeask feedback export` can turn them into
 * benchmark questions. Opened lazily by the service (a read-only folder costs only feedback).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

const SCHEMA_VERSION = 1;

/** What the sidecar remembers of an answer it gave, for feedback on it. */
export interface AnsweredRecord {
	answerId: string;
	question: string;
	indexCommit: string | null;
	/** commit@builtAt of the index generation that answered. */
	indexIdentity: string;
	repository: string | null;
	provider: string;
	model: string | null;
	version: string;
	citations: { file: string; startLine: number; endLine: number; symbol: string }[];
}

export interface FeedbackRow {
	id: string;
	createdAt: string;
	question: string;
	answerId: string;
	vote: "up" | "down";
	comment: string | null;
	user: string | null;
	repo: string | null;
	/** Null when the sidecar no longer knew the answer (restarted, or forgotten). */
	answer: Omit<AnsweredRecord, "answerId" | "question"> | null;
}

export class FeedbackStore {
	private constructor(private readonly db: Database.Database) {}

	static open(path: string, options: { readonly?: boolean } = {}): FeedbackStore {
		if (!options.readonly) mkdirSync(dirname(path), { recursive: true });
		const db = new Database(path, {
			readonly: options.readonly ?? false,
			fileMustExist: options.readonly ?? false,
		});
		try {
			if (!options.readonly) {
				db.pragma("journal_mode = WAL");
				db.exec(`CREATE TABLE IF NOT EXISTS feedback (
					id TEXT PRIMARY KEY,
					created_at TEXT NOT NULL,
					question TEXT NOT NULL,
					answer_id TEXT NOT NULL,
					vote TEXT NOT NULL CHECK (vote IN ('up', 'down')),
					comment TEXT,
					user TEXT,
					repo TEXT,
					answer_json TEXT
				);
				CREATE INDEX IF NOT EXISTS feedback_answer ON feedback (answer_id);
				CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);
				db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('schemaVersion', ?)").run(
					String(SCHEMA_VERSION),
				);
			}
			const version = (
				db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as
					| { value: string }
					| undefined
			)?.value;
			if (Number(version) !== SCHEMA_VERSION) {
				throw new Error(
					`feedback store ${path} has schema ${version ?? "unknown"}, this CodeAsk reads ${SCHEMA_VERSION}`,
				);
			}
			return new FeedbackStore(db);
		} catch (err) {
			db.close();
			throw err;
		}
	}

	add(entry: Omit<FeedbackRow, "id" | "createdAt">, now = new Date()): FeedbackRow {
		const row: FeedbackRow = { id: randomUUID(), createdAt: now.toISOString(), ...entry };
		this.db
			.prepare(
				`INSERT INTO feedback (id, created_at, question, answer_id, vote, comment, user, repo, answer_json)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			.run(
				row.id,
				row.createdAt,
				row.question,
				row.answerId,
				row.vote,
				row.comment,
				row.user,
				row.repo,
				row.answer ? JSON.stringify(row.answer) : null,
			);
		return row;
	}

	all(): FeedbackRow[] {
		const rows = this.db
			.prepare(
				"SELECT id, created_at, question, answer_id, vote, comment, user, repo, answer_json FROM feedback ORDER BY rowid",
			)
			.all() as {
			id: string;
			created_at: string;
			question: string;
			answer_id: string;
			vote: "up" | "down";
			comment: string | null;
			user: string | null;
			repo: string | null;
			answer_json: string | null;
		}[];
		return rows.map((r) => ({
			id: r.id,
			createdAt: r.created_at,
			question: r.question,
			answerId: r.answer_id,
			vote: r.vote,
			comment: r.comment,
			user: r.user,
			repo: r.repo,
			answer: r.answer_json ? (JSON.parse(r.answer_json) as FeedbackRow["answer"]) : null,
		}));
	}

	close(): void {
		this.db.close();
	}
}
