/**
 * The type-checked stage of indexing for a set of files: one program over them (and what they
 * import), then each file's definitions, edges, call-site counts and dispatch sites. Runs on the
 * calling thread, or in worker threads over disjoint shares of the files (extract-worker.ts):
 * either way each file's output is the same, because a file's references resolve through what it
 * imports plus the files that declare globals, which every share's program holds.
 */
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext, SiteExtractor } from "../index/types.js";
import type { WorkspacePackage } from "../workspace/packages.js";
import { encodeBodies } from "./bodies.js";
import { blankableBodies } from "./body-ranges.js";
import { type DefRecord, extractDefs, moduleDefId } from "./defs.js";
import {
	createSiteCounts,
	defOfDeclaration,
	type EdgeContext,
	type EdgeRecord,
	extractEdges,
	type ImportCounts,
	implementationEdges,
	type SiteCounts,
	type Target,
} from "./edges.js";
import { noImportsByKind } from "./import-kinds.js";
import { morphViews } from "./morph-views.js";
import type { FileCounts } from "./previous.js";
import { createIndexProgram, PROGRAM_OPTIONS } from "./program.js";
import { createModuleResolver, type ModuleResolver, recordingResolver } from "./resolve.js";
import { sfcOfVirtual } from "./sfc.js";

export interface ExtractInput {
	repoRoot: string;
	packages: WorkspacePackage[];
	/** Every collected file by absolute path (content read on demand): what the program may load. */
	sources: ReadonlyMap<string, { readonly path: string; readonly content: string }>;
	/** Absolute paths of the files to extract, in index order. */
	files: string[];
	/** More program roots: declaration files, files declaring globals. */
	extraRoots: string[];
	/** Those of `extraRoots` that are there for the globals they may declare (see ProgramScope). */
	globalRoots?: string[];
	siteExtractor?: SiteExtractor;
	/** Called after each file with the number extracted so far. */
	onFile?: (done: number) => void;
	/** Takes each file's output as it is extracted; then `Extracted.files` is empty. */
	onExtracted?: (file: FileExtract) => void;
	/** The module resolver for `packages`, when the caller already made one (it reads every tsconfig). */
	resolver?: ModuleResolver;
	/** Called while the program is built with the number of collected sources parsed so far. */
	onParsed?: (files: number) => void;
	/**
	 * Follow the imports of files not extracted only where their declarations need them (a
	 * smaller program, the same types for the extracted files: see program.ts). Default true.
	 */
	pruneImports?: boolean;
}

/** One extracted file's share of the index. */
export interface FileExtract {
	path: string;
	defs: DefRecord[];
	edges: EdgeRecord[];
	/** The site extractor's records (null without an extractor or when extraction failed). */
	sites: DispatchSiteRecord[] | null;
	/** `sites` as saved text (before `finalize`), null when there are none. */
	savedSites: string | null;
	/** Null when the file was not loaded into the program. */
	counts: FileCounts | null;
	problems: string[];
	unresolvedImports: string[];
	/** Ranges of the file's bodies an incremental run may blank (bodies.ts, encoded), null for none. */
	bodies: string | null;
	/** How the file's module names resolved (resolve.ts `RecordedImports` as JSON), null when none were. */
	imports: string | null;
}

export interface Extracted {
	/** In the order of `input.files`. */
	files: FileExtract[];
	/** Milliseconds: program (parse, bind), defs, edges (with dispatch sites). */
	timings: { program: number; defs: number; edges: number };
	/**
	 * Per share of a threaded run: its files and timings, and `cpu`, the CPU milliseconds of its
	 * thread from start to end (module loading included; Linux only).
	 */
	shares?: { files: number; program: number; defs: number; edges: number; cpu?: number }[];
}

