/**
 * A progress line on stderr for long CLI jobs, shown only when stderr is a TTY and the command
 * is not printing JSON. Otherwise every method is a no-op, so callers never branch on it.
 *
 * Every phase moves: a phase with no known total shows its count ("1,234 files found"); one with
 * a total shows a bar, and an ETA once the rate is steady (EtaEstimator). The clock counts from the
 * start of the job and ticks on its own, so a long step without events never looks hung.
 */
import cliProgress from "cli-progress";
import { ShareCounts } from "../indexer/share-counts.js";

export interface ProgressBar {
	/**
	 * Show `done/total` for `phase` (total 0: not known yet). Starts the line on first use. `live`:
	 * the extraction threads' ShareCounts cells, read on each redraw.
	 */
	update(phase: string, done: number, total: number, live?: Int32Array): void;
	stop(): void;
}

const silent: ProgressBar = { update() {}, stop() {} };

/** How each indexing phase reads on the line: a verb, and what it counts. */
const PHASES: Record<string, { label: string; unit: string; found?: string; after?: string }> = {
	collect: { label: "collecting", unit: "files", found: "found" },
	// Every file parsed, the program's binding and first checks can take as long again.
	parse: { label: "parsing", unit: "files", after: "type-checking" },
	extract: { label: "extracting", unit: "files" },
	write: { label: "writing", unit: "" },
};

export function formatDuration(seconds: number): string {
	const s = Math.max(0, Math.round(seconds));
	if (s < 60) return `${s} s`;
	const m = Math.floor(s / 60);
	return `${m} min ${String(s % 60).padStart(2, "0")} s`;
}

export interface ProgressState {
	phase: string;
	done: number;
	total: number;
	/** ms since the job started. */
	elapsedMs: number;
	/** Seconds left in this phase, when known (EtaEstimator). */
	etaSeconds?: number;
}

/**
 * Time left in a phase, from its recent rate, shown only once that rate is steady. The mean rate
 * since the phase began was far off on a real repository: a share's first files are dear (the
 * checker's first questions) and its program is built before any is extracted, so on a 1,944-file
 * repository it said 3 min 20 s for a phase that took 23 s, and during a pause it kept climbing.
 * Here the rate is taken over the last WINDOW (a quarter of the phase once that is longer), up to
 * now, so a pause lowers it; an estimate is shown only when the last STEADY_SAMPLES of them, a
 * second or more apart, agree within STEADY_RATIO, and the phase has run MIN_PHASE_MS.
 * Not cli-progress's own ETA (the rate over its last N updates, always shown): replayed on the same
 * Documenso extraction counts it was off by 17–21 s on average and up to 112–220 s (etaBuffer
 * 3–100), this by 4.4 s and at most 20 s (benchmarks/cli.md, session 9): updates come in bursts, so
 * N of them span a tenth of a second or ten seconds, and nothing holds back an unsteady estimate.
 */
export class EtaEstimator {
	static WINDOW_MS = 3_000;
	static MIN_PHASE_MS = 3_000;
	static MIN_FRACTION = 0.1;
	static STEADY_SAMPLES = 3;
	static STEADY_RATIO = 1.5;
	private phaseStart = 0;
	private samples: { t: number; done: number }[] = [];
	private recent: { t: number; eta: number }[] = [];

	/** A new phase from `t` (ms). */
	reset(t: number): void {
		this.phaseStart = t;
		this.samples = [{ t, done: 0 }];
		this.recent = [];
	}

	record(done: number, t: number): void {
		const last = this.samples.at(-1);
		if (last && done === last.done) return;
		this.samples.push({ t, done });
	}

	/** Seconds left at `t` for `total`, or undefined while the rate is not steady. */
	eta(total: number, t: number): number | undefined {
		const last = this.samples.at(-1);
		if (!last || total <= 0 || last.done <= 0 || last.done >= total) return undefined;
		const window = Math.max(EtaEstimator.WINDOW_MS, (t - this.phaseStart) / 4);
		// The count at the window's start: that of the newest sample at or before it.
		const start = Math.max(this.phaseStart, t - window);
		let from = 0;
		for (const s of this.samples) if (s.t <= start) from = s.done;
		const rate = (last.done - from) / Math.max(1, t - start);
		if (rate <= 0) {
			this.recent = [];
			return undefined;
		}
		const eta = (total - last.done) / rate / 1000;
		if (t - (this.recent.at(-1)?.t ?? Number.NEGATIVE_INFINITY) >= 1000) {
			this.recent.push({ t, eta });
			if (this.recent.length > EtaEstimator.STEADY_SAMPLES) this.recent.shift();
		}
		if (t - this.phaseStart < EtaEstimator.MIN_PHASE_MS || last.done < total * EtaEstimator.MIN_FRACTION)
			return undefined;
		if (this.recent.length < EtaEstimator.STEADY_SAMPLES) return undefined;
		// The earlier estimates, less the time gone since, and this one: shown (their mean) only if they agree.
		const now = [...this.recent.map((r) => Math.max(0, r.eta - (t - r.t) / 1000)), eta];
		const hi = Math.max(...now);
		const lo = Math.min(...now);
		if (hi > Math.max(lo, 1) * EtaEstimator.STEADY_RATIO) return undefined;
		return now.reduce((a, b) => a + b, 0) / now.length;
	}
}

