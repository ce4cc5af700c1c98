/**
 * A run's write: a patch of a copy of the previous index when its packages are the same (the changed
 * files' rows, the manifests' only when one changed), else the whole index, unchanged files' rows
 * carried over from the previous one. Either way through a temp file renamed over `out`, the outline
 * derived from the rows in it.
 */
import { patchIndex } from "../index/patch.js";
import type { DispatchSiteRecord } from "../index/types.js";
import { type Derive, type WriteDef, type WriteEdge, type WriteResult, writeIndex } from "../index/writer.js";
import { buildOutline } from "../outline/build.js";
import type { CollectedFile } from "./collect.js";
import type { DefRecord } from "./defs.js";
import type { PreviousIndex } from "./previous.js";

export interface RunWrite {
	out: string;
	previous: PreviousIndex | null;
	/** Patch a copy of the previous index (same packages), made ahead when `dropCopy` is set (`copyForPatch`). */
	patching: boolean;
	dropCopy: (() => void) | undefined;
	meta: Record<string, string>;
	/** The meta rows that depend on what was written (index/writer.ts). */
	finalMeta: (written: WriteResult) => Record<string, string>;
	packageRows: {
		name: string;
		dir: string;
		description: string | null;
		readme: string | null;
		hash: string;
	}[];
	/** Every collected source file, in collected order, and the manifests (any changed, came or went). */
	files: CollectedFile[];
	manifests: CollectedFile[];
	manifestsChanged: boolean;
	/** The files extracted this run, and those gone since the previous index. */
	changed: CollectedFile[];
	removedFiles: string[];
	removedManifests: string[];
	reusable: (f: CollectedFile) => boolean;
	/** The extracted files' rows (merge-extracted.ts); the full write adds the reused files' to them. */
	defsByPath: Map<string, DefRecord[]>;
	edges: WriteEdge[];
	rawSites: Map<string, string>;
	bodies: Map<string, string>;
	imports: Map<string, { layout: string; resolutions: string }>;
	/** The joined sites (join-sites.ts; null: the previous index's stand). */
	finalSites: DispatchSiteRecord[] | null;
	unresolvedByReason: Record<string, number>;
}

/** Both writes derive the outline from the rows they wrote (all of them, or the changed ones). */
const deriveOutline: Derive = (db, changed) => buildOutline(db, {}, changed);

export async function writeRun(input: RunWrite): Promise<void> {
	const { out, previous, patching, dropCopy, meta, finalMeta, packageRows, manifests, manifestsChanged } =
		input;
	const { changed, removedFiles, removedManifests, reusable, defsByPath, edges, rawSites, bodies, imports } =
		input;
	const { finalSites, unresolvedByReason } = input;
	const changedDefs = (f: CollectedFile) =>
		(defsByPath.get(f.path) ?? []).map((d) => ({ ...d, file: f.path }));
	// A patch rewrites the manifests' rows only when one changed; a full write has them all.
	const manifestRows =
		manifestsChanged || !(previous && patching)
			? await (await import("./manifests.js")).manifestDefinitions(manifests)
			: null;
	const unresolved = new Map(Object.entries(unresolvedByReason));
	// What both writes carry as it is (the full write fills the maps with the reused files' rows first).
	const carried = { meta, packages: packageRows, rawSites, bodies, imports, unresolved };
	if (previous && patching) {
		previous.close();
		patchIndex(
			out,
			out,
			{
				...carried,
				files: manifestRows ? [...changed, ...manifests] : changed,
				removedFiles: [...removedFiles, ...removedManifests],
				defs: [...changed.flatMap(changedDefs), ...(manifestRows?.defs ?? [])],
				edges: manifestRows ? [...edges, ...manifestRows.edges] : edges,
				sites: finalSites,
			},
			finalMeta,
			deriveOutline,
			dropCopy !== undefined,
		);
	} else {
		dropCopy?.();
		// Unchanged files' rows are carried over from the previous index (if any) into a full write.
		const defs: WriteDef[] = [];
		previous?.allSavedSites();
		for (const f of input.files) {
			if (reusable(f) && previous) {
				defs.push(...previous.defsOf(f.path));
				edges.push(...previous.edgesOf(f.path));
				const saved = previous.savedSitesOf(f.path);
				if (saved) rawSites.set(f.path, saved);
				const recorded = previous.bodiesOf(f.path);
				if (recorded) bodies.set(f.path, recorded.ranges);
				const resolved = previous.importsOf(f.path);
				if (resolved) imports.set(f.path, resolved);
			} else defs.push(...changedDefs(f));
		}
		defs.push(...(manifestRows?.defs ?? []));
		edges.push(...(manifestRows?.edges ?? []));
		previous?.close();
		writeIndex(
			out,
			{ ...carried, files: [...input.files, ...manifests], defs, edges, sites: finalSites ?? [] },
			finalMeta,
			deriveOutline,
		);
	}
}
