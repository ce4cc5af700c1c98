/**
 * The definition a held file is named after (`canEditNote.ts`'s `canEditNote`) is listed once
 * the material holds the file, even when no pass reaches it (map-namesakes.ts), and never waits.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listNamesake, listNamesakes } from "../../src/pipeline/material/map-namesakes.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";
import { heldAt, mapHolding as holding } from "../support/held-map.js";

const lines = Array.from({ length: 300 }, (_, i) => `const line${i + 1} = ${i};`);
const auth = "server/permissions/canEditNote.ts";
const validators = defRow(auth, "noteEditValidators", "variable", { startLine: 10, endLine: 40 });
const canEditNote = defRow(auth, "canEditNote", "function", { startLine: 50, endLine: 60 });
const prefixOnly = defRow(auth, "canEdit", "function", { startLine: 62, endLine: 64 });
const presence = "server/modules/presence/presence.module.ts";
const onWatch = defRow(presence, "onWatch", "function", { startLine: 70, endLine: 80 });
const presenceModule = defRow(presence, "PresenceModule", "class", { startLine: 90, endLine: 200 });
// A member named like its file is no namesake: the file's main export is top-level.
const nested = "server/store.ts";
const box = defRow(nested, "Box", "class", { startLine: 210, endLine: 260 });
const store = defRow(nested, "Box.store", "method", { startLine: 220, endLine: 230, parentId: box.id });
const save = defRow(nested, "save", "function", { startLine: 270, endLine: 280 });
const picked = defRow("client/send.ts", "send", "function", { startLine: 290, endLine: 295 });
const defs = [validators, canEditNote, prefixOnly, onWatch, presenceModule, box, store, save, picked];
const index = fakeMaterialIndex(lines, defs, []);

const mapHolding = (held: readonly DefRow[], picks: string[] = []) => holding(index, picked, held, picks);

describe("a held file's namesake", () => {
	it("is listed after what the material holds of the file, matched on the whole file name", () => {
		const { map, names } = mapHolding([validators, onWatch]);
		listNamesakes(map);
		expect(names()).toEqual(["noteEditValidators", "onWatch", "canEditNote", "PresenceModule"]);
	});

	it("is listed once, and not for a file the material does not hold", () => {
		const { map, names } = mapHolding([validators]);
		listNamesakes(map);
		listNamesake(map, auth);
		listNamesake(map, presence);
		expect(names()).toEqual(["noteEditValidators", "canEditNote"]);
	});

	it("is a top-level definition: a member named like the file is not listed", () => {
		const { map, names } = mapHolding([save]);
		listNamesakes(map);
		expect(names()).toEqual(["save"]);
	});

	it("does not wait when the model's picks make the entries it comes with wait", () => {
		const { map, names } = mapHolding([validators], [picked.defId]);
		map.listOnce(reachedCandidate(onWatch, heldAt, "c1", "neighbour"));
		listNamesakes(map);
		expect(names()).toEqual([]);
		map.listWaiting((c) => listNamesake(map, c.node.def.file as string));
		expect(names()).toEqual(["noteEditValidators", "canEditNote", "onWatch", "PresenceModule"]);
	});
});
