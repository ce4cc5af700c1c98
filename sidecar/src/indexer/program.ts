/**
 * One TypeScript program over the files to extract. Raw compiler API rather than a ts-morph
 * Project: on a ~7,000-file monorepo, ts-morph's per-file bookkeeping cost more than the parse
 * itself. Extraction works on the compiler's own nodes.
 * Sources already read by the collector are served from memory, so each file is read once.
 */
import { createRequire } from "node:module";
import type * as TsMorphCommon from "@ts-morph/common";
import { ts } from "#ts-morph";
import { type ImportNeed, isModuleFile, unneededImports } from "./import-scope.js";
import type { ModuleResolver } from "./resolve.js";

// Through require: imported as an ES module, Node would first scan its ~3 MB of CommonJS source
// for named exports and module syntax (~80 ms of CPU per process).
const { getLibFiles, libFolderInMemoryPath } = createRequire(import.meta.url)(
	"@ts-morph/common",
) as typeof TsMorphCommon;

/** Compiler options of the shared program: permissive, so any package's code type-checks enough to resolve. */
export const PROGRAM_OPTIONS: ts.CompilerOptions = {
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.ESNext,
	moduleResolution: ts.ModuleResolutionKind.Bundler,
	allowJs: true,
	checkJs: false,
	jsx: ts.JsxEmit.Preserve,
	lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
	types: [],
	strict: true,
	skipLibCheck: true,
	noEmit: true,
	experimentalDecorators: true,
	allowImportingTsExtensions: true,
	resolveJsonModule: false,
	maxNodeModuleJsDepth: 0,
	ignoreDeprecations: "6.0",
};

/** What a program is built for: the files extracted, and the roots there for their globals only. */
export interface ProgramScope {
	/** Every import of these is followed; other files' only where their declarations need it (import-scope.ts). */
	extracted: ReadonlySet<string>;
	/** Roots that may declare globals: unless something imports them, only their global parts' imports are followed. */
	globalRoots: ReadonlySet<string>;
}

/**
 * One program over `rootFiles` and what they import. `sources` holds the collected files by
 * absolute path (a file's content is asked for only when the program loads it). With a `scope`,
 * files not extracted pull in only what the extracted files' types can depend on.
 */
export function createIndexProgram(
	rootFiles: string[],
	sources: ReadonlyMap<string, { readonly content: string }>,
	resolver: ModuleResolver,
	/** Called with the number of collected sources parsed so far, every 50 (progress). */
	onParsed?: (files: number) => void,
	scope?: ProgramScope,
): { program: ts.Program; checker: ts.TypeChecker } {
	let parsed = 0;
	// No parent pointers at parse time: the binder sets every node's parent when the checker is
	// made (before anything here reads one), as it does for tsc; setting them twice cost ~5 % of a run.
	const host = ts.createCompilerHost(PROGRAM_OPTIONS, false);
	// The lib .d.ts files ship inside ts-morph (matching its TypeScript), not on disk.
	const libs = libMap();
	const inMemory = (f: string) => libs.get(f) ?? sources.get(f)?.content;
	host.getDefaultLibLocation = () => libFolderInMemoryPath;
	host.getDefaultLibFileName = (o) => `${libFolderInMemoryPath}/${ts.getDefaultLibFileName(o)}`;
	const readFile = host.readFile.bind(host);
	host.readFile = (f) => inMemory(f) ?? readFile(f);
	const fileExists = host.fileExists.bind(host);
	host.fileExists = (f) => libs.has(f) || sources.has(f) || fileExists(f);
	// JSDoc is parsed only where it carries types (JS files): in TS and .d.ts files (lib.dom.d.ts
	// above all) it is most of the parse time and nothing here reads it (doc comments are read
	// from the comment text).
	host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeInfo;
	const getSourceFile = host.getSourceFile.bind(host);
	// Parsed once: a second pass over the roots (below) reuses them.
	const parsedFiles = new Map<string, ts.SourceFile | undefined>();
	host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
		if (parsedFiles.has(fileName)) return parsedFiles.get(fileName);
		const text = inMemory(fileName);
		if (onParsed && sources.has(fileName) && ++parsed % 50 === 0) onParsed(parsed);
		const options =
			typeof languageVersion === "object"
				? { ...languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo }
				: { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo };
		const sf =
			(text === undefined ? undefined : takeWarmed(fileName, text, options)) ??
			(text === undefined
				? getSourceFile(fileName, options, onError, shouldCreate)
				: ts.createSourceFile(fileName, text, options, false));
		parsedFiles.set(fileName, sf);
		return sf;
	};
	/** Files some followed import resolved to; roots resolved for their globals only; those imported after all. */
	const imported = new Set<string>();
	const globalsOnly = new Set<string>();
	const conflicts = new Set<string>();
	const need = (file: string, sf: ts.SourceFile): ImportNeed | null => {
		if (!scope || scope.extracted.has(file)) return null;
		if (scope.globalRoots.has(file) && !imported.has(file) && !conflicts.has(file) && isModuleFile(sf)) {
			globalsOnly.add(file);
			return "globals";
		}
		return "declarations";
	};
	host.resolveModuleNameLiterals = (
		literals,
		containingFile,
		_redirected,
		_options,
		containingSourceFile,
	) => {
		const needed = need(containingFile, containingSourceFile);
		const unneeded = needed ? unneededImports(containingSourceFile, needed) : undefined;
		// The program keeps one resolution per module name and file: a name is dropped only when
		// every import of it is unneeded (`import type { T }` and `import { v }` from one module).
		const kept = new Set(literals.filter((l) => !unneeded?.has(l)).map((l) => l.text));
		return literals.map((l) => {
			if (!kept.has(l.text)) return { resolvedModule: undefined };
			const resolved = resolver.resolve(l.text, containingFile);
			if (resolved) {
				imported.add(resolved.resolvedFileName);
				if (globalsOnly.has(resolved.resolvedFileName)) conflicts.add(resolved.resolvedFileName);
			}
			return { resolvedModule: resolved };
		});
	};
	let program = ts.createProgram({ rootNames: rootFiles, options: PROGRAM_OPTIONS, host });
	// A root taken for its globals alone turned out to be imported too: its declarations matter
	// after all. Once more over the same parsed files, with those followed for their declarations.
	for (let seen = 0; conflicts.size > seen; ) {
		seen = conflicts.size;
		imported.clear();
		globalsOnly.clear();
		program = ts.createProgram({ rootNames: rootFiles, options: PROGRAM_OPTIONS, host });
	}
	return { program, checker: program.getTypeChecker() };
}