/** The progress line for a state (pure, so it can be tested without a terminal). */
export function progressLine(s: ProgressState, barWidth = 30): string {
	const p = PHASES[s.phase] ?? { label: s.phase, unit: "" };
	const clock = formatDuration(s.elapsedMs / 1000);
	const count = (n: number) => n.toLocaleString("en-US");
	if (s.total <= 0) {
		const what = p.unit ? ` ${count(s.done)} ${p.unit}${p.found ? ` ${p.found}` : ""}` : "";
		return `${p.label.padEnd(10)}${what} | ${clock}`;
	}
	const ratio = Math.min(1, s.done / s.total);
	const filled = Math.round(ratio * barWidth);
	const bar = `${"█".repeat(filled)}${"░".repeat(barWidth - filled)}`;
	const after = p.after && s.done >= s.total ? `, ${p.after}` : "";
	const counts =
		s.total > 1 ? ` ${count(s.done)}/${count(s.total)}${p.unit ? ` ${p.unit}` : ""}${after}` : "";
	const eta = s.etaSeconds === undefined ? "" : ` | ETA ${formatDuration(s.etaSeconds)}`;
	return `${p.label.padEnd(10)} [${bar}]${counts} | ${clock}${eta}`;
}

/**
 * What the line shows, from the events and, during threaded parse/extract, from the threads' live
 * counts (share-counts.ts), read on each redraw: the count and its ETA move while the indexing
 * thread is held by one dear file and sends no event.
 */
export class ProgressModel {
	private readonly state: Omit<ProgressState, "elapsedMs" | "etaSeconds"> = { phase: "", done: 0, total: 0 };
	private readonly estimator = new EtaEstimator();
	private live: ShareCounts | undefined;

	constructor(private readonly started: number) {}

	update(phase: string, done: number, total: number, now: number, live?: Int32Array): void {
		this.live = live && (phase === "parse" || phase === "extract") ? new ShareCounts(live) : undefined;
		this.set(phase, done, total, now);
	}

	line(now: number): string {
		if (this.live) {
			const p = this.live.progress();
			// Never back: an event may carry a count the cells have passed, not the other way round.
			if (p.phase !== this.state.phase || p.done > this.state.done)
				this.set(p.phase, p.done, this.state.total, now);
		}
		const etaSeconds = this.estimator.eta(this.state.total, now);
		return progressLine({
			...this.state,
			elapsedMs: now - this.started,
			...(etaSeconds === undefined ? {} : { etaSeconds }),
		});
	}

	private set(phase: string, done: number, total: number, now: number): void {
		if (phase !== this.state.phase) this.estimator.reset(now);
		this.estimator.record(done, now);
		Object.assign(this.state, { phase, done, total });
	}
}

export function createProgressBar(
	options: { json?: boolean; stream?: NodeJS.WriteStream } = {},
): ProgressBar {
	const stream = options.stream ?? process.stderr;
	if (options.json || !stream.isTTY) return silent;
	const model = new ProgressModel(Date.now());
	const bar = new cliProgress.SingleBar(
		{ stream, format: () => model.line(Date.now()), hideCursor: true, clearOnComplete: true },
		cliProgress.Presets.shades_classic,
	);
	let ticker: NodeJS.Timeout | undefined;
	return {
		update(phase, done, total, live) {
			model.update(phase, done, total, Date.now(), live);
			if (!ticker) {
				bar.start(1, 0);
				// Redraw every second: the clock (and the threads' live counts) move between events.
				ticker = setInterval(() => bar.update(0), 1000);
				ticker.unref();
			}
			bar.update(0);
		},
		stop() {
			if (ticker) {
				clearInterval(ticker);
				ticker = undefined;
				bar.stop();
			}
		},
	};
}
