/**
 * The packages' rows: each package's hash over its files' hashes (the reuse key), and how many
 * packages hold a file, and how many of those this run reused whole (none without a previous index).
 */
import type { WorkspacePackage } from "../workspace/packages.js";
import { type CollectedFile, sha1 } from "./collect.js";

export interface PackageRow {
	name: string;
	dir: string;
	description: string | null;
	readme: string | null;
	hash: string;
}

export interface PackageRows {
	rows: PackageRow[];
	/** The rows as the previous index keeps them (`packagesKey`): equal when no package changed. */
	key: string;
	/** Packages holding a collected file. */
	withFiles: number;
	/** Packages holding a file, none of them extracted this run. */
	reused: number;
}

export function packageRows(
	packages: WorkspacePackage[],
	files: CollectedFile[],
	changed: CollectedFile[],
	hasPrevious: boolean,
): PackageRows {
	const filesByPackage = packages.map(() => [] as string[]);
	for (const f of files) filesByPackage[f.packageIndex]?.push(`${f.path}:${f.hash}`);
	const rows = packages.map((p, i) => ({
		name: p.name,
		dir: p.dir,
		description: p.description,
		readme: p.readme,
		hash: sha1((filesByPackage[i] ?? []).join("\n")),
	}));
	const changedPackages = new Set(changed.map((f) => f.packageIndex));
	const holdsFiles = (i: number) => (filesByPackage[i]?.length ?? 0) > 0;
	const reused = hasPrevious ? packages.filter((_, i) => !changedPackages.has(i) && holdsFiles(i)).length : 0;
	return {
		rows,
		key: JSON.stringify(rows),
		withFiles: packages.filter((_, i) => holdsFiles(i)).length,
		reused,
	};
}
