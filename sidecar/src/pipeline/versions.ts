/**
 * Near-identical versions: definitions whose names differ only by a version or number suffix in
 * one folder (`postWorkflowV102`, `postWorkflowV103`), or one name in files whose paths differ only
 * by a version (`v1/send.ts` and `v2/send.ts`, `post.workflow.v1.0.8.ts` and `…v1.0.9.ts`). The old
 * versions kept beside the current one match a question as well as it does, line for line.
 */

/**
 * A name's version suffix: `V102`, `_v2`, `2`, `v1_0_9` after at least four letters (so `sha256`,
 * `utf8`, `h1` or `int32` are names, not versions).
 */
const NAME_VERSION = /(?<=[A-Za-z]{4})[_-]?(?:[vV]\d+(?:[._]\d+)*|\d+)$/;
/** A version in a path: a folder or a file-name part `v1`, `v2.1`, `v1.0.9` between separators. */
const PATH_VERSION = /(^|[/._-])v\d+(?:[._-]\d+)*(?=$|[/._-])/gi;

export interface Version {
	/** Equal for the versions of one definition. */
	key: string;
	/** What tells this version from the others: its name's suffix (`V103`), else its path's (`v1.0.8`). */
	tag: string;
}

/** `def`'s version among its near-identical copies, or null when its name and path carry none. */
export function versionOf(def: { qualifiedName: string; file: string | null }): Version | null {
	const file = def.file ?? "";
	const parts = def.qualifiedName.split(".");
	const stripped = parts.map((p) => p.replace(NAME_VERSION, ""));
	const pathKey = file.replace(PATH_VERSION, "$1v#");
	const nameTag = parts.map((p, i) => p.slice((stripped[i] ?? p).length)).find((t) => t.length > 0);
	if (nameTag) {
		// Versions written into the name may sit in sibling files of one folder.
		const folder = pathKey.slice(0, pathKey.lastIndexOf("/") + 1);
		return { key: `${stripped.join(".")}@${folder}`, tag: nameTag.replace(/^[_-]/, "") };
	}
	if (pathKey === file) return null;
	const pathTag = [...file.matchAll(PATH_VERSION)].map((m) => m[0].slice(m[1]?.length ?? 0)).join("/");
	return { key: `${def.qualifiedName}@${pathKey}`, tag: pathTag };
}

/**
 * A file's folder with its versions written `v#` (`api/v#/`): the versions of a definition sit in files of one such folder.
 * Kept per path: a definition's sibling versions are looked for among all the repository's files.
 */
export function versionFolder(file: string): string {
	let folder = folders.get(file);
	if (folder === undefined) {
		const key = file.replace(PATH_VERSION, "$1v#");
		folder = key.slice(0, key.lastIndexOf("/") + 1);
		if (folders.size >= FOLDERS_KEPT) folders.clear();
		folders.set(file, folder);
	}
	return folder;
}

const folders = new Map<string, string>();
/** Paths whose version folder is kept (a large repository's files). */
const FOLDERS_KEPT = 100_000;

/**
 * Is version tag `a` newer than `b` (`V109` than `V102`, `v1.0.10` than `v1.0.9`): their numbers
 * compared in order? Of near-identical versions the newest is most often the one in use.
 */
export function newerVersion(a: string, b: string): boolean {
	const x = (a.match(/\d+/g) ?? []).map(Number);
	const y = (b.match(/\d+/g) ?? []).map(Number);
	for (let i = 0; i < Math.max(x.length, y.length); i++) {
		const d = (x[i] ?? -1) - (y[i] ?? -1);
		if (d !== 0) return d > 0;
	}
	return false;
}
