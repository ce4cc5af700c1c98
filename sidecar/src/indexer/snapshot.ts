/**
 * A V8 startup snapshot of an incremental run's type-checked half: the compiler, the indexer and
 * the trunk extractor bundled into one CommonJS script (dist/snapshot/incremental.cjs, built by
 * `npm run build`), run once by `node --build-snapshot` with the lib files parsed and bound. A
 * process started from the blob has all of that at ~0.2 s of CPU instead of ~0.8 s of loading and
 * parsing (benchmarks/index.md, session 8's probe).
 *
 * One blob per CodeAsk build, Node binary and platform, in the user cache folder; built in a
 * detached background process after an index run (`scheduleSnapshotBuild`), written to a temp file
 * and renamed once a process started from it reported the key it was built for. A blob is used only
 * while its key is the current one; anything else (no blob, a stale bundle, a blob that crashes
 * or reports another key) falls back to the worker thread, silently (NODE_DEBUG=codeask-snapshot
 * says why). CODEASK_NO_SNAPSHOT=1 turns it off.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
	closeSync,
	existsSync,
	linkSync,
	mkdirSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { homedir, setPriority } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { debuglog } from "node:util";
import { VERSION } from "../version.js";
import { BUNDLE, BUNDLE_META, SIDECAR_DIR, SNAPSHOT_FLAGS } from "./snapshot-bundle.js";

export const log = debuglog("codeask-snapshot");

/** The trunk extractor bundled in: a run naming this module gets the bundled copy. */
export const BUNDLED_EXTRACTOR = new URL("../trunks/extractor.js", import.meta.url).href;

/** Written next to the bundle by its build: the bundle's hash, and each of our own modules in it with its hash. */
interface BundleMeta {
	hash: string;
	sources: [string, string][];
}

export interface SnapshotPlan {
	blob: string;
	key: string;
	/** Our own modules the bundle was built from, checked against dist/ (`bundleIsCurrent`). */
	sources: [string, string][];
}

/** Off when CODEASK_NO_SNAPSHOT is set to anything but "" or "0". */
export function snapshotDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
	const v = env.CODEASK_NO_SNAPSHOT;
	return v !== undefined && v !== "" && v !== "0";
}

/** ($XDG_CACHE_HOME or ~/.cache)/codeask/snapshots */
export function snapshotDir(env: NodeJS.ProcessEnv = process.env): string {
	// XDG: a relative value is to be ignored.
	const xdg = env.XDG_CACHE_HOME;
	const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".cache");
	return join(base, "codeask", "snapshots");
}

const sha1 = (text: string | Buffer) => createHash("sha1").update(text).digest("hex");

/**
 * Where this build's blob lives and the key it must report, or null when there is no bundle (run
 * from the TypeScript sources, or built without esbuild) or snapshots are off.
 */
export function snapshotPlan(env: NodeJS.ProcessEnv = process.env): SnapshotPlan | null {
	if (snapshotDisabled(env)) return null;
	let meta: BundleMeta;
	try {
		meta = JSON.parse(readFileSync(BUNDLE_META, "utf8")) as BundleMeta;
	} catch {
		log("no bundle at %s (run `npm run build`)", BUNDLE_META);
		return null;
	}
	const key = sha1(
		JSON.stringify([
			VERSION,
			meta.hash,
			process.version,
			process.platform,
			process.arch,
			process.execPath,
			SNAPSHOT_FLAGS,
		]),
	);
	const name = `incremental-${VERSION}-node${process.versions.node}-${process.platform}-${process.arch}-${key.slice(0, 12)}.blob`;
	return { blob: join(snapshotDir(env), name), key, sources: meta.sources };
}

/**
 * Whether our modules in dist/ are still those the bundle was made from: `tsc -b` alone (the
 * typecheck script) rebuilds dist/ without the bundle, whose code would then differ from the rest
 * of the run's. ~60 files hashed (a few ms): done while the snapshot process starts.
 */
export function bundleIsCurrent(plan: SnapshotPlan): boolean {
	for (const [path, hash] of plan.sources) {
		let text: Buffer;
		try {
			text = readFileSync(resolve(SIDECAR_DIR, path));
		} catch {
			return false;
		}
		if (sha1(text) !== hash) {
			log("%s changed since the bundle was built (run `npm run build`)", path);
			return false;
		}
	}
	return true;
}

/** The child's first argument: what it needs beyond the blob. */
export interface SnapshotArgs {
	input: unknown;
	/** better-sqlite3's entry (a native addon cannot be in a snapshot: loaded by path after start). */
	sqlite: string;
}

/** A process started from the blob, talking over IPC (structured clone, as a worker thread's messages). */
export function spawnSnapshotProcess(plan: SnapshotPlan, input: unknown): ChildProcess {
	const args: SnapshotArgs = { input, sqlite: createRequire(import.meta.url).resolve("better-sqlite3") };
	return spawn(process.execPath, [...SNAPSHOT_FLAGS, "--snapshot-blob", plan.blob, JSON.stringify(args)], {
		stdio: ["ignore", "ignore", "pipe", "ipc"],
		serialization: "advanced",
		// The user's NODE_OPTIONS could hold V8 flags the blob was not built with.
		env: { ...process.env, NODE_OPTIONS: "" },
	});
}

