/**
 * The one holder of the served index. A candidate file (at start-up, or when a re-index renames
 * a finished file into place) is opened once and validated (format version, a read of every
 * table) before it is swapped in; a bad candidate is refused and the previous good index keeps
 * answering, with the refusal reported by /readyz and /v1/status.
 *
 * Worker threads cannot share this thread's SQLite handle, so each generation also gets a
 * private hard link next to the index (`.<name>.serve-<pid>-<generation>`): workers open that
 * name, which points at the validated file whatever later happens to the served path (replaced,
 * deleted, corrupted), and check its inode. The link goes when the generation is retired;
 * links left by a process that died are removed at the next start.
 *
 * Requests lease the generation they started with; a replaced generation is closed only when
 * its last lease is released, so a swap never drops a request. Every handle opened for a
 * candidate is closed on every failure path.
 */
import { linkSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Logger } from "../logger.js";
import { IndexReader } from "./reader.js";

/** What a worker thread needs to open a generation: a name that cannot be swapped under it. */
export interface IndexHandle {
	/** The served path: which index (a sidecar serving several repositories has one holder each). */
	readonly served: string;
	readonly generation: number;
	/** The generation's private hard link (or the served path when a link could not be made). */
	readonly path: string;
	/** Inode of the validated file: a worker refuses a file that is not this one. */
	readonly ino: number;
}

export interface IndexLease {
	readonly reader: IndexReader;
	/** Identity of the index for cache keys: commit plus build time. */
	readonly identity: string;
	readonly handle: IndexHandle;
	release(): void;
}

/** A candidate that was not swapped in, and why. */
export interface IndexRefusal {
	reason: string;
	/** ISO time of the refusal. */
	at: string;
}

interface Generation {
	reader: IndexReader;
	identity: string;
	handle: IndexHandle;
	/** Whether `handle.path` is a link this holder made (and must remove). */
	ownLink: boolean;
	/** inode + mtime + size of the file it was opened from. */
	fileStamp: string;
	leases: number;
	retired: boolean;
}

export class IndexNotReadyError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "IndexNotReadyError";
	}
}

/** inode + mtime + size of the file, or null when it cannot be read: changes when a re-index replaces it. */
export function stampOf(path: string): string | null {
	try {
		const s = statSync(path);
		return `${s.ino}:${s.mtimeMs}:${s.size}`;
	} catch {
		return null;
	}
}

/** Read the meta and one row of every table: a file that fails here would fail questions. */
export function validateIndex(reader: IndexReader): void {
	reader.meta();
	const tables = reader.db
		.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
		.all() as { name: string }[];
	if (tables.length === 0) throw new Error("the file has no tables");
	for (const { name } of tables) {
		reader.db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}" LIMIT 1`).all();
	}
}

const linkPrefix = (path: string) => `.${basename(path)}.serve-`;

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (err) {
		return (err as NodeJS.ErrnoException).code === "EPERM";
	}
}

export class IndexHolder {
	private current: Generation | null = null;
	private timer: NodeJS.Timeout | null = null;
	private lastError: string | null = null;
	private lastRefusal: IndexRefusal | null = null;
	/** Stamp of the last refused file: not re-validated (or re-logged) until it changes. */
	private refusedStamp: string | null = null;
	private nextGeneration = 1;
	/** Private links made and not yet removed. */
	private readonly links = new Set<string>();
	private readonly listeners: ((reader: IndexReader) => void)[] = [];

	constructor(
		readonly path: string,
		private readonly log: Logger,
	) {
		this.removeStaleLinks();
	}

	get ready(): boolean {
		return this.current !== null;
	}

	/** Identity (commit@builtAt) of the index in use, or null when none is loaded. */
	get identity(): string | null {
		return this.current?.identity ?? null;
	}

	/** Why the index is not loaded, when it is not. */
	get problem(): string | null {
		return this.current ? null : (this.lastError ?? "index not loaded yet");
	}

	/** The last candidate refused since the current index was loaded (null when none). */
	get refused(): IndexRefusal | null {
		return this.lastRefusal;
	}

	/** Called after every successful (re)load with the new reader. */
	onSwap(listener: (reader: IndexReader) => void): void {
		this.listeners.push(listener);
	}

