/**
 * Unchanged files that an incremental run re-extracts anyway, as their references may now resolve
 * elsewhere, nowhere, or through another type, and a full run would record them so:
 * - those referring to a definition that a changed file no longer has (deleted or renamed) or that
 *   lived in a deleted file;
 * - those referring to a definition of a changed file whose types may have changed: a top-level
 *   statement's type-bearing text (`typeShapes`: no function body) is no longer there, or a new
 *   one merges with an old name or changes the module's exports. Appending a new function changes
 *   no old shape, nor does a body edit: their importers stay reused;
 * - those calling a wrapper of a changed file whose calls of its parameters changed (it stops or
 *   starts calling `config.fn(…)`): the edges wrapper → inline function are written at the call
 *   sites (edges.ts, wrapperRuns), and a body edit moves no type;
 * - transitively, those referring to a dependent with an exported type that is inferred (no
 *   annotation, a value other than a function): its types may change with what it refers to (`const Settings = proxify<T>(…)`
 *   after `proxify` went away).
 * Importers through re-export files are among them: an import edge goes to the definition itself.
 *
 * Definitions are syntactic, so a changed file's new defIds are known from a parse alone, before
 * the type-checked program is built (which must then include these files).
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";
import type { CollectedFile } from "./collect.js";
import { extractDefs, type FileDefs } from "./defs.js";
import { wrapperCallsByDef } from "./parameter-calls.js";
import type { PreviousIndex } from "./previous.js";
import { PROGRAM_OPTIONS } from "./program.js";

export function filesReferringToRemovedDefs(
	previous: Pick<PreviousIndex, "defIdsOf" | "filesReferring" | "contentOf">,
	changed: CollectedFile[],
	removedFiles: string[],
): string[] {
	const seeds: string[] = [];
	for (const f of changed) {
		const before = previous.defIdsOf(f.path);
		if (before.length === 0) continue; // a new file
		const sf = parse(f.abs, f.content);
		const defsNow = extractDefs(sf, f.path);
		const now = new Set(defsNow.defs.map((d) => d.defId));
		const old = previous.contentOf(f.path);
		const oldSf = old === null ? null : parse(f.abs, old);
		const shapesMoved = oldSf === null || typesMayHaveChanged(oldSf, sf);
		for (const id of before) if (shapesMoved || !now.has(id)) seeds.push(id);
		if (oldSf && !shapesMoved) seeds.push(...wrappersChanged(extractDefs(oldSf, f.path), defsNow));
	}
	for (const path of removedFiles) seeds.push(...previous.defIdsOf(path));
	if (seeds.length === 0) return [];
	const excluded = new Set(changed.map((f) => f.path));
	const dependents: string[] = [];
	let frontier = previous.filesReferring(seeds);
	while (frontier.length > 0) {
		const next: string[] = [];
		for (const path of frontier) {
			if (excluded.has(path)) continue;
			excluded.add(path);
			dependents.push(path);
			const text = previous.contentOf(path);
			if (text === null || hasInferredTypes(parse(path, text))) next.push(...previous.defIdsOf(path));
		}
		frontier = next.length > 0 ? previous.filesReferring(next) : [];
	}
	return dependents;
}

/** The definitions of both texts whose calls of their parameters differ (parameter-calls.ts). */
function wrappersChanged(before: FileDefs, after: FileDefs): string[] {
	const old = wrapperCallsByDef(before);
	const now = wrapperCallsByDef(after);
	return [...new Set([...old.keys(), ...now.keys()])].filter((id) => old.get(id) !== now.get(id));
}

function parse(name: string, text: string): ts.SourceFile {
	return ts.createSourceFile(name, text, PROGRAM_OPTIONS.target as ts.ScriptTarget, true);
}

/** Whether a type another file sees may differ between the two texts of one file. */
export function typesMayHaveChanged(before: ts.SourceFile, after: ts.SourceFile): boolean {
	const old = typeShapes(before);
	const now = typeShapes(after);
	const oldNames = new Set(old.flatMap((s) => s.names));
	const newNames = new Set(now.flatMap((s) => s.names));
	const left = new Map<string, Shape[]>();
	for (const s of old) left.set(s.text, [...(left.get(s.text) ?? []), s]);
	const added: Shape[] = [];
	for (const s of now) {
		const same = left.get(s.text);
		if (same && same.length > 0) same.pop();
		else added.push(s);
	}
	// A statement that changed, or went while another declaration of its name stays (an overload, a
	// merged declaration). One that went with its names is no type change: the files referring to its
	// definitions are re-extracted as referring to removed definitions.
	const gone = [...left.values()].flat();
	if (gone.some((s) => s.names.length === 0 || s.names.some((n) => newNames.has(n)))) return true;
	// A new statement that merges with an old declaration or changes what the module exports.
	return added.some((s) => s.exportsOrMerges || s.names.some((n) => oldNames.has(n)));
}

interface Shape {
	text: string;
	names: string[];
	exportsOrMerges: boolean;
}

/**
 * Each top-level statement's text (with its JSDoc, which types a JS file) without what cannot
 * change its type: a function body under a declared return type, a constructor or setter body,
 * an initializer under a declared type (of an object literal, its members' data values only). A
 * class or an interface is its head and each member apart, so that a new member (a new name)
 * moves no old shape.
 */
