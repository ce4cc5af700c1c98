/**
 * ts-morph views of a program's source files for the site extractor, all in one ts-morph context.
 * `createWrappedNode` per file made a context per file (its file system and directory caches), and
 * in it a wrapper for every other file a symbol's declarations reached: ~2 % of a full index's CPU.
 * The nodes wrapped while a file is extracted are forgotten after it, as the per-file context's were
 * dropped with it; source-file, symbol and type wrappers stay for the next files.
 */
import type { Node, SourceFile, ts } from "ts-morph";
import { createWrappedNode, SyntaxKind } from "#ts-morph";

interface Factory {
	getSourceFile(sf: ts.SourceFile, options: { markInProject: boolean }): SourceFile;
	forgetNodesCreatedInBlock<T>(block: () => T): T;
	getNodeFromCompilerNode(node: ts.Node, sourceFile: SourceFile): Node;
	hasCompilerNode(node: ts.Node): boolean;
}

/** ts-morph's own step of `forget()` without the children (`forget()` would wrap syntax lists to find them). */
interface Forgettable {
	_forgetOnlyThis(): void;
}

export type MorphView = <T>(sf: ts.SourceFile, use: (view: SourceFile) => T) => T;

export function morphViews(checker: ts.TypeChecker, compilerOptions: ts.CompilerOptions): MorphView {
	let factory: Factory | undefined;
	let created: Node[] | undefined;
	return (sf, use) => {
		if (!factory) {
			const first = createWrappedNode(sf, { sourceFile: sf, typeChecker: checker, compilerOptions });
			factory = (first as unknown as { _context: { compilerFactory: Factory } })._context.compilerFactory;
			created = recordCreations(factory);
		}
		const f = factory;
		const made = created as Node[];
		return f.forgetNodesCreatedInBlock(() => {
			made.length = 0;
			try {
				return use(f.getSourceFile(sf, { markInProject: true }));
			} finally {
				forgetChildrenFirst(made);
			}
		});
	};
}

/**
 * Every node wrapper the factory makes, in the order ts-morph's forget point records them: a wrapper
 * makes its missing parent's first, so a parent comes before its children. Every wrapper is made
 * through `getNodeFromCompilerNode` (a child's parent too, via `this`), so an own property sees all.
 */
function recordCreations(factory: Factory): Node[] {
	const created: Node[] = [];
	const make = factory.getNodeFromCompilerNode;
	factory.getNodeFromCompilerNode = function (this: Factory, node, sourceFile) {
		// Source files are kept (ts-morph's forget point skips them too).
		if (node.kind === SyntaxKind.SourceFile || this.hasCompilerNode(node))
			return make.call(this, node, sourceFile);
		const wrapper = make.call(this, node, sourceFile);
		created.push(wrapper);
		return wrapper;
	};
	return created;
}

/**
 * Forgets the file's new wrappers children first, before ts-morph's forget point forgets them in
 * creation order. In that order each forgotten node asks for its parent (`getParent`), already
 * forgotten, and so makes it again — a wrapper that is never forgotten (~38 % of the wrappers made
 * on a large repository). Children first, every parent asked for still exists: the same wrappers
 * are forgotten and none is made; the forget point then finds them all forgotten. (A node one of
 * ts-morph's inner blocks remembers — its reference-tracking APIs, unused here — goes with the file.)
 */
function forgetChildrenFirst(created: Node[]): void {
	for (let i = created.length - 1; i >= 0; i--) {
		const node = created[i] as Node;
		if (!node.wasForgotten()) (node as unknown as Forgettable)._forgetOnlyThis();
	}
	created.length = 0;
}
