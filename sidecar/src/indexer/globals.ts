/**
 * Which files can add to every other file's global scope, and so must be in every program (each
 * extraction share's, and an incremental run's): `mayDeclareGlobals` by the text, and for JS files,
 * which it takes whole, what the compiler's binder says of the file alone.
 */
import { ts } from "#ts-morph";
import { mayDeclareGlobals } from "./parallel.js";
import { PROGRAM_OPTIONS } from "./program.js";

const JS_FILE = /\.[cm]?jsx?$/;

/** The binder's per-file output the checker merges into the global scope (internal fields). */
interface BoundFile {
	externalModuleIndicator?: unknown;
	commonJsModuleIndicator?: unknown;
	jsGlobalAugmentations?: ReadonlyMap<string, unknown>;
	moduleAugmentations?: readonly unknown[];
	patternAmbientModules?: readonly unknown[];
	symbol?: { globalExports?: ReadonlyMap<string, unknown> };
}

type Bind = (file: ts.SourceFile, options: ts.CompilerOptions) => void;
const bindSourceFile = (ts as unknown as { bindSourceFile?: Bind }).bindSourceFile;

/**
 * True when the file may declare globals. A JS module file (ES or CommonJS) does only through
 * what the checker merges into the global scope besides a script's top-level names: top-level
 * expando assignments to an undeclared name (`process.env.X = …` declares a global `process`),
 * module augmentations, `export as namespace`. Binding one file needs no other file, and gives
 * the same answer as in any program (same options); a file a program would force to be a module
 * (`.mjs`) but that reads as a script here is kept, which only costs time. Errs towards true.
 */
export function declaresGlobals(path: string, content: string): boolean {
	if (!mayDeclareGlobals(path, content)) return false;
	if (!JS_FILE.test(path) || !bindSourceFile) return true;
	const sf = ts.createSourceFile(path, content, {
		languageVersion: PROGRAM_OPTIONS.target as ts.ScriptTarget,
		jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo,
	});
	try {
		bindSourceFile(sf, PROGRAM_OPTIONS);
	} catch {
		return true;
	}
	const bound = sf as unknown as BoundFile;
	const isModule = bound.externalModuleIndicator !== undefined || bound.commonJsModuleIndicator !== undefined;
	return (
		!isModule ||
		(bound.jsGlobalAugmentations?.size ?? 0) > 0 ||
		(bound.moduleAugmentations?.length ?? 0) > 0 ||
		(bound.patternAmbientModules?.length ?? 0) > 0 ||
		(bound.symbol?.globalExports?.size ?? 0) > 0
	);
}
