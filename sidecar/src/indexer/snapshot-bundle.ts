/**
 * What the snapshot's builder (snapshot-build.ts, a process of its own) and its users (snapshot.ts,
 * incremental.ts) share: the bundle's place and the V8 flags a blob is built and started under. Its
 * own module, so that the builder loads none of the code that starts it.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { INTERRUPT_BUDGET } from "./tier-up.js";

/**
 * Old-generation heap of an incremental run's second thread, in MB, whichever runs it (a worker
 * thread's resource limit, a snapshot process's flag): one file's program is a few hundred MB; a
 * young generation larger than V8's default was no faster for it (measured on the main thread,
 * session 5).
 */
export const SECOND_THREAD_HEAP_MB = 4096;

/**
 * V8 flags of a snapshot process: a blob only starts under the flags it was built with (V8 checks
 * a hash of them), so builder and user pass the same.
 */
export const SNAPSHOT_FLAGS = [
	`--interrupt-budget=${INTERRUPT_BUDGET}`,
	`--max-old-space-size=${SECOND_THREAD_HEAP_MB}`,
];

/** The sidecar package folder (dist/indexer/ → ../../). */
export const SIDECAR_DIR = fileURLToPath(new URL("../../", import.meta.url));
/** The bundle and what it was built from (sidecar/scripts/bundle-snapshot.mjs). */
export const BUNDLE = join(SIDECAR_DIR, "dist/snapshot/incremental.cjs");
export const BUNDLE_META = join(SIDECAR_DIR, "dist/snapshot/incremental.json");