/**
 * Runs in a row in which the snapshot process failed and the worker thread then did the same work
 * without failing: from this many on the blob is not used (a failure that repeats — a bug only the
 * bundle has — would otherwise cost every run the process's work before the thread's). A run the
 * process completes clears the count; a new build has a new blob and starts from none.
 */
const FAILURES_TO_STOP = 2;

/**
 * A count this old no longer stops the blob's use: failures that were transient (the process
 * killed under memory pressure) are tried again, and a completed run then clears them.
 */
const FAILURES_EXPIRE_MS = 24 * 3600_000;

const failuresFile = (plan: SnapshotPlan) => `${plan.blob}.failed`;

/** The failures counted for the blob, 0 when none or the count expired. */
function failures(plan: SnapshotPlan): number {
	try {
		const file = failuresFile(plan);
		const counted = statSync(file, { throwIfNoEntry: false });
		if (!counted || Date.now() - counted.mtimeMs > FAILURES_EXPIRE_MS) return 0;
		return Number(readFileSync(file, "utf8")) || 0;
	} catch {
		return 0;
	}
}

/** Whether the blob's process failed FAILURES_TO_STOP runs in a row where the thread did not (within a day). */
export function snapshotFailing(plan: SnapshotPlan): boolean {
	return failures(plan) >= FAILURES_TO_STOP;
}

/** Count a run the process failed and the thread did not (`failed`), or clear the count (a run it completed). */
export function noteSnapshotRun(plan: SnapshotPlan, failed: boolean): void {
	const file = failuresFile(plan);
	try {
		if (!failed) {
			if (existsSync(file)) rmSync(file, { force: true });
			return;
		}
		const count = failures(plan);
		writeFileSync(file, `${count + 1}\n`);
		if (count + 1 >= FAILURES_TO_STOP)
			log("%s failed %d runs in a row: not used for this build", plan.blob, count + 1);
	} catch (err) {
		log("cannot note the snapshot process's run: %s", (err as Error).message);
	}
}

/** A blob that failed to start (corrupt, or from another build under this name): removed, rebuilt later. */
export function discardBlob(plan: SnapshotPlan): void {
	log("removing %s", plan.blob);
	rmSync(plan.blob, { force: true });
}

/** A build started less than this long ago is still under way. */
const BUILD_STALE_MS = 5 * 60_000;

/**
 * Take the build of a blob: create its marker exclusively (O_EXCL), so that runs ending at the same
 * time start one build, not several. A marker older than BUILD_STALE_MS is a build that died: taken
 * over by moving it aside first, so that of several runs finding it stale one takes it — a run that
 * moved another's fresh marker instead (made after it looked) puts it back and leaves the build to it.
 */
export function claimBuild(marker: string): boolean {
	if (createMarker(marker)) return true;
	const started = statSync(marker, { throwIfNoEntry: false });
	if (started && Date.now() - started.mtimeMs < BUILD_STALE_MS) return false;
	const aside = `${marker}.${process.pid}.stale`;
	try {
		renameSync(marker, aside);
	} catch {
		return false; // another run moved it first
	}
	const moved = statSync(aside, { throwIfNoEntry: false });
	if (moved && Date.now() - moved.mtimeMs < BUILD_STALE_MS) {
		try {
			linkSync(aside, marker);
		} catch {
			// A third run made one meanwhile: its build.
		}
		rmSync(aside, { force: true });
		return false;
	}
	rmSync(aside, { force: true });
	return createMarker(marker);
}

/** Create `marker` exclusively: false when it exists. */
function createMarker(marker: string): boolean {
	try {
		closeSync(openSync(marker, "wx"));
		return true;
	} catch (err) {
		if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
		return false;
	}
}

/**
 * Build this build's blob in a detached background process when there is none (after an index
 * run): nothing waited for, nothing printed; the process runs at the lowest priority.
 */
export function scheduleSnapshotBuild(env: NodeJS.ProcessEnv = process.env): void {
	try {
		const plan = snapshotPlan(env);
		if (!plan || existsSync(plan.blob) || !existsSync(BUNDLE) || !bundleIsCurrent(plan)) return;
		mkdirSync(snapshotDir(env), { recursive: true });
		if (!claimBuild(`${plan.blob}.building`)) return;
		const builder = fileURLToPath(new URL("./snapshot-build.js", import.meta.url));
		const child = spawn(process.execPath, [builder, plan.blob, plan.key], {
			detached: true,
			stdio: "ignore",
			env: { ...env, NODE_OPTIONS: "" },
		});
		child.on("error", (err) => log("cannot start the snapshot build: %s", err.message));
		if (child.pid !== undefined) {
			try {
				setPriority(child.pid, 19);
			} catch {
				// Not allowed here: it runs at normal priority.
			}
		}
		child.unref();
		log("building %s in the background (pid %d)", plan.blob, child.pid);
	} catch (err) {
		log("cannot schedule a snapshot build: %s", (err as Error).message);
	}
}