function typeShapes(sf: ts.SourceFile): Shape[] {
	const textOf = (node: ts.Node, end: number): string => {
		const cuts: [number, number][] = [];
		const visit = (child: ts.Node): void => {
			if (child.getStart(sf) >= end) return;
			const cut = cutOf(child);
			if (cut) cuts.push([cut.getStart(sf), cut.getEnd()]);
			else ts.forEachChild(child, visit);
		};
		const own = cutOf(node);
		if (own) cuts.push([own.getStart(sf), own.getEnd()]);
		else ts.forEachChild(node, visit);
		let text = "";
		let at = node.getStart(sf, true);
		for (const [start, stop] of cuts) {
			text += `${sf.text.slice(at, start)}{}`;
			at = stop;
		}
		return text + sf.text.slice(at, end);
	};
	const shapes: Shape[] = [];
	for (const st of sf.statements) {
		const names = declaredNames(st);
		const exportsOrMerges =
			ts.isExportDeclaration(st) ||
			ts.isExportAssignment(st) ||
			ts.isModuleDeclaration(st) ||
			(!ts.isImportDeclaration(st) && names.length === 0 && !ts.isExpressionStatement(st));
		if ((ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st)) && st.name) {
			const owner = st.name.text;
			shapes.push({ text: textOf(st, st.members.pos), names, exportsOrMerges });
			for (const m of st.members) {
				const member = m.name && !ts.isComputedPropertyName(m.name) ? m.name.getText(sf) : "";
				shapes.push({
					text: `${owner}.${textOf(m, m.getEnd())}`,
					names: [`${owner}.${member}`],
					exportsOrMerges: false,
				});
			}
		} else shapes.push({ text: textOf(st, st.getEnd()), names, exportsOrMerges });
	}
	return shapes;
}

/** The part of `node` its type does not depend on, if any. */
function cutOf(node: ts.Node): ts.Node | undefined {
	// Every function body: under a declared return type it cannot move a type; without one it can
	// (an inferred return type), a gap left for speed (docs/indexing.md).
	if (ts.isFunctionLike(node) && "body" in node && node.body) return node.body as ts.Node;
	if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.type && node.initializer) {
		// An object literal is kept (its function bodies still cut): a call `name.member(…)` has its
		// edge to the literal's member whatever the declared type (literal-member.ts), so `m: fa` →
		// `m: fb` moves its callers' edges.
		return ts.isObjectLiteralExpression(skipWrappers(node.initializer)) ? undefined : node.initializer;
	}
	// Its members' data values are cut: no call goes to `1` or `{ a: true }`, and a settings object
	// edited must not re-extract every file reading it (exc: 313 files for one boolean).
	if (ts.isPropertyAssignment(node) && isData(node.initializer) && inAnnotatedLiteral(node))
		return node.initializer;
	return undefined;
}

/** A value with no function in it: literals, and arrays or object literals of them. */
function isData(value: ts.Expression): boolean {
	const v = skipWrappers(value);
	if (ts.isLiteralExpression(v) || ts.isNoSubstitutionTemplateLiteral(v)) return true;
	if (ts.isPrefixUnaryExpression(v)) return ts.isNumericLiteral(v.operand);
	if (ts.isArrayLiteralExpression(v)) return v.elements.every(isData);
	if (ts.isObjectLiteralExpression(v))
		return v.properties.every((p) => ts.isPropertyAssignment(p) && isData(p.initializer));
	const k = v.kind;
	return (
		k === ts.SyntaxKind.TrueKeyword || k === ts.SyntaxKind.FalseKeyword || k === ts.SyntaxKind.NullKeyword
	);
}

/** Whether `member` is written directly in the object literal of a declaration with a declared type. */
function inAnnotatedLiteral(member: ts.PropertyAssignment): boolean {
	let at: ts.Node = member.parent;
	while (at.parent && skipWrappers(at.parent as ts.Expression) !== at.parent) at = at.parent;
	const owner = at.parent;
	return (
		owner !== undefined &&
		(ts.isVariableDeclaration(owner) || ts.isPropertyDeclaration(owner)) &&
		owner.type !== undefined &&
		owner.initializer === at
	);
}

function declaredNames(st: ts.Statement): string[] {
	if (ts.isVariableStatement(st)) {
		return st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
	}
	const name = (st as { name?: ts.Node }).name;
	return name && ts.isIdentifier(name) ? [name.text] : [];
}

/** Whether a top-level type of the file comes from inference (no annotation), so from elsewhere. */
function hasInferredTypes(sf: ts.SourceFile): boolean {
	const isFunction = (e: ts.Node) => ts.isArrowFunction(e) || ts.isFunctionExpression(e);
	const inferred = (node: ts.Node): boolean => {
		if (
			(ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) &&
			!node.type &&
			node.initializer
		) {
			return !isFunction(node.initializer);
		}
		if (ts.isExportAssignment(node)) return !isFunction(node.expression);
		if (ts.isFunctionLike(node)) return false; // bodies are not followed (cutOf)
		return ts.forEachChild(node, inferred) ?? false;
	};
	// What another file can see: exported statements, or every one when a local `export { … }`
	// may export any of them.
	const localExports = sf.statements.some((st) => ts.isExportDeclaration(st) && !st.moduleSpecifier);
	return sf.statements.some(
		(st) => !ts.isImportDeclaration(st) && (localExports || isExported(st)) && inferred(st),
	);
}

function isExported(st: ts.Statement): boolean {
	if (ts.isExportAssignment(st)) return true;
	return (
		ts.canHaveModifiers(st) &&
		(ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false)
	);
}
