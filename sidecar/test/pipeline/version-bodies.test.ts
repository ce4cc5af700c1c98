/**
 * Near-identical versions read once (pipeline/material/version-bodies.ts): a scheduling entry whose
 * chain reaches two old versions of a workflow (the newest, V103, is in the index only) and the
 * function that decides, on a small repository indexed for the test. The material reads the newest
 * version's body in place of the old ones, names those on one map line, and the room goes to the
 * deciding body; a version the model picked is read as itself.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { analyzeQuestion, questionWords } from "../../src/pipeline/query.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { openIndexOf } from "../support/open-index.js";
import { indexedRepo } from "../support/path-fixture.js";
import { callNode, defIn, oneChain } from "../support/skeletons.js";

const VERSIONS = ["V101", "V102", "V103"];
const workflow = (v: string) =>
	[
		`export async function postWorkflow${v}(postId: string): Promise<string> {`,
		...Array.from({ length: 14 }, (_, i) => `\tconst step${i} = await Promise.resolve(postId.slice(${i}));`),
		"\treturn step0;",
		"}",
	].join("\n");

const FILES: Record<string, string> = {
	"package.json": '{ "name": "poster", "private": true }',
	...Object.fromEntries(
		VERSIONS.map((v) => [`src/workflows/post.workflow.v1.0.${v.slice(3)}.ts`, workflow(v)]),
	),
	"src/schedule.ts": [
		"export async function schedulePost(postId: string): Promise<void> {",
		"\tawait Promise.resolve(postId);",
		"}",
	].join("\n"),
	"src/decide.ts": [
		"export function decidePublish(postId: string, at: number): boolean {",
		...Array.from({ length: 14 }, (_, i) => `\tif (at === ${i} && postId.length > ${i}) return false;`),
		"\treturn true;",
		"}",
	].join("\n"),
};

const { index } = indexedRepo(FILES, "codeask-version-bodies-", (root) => openIndexOf(root));
let defs: { entry: DefRow; decide: DefRow; versions: DefRow[] };
beforeAll(() => {
	const def = (id: string) => defIn(index(), id);
	defs = {
		entry: def("src/schedule.ts#schedulePost"),
		decide: def("src/decide.ts#decidePublish"),
		versions: VERSIONS.map((v) => def(`src/workflows/post.workflow.v1.0.${v.slice(3)}.ts#postWorkflow${v}`)),
	};
});

/** One chain: the entry, the two old versions (rated best), then the deciding function. */
function skeletons(): Skeleton[] {
	const node = (def: DefRow, depth: number, relevance: number) => callNode(def, depth, relevance, defs.entry);
	const [v101, v102] = defs.versions as [DefRow, DefRow];
	return oneChain("schedule", [
		node(defs.entry, 0, 3),
		node(v101, 1, 0.6),
		node(v102, 1, 0.6),
		node(defs.decide, 1, 0.5),
	]);
}

describe("near-identical versions in the material's bodies", () => {
	const words = questionWords(
		analyzeQuestion("What happens when a post is scheduled until it is published?"),
	);
	// The bodies' share (a quarter) holds the entry and two workflow bodies, not a third body.
	const config = { tokenBudget: 1200, wholeDefLines: 150, sliceLines: 40 };
	const material = (picks: string[] = [], reach = MATERIAL_REACH) =>
		assembleMaterial(
			index(),
			{ skeletons: skeletons(), picks, words, relevance: () => 0.5 },
			config,
			undefined,
			reach,
		);
	const bodiesOf = (m: ReturnType<typeof material>) =>
		m.sources.filter((s) => s.unit !== "signature").map((s) => s.node.def.qualifiedName);

	it("reads the newest version's body once, names the old ones on one line, and reads the deciding body", () => {
		const m = material();
		const bodies = bodiesOf(m);
		expect(bodies).toContain("postWorkflowV103");
		expect(bodies).not.toContain("postWorkflowV101");
		expect(bodies).not.toContain("postWorkflowV102");
		// The room the old versions took goes to the deciding function, in the first pass.
		expect(bodies.slice(0, 3)).toEqual(["schedulePost", "postWorkflowV103", "decidePublish"]);
		const lines = m.sources.filter(
			(s) => s.unit === "signature" && s.node.def.name.startsWith("postWorkflow"),
		);
		expect(lines).toHaveLength(1);
		expect(lines[0]?.text).toMatch(
			/^async function postWorkflowV102\(.* \(also V101\): older versions of postWorkflowV103, read above$/,
		);
		expect(m.tokens).toBeLessThanOrEqual(config.tokenBudget);
	});

	it("reads a version the model picked as itself", () => {
		const v101 = defs.versions[0] as DefRow;
		const bodies = bodiesOf(material([v101.defId]));
		expect(bodies).toContain("postWorkflowV101");
		// The chain's other old version is named, not read.
		expect(bodies).not.toContain("postWorkflowV102");
	});

	it("reads the same with the version groups kept by the reader, again and again, as without them", () => {
		const reader = index();
		// A reader without kept values: the groups are found afresh, from the file listing.
		const fresh = Object.create(reader, { derived: { value: undefined } }) as typeof reader;
		const run = (r: typeof reader) =>
			assembleMaterial(
				r,
				{ skeletons: skeletons(), picks: [], words, relevance: () => 0.5 },
				config,
			).sources.map((s) => [s.unit, s.node.def.defId, s.text]);
		const first = run(reader);
		expect(run(reader)).toEqual(first);
		expect(run(fresh)).toEqual(first);
		expect(first.some(([, id]) => String(id).endsWith("#postWorkflowV103"))).toBe(true);
	});

	it("reads every version with the citation pool's reach", () => {
		const bodies = bodiesOf(material([], { ...MATERIAL_REACH, foldLookalikes: false }));
		expect(bodies).toEqual(expect.arrayContaining(["postWorkflowV101", "postWorkflowV102"]));
	});
});
