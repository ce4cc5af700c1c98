/** Where a typed map of a trunk's keys declares one key: a new key is declared there too, or its clients do not compile. */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { KeyFamilyIndex } from "./key-family.js";

/** The declaration of a key in a typed map of the keys, and the type that takes the map in. */
export interface KeyDeclaration {
	/** The map's member named by the key (`NoteRoutes(/v1/notes.create)`). */
	member: DefRow;
	/** The key as the member writes it (`/v1/notes.create`, or the constant: `Events.USER_CREATED`). */
	written: string;
	/** Where another type takes the member's map in (`interface Endpoints extends NoteRoutes, …`). */
	takenIn: { by: DefRow; file: string; line: number; named: string } | null;
}

/**
 * Where the index has a key declared by a typed map's member (a `declares` edge into the key's node,
 * trunks/declarations.ts): the member outside tests, the first by file, and the interface or type of
 * another file that extends or references the member's map, when one does. Null when none declares it.
 */
export function keyDeclaration(index: KeyFamilyIndex, trunk: string, key: string): KeyDeclaration | null {
	const node = index.def(`trunk:${trunk}#${key}`);
	if (!node) return null;
	const member = index
		.edgesTo(node.id)
		.filter((e) => e.kind === "declares")
		.map((e) => index.defById(e.src))
		.filter((d): d is DefRow => !!d?.file && d.startLine !== null && !isAuxiliaryPath(d.file))
		.sort((a, b) => (a.file ?? "").localeCompare(b.file ?? "") || (a.startLine ?? 0) - (b.startLine ?? 0))[0];
	if (!member) return null;
	const map = member.parentId === null ? undefined : index.defById(member.parentId);
	const written = map ? member.qualifiedName.slice(map.qualifiedName.length + 1, -1) : key;
	let takenIn: KeyDeclaration["takenIn"] = null;
	if (map) {
		for (const e of index.edgesTo(map.id)) {
			if ((e.kind !== "extends" && e.kind !== "reference") || !e.file || e.line === null) continue;
			if (e.file === map.file || isAuxiliaryPath(e.file)) continue;
			const by = index.defById(e.src);
			if (!by || (by.kind !== "interface" && by.kind !== "type")) continue;
			takenIn = { by, file: e.file, line: e.line, named: map.name };
			break;
		}
	}
	return { member, written, takenIn };
}
