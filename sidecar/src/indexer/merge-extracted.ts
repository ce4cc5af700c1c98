/** The extracted files' rows gathered for the write: definitions, edges, sites, bodies, import resolutions, counts. */
import type { DispatchSiteRecord } from "../index/types.js";
import type { WriteEdge } from "../index/writer.js";
import type { DefRecord } from "./defs.js";
import type { Extracted } from "./extract.js";
import type { IndexProblem } from "./index-types.js";
import type { FileCounts } from "./previous.js";

/** The extracted files' rows by file, in extraction order; each file's problems are added to `problems`. */
export function mergeExtracted(files: Extracted["files"], layout: string, problems: IndexProblem[]) {
	const defsByPath = new Map<string, DefRecord[]>();
	const edges: WriteEdge[] = [];
	const extractedSites = new Map<string, DispatchSiteRecord[]>();
	const rawSites = new Map<string, string>();
	const bodies = new Map<string, string>();
	const imports = new Map<string, { layout: string; resolutions: string }>();
	const counts: Record<string, FileCounts> = {};
	const unresolvedImportSample: string[] = [];
	for (const x of files) {
		defsByPath.set(x.path, x.defs);
		for (const reason of x.problems) problems.push({ file: x.path, reason });
		for (const e of x.edges) edges.push({ ...e, file: x.path, resolution: "checker" });
		if (x.savedSites !== null) rawSites.set(x.path, x.savedSites);
		if (x.bodies) bodies.set(x.path, x.bodies);
		if (x.imports) imports.set(x.path, { layout, resolutions: x.imports });
		// From a second thread, sites come as their saved text: loaded only if they are joined again.
		if (x.sites) extractedSites.set(x.path, x.sites);
		if (x.counts) counts[x.path] = x.counts;
		unresolvedImportSample.push(...x.unresolvedImports);
	}

	return { defsByPath, edges, extractedSites, rawSites, bodies, imports, counts, unresolvedImportSample };
}
