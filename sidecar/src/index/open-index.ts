/** Opening an index file read-only, refusing one that is missing, of another format or unreadable. */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { IndexError } from "./index-error.js";
import { INDEX_FORMAT_VERSION } from "./schema.js";

/** The index at `path`, opened read-only; throws IndexError with a clear message when missing or of another format. */
export function openIndexDatabase(path: string): Database.Database {
	if (!existsSync(path)) {
		throw new IndexError("index-missing", `no index at ${path}: run \`codeask index <repo>\` first`);
	}
	let db: Database.Database | undefined;
	try {
		db = new Database(path, { readonly: true, fileMustExist: true });
		const row = db.prepare("SELECT value FROM meta WHERE key = 'formatVersion'").get() as
			| { value: string }
			| undefined;
		const version = Number(row?.value);
		if (version !== INDEX_FORMAT_VERSION) {
			throw new IndexError(
				"index-incompatible",
				`index ${path} has format version ${row?.value ?? "unknown"}, this CodeAsk reads ${INDEX_FORMAT_VERSION}: re-run \`codeask index\``,
			);
		}
	} catch (err) {
		// Closed on every failure path: a handle left to the garbage collector is a leaked descriptor.
		db?.close();
		if (err instanceof IndexError) throw err;
		throw new IndexError("index-corrupt", `cannot read index ${path}: ${(err as Error).message}`);
	}
	return db;
}
