/**
 * `node snapshot-build.js <blob> <key>`: build the incremental run's startup snapshot (snapshot.ts)
 * into <blob>, as a detached background process of an index run. Written to a temp file, started
 * once to check it reports <key>, then renamed into place: a reader never sees half a blob. Older
 * blobs of other builds in the folder are removed but for the newest other one (two installs in
 * use do not rebuild each other's). Exit 0 when the blob is in place.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { loadTrunkConfig } from "../trunks/load.js";
import { BUNDLE, SNAPSHOT_FLAGS } from "./snapshot-bundle.js";
import { CHECK_ARG } from "./snapshot-check.js";

/** Blobs of other builds kept beside the new one. */
const KEEP_OTHERS = 1;

export function buildSnapshot(blob: string, key: string): boolean {
	const tmp = `${blob}.${process.pid}.tmp`;
	const env = {
		...process.env,
		NODE_OPTIONS: "",
		CODEASK_SNAPSHOT_KEY: key,
		// The built-in presets, for the training index (snapshot-training.ts).
		CODEASK_SNAPSHOT_TRAINING: JSON.stringify(loadTrunkConfig(null)),
	};
	try {
		mkdirSync(dirname(blob), { recursive: true });
		const built = spawnSync(
			process.execPath,
			[...SNAPSHOT_FLAGS, "--snapshot-blob", tmp, "--build-snapshot", BUNDLE],
			{ env, stdio: "ignore" },
		);
		if (built.status !== 0) return false;
		const check = spawnSync(process.execPath, [...SNAPSHOT_FLAGS, "--snapshot-blob", tmp, CHECK_ARG], {
			env,
			encoding: "utf8",
			stdio: ["ignore", "pipe", "ignore"],
		});
		if (check.status !== 0 || check.stdout.trim() !== key) return false;
		renameSync(tmp, blob);
		prune(blob);
		return true;
	} finally {
		rmSync(tmp, { force: true });
		rmSync(`${blob}.building`, { force: true });
	}
}

function prune(blob: string): void {
	const dir = dirname(blob);
	const others = readdirSync(dir)
		.filter((f) => f.startsWith("incremental-") && f.endsWith(".blob") && f !== basename(blob))
		.map((f) => ({
			file: join(dir, f),
			mtime: statSync(join(dir, f), { throwIfNoEntry: false })?.mtimeMs ?? 0,
		}))
		.sort((a, b) => b.mtime - a.mtime);
	for (const { file } of others.slice(KEEP_OTHERS)) {
		rmSync(file, { force: true });
		rmSync(`${file}.failed`, { force: true });
	}
	// A builder killed mid-write (a CI job ending, a logout) leaves its ~64 MB temp file: gone after an hour.
	for (const f of readdirSync(dir)) {
		if (!f.startsWith("incremental-") || !f.endsWith(".tmp")) continue;
		const mtime = statSync(join(dir, f), { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
		if (Date.now() - mtime > STALE_TEMP_MS) rmSync(join(dir, f), { force: true });
	}
}

/** A temp blob this old is no build still running (one takes seconds). */
const STALE_TEMP_MS = 60 * 60_000;

const [blob, key] = process.argv.slice(2);
if (blob && key) process.exitCode = buildSnapshot(blob, key) ? 0 : 1;
