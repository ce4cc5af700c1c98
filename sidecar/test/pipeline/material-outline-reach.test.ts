/**
 * The read files' outline as far as `MapReach` says (key51): at most `outlineDefs` further
 * definitions of a file, and with `outlineRated` only those the question's words rate.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { listOutline } from "../../src/pipeline/material/map-outline.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";
import { mapHolding } from "../support/held-map.js";

const lines = Array.from({ length: 200 }, (_, i) => `const line${i + 1} = ${i};`);
const file = "server/notes/service.ts";
const create = defRow(file, "createNote", "function", { startLine: 10, endLine: 20 });
const others = ["listNotes", "archiveNote", "renderBadge", "deleteNote"].map((name, i) =>
	defRow(file, name, "function", { startLine: 30 + 20 * i, endLine: 40 + 20 * i }),
);
const index = fakeMaterialIndex(lines, [create, ...others], []);
const rated = (d: DefRow) => (d.qualifiedName.includes("Note") ? 1 : 0);

describe("the read files' outline", () => {
	it("keeps today's reach by default (30 files, 20 definitions each, unrated)", () => {
		expect([MATERIAL_REACH.outlineFiles, MATERIAL_REACH.outlineDefs]).toEqual([30, 20]);
		expect([MATERIAL_REACH.outlineRated, MATERIAL_REACH.seedSignatures]).toEqual([false, -1]);
		const { map, names } = mapHolding(index, create, [create]);
		listOutline(map, [file]);
		expect(names()).toEqual(["createNote", "listNotes", "archiveNote", "renderBadge", "deleteNote"]);
	});

	it("lists at most `perFile` further definitions of a file", () => {
		const { map, names } = mapHolding(index, create, [create]);
		listOutline(map, [file], 2);
		expect(names()).toEqual(["createNote", "listNotes", "archiveNote"]);
	});

	it("with `rated`, lists only the definitions the question's words rate", () => {
		const { map, names } = mapHolding(index, create, [create], [], rated);
		listOutline(map, [file], 20, true);
		expect(names()).toEqual(["createNote", "listNotes", "archiveNote", "deleteNote"]);
	});
});
