/**
 * Holds the open index and swaps to a new one when the file is replaced (a re-index renames a
 * finished temp file into place). Requests lease the reader they started with; a replaced
 * reader is closed only when its last lease is released, so a swap never drops a request.
 */
import { statSync } from "node:fs";
import { IndexReader } from "../index/reader.js";
import type { Logger } from "../logger.js";

export interface IndexLease {
	readonly reader: IndexReader;
	/** Identity of the index for cache keys: commit plus build time. */
	readonly identity: string;
	release(): void;
}

interface Generation {
	reader: IndexReader;
	identity: string;
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

export class IndexHolder {
	private current: Generation | null = null;
	private timer: NodeJS.Timeout | null = null;
	private lastError: string | null = null;
	private readonly listeners: ((reader: IndexReader) => void)[] = [];

	constructor(
		readonly path: string,
		private readonly log: Logger,
	) {}

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

	/** Called after every successful (re)load with the new reader. */
	onSwap(listener: (reader: IndexReader) => void): void {
		this.listeners.push(listener);
	}

	/**
	 * Open the file if it changed since the last load. Returns true when a new index is now in use.
	 * A file that cannot be opened (missing, half-written, another format) leaves the current
	 * index in place and is retried on the next check.
	 */
	reload(): boolean {
		const stamp = stampOf(this.path);
		if (stamp === null) {
			this.lastError = `no index at ${this.path}`;
			return false;
		}
		if (this.current?.fileStamp === stamp) return false;
		let reader: IndexReader;
		try {
			reader = IndexReader.open(this.path);
		} catch (err) {
			this.lastError = (err as Error).message;
			this.log.warn({ err: this.lastError }, "index not (re)loaded");
			return false;
		}
		const meta = reader.meta();
		const next: Generation = {
			reader,
			identity: `${meta.commit ?? "no-commit"}@${meta.builtAt}`,
			fileStamp: stamp,
			leases: 0,
			retired: false,
		};
		const previous = this.current;
		this.current = next;
		this.lastError = null;
		if (previous) this.retire(previous);
		this.log.info(
			{ index: this.path, commit: meta.commit, builtAt: meta.builtAt },
			previous ? "index swapped" : "index loaded",
		);
		for (const l of this.listeners) l(reader);
		return true;
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
			release: () => {
				if (released) return;
				released = true;
				gen.leases--;
				if (gen.retired && gen.leases === 0) gen.reader.close();
			},
		};
	}

	/** Stop watching and close the index once no lease holds it. */
	close(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
		if (this.current) this.retire(this.current);
		this.current = null;
	}

	private retire(gen: Generation): void {
		gen.retired = true;
		if (gen.leases === 0) gen.reader.close();
	}
}
