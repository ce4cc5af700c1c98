/**
 * Entry of the startup-snapshot bundle (snapshot.ts; bundled by sidecar/scripts/bundle-snapshot.mjs,
 * never run as an ES module). Under `node --build-snapshot` it parses and binds the lib files every
 * program holds and sets the main function; a process started from the blob runs an incremental
 * run's type-checked half (incremental-run.ts) as a worker thread would, over IPC. Started with the
 * argument `check` (CHECK_ARG; no IPC channel) it prints the key it was built for and exits.
 */
import { createRequire } from "node:module";
import v8 from "node:v8";
import type BetterSqlite3 from "better-sqlite3";
import * as bundledExtractor from "../trunks/extractor.js";
import type {
	IncrementalRequest,
	IncrementalWorkerInput,
	IncrementalWorkerMessage,
	SnapshotHello,
} from "./incremental-protocol.js";
import { type ExtractorModule, runIncremental } from "./incremental-run.js";
import { warmSourceFiles } from "./program.js";
import type { SnapshotArgs } from "./snapshot.js";
import { CHECK_ARG } from "./snapshot-check.js";
import { trainSnapshot } from "./snapshot-training.js";

async function main(key: string): Promise<void> {
	if (process.argv[1] === CHECK_ARG) {
		process.stdout.write(`${key}\n`);
		return;
	}
	const send = process.send?.bind(process);
	if (!send) {
		process.stderr.write("codeask: the incremental snapshot process runs only under `codeask index`\n");
		process.exitCode = 2;
		return;
	}
	const post = (m: IncrementalWorkerMessage | SnapshotHello) => send(m);
	post({ type: "ready", key });
	// The parent gone (killed, or done with us): nothing left to do.
	process.on("disconnect", () => process.exit(0));
	const request = new Promise<IncrementalRequest>((resolve) =>
		process.once("message", (m) => resolve(m as IncrementalRequest)),
	);
	try {
		const args = JSON.parse(process.argv[1] ?? "") as SnapshotArgs;
		const input = args.input as IncrementalWorkerInput;
		// Only the module bundled in: the parent starts this process for no other (incremental.ts).
		const loadExtractor = async (module: string): Promise<ExtractorModule> => {
			if (module === input.siteExtractorModule) return bundledExtractor;
			throw new Error(`the snapshot process has no site extractor ${module}`);
		};
		const Database = createRequire(args.sqlite)(args.sqlite) as typeof BetterSqlite3;
		const db = new Database(input.previous, { readonly: true, fileMustExist: true });
		let done: IncrementalWorkerMessage;
		try {
			done = await runIncremental(input, db, bundledExtractor, loadExtractor, request, post);
		} finally {
			db.close();
		}
		if (done.type === "done") {
			const cpu = process.cpuUsage();
			done = { ...done, processCpu: Math.round((cpu.user + cpu.system) / 1000) };
		}
		send(done, () => process.disconnect());
	} catch (err) {
		const e = err as Error & { code?: unknown };
		const failed: IncrementalWorkerMessage = {
			type: "failed",
			message: e.message,
			stack: e.stack,
			...(typeof e.code === "string" ? { code: e.code } : {}),
		};
		send(failed, () => process.disconnect());
	}
}

if (v8.startupSnapshot.isBuildingSnapshot()) {
	const key = process.env.CODEASK_SNAPSHOT_KEY ?? "";
	// The functions a run calls compiled into the blob (snapshot-training.ts), with the built-in
	// trunk configuration the builder passes; a blob that only lacks this is still a valid one.
	try {
		const config = process.env.CODEASK_SNAPSHOT_TRAINING;
		trainSnapshot(config ? bundledExtractor.createSiteExtractor(JSON.parse(config)) : undefined);
	} catch (err) {
		process.stderr.write(`snapshot training failed: ${(err as Error).stack ?? String(err)}\n`);
	}
	// After the training: these lib files are the ones a run's program takes, bound once.
	warmSourceFiles([], true);
	v8.startupSnapshot.setDeserializeMainFunction(() => {
		void main(key);
	});
}
