/**
 * A run's extraction on this thread or over worker threads (parallel.ts): one program over the
 * changed files and what they import, their definitions, edges and dispatch sites. The files that
 * may declare globals are in every program, so references resolve as in one program over everything.
 */
import type { SiteExtractor } from "../index/types.js";
import { declarationText } from "./bodies.js";
import type { CollectedFile } from "./collect.js";
import { defaultThreadHeapMb, SHARE_CHARS, threadCount } from "./extraction-plan.js";
import type { RunContext } from "./run-context.js";

/** What this thread extracts, and with which site extractor. */
export interface ExtractHereWork {
	/** The files to extract: changed, or reading what changed. */
	changed: CollectedFile[];
	/** A file whose previous rows stand (unchanged, no dependent of a change). */
	reusable: (f: CollectedFile) => boolean;
	extractor: SiteExtractor | undefined;
}

export async function extractHere(run: RunContext, work: ExtractHereWork) {
	const { options, repoRoot, packages, collected, previous, layout, notes, problems, relative, progress } =
		run;
	const { changed, reusable, extractor } = work;
	// Only manifests changed: no program, and no compiler loaded (the globals are as recorded).
	if (changed.length === 0 && previous?.globalFiles) {
		const recorded = previous.globalFiles;
		return {
			extracted: { files: [], timings: { program: 0, defs: 0, edges: 0 } } as Awaited<
				ReturnType<typeof import("./extract.js").extractFiles>
			>,
			globalFiles: collected.files.filter((f) => recorded.has(f.path)),
			inWorkers: false,
			threads: 1,
		};
	}
	const [
		{ createModuleResolver, recallingResolver },
		{ PROGRAM_OPTIONS },
		{ extractFiles },
		{ extractInThreads },
		{ declaresGlobals },
	] = await Promise.all([
		import("./resolve.js"),
		import("./program.js"),
		import("./extract.js"),
		import("./parallel.js"),
		import("./globals.js"),
	]);
	const base = createModuleResolver(repoRoot, packages, PROGRAM_OPTIONS);
	// Module names resolved as the previous index recorded them, in the same layout.
	const pathOf = new Map(collected.files.map((f) => [f.abs, f.path]));
	const resolver = previous
		? recallingResolver(base, (file) => {
				const path = pathOf.get(file);
				const recorded = path === undefined ? undefined : previous.importsOf(path);
				return recorded?.layout === layout ? recorded.resolutions : undefined;
			})
		: base;
	for (const p of resolver.problems) {
		// An `extends` into a package that is not installed is expected without node_modules.
		(p.missingExtends ? notes : problems).push({ file: relative(p.file), reason: p.reason });
	}
	progress({ phase: "parse", done: 0, total: changed.length });
	const sources = new Map(collected.files.map((f) => [f.abs, f]));
	const threads = threadCount(options, changed.length);
	// A file in the program for its declarations only is read without the bodies that cannot
	// change them (bodies.ts), as the previous index recorded them for its content.
	const declared = new Map<string, { path: string; readonly content: string }>(
		collected.files.map((f) => {
			if (!previous || !reusable(f)) return [f.abs, f];
			let text: string | undefined;
			const view = {
				path: f.path,
				get content(): string {
					text ??= declarationText(f.content, f.hash, previous.bodiesOf(f.path));
					return text;
				},
			};
			return [f.abs, view];
		}),
	);
	const changedChars = changed.reduce((a, f) => a + f.content.length, 0);
	// Worker threads build their own site extractor from its module; without one, stay here.
	const inWorkers =
		(threads > 1 || changedChars > SHARE_CHARS) && !(extractor && !options.siteExtractorModule);
	const onFile = (done: number) => {
		if (done % 50 === 0 || done === changed.length)
			progress({ phase: "extract", done, total: changed.length });
	};
	// Files that may declare globals are in every program, so references resolve as in one program
	// over everything. Known for unchanged files from the previous index, without reading them.
	const globalFiles = collected.files.filter((f) =>
		reusable(f) && previous?.globalFiles
			? previous.globalFiles.has(f.path)
			: declaresGlobals(f.abs, f.content),
	);
	const changedPaths = new Set(changed.map((f) => f.abs));
	const globalRoots = globalFiles.filter((f) => !changedPaths.has(f.abs)).map((f) => f.abs);
	const extracted = inWorkers
		? await extractInThreads({
				repoRoot,
				packages,
				sources,
				files: changed.map((f) => f.abs),
				declarationFiles: collected.declarationFiles,
				globalFiles: globalFiles.map((f) => f.abs),
				siteExtractor:
					extractor && options.siteExtractorModule
						? { module: options.siteExtractorModule, config: options.trunkConfig }
						: null,
				localExtractor: extractor ?? null,
				threads,
				heapMb: options.threadHeapMb ?? defaultThreadHeapMb(threads),
				shareChars: SHARE_CHARS,
				// Workers report every 50 files (and their last): every event moves the line.
				onProgress: (phase, done, live) => progress({ phase, done, total: changed.length, live }),
			})
		: extractFiles({
				repoRoot,
				packages,
				sources: declared,
				files: changed.map((f) => f.abs),
				resolver,
				// Nothing changed: no program at all (the declaration files only matter to changed files).
				// Files that may declare globals are roots too, so the changed files resolve as in a full run.
				extraRoots: [...collected.declarationFiles, ...globalRoots],
				globalRoots,
				siteExtractor: extractor,
				onFile,
				onParsed: (n) =>
					progress({ phase: "parse", done: Math.min(n, changed.length), total: changed.length }),
			});
	return { extracted, globalFiles, inWorkers, threads };
}
