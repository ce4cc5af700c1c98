/**
 * A group's places in an impact answer, most important first: outside X's own body, the product's before
 * an example's or a fixture's, a creation before a call, then those in X's own folder, then the files most others use (central code before a leaf), then
 * the files that use X most, then by path; every file's first before any file's second.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, DispatchSiteRow } from "../../index/types.js";
import { importsFile, namesInCode } from "../code-mentions.js";
import { breadthFirst, type GroupId, KIND_ORDER, type Place } from "./groups.js";
import { handlerName } from "./target.js";

export type PlacesIndex = Pick<IndexReader, "fileLines" | "def" | "defAt">;

type Site = { file: string; line: number; kind: string };

/** What a group's places are read and ordered with. */
export interface PlaceOrder {
	index: PlacesIndex;
	target: DefRow;
	/** The name the listing looked for. */
	looked: string;
	/** A key or a literal: its name in a string is a use, not a mere mention. */
	inStrings: boolean;
	/** The key's register and dispatch sites by `file:line`, when X is (or is keyed as) a trunk's key. */
	keySide: ReadonlyMap<string, DispatchSiteRow>;
	/** Whether a site is inside X's own body. */
	inside: (s: { file: string; line: number }) => boolean;
	/** Whether a site is the key's declaration (cited in "In short" already). */
	atDeclaration: (s: { file: string; line: number }) => boolean;
	sitesPerFile: ReadonlyMap<string, number>;
	/** How many files use a file (file-users.ts). */
	users: { of(file: string): number };
	/** Files beside the product (examples, fixtures, test tooling): their places go after the product's. */
	beside: ReadonlySet<string>;
}

/** The folder of a file, with its closing slash ("" for a file at the root). */
export const dirOf = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);

/**
 * The places of one group, from its sites: "Other references" get one line per file, calls one per
 * file and caller (its other sites folded in); `home` is X's own folders, `later` the files whose
 * places go after the others'.
 */
export function groupPlaces(
	{
		index,
		target,
		looked,
		inStrings,
		keySide,
		inside,
		atDeclaration,
		sitesPerFile,
		users,
		beside,
	}: PlaceOrder,
	group: GroupId,
	sites: readonly Site[],
	home: ReadonlySet<string>,
	later: ReadonlySet<string> | null,
): Place[] {
	const away = (s: { file: string }) => Number(!home.has(dirOf(s.file)));
	const list = [...sites].sort(
		(a, b) =>
			Number(inside(a)) - Number(inside(b)) ||
			Number(beside.has(a.file)) - Number(beside.has(b.file)) ||
			(KIND_ORDER[a.kind] ?? 4) - (KIND_ORDER[b.kind] ?? 4) ||
			away(a) - away(b) ||
			users.of(b.file) - users.of(a.file) ||
			(sitesPerFile.get(b.file) ?? 0) - (sitesPerFile.get(a.file) ?? 0) ||
			a.file.localeCompare(b.file) ||
			a.line - b.line,
	);
	const places: Place[] = [];
	const perFile = new Map<string, Place>();
	for (const s of list) {
		// X's own body is counted, not listed: the places are where X is used from outside; so is a
		// key's declaration (cited in "In short" already).
		if (inside(s) || atDeclaration(s)) continue;
		// A name in a comment (or a definition's name in a string: 'Event-Streamer') is counted, not a
		// place to check; a path importing X's own file (`from './ConfigCache'`) is one.
		const text = s.kind === "literal" ? (index.fileLines(s.file, s.line, s.line)?.[0] ?? "") : "";
		if (
			s.kind === "literal" &&
			!namesInCode(text, looked, inStrings) &&
			!(target.file && importsFile(text, s.file, target.file))
		)
			continue;
		const ks = keySide.get(`${s.file}:${s.line}`);
		// A register site's own enclosing definition (defAt would give the inline handler itself).
		const within = ks
			? ks.enclosingDefId
				? index.def(ks.enclosingDefId)
				: undefined
			: index.defAt(s.file, s.line);
		// Other references fold by file; calls by file and caller (each caller is a place to check).
		const fold = group === "other" ? s.file : group === "run" ? `${s.file}#${within?.id ?? ""}` : null;
		const folded = fold === null ? undefined : perFile.get(fold);
		if (folded) {
			folded.alsoInFile++;
			continue;
		}
		const p: Place = {
			group,
			file: s.file,
			line: s.line,
			kind: s.kind,
			within,
			handler: ks?.handlerDefId ? handlerName(index, ks.handlerDefId) : null,
			alsoInFile: 0,
		};
		if (fold !== null) perFile.set(fold, p);
		places.push(p);
	}
	return breadthFirst(places, later);
}
