/**
 * A progress bar on stderr for long CLI jobs, shown only when stderr is a TTY and the command
 * is not printing JSON. Otherwise every method is a no-op, so callers never branch on it.
 */
import cliProgress from "cli-progress";

export interface ProgressBar {
	/** Show `done/total` for `phase` (starts the bar on first use, resets it when the phase changes). */
	update(phase: string, done: number, total: number): void;
	stop(): void;
}

const silent: ProgressBar = { update() {}, stop() {} };

export function createProgressBar(
	options: { json?: boolean; stream?: NodeJS.WriteStream } = {},
): ProgressBar {
	const stream = options.stream ?? process.stderr;
	if (options.json || !stream.isTTY) return silent;
	const bar = new cliProgress.SingleBar(
		{
			stream,
			format: "{phase} [{bar}] {value}/{total} | {duration_formatted}",
			hideCursor: true,
			clearOnComplete: true,
			barsize: 30,
		},
		cliProgress.Presets.shades_classic,
	);
	let started = false;
	let current = "";
	return {
		update(phase, done, total) {
			if (!started) {
				bar.start(Math.max(total, 1), done, { phase });
				started = true;
			} else if (phase !== current) {
				bar.setTotal(Math.max(total, 1));
			}
			current = phase;
			bar.update(done, { phase: phase.padEnd(8) });
		},
		stop() {
			if (started) bar.stop();
			started = false;
		},
	};
}
