/**
 * Turning what a person types ("PushSender.send", "push.ts#PushSender.send", a full defId) into
 * exactly one definition of the index. Ambiguity is an error that lists the candidates, never a
 * silent "first symbol with that name".
 */
import { defIdHash } from "../index/def-id.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

export class GraphQueryError extends Error {
	constructor(
		readonly code: "not-found" | "ambiguous",
		message: string,
		readonly candidates: string[] = [],
	) {
		super(message);
		this.name = "GraphQueryError";
	}
}

const MAX_CANDIDATES = 10;

/**
 * Resolve a reference to one definition. Accepted forms, tried in order:
 * a full defId (`path#Qualified.name`, `trunk:<trunk>#<key>`), `<path suffix>#<qualified name>`,
 * a qualified name (`Class.method`), a bare name (`method`).
 */
export function resolveDef(index: IndexReader, ref: string): DefRow {
	const text = ref.trim();
	const exact = index.def(text);
	if (exact) return exact;

	let candidates: DefRow[];
	const hash = defIdHash(text);
	if (hash > 0) {
		const pathPart = text.slice(0, hash);
		const qualified = text.slice(hash + 1);
		candidates = byQualifiedOrName(index, qualified).filter(
			(d) => d.file !== null && (d.file === pathPart || d.file.endsWith(`/${pathPart}`)),
		);
	} else {
		candidates = byQualifiedOrName(index, text);
	}
	// A definition's module pseudo-node is never what a bare name means.
	candidates = candidates.filter((d) => d.kind !== "module" || text.endsWith("(module)"));
	const only = candidates[0];
	if (candidates.length === 1 && only) return only;
	if (candidates.length === 0) {
		throw new GraphQueryError("not-found", `no definition matches "${text}"`);
	}
	const ids = candidates.slice(0, MAX_CANDIDATES).map((d) => d.defId);
	throw new GraphQueryError(
		"ambiguous",
		`"${text}" matches ${candidates.length} definitions; give the full defId (path#name), e.g. ${ids[0]}`,
		ids,
	);
}

function byQualifiedOrName(index: IndexReader, text: string): DefRow[] {
	const qualified = index.defsByQualifiedName(text, 200);
	if (qualified.length > 0) return qualified;
	return text.includes(".") ? [] : index.defsByName(text, 200);
}

/** defId of the pseudo-node of a string-dispatch key. */
export function keyDefId(trunk: string, key: string): string {
	return `trunk:${trunk}#${key}`;
}

/** Split a key pseudo-node's defId into trunk and key; null for ordinary definitions. */
export function parseKeyDefId(defId: string): { trunk: string; key: string } | null {
	const m = /^trunk:([^#]+)#(.*)$/.exec(defId);
	return m?.[1] !== undefined && m[2] !== undefined ? { trunk: m[1], key: m[2] } : null;
}
