/**
 * A progress line on stderr for long CLI jobs, shown only when stderr is a TTY and the command
 * is not printing JSON. Otherwise every method is a no-op, so callers never branch on it.
 *
 * Every phase moves: a phase with no known total shows its count ("1,234 files found"); one with
 * a total shows a bar, and an ETA once it has run for a second. The clock counts from the start
 * of the job and ticks on its own, so a long step without events never looks hung.
 */
import cliProgress from "cli-progress";

export interface ProgressBar {
	/** Show `done/total` for `phase` (total 0: not known yet). Starts the line on first use. */
	update(phase: string, done: number, total: number): void;
	stop(): void;
}

const silent: ProgressBar = { update() {}, stop() {} };

/** How each indexing phase reads on the line: a verb, and what it counts. */
const PHASES: Record<string, { label: string; unit: string; found?: string }> = {
	collect: { label: "collecting", unit: "files", found: "found" },
	parse: { label: "parsing", unit: "files" },
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
	/** ms since the job started, and since this phase started. */
	elapsedMs: number;
	phaseMs: number;
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
	const counts = s.total > 1 ? ` ${count(s.done)}/${count(s.total)}${p.unit ? ` ${p.unit}` : ""}` : "";
	let eta = "";
	if (s.done > 0 && s.done < s.total && s.phaseMs >= 1000) {
		const remaining = ((s.total - s.done) * s.phaseMs) / s.done / 1000;
		eta = ` | ETA ${formatDuration(remaining)}`;
	}
	return `${p.label.padEnd(10)} [${bar}]${counts} | ${clock}${eta}`;
}

export function createProgressBar(
	options: { json?: boolean; stream?: NodeJS.WriteStream } = {},
): ProgressBar {
	const stream = options.stream ?? process.stderr;
	if (options.json || !stream.isTTY) return silent;
	const started = Date.now();
	const state: ProgressState = { phase: "", done: 0, total: 0, elapsedMs: 0, phaseMs: 0 };
	let phaseStarted = started;
	const bar = new cliProgress.SingleBar(
		{
			stream,
			format: () => {
				const now = Date.now();
				return progressLine({ ...state, elapsedMs: now - started, phaseMs: now - phaseStarted });
			},
			hideCursor: true,
			clearOnComplete: true,
		},
		cliProgress.Presets.shades_classic,
	);
	let ticker: NodeJS.Timeout | undefined;
	return {
		update(phase, done, total) {
			if (phase !== state.phase) phaseStarted = Date.now();
			Object.assign(state, { phase, done, total });
			if (!ticker) {
				bar.start(1, 0);
				// Redraw every second: the clock moves even while a step sends no events.
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