/** Files parsed and bound ahead of this thread's next program (`warmSourceFiles`), by name. */
const warmed = new Map<string, { text: string; options: ts.CreateSourceFileOptions; sf: ts.SourceFile }>();

/**
 * Parse and bind files ahead of this thread's next `createIndexProgram` (the lib files, files
 * declaring globals), while another thread does other work: the program takes a warmed file
 * only when its text and its parse options are those it would parse the file with, and binding
 * depends on nothing but the file and the compiler options (the checker binds each file alone,
 * and skips one already bound). So the program is the one it would have built anyway. Each
 * warmed file serves one program; files it does not ask for are dropped with it.
 */
export function warmSourceFiles(files: { fileName: string; text: string }[], withLibs: boolean): void {
	const host = ts.createCompilerHost(PROGRAM_OPTIONS, false);
	const all = withLibs
		? [...libNames().map((fileName) => ({ fileName, text: libText(fileName) as string })), ...files]
		: files;
	for (const { fileName, text } of all) {
		if (warmed.has(fileName)) continue;
		const options = parseOptions(fileName, host);
		const sf = ts.createSourceFile(fileName, text, options, false);
		bindSourceFile?.(sf, PROGRAM_OPTIONS);
		warmed.set(fileName, { text, options, sf });
	}
}

/** Drop what `warmSourceFiles` parsed and no program took. */
export function clearWarmed(): void {
	warmed.clear();
}

type Bind = (file: ts.SourceFile, options: ts.CompilerOptions) => void;
const bindSourceFile = (ts as unknown as { bindSourceFile?: Bind }).bindSourceFile;

/**
 * The options a program over PROGRAM_OPTIONS parses `fileName` with, as TypeScript's program
 * makes them (its `getCreateSourceFileOptions`), with this module's JSDoc mode.
 */
function parseOptions(fileName: string, host: ts.CompilerHost): ts.CreateSourceFileOptions {
	const internal = ts as unknown as {
		getImpliedNodeFormatForFileWorker(
			fileName: string,
			cache: undefined,
			host: ts.ModuleResolutionHost,
			options: ts.CompilerOptions,
		): ts.ResolutionMode | { impliedNodeFormat: ts.ResolutionMode };
		getSetExternalModuleIndicator(options: ts.CompilerOptions): (file: ts.SourceFile) => void;
		getEmitScriptTarget(options: ts.CompilerOptions): ts.ScriptTarget;
	};
	const implied = internal.getImpliedNodeFormatForFileWorker(fileName, undefined, host, PROGRAM_OPTIONS);
	const common = {
		languageVersion: internal.getEmitScriptTarget(PROGRAM_OPTIONS),
		setExternalModuleIndicator: internal.getSetExternalModuleIndicator(PROGRAM_OPTIONS),
		jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo,
	};
	return typeof implied === "object" ? { ...implied, ...common } : { ...common, impliedNodeFormat: implied };
}

/** The warmed file for `fileName` when it was parsed from `text` with these options (else undefined). */
function takeWarmed(
	fileName: string,
	text: string,
	options: ts.CreateSourceFileOptions,
): ts.SourceFile | undefined {
	const w = warmed.get(fileName);
	if (!w) return undefined;
	warmed.delete(fileName);
	const same =
		w.text === text &&
		w.options.languageVersion === options.languageVersion &&
		w.options.impliedNodeFormat === options.impliedNodeFormat &&
		w.options.jsDocParsingMode === options.jsDocParsingMode &&
		String(w.options.setExternalModuleIndicator) === String(options.setExternalModuleIndicator);
	return same ? w.sf : undefined;
}

let libs: { fileName: string; text: string }[] | undefined;
function libFiles(): { fileName: string; text: string }[] {
	libs ??= getLibFiles();
	return libs;
}

let libsByPath: Map<string, string> | undefined;
/** The lib files' program paths and texts. */
function libMap(): Map<string, string> {
	libsByPath ??= new Map(libFiles().map((lib) => [`${libFolderInMemoryPath}/${lib.fileName}`, lib.text]));
	return libsByPath;
}
const libText = (path: string) => libMap().get(path);

/** The program paths of the lib files PROGRAM_OPTIONS names, with those they reference. */
function libNames(): string[] {
	const names = new Set<string>();
	const add = (name: string) => {
		const path = `${libFolderInMemoryPath}/${name}`;
		const text = libText(path);
		if (text === undefined || names.has(path)) return;
		names.add(path);
		for (const m of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"/gm))
			add(`lib.${(m[1] as string).toLowerCase()}.d.ts`);
	};
	for (const lib of PROGRAM_OPTIONS.lib ?? []) add(lib);
	return [...names];
}
