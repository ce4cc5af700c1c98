/**
 * The type-checked half of an incremental run, whichever process or thread runs it (a worker
 * thread, incremental-worker.ts; a process started from a startup snapshot, snapshot-entry.ts):
 * while the caller collects the files and reads the previous index, it parses and binds what
 * every program holds (the lib files, the files the previous index found declaring globals);
 * then, told what changed, it does what the caller would have done: the unchanged files referring
 * to removed definitions, which changed files declare globals, one program, each file's rows.
 * better-sqlite3 is the caller's to load (a snapshot cannot hold a native addon).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { SiteExtractor } from "../index/types.js";
import { declarationText, type RecordedBodies } from "./bodies.js";
import { type CollectedFile, lazyFile, sha1 } from "./collect.js";
import { filesReferringToRemovedDefs } from "./dependents.js";
import { type Extracted, extractFiles, type FileExtract } from "./extract.js";
import { declaresGlobals } from "./globals.js";
import type {
	IncrementalRequest,
	IncrementalWorkerInput,
	IncrementalWorkerMessage,
} from "./incremental-protocol.js";
import { referenceQueries } from "./previous-references.js";
import { clearWarmed, PROGRAM_OPTIONS, warmSourceFiles } from "./program.js";
import { createModuleResolver, recallingResolver } from "./resolve.js";
import { isVirtualSource } from "./sfc.js";
import { threadCpuMs } from "./thread-cpu.js";

/** A module exporting the trunk site extractor (trunks/extractor.ts). */
export type ExtractorModule = { createSiteExtractor(config: unknown): SiteExtractor };

/** The bodies the previous index recorded for a file (bodies.ts), by path. */
function recordedBodiesOf(db: Database.Database): (path: string) => RecordedBodies | undefined {
	const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'file_bodies'").get();
	if (!has) return () => undefined;
	const row = db.prepare(
		"SELECT f.hash, b.ranges FROM file_bodies b JOIN files f ON f.id = b.file_id WHERE f.path = ?",
	);
	return (path) => row.get(path) as RecordedBodies | undefined;
}

/** The previous index's recorded module resolutions of a file (by absolute path) when made under `layout`. */
function recordedImportsOf(
	db: Database.Database,
	layout: string,
	pathOf: ReadonlyMap<string, string>,
): (file: string) => string | undefined {
	const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'file_imports'").get();
	if (!has) return () => undefined;
	const row = db
		.prepare(
			"SELECT i.resolutions FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = ? AND i.layout = ?",
		)
		.pluck();
	return (file) => {
		const path = pathOf.get(file);
		return path === undefined ? undefined : (row.get(path, layout) as string | undefined);
	};
}

/** Paths of the files the previous index found declaring globals (none in an index from before it). */
function globalFilesOf(db: Database.Database): string[] {
	const saved = db.prepare("SELECT value FROM meta WHERE key = 'globalFiles'").pluck().get() as
		| string
		| undefined;
	return saved ? (JSON.parse(saved) as string[]) : [];
}

export async function runIncremental(
	input: IncrementalWorkerInput,
	db: Database.Database,
	extractorModule: ExtractorModule | undefined,
	loadExtractor: (module: string) => Promise<ExtractorModule>,
	request: Promise<IncrementalRequest>,
	post: (m: IncrementalWorkerMessage) => void,
): Promise<IncrementalWorkerMessage> {
	const recorded = recordedBodiesOf(db);
	const warm: { fileName: string; text: string }[] = [];
	for (const path of globalFilesOf(db)) {
		// A component's program name and text come from its content: left to the program.
		if (isVirtualSource(path)) continue;
		try {
			const fileName = join(input.repoRoot, path);
			const text = readFileSync(fileName, "utf8");
			// As the program will read it if the file is there for its declarations only (the usual
			// case: unchanged); a file it reads whole is parsed again.
			const bodies = recorded(path);
			warm.push({ fileName, text: bodies ? declarationText(text, sha1(text), bodies) : text });
		} catch {
			// Gone since the previous index: the collector will not list it either.
		}
	}
	warmSourceFiles(warm, true);
	const warmCpu = threadCpuMs();
	const warmedAt = Date.now();

	const req = await request;
	// Idle since warmed up: the caller's side (collect, the previous index) was the longer one.
	const waitMs = Date.now() - warmedAt;
	let siteExtractor: SiteExtractor | undefined;
	if (req.siteExtractor) {
		const mod =
			req.siteExtractor.module === input.siteExtractorModule && extractorModule
				? extractorModule
				: await loadExtractor(req.siteExtractor.module);
		siteExtractor = mod.createSiteExtractor(req.siteExtractor.config);
	}
	const pathOf = new Map(req.files.map(([abs, path]) => [abs, path]));
	// Module names resolved as the previous index recorded them for this layout (resolve.ts).
	const resolver = recallingResolver(
		createModuleResolver(input.repoRoot, req.packages, PROGRAM_OPTIONS),
		recordedImportsOf(db, req.layout, pathOf),
	);
	const files = req.files.map(([abs, path, hash, packageIndex]) =>
		lazyFile(path, abs, join(input.repoRoot, path), packageIndex, hash, ""),
	);
	const given = new Map(req.notUnchanged.map(([abs, content]) => [abs, content]));
	const collected: CollectedFile[] = files.map((f) => {
		const content = given.get(f.abs);
		return content === undefined ? f : { ...f, content, lineCount: content.split("\n").length };
	});
	const notUnchanged = collected.filter((f) => given.has(f.abs));
	const dependents = new Set(
		notUnchanged.length || req.removedFiles.length
			? filesReferringToRemovedDefs(referenceQueries(db), notUnchanged, req.removedFiles)
			: [],
	);
	const reusable = (f: CollectedFile) => !given.has(f.abs) && !dependents.has(f.path);
	const changed = collected.filter((f) => !reusable(f));
	const previousGlobals = req.previousGlobals ? new Set(req.previousGlobals) : null;
	const globalFiles = collected.filter((f) =>
		reusable(f) && previousGlobals ? previousGlobals.has(f.path) : declaresGlobals(f.abs, f.content),
	);
	const changedPaths = new Set(changed.map((f) => f.abs));
	const globalRoots = globalFiles.filter((f) => !changedPaths.has(f.abs)).map((f) => f.abs);
	const received: FileExtract[] = [];
	const { timings } = extractFiles({
		repoRoot: input.repoRoot,
		packages: req.packages,
		// A file there for its declarations only is read without the bodies that cannot change them.
		sources: new Map(
			collected.map((f) => {
				if (!reusable(f)) return [f.abs, f];
				let text: string | undefined;
				const view = {
					path: f.path,
					get content(): string {
						text ??= declarationText(f.content, f.hash, recorded(f.path));
						return text;
					},
				};
				return [f.abs, view];
			}),
		),
		files: changed.map((f) => f.abs),
		resolver,
		extraRoots: [...req.declarationFiles, ...globalRoots],
		globalRoots,
		siteExtractor,
		onParsed: (done) => post({ type: "parsed", done }),
		onFile: (done) => {
			if (done % 50 === 0 || done === changed.length) post({ type: "progress", done });
		},
		// Sites travel as their saved text, as from the full run's threads; the caller loads them back.
		onExtracted: (f) => received.push({ ...f, sites: null }),
	});
	clearWarmed();
	const extracted: Extracted = { files: received, timings };
	return {
		type: "done",
		dependents: [...dependents],
		globalFiles: globalFiles.map((f) => f.path),
		resolverProblems: resolver.problems,
		extracted,
		cpu: threadCpuMs(),
		warmCpu,
		waitMs,
	};
}
