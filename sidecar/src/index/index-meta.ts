/** The index's meta rows a reader tells (who built it, from what, with which figures). */
import type { IndexStats } from "./schema.js";
import { storedJson } from "./stored-json.js";

export interface IndexMeta {
	formatVersion: number;
	toolVersion: string;
	repoRoot: string;
	commit: string | null;
	/** The checkout's git remote without credentials, and the index root's folder inside it (index meta). */
	remoteUrl: string | null;
	subdir: string;
	builtAt: string;
	options: unknown;
	stats: IndexStats | null;
}

/** The meta keys `meta()` reads. */
export const META_KEYS = [
	"formatVersion",
	"toolVersion",
	"repoRoot",
	"commit",
	"remoteUrl",
	"subdir",
	"builtAt",
	"options",
	"stats",
] as const;

/** The meta of the index at `path` from its rows of META_KEYS. */
export function metaFromRows(rows: readonly { key: string; value: string }[], path: string): IndexMeta {
	const m = new Map(rows.map((r) => [r.key, r.value]));
	const json = <T>(k: string): T | null => {
		const v = m.get(k);
		return v ? storedJson<T>(v, `meta ${k}`, path) : null;
	};
	return {
		formatVersion: Number(m.get("formatVersion")),
		toolVersion: m.get("toolVersion") ?? "",
		repoRoot: m.get("repoRoot") ?? "",
		commit: m.get("commit") || null,
		remoteUrl: m.get("remoteUrl") || null,
		subdir: m.get("subdir") ?? "",
		builtAt: m.get("builtAt") ?? "",
		options: json<IndexMeta["options"]>("options"),
		stats: json<IndexStats>("stats"),
	};
}
