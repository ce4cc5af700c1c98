/**
 * The shape each member of a class family shows a newcomer: its class, contract and parent, where it
 * is created (and the function registering the instance there) or listed for a framework, and the
 * members in the order the answer takes its example from.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { type Listing, listingsOf } from "../class-listings.js";
import { type FileLoader, fileLoader } from "../file-loader.js";
import { repositoryCallees } from "../repository-callees.js";
import { namesIn } from "../verify.js";
import type { ClassFamily } from "./class-family.js";

export type ShapeIndex = Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById" | "fileLines">;

/** What one member shows of the family's shape. */
export interface Shape {
	member: DefRow;
	/** The class that is instantiated: the member, or a class implementing it (an interface member). */
	cls: DefRow | null;
	/** The contract the class implements besides the base: the member itself when it is an interface. */
	contract: DefRow | null;
	/** Where the class is created (`new X(…)`): the creating definition and the line. */
	created: { by: DefRow; file: string; line: number } | null;
	/** The function called on that line with the new instance (`registerStore`, `registry.enrollService`). */
	registeredWith: DefRow | null;
	/** The class the class extends (the base, or an intermediate one). */
	parent: DefRow | null;
	/** Where the class is listed for a framework to create it (`providers: [X]`, `useService(X)`), when nothing creates it. */
	listed: Listing | null;
}

/** A member's class, contract and parent, read from its edges; where it is created or listed is placed later. */
function shapeOf(index: ShapeIndex, family: ClassFamily, member: DefRow): Shape {
	const kindOf = (e: EdgeRow, from: "src" | "dst") => index.defById(from === "src" ? e.src : e.dst);
	const cls =
		member.kind === "class"
			? member
			: (index
					.edgesTo(member.id)
					.filter((e) => e.kind === "implements")
					.map((e) => kindOf(e, "src"))
					.find((d) => d?.kind === "class" && d.file && !isAuxiliaryPath(d.file)) ?? null);
	const contract =
		member.kind === "interface"
			? member
			: (index
					.edgesFrom(member.id)
					.filter((e) => e.kind === "implements" && e.dst !== family.base.id)
					.map((e) => kindOf(e, "dst"))
					.find((d) => d?.kind === "interface" && d.file) ?? null);
	const parent = cls
		? (index
				.edgesFrom(cls.id)
				.filter((e) => e.kind === "extends")
				.map((e) => index.defById(e.dst))
				.find((d) => d?.file) ?? null)
		: null;
	return { member, cls, contract, created: null, registeredWith: null, parent, listed: null };
}

export interface Creation {
	by: DefRow;
	file: string;
	line: number;
	registeredWith: DefRow | null;
}

/** Every place outside tests where `cls` is created (`new cls(…)`), with the function registering the instance there. */
export function creationsOf(index: ShapeIndex, cls: DefRow): Creation[] {
	const out: Creation[] = [];
	for (const e of index.edgesTo(cls.id)) {
		if (e.kind !== "new" || !e.file || e.line === null || isAuxiliaryPath(e.file)) continue;
		const by = index.defById(e.src);
		if (by)
			out.push({ by, file: e.file, line: e.line, registeredWith: registeringCall(index, by, e.line, cls) });
	}
	return out;
}

/**
 * Where each member is created: by the definition creating the most members (the registry: a
 * startup function, a list of providers) when it creates this one, else a site whose line registers
 * the instance, else the first site.
 */
