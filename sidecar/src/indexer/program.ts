/**
 * One TypeScript program over the files to extract. Raw compiler API rather than a ts-morph
 * Project: on a ~7,000-file monorepo, ts-morph's per-file bookkeeping cost more than the parse
 * itself. ts-morph wrappers are made only where a plug-in needs them (`wrapSourceFile`).
 * Sources already read by the collector are served from memory, so each file is read once.
 */
import { createRequire } from "node:module";
import type * as TsMorphCommon from "@ts-morph/common";
import { createWrappedNode, type SourceFile, ts } from "ts-morph";
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
	const libs = new Map(libFiles().map((lib) => [`${libFolderInMemoryPath}/${lib.fileName}`, lib.text]));
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
			text === undefined
				? getSourceFile(fileName, options, onError, shouldCreate)
				: ts.createSourceFile(fileName, text, options, false);
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

let libs: { fileName: string; text: string }[] | undefined;
function libFiles(): { fileName: string; text: string }[] {
	libs ??= getLibFiles();
	return libs;
}

/** A ts-morph view of one source file of the program, for plug-ins written against ts-morph. */
export function wrapSourceFile(sf: ts.SourceFile, checker: ts.TypeChecker): SourceFile {
	return createWrappedNode(sf, { sourceFile: sf, typeChecker: checker, compilerOptions: PROGRAM_OPTIONS });
}
