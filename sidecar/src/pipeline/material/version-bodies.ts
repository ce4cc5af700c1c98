/**
 * Near-identical versions read once (../versions.ts): of a group of versions the bodies would read,
 * the material reads the best-ranked one (the question's words, then the newest: most often the one
 * in use) and names the others on one map line, `async function postWorkflowV104( (also V103, V101):
 * older versions of publishWorkflowV2, read above`. A version the model's select picks named, or one
 * the question's words pick out, is read as itself. Readers playing the model found ~30 slices of
 * `postWorkflowV101`–`V104` in one answer prompt while deciding bodies were left as signatures
 * (llm-relay.md, run 21). Material only (`MapReach.foldLookalikes`): the citation pool reads them all.
 */
import type { DefRow, FileRow } from "../../index/types.js";
import { type Lookalike, standsOut } from "../lookalikes.js";
import { newerVersion, versionFolder, versionOf } from "../versions.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, named, reachedCandidate } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** Files of a folder searched for a definition's sibling versions (a bound on a flat folder). */
const SIBLING_FILES = 60;

/** Keys of what a reader keeps (`IndexReader.derived`): the files of each version folder, and its definitions' version groups. */
const FOLDER_FILES = Symbol("files by version folder");
const VERSION_GROUPS = Symbol("version groups by folder");

/** The indexed files' paths by version folder (`api/v#/`), each folder's in the listing's order. */
function filesByFolder(files: readonly FileRow[]): Map<string, string[]> {
	const out = new Map<string, string[]>();
	for (const f of files) {
		const folder = versionFolder(f.path);
		const list = out.get(folder);
		if (list) list.push(f.path);
		else out.set(folder, [f.path]);
	}
	return out;
}

/** Definitions with a version, by kind and version key (`kind\nkey`), each group in the definitions' order. */
function versionGroups(defs: readonly DefRow[]): Map<string, DefRow[]> {
	const out = new Map<string, DefRow[]>();
	for (const d of defs) {
		const key = versionOf(d)?.key;
		if (!key) continue;
		const k = `${d.kind}\n${key}`;
		const list = out.get(k);
		if (list) list.push(d);
		else out.set(k, [d]);
	}
	return out;
}

interface Group {
	/** Every version of the definition the index holds (or those reached, without a file listing). */
	members: readonly DefRow[];
	/** The versions not read, named on the group's line. */
	folded: DefRow[];
	/** A candidate the group was reached by: the chain its line goes under. */
	via: Candidate;
	noted: boolean;
}

export class VersionBodies {
	private readonly groups = new Map<string, Group>();
	/** Versions named on their group's line instead of read. */
	private readonly folded = new Set<number>();

	constructor(
		private readonly a: Assembly,
		private readonly lookalikeOf: (def: DefRow) => Lookalike | null,
		private readonly words: readonly string[],
		/** defIds the select stage named: such a version is read as itself. */
		private readonly picks: ReadonlySet<string>,
		private readonly relevance: (def: DefRow) => number,
	) {}

	/** A version group of `def` that folds (not picked, not picked out by the question's words), or null. */
	private groupOf(c: Candidate): { key: string; group: Group } | null {
		const def = c.node.def;
		if (!this.a.reach.foldLookalikes || this.picks.has(def.defId)) return null;
		const look = this.lookalikeOf(def);
		if (look?.kind !== "version" || standsOut(look, this.words)) return null;
		let group = this.groups.get(look.key);
		if (!group) {
			group = { members: this.siblings(def), folded: [], via: c, noted: false };
			this.groups.set(look.key, group);
		}
		return { key: look.key, group };
	}

	/** The versions of `def` in the index: definitions of its folder's files (versions written `v#`) in its group. */
	private siblings(def: DefRow): readonly DefRow[] {
		const index = this.a.index;
		const key = versionOf(def)?.key;
		if (!index.files || !def.file || !key) return [def];
		const folder = versionFolder(def.file);
		// Kept per reader when it keeps values (they depend on the index alone): every assembly of every
		// question meets the groups again, and finding one scans every file of the repository.
		const groups = index.derived
			? index.derived(VERSION_GROUPS, () => new Map<string, Map<string, DefRow[]>>())
			: new Map<string, Map<string, DefRow[]>>();
		let inFolder = groups.get(folder);
		if (!inFolder) {
			const files = index.derived
				? (index.derived(FOLDER_FILES, () => filesByFolder(index.files?.() ?? [])).get(folder) ?? [])
				: index
						.files()
						.filter((f) => versionFolder(f.path) === folder)
						.map((f) => f.path);
			inFolder = versionGroups(files.slice(0, SIBLING_FILES).flatMap((f) => index.defsInFile(f)));
			groups.set(folder, inFolder);
		}
		const out = inFolder.get(`${def.kind}\n${key}`) ?? [];
		return out.some((d) => d.id === def.id) ? out : [def, ...out];
	}

	/** A version of the group read already (a body the material holds, not one named on the line). */
	private held(group: Group): DefRow | undefined {
		return group.members.find((m) => this.a.bodies.has(m.id) && !this.folded.has(m.id));
	}

	/**
	 * What to read for `c`: `c` itself, or its group's best-ranked version in its place (same chain and
	 * role); null when a version of its group is read already (`c` is named on the group's line).
	 */
	choose(c: Candidate): Candidate | null {
		const found = this.groupOf(c);
		if (!found) return c;
		const { group } = found;
		if (this.held(group)) {
			this.fold(group, c.node.def);
			return null;
		}
		const tag = (d: DefRow) => versionOf(d)?.tag ?? "";
		const best = [...group.members].sort(
			(x, y) =>
				this.relevance(y) - this.relevance(x) ||
				Number(newerVersion(tag(y), tag(x))) - Number(newerVersion(tag(x), tag(y))) ||
				Number(y.id === c.node.def.id) - Number(x.id === c.node.def.id),
		)[0] as DefRow;
		if (best.id === c.node.def.id) return c;
		return { ...c, node: { ...c.node, def: best } };
	}

	/** `c` stood in for by `read` (its group's best version, just read): `c` is named on the group's line. */
	stoodIn(c: Candidate, read: Candidate): void {
		if (read.node.def.id === c.node.def.id) return;
		const found = this.groupOf(c);
		if (found) this.fold(found.group, c.node.def);
	}

	private fold(group: Group, def: DefRow): void {
		if (this.folded.has(def.id)) return;
		group.folded.push(def);
		this.folded.add(def.id);
	}

	/**
	 * Per group with a body read, one map line: the newest version not read, naming the others and
	 * the one read. Later map entries of the group fold into it (map-fold.ts).
	 */
	listNotes(map: SignatureMap): void {
		for (const [key, group] of this.groups) {
			const read = this.held(group);
			if (group.noted || !read || !group.folded.length) continue;
			group.noted = true;
			const tag = (d: DefRow) => versionOf(d)?.tag ?? "";
			const [line, ...rest] = [...group.folded].sort(
				(x, y) => Number(newerVersion(tag(y), tag(x))) - Number(newerVersion(tag(x), tag(y))),
			) as [DefRow, ...DefRow[]];
			const name = read.qualifiedName === line.qualifiedName ? `${named(read)} ${tag(read)}` : named(read);
			const c = reachedCandidate(
				line,
				{ depth: group.via.node.depth, via: "version", from: null, relevance: this.relevance(line) },
				group.via.chain,
				"neighbour",
			);
			map.noteVersions(
				c,
				key,
				{ id: read.id, name, tag: tag(read) },
				rest.map(tag),
				group.folded.map((d) => d.id),
			);
		}
	}
}
