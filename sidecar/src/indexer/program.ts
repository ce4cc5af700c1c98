/**
 * One TypeScript program over the files to extract. Raw compiler API rather than a ts-morph
 * Project: on a ~7,000-file monorepo, ts-morph's per-file bookkeeping cost more than the parse
 * itself. ts-morph wrappers are made only where a plug-in needs them (`wrapSourceFile`).
 * Sources already read by the collector are served from memory, so each file is read once.
 */
import { getLibFiles, libFolderInMemoryPath } from "@ts-morph/common";
import { createWrappedNode, type SourceFile, ts } from "ts-morph";
import type { ModuleResolver } from "./resolve.js";

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

/**
 * One program over `rootFiles` and what they import. `sources` holds the collected files by
 * absolute path (a file's content is asked for only when the program loads it).
 */
export function createIndexProgram(
	rootFiles: string[],
	sources: ReadonlyMap<string, { readonly content: string }>,
	resolver: ModuleResolver,
	/** Called with the number of collected sources parsed so far, every 50 (progress). */
	onParsed?: (files: number) => void,
): { program: ts.Program; checker: ts.TypeChecker } {
	let parsed = 0;
	const host = ts.createCompilerHost(PROGRAM_OPTIONS, true);
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
	host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
		const text = inMemory(fileName);
		if (onParsed && sources.has(fileName) && ++parsed % 50 === 0) onParsed(parsed);
		const options =
			typeof languageVersion === "object"
				? { ...languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo }
				: { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo };
		return text === undefined
			? getSourceFile(fileName, options, onError, shouldCreate)
			: ts.createSourceFile(fileName, text, options, true);
	};
	host.resolveModuleNameLiterals = (literals, containingFile) =>
		literals.map((l) => ({ resolvedModule: resolver.resolve(l.text, containingFile) }));
	const program = ts.createProgram({ rootNames: rootFiles, options: PROGRAM_OPTIONS, host });
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