	/**
	 * Open the file if it changed since the last load. Returns true when a new index is now in use.
	 * A file that is missing or fails validation leaves the current index in place; it is
	 * reported, and looked at again once it changes.
	 */
	reload(): boolean {
		const stamp = stampOf(this.path);
		if (stamp === null) {
			this.refuse(`no index at ${this.path}`, null);
			return false;
		}
		if (this.current?.fileStamp === stamp || this.refusedStamp === stamp) return false;
		let reader: IndexReader | null = null;
		let handle: { path: string; ownLink: boolean } | null = null;
		try {
			reader = IndexReader.open(this.path, { questions: "many" });
			validateIndex(reader);
			// Replaced while we opened it: look again on the next check.
			if (stampOf(this.path) !== stamp) {
				reader.close();
				return false;
			}
			const generation = this.nextGeneration++;
			handle = this.linkFor(generation, Number(stamp.split(":")[0]));
			const meta = reader.meta();
			const next: Generation = {
				reader,
				identity: `${meta.commit ?? "no-commit"}@${meta.builtAt}`,
				handle: { served: this.path, generation, path: handle.path, ino: Number(stamp.split(":")[0]) },
				ownLink: handle.ownLink,
				fileStamp: stamp,
				leases: 0,
				retired: false,
			};
			const previous = this.current;
			this.current = next;
			this.lastError = null;
			this.lastRefusal = null;
			this.refusedStamp = null;
			if (previous) this.retire(previous);
			this.log.info(
				{ index: this.path, commit: meta.commit, builtAt: meta.builtAt, generation },
				previous ? "index swapped" : "index loaded",
			);
			for (const l of this.listeners) l(reader);
			return true;
		} catch (err) {
			reader?.close();
			if (handle?.ownLink) this.unlink(handle.path);
			this.refuse((err as Error).message, stamp);
			return false;
		}
	}

	/** Check the file every `intervalMs` (0 = never); the timer does not keep the process alive. */
	watch(intervalMs: number): void {
		if (intervalMs <= 0 || this.timer) return;
		this.timer = setInterval(() => this.reload(), intervalMs);
		this.timer.unref();
	}

	/** Lease the current index; throws IndexNotReadyError when none is loaded. */
	acquire(): IndexLease {
		const gen = this.current;
		if (!gen) throw new IndexNotReadyError(this.problem ?? "index not loaded");
		gen.leases++;
		let released = false;
		return {
			reader: gen.reader,
			identity: gen.identity,
			handle: gen.handle,
			release: () => {
				if (released) return;
				released = true;
				gen.leases--;
				if (gen.retired && gen.leases === 0) this.closeGeneration(gen);
			},
		};
	}

	/**
	 * Stop watching and close the index once no lease holds it. The private links go now: open
	 * handles keep their file, and a process that exits with a question still running must not
	 * leave a link behind.
	 */
	close(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
		if (this.current) this.retire(this.current);
		this.current = null;
		for (const link of this.links) this.unlink(link);
		this.links.clear();
	}

	private refuse(reason: string, stamp: string | null): void {
		if (stamp !== null) this.refusedStamp = stamp;
		const message = this.current ? `${reason}; still serving the index loaded before` : reason;
		// Logged once per distinct reason: the file is polled every few seconds.
		if (this.lastRefusal?.reason !== message) {
			this.log.warn(
				{ index: this.path, reason },
				this.current ? "index candidate refused" : "index not loaded",
			);
			this.lastRefusal = { reason: message, at: new Date().toISOString() };
		}
		this.lastError = reason;
	}

	/** A hard link to the validated file for worker threads; the served path when one cannot be made. */
	private linkFor(generation: number, ino: number): { path: string; ownLink: boolean } {
		const link = join(dirname(this.path), `${linkPrefix(this.path)}${process.pid}-${generation}`);
		try {
			this.unlink(link);
			linkSync(this.path, link);
			if (statSync(link).ino === ino) {
				this.links.add(link);
				return { path: link, ownLink: true };
			}
			this.unlink(link);
		} catch (err) {
			this.log.debug(
				{ err: (err as Error).message },
				"no private link for the index: workers open it by name",
			);
		}
		return { path: this.path, ownLink: false };
	}

	private unlink(path: string): void {
		this.links.delete(path);
		try {
			unlinkSync(path);
		} catch {
			// already gone
		}
	}

	/** Links left behind by a process that no longer runs (killed with SIGKILL, power loss). */
	private removeStaleLinks(): void {
		const prefix = linkPrefix(this.path);
		let names: string[];
		try {
			names = readdirSync(dirname(this.path));
		} catch {
			return;
		}
		for (const name of names) {
			if (!name.startsWith(prefix)) continue;
			const pid = Number(name.slice(prefix.length).split("-")[0]);
			if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
				this.unlink(join(dirname(this.path), name));
		}
	}

	private retire(gen: Generation): void {
		gen.retired = true;
		if (gen.leases === 0) this.closeGeneration(gen);
	}

	private closeGeneration(gen: Generation): void {
		gen.reader.close();
		if (gen.ownLink) this.unlink(gen.handle.path);
	}
}