/** Extract `input.files` over one program. */
export function extractFiles(input: ExtractInput): Extracted {
	const { repoRoot, sources, siteExtractor: extractor } = input;
	let start = Date.now();
	const lap = () => {
		const ms = Date.now() - start;
		start = Date.now();
		return ms;
	};
	// Every resolution of an extracted file's module names is recorded for the next runs (resolve.ts).
	const recorder = recordingResolver(
		input.resolver ?? createModuleResolver(repoRoot, input.packages, PROGRAM_OPTIONS),
		new Set(input.files),
	);
	const resolver = recorder.resolver;
	const { program, checker } = createIndexProgram(
		input.files.length ? [...input.files, ...input.extraRoots] : [],
		sources,
		resolver,
		input.onParsed,
		input.pruneImports === false
			? undefined
			: { extracted: new Set(input.files), globalRoots: new Set(input.globalRoots ?? []) },
	);
	// Every file to extract is parsed now (the count above is of every collected source parsed).
	if (input.files.length) input.onParsed?.(input.files.length);
	const programMs = lap();
	// Definitions of the extracted files first; those of other indexed files in the program are
	// extracted when a reference first resolves into them (`loadDefs`).
	const defOfNode = new Map<ts.Node, string>();
	const defsByPath = new Map<string, DefRecord[]>();
	const loadDefs = (sf: ts.SourceFile) => {
		const path = sources.get(sf.fileName)?.path;
		if (!path || defsByPath.has(path)) return;
		const { defs, nodes } = extractDefs(sf, path);
		defsByPath.set(path, defs);
		for (const [n, id] of nodes) defOfNode.set(n, id);
	};
	for (const abs of input.files) {
		const sf = program.getSourceFile(abs);
		if (sf) loadDefs(sf);
	}
	const defsMs = lap();
	const indexedPath = new Map([...sources].map(([abs, f]) => [abs, f.path]));
	const ctx: EdgeContext = {
		checker,
		defOfNode,
		loadDefs,
		indexedPath,
		isWorkspaceImport: (m) => resolver.isWorkspaceImport(m),
		isAliasImport: (m, from) => resolver.isAliasImport(m, from),
		resolveModule: (m, from) => resolver.resolve(m, from)?.resolvedFileName,
		symbolCache: new Map<ts.Symbol, Target>(),
	};
	const view = morphViews(checker, PROGRAM_OPTIONS);
	const saveSites = (sites: DispatchSiteRecord[]) =>
		extractor?.saveSites ? extractor.saveSites(sites) : JSON.stringify(sites);
	const extractOne = (abs: string, i: number): FileExtract => {
		const path = sources.get(abs)?.path ?? abs;
		const result: FileExtract = {
			path,
			defs: defsByPath.get(path) ?? [],
			edges: [],
			sites: null,
			savedSites: null,
			counts: null,
			problems: [],
			unresolvedImports: [],
			bodies: null,
			imports: null,
		};
		const sf = program.getSourceFile(abs);
		if (!sf) {
			result.problems.push("not loaded into the program");
			return result;
		}
		const parseErrors = (sf as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
		if (parseErrors[0]) {
			const d = parseErrors[0];
			const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line + 1;
			result.problems.push(
				`does not parse (line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}); indexed what could be read`,
			);
		}
		const siteCounts: SiteCounts = createSiteCounts();
		const importCounts: ImportCounts = {
			inRepo: 0,
			resolved: 0,
			byKind: noImportsByKind(),
			unresolvedSpecifiers: [],
		};
		try {
			result.edges.push(...extractEdges(ctx, sf, path, siteCounts, importCounts));
			result.edges.push(...implementationEdges(ctx, sf));
			if (extractor) {
				const sites = view(sf, (morph) => extractor.extractFile(morph, siteContext(repoRoot, path, ctx)));
				result.sites = sites;
				// Saved before finalize, which may rewrite the records in place.
				if (sites.length) result.savedSites = saveSites(sites);
			}
		} catch (err) {
			result.problems.push(`extraction failed: ${(err as Error).message}`);
		}
		result.counts = {
			sites: [
				siteCounts.resolved,
				siteCounts.external,
				siteCounts.local,
				Object.fromEntries(siteCounts.unresolved),
			],
			imports: [importCounts.inRepo, importCounts.resolved],
			importKinds: importCounts.byKind,
			...(siteCounts.modules.size ? { modules: Object.fromEntries(siteCounts.modules) } : {}),
		};
		result.unresolvedImports = importCounts.unresolvedSpecifiers.slice(0, 5);
		// A component's program text is made from its file (sfc.ts), and a file that does not parse
		// may parse otherwise blanked: their bodies are never blanked.
		const bodies = sfcOfVirtual(abs) === null && !parseErrors[0] ? blankableBodies(sf) : null;
		result.bodies = bodies?.length ? encodeBodies(bodies) : null;
		result.imports = recorder.recordedFor(abs);
		input.onFile?.(i + 1);
		return result;
	};
	const files: FileExtract[] = [];
	for (const [i, abs] of input.files.entries()) {
		const result = extractOne(abs, i);
		// Handed over as it is done (a worker posts it): not held until the end.
		if (input.onExtracted) input.onExtracted(result);
		else files.push(result);
	}
	return { files, timings: { program: programMs, defs: defsMs, edges: lap() } };
}

/** The SiteContext a site extractor gets for one file. */
function siteContext(repoRoot: string, filePath: string, ctx: EdgeContext): SiteContext {
	const moduleId = moduleDefId(filePath);
	return {
		repoRoot,
		filePath,
		defIdOf: (declaration) =>
			defOfDeclaration(ctx, "compilerNode" in declaration ? declaration.compilerNode : declaration) ?? null,
		enclosingDefId(node) {
			const start = "compilerNode" in node ? node.compilerNode : node;
			for (let n: ts.Node | undefined = start; n; n = n.parent) {
				if (ts.isSourceFile(n)) return moduleId;
				const id = ctx.defOfNode.get(n);
				if (id) return id;
			}
			return moduleId;
		},
	};
}
