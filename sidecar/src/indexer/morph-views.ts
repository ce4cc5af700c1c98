/**
 * ts-morph views of a program's source files for the site extractor, all in one ts-morph context.
 * `createWrappedNode` per file made a context per file (its file system and directory caches), and
 * in it a wrapper for every other file a symbol's declarations reached: ~2 % of a full index's CPU.
 * The nodes wrapped while a file is extracted are forgotten after it, as the per-file context's were
 * dropped with it; source-file, symbol and type wrappers stay for the next files.
 */
import type { SourceFile, ts } from "ts-morph";
import { createWrappedNode } from "#ts-morph";

interface Factory {
	getSourceFile(sf: ts.SourceFile, options: { markInProject: boolean }): SourceFile;
	forgetNodesCreatedInBlock<T>(block: () => T): T;
}

export type MorphView = <T>(sf: ts.SourceFile, use: (view: SourceFile) => T) => T;

export function morphViews(checker: ts.TypeChecker, compilerOptions: ts.CompilerOptions): MorphView {
	let factory: Factory | undefined;
	return (sf, use) => {
		if (!factory) {
			const first = createWrappedNode(sf, { sourceFile: sf, typeChecker: checker, compilerOptions });
			factory = (first as unknown as { _context: { compilerFactory: Factory } })._context.compilerFactory;
		}
		const f = factory;
		return f.forgetNodesCreatedInBlock(() => use(f.getSourceFile(sf, { markInProject: true })));
	};
}
