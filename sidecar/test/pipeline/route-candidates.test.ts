/**
 * The LLM route's candidate sections: the sections scored by name, alternating with the sections
 * that hold the offline seeding's best files (pure: no index, no requests).
 */
import { describe, expect, it } from "vitest";
import type { OutlineSectionRow } from "../../src/index/types.js";
import { routeCandidates } from "../../src/pipeline/llm-stages.js";

let nextId = 1;
const section = (path: string): OutlineSectionRow => ({
	id: nextId++,
	sectionId: `dir:${path}`,
	kind: "folder",
	title: path,
	path,
	packageName: null,
	parent: null,
	summary: "",
	files: [],
	topSymbols: [],
	keys: [],
});

const ui = [
	"app/client/views/send",
	"app/client/views/send/box",
	"app/client/views/send/hooks",
	"app/client/views/send/modal",
	"app/client/views/send/actions",
	"app/client/views/send/list",
	"app/client/views/send/item",
].map(section);
const lib = section("app/lib/server");
const libFunctions = section("app/lib/server/functions");
const services = section("app/server/services");
const outline = [...ui, lib, libFunctions, services];
const scored = ui.map((s) => ({ section: s, score: 1 }));
const ids = (cs: { section: OutlineSectionRow }[]) => cs.map((c) => c.section.sectionId);

describe("routeCandidates", () => {
	it("offers the home section of each of the seeding's best files after the best five by name, alternating with the rest", () => {
		const files = [
			"app/lib/server/functions/sendMessage.ts",
			"app/lib/server/functions/saveMessage.ts",
			"app/server/services/messages/service.ts",
			"app/client/views/send/box/Box.tsx",
		];
		const out = routeCandidates(scored, { files, sections: outline });
		expect(ids(out)).toEqual([
			...ids(scored.slice(0, 5)),
			// The deepest section holding the file; a folder with no section of its own goes to its parent's.
			"dir:app/lib/server/functions",
			"dir:app/client/views/send/list",
			"dir:app/server/services",
			"dir:app/client/views/send/item",
		]);
	});

	it("keeps to the cap and lists each section once", () => {
		const files = ["app/client/views/send/a.ts", "app/lib/server/b.ts", "app/lib/server/c.ts"];
		expect(ids(routeCandidates(scored, { files, sections: outline }, 7))).toEqual([
			...ids(scored.slice(0, 5)),
			// The first file's section is listed already: its turn passes.
			"dir:app/client/views/send/list",
			"dir:app/lib/server",
		]);
	});

	it("without hints (or with no scored section) offers what it has", () => {
		expect(ids(routeCandidates(scored, undefined))).toEqual(ids(scored));
		expect(ids(routeCandidates([], { files: ["app/lib/server/x.ts"], sections: outline }))).toEqual([
			"dir:app/lib/server",
		]);
	});
});
