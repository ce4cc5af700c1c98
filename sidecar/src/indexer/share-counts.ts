/**
 * Files parsed and extracted per share, in memory every extraction thread shares. While the
 * indexing thread extracts its own share (parallel.ts) it runs no event loop, so the other
 * threads' progress messages wait until it is done: counted from messages alone, the progress line
 * saw one share of several, and its ETA came out three times too long (a 1,944-file repository:
 * "extracting 50/1,944 | ETA 3 min 20 s" for a run that ended 23 s later). These counts are read
 * at once, without waiting for a message; the CLI's progress line reads them every second too, so
 * it moves while one dear file holds the indexing thread.
 */
export type SharePhase = "parse" | "extract";

const OFFSET: Record<SharePhase, number> = { parse: 0, extract: 1 };

export class ShareCounts {
	/** Two counts per share (parsed, extracted), on a SharedArrayBuffer: pass it in workerData. */
	readonly cells: Int32Array;

	constructor(sharesOrCells: number | Int32Array) {
		this.cells =
			typeof sharesOrCells === "number"
				? new Int32Array(new SharedArrayBuffer(sharesOrCells * 2 * Int32Array.BYTES_PER_ELEMENT))
				: sharesOrCells;
	}

	set(share: number, phase: SharePhase, done: number): void {
		Atomics.store(this.cells, share * 2 + OFFSET[phase], done);
	}

	get(share: number, phase: SharePhase): number {
		return Atomics.load(this.cells, share * 2 + OFFSET[phase]);
	}

	/** The count summed over every share. */
	sum(phase: SharePhase): number {
		let n = 0;
		for (let i = 0; i < this.cells.length / 2; i++) n += this.get(i, phase);
		return n;
	}

	/** "parse" until a share extracts, then "extract" (the phase never goes back), and its count. */
	progress(): { phase: SharePhase; done: number } {
		const extracted = this.sum("extract");
		return extracted > 0
			? { phase: "extract", done: extracted }
			: { phase: "parse", done: this.sum("parse") };
	}
}