function placeCreations(index: ShapeIndex, shapes: Shape[]): void {
	const sites = new Map<Shape, Creation[]>();
	const creators = new Map<number, number>();
	for (const sh of shapes) {
		const list = sh.cls ? creationsOf(index, sh.cls) : [];
		sites.set(sh, list);
		for (const id of new Set(list.map((c) => c.by.id))) creators.set(id, (creators.get(id) ?? 0) + 1);
	}
	// A registry creates most of the created members; one creating two of nineteen is a corner's.
	const created = shapes.filter((sh) => (sites.get(sh)?.length ?? 0) > 0).length;
	const busiest = [...creators.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
	const registry = busiest && busiest[1] > 1 && busiest[1] * 2 >= created ? busiest : undefined;
	for (const sh of shapes) {
		const list = sites.get(sh) ?? [];
		const c =
			list.find((x) => registry && x.by.id === registry[0]) ??
			list.find((x) => x.registeredWith) ??
			list.find((x) => sh.cls !== null && ownCreator(index, x.by, sh.cls)) ??
			list[0];
		if (c) {
			sh.created = { by: c.by, file: c.file, line: c.line };
			sh.registeredWith = c.registeredWith;
		}
	}
	placeListings(
		index,
		shapes.filter((sh) => !sh.created),
	);
}

/** The leading word of a name: "sendgrid" of `SendgridEmailProvider`, "mail" of `mailFactory`. */
const leadingWord = (name: string) =>
	(/^[A-Z]?[a-z0-9]+|^[A-Z]+(?![a-z])/.exec(name)?.[0] ?? "").toLowerCase();

/**
 * Whether `by` (or the class it is a method of) is the member's own creator, named with the member's
 * leading word: `SendgridHandler.buildProvider` creating `SendgridEmailProvider`, not a catch-all's.
 */
export function ownCreator(index: ShapeIndex, by: DefRow, cls: DefRow): boolean {
	const word = leadingWord(cls.name);
	if (word.length < 3) return false;
	const owner = by.parentId === null ? undefined : index.defById(by.parentId);
	return [by, owner].some((d) => d !== undefined && leadingWord(d.name) === word);
}

/**
 * Members nothing creates with `new` are created by a framework from where they are listed (a DI
 * container's `providers`, a tool list, `useService(X)`): the definition listing the most of them first.
 */
function placeListings(index: ShapeIndex, shapes: readonly Shape[]): void {
	const found = new Map<Shape, Listing[]>();
	const listers = new Map<number, number>();
	for (const sh of shapes) {
		const list = listingsOf(index, sh.cls ?? sh.member);
		found.set(sh, list);
		for (const id of new Set(list.map((l) => l.by.id))) listers.set(id, (listers.get(id) ?? 0) + 1);
	}
	const registry = [...listers.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
	for (const sh of shapes) {
		const list = found.get(sh) ?? [];
		sh.listed = list.find((l) => registry && registry[1] > 1 && l.by.id === registry[0]) ?? list[0] ?? null;
	}
}

/**
 * The repository function the new instance is handed to on its line (`registerStore('X', new X())`,
 * `registry.enrollService(new X())`): a callee of `by` whose call opens before `new cls` on the line
 * (the index keeps one call edge per caller and callee, so the edge's own line may be another's).
 * A method of the instance (`new X().run()`) registers nothing.
 */
function registeringCall(index: ShapeIndex, by: DefRow, line: number, cls: DefRow): DefRow | null {
	const text = index.fileLines(by.file ?? "", line, line)?.[0] ?? "";
	const at = text.indexOf(`new ${cls.name}`);
	if (at < 0) return null;
	let best: { def: DefRow; pos: number } | null = null;
	for (const callee of repositoryCallees(index, by)) {
		if (callee.parentId === cls.id) continue;
		const pos = text.lastIndexOf(`${callee.name}(`, at);
		if (pos >= 0 && namesIn(text.slice(pos), callee.name) && (!best || pos > best.pos))
			best = { def: callee, pos };
	}
	return best?.def ?? null;
}

/** How many parts of the shape a member shows: the best example shows them all. */
const completeness = (s: Shape) =>
	Number(s.cls !== null) +
	Number(s.contract !== null) +
	Number(s.created !== null || s.listed !== null) +
	Number(s.registeredWith !== null);

/**
 * The members' shapes, best example first: the one showing the most of the shape, then the most
 * typical (its class extends what most members' classes extend: `BaseCollection`, not an intermediate
 * class of one corner), then the most used (the one a newcomer meets first), then the one whose file
 * the question's search ranks first (`files`, best first: the seeding's order, known before the
 * material is assembled, so the material and the answer show the same example).
 */
export function orderedShapes(index: ShapeIndex, family: ClassFamily, files: readonly string[]): Shape[] {
	// The material and the answer of one question ask for the same family and file order: read once.
	const known = shapesRead.get(family);
	if (known?.files === files) return known.shapes;
	const shapes = readShapes(index, family, files);
	shapesRead.set(family, { files, shapes });
	return shapes;
}

const shapesRead = new WeakMap<ClassFamily, { files: readonly string[]; shapes: Shape[] }>();

function readShapes(index: ShapeIndex, family: ClassFamily, files: readonly string[]): Shape[] {
	const rankOf = new Map<string, number>();
	files.forEach((f, i) => {
		if (!rankOf.has(f)) rankOf.set(f, i);
	});
	const shapes = family.members.map((m) => shapeOf(index, family, m));
	placeCreations(index, shapes);
	const typical = typicalCount(shapes);
	return shapes.sort(
		(a, b) =>
			completeness(b) - completeness(a) ||
			typical(b) - typical(a) ||
			b.member.fanIn - a.member.fanIn ||
			(rankOf.get(a.member.file ?? "") ?? Number.MAX_SAFE_INTEGER) -
				(rankOf.get(b.member.file ?? "") ?? Number.MAX_SAFE_INTEGER) ||
			a.member.qualifiedName.localeCompare(b.member.qualifiedName),
	);
}

/** How many members' classes extend what this shape's class extends. */
export function typicalCount(shapes: readonly Shape[]): (sh: Shape) => number {
	const parents = new Map<number, number>();
	for (const sh of shapes) if (sh.parent) parents.set(sh.parent.id, (parents.get(sh.parent.id) ?? 0) + 1);
	return (sh) => (sh.parent ? (parents.get(sh.parent.id) ?? 0) : 0);
}

/**
 * The file that runs a module-level creation by importing its file (`models/startup.ts` holding
 * `import './Settings'`): of the importers of the creating file, the one importing the most files
 * that create members, with the import line. Null for a creation inside a function, or when the
 * import's line does not name the file.
 */
export function loaderOf(
	index: ShapeIndex,
	created: NonNullable<Shape["created"]>,
	shapes: readonly Shape[],
): FileLoader | null {
	const creatingModules = new Set(
		shapes
			.map((sh) => sh.created)
			.filter((c) => c?.by.kind === "module")
			.map((c) => c?.by.id as number),
	);
	return fileLoader(index, created.by, creatingModules);
}
