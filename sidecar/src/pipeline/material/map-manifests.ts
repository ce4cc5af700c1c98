/**
 * For a question about how the repository is built or packaged, the sections of its root
 * manifests (workspaces, scripts, build tasks, tsconfig bases), one line each: no stage reaches a
 * manifest by the question's words.
 */
import { reachedCandidate } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** Words of a question about how the repository is built and packaged (its manifests answer it). */
const BUILD_WORDS = new Set([
	"package",
	"packages",
	"monorepo",
	"workspace",
	"workspaces",
	"build",
	"builds",
	"dependency",
	"dependencies",
	"tsconfig",
]);
/** Workspace and build manifests a repository's root may hold (index/documents.ts indexes them). */
const ROOT_MANIFESTS = [
	"package.json",
	"pnpm-workspace.yaml",
	"turbo.json",
	"nx.json",
	"lerna.json",
	"tsconfig.json",
	"tsconfig.base.json",
];

/** List the root manifests' sections when the question's words ask about builds and packages. */
export function listRootManifests(m: SignatureMap): void {
	const { a, input } = m;
	if (!input.words.some((w) => BUILD_WORDS.has(w))) return;
	for (const file of ROOT_MANIFESTS) {
		const defs = a.index.defsInFile(file).filter((d) => d.kind === "manifest" && d.startLine !== null);
		for (const d of defs) {
			// The whole file's definition starts at its opening brace: its sections name it.
			if (m.known.has(d.id) || (d.parentId === null && defs.length > 1)) continue;
			m.listOnce(
				reachedCandidate(
					d,
					{ depth: 0, via: "manifest", from: null, relevance: 0 },
					a.sources[0]?.chain ?? "manifest",
					"neighbour",
				),
			);
		}
	}
}
