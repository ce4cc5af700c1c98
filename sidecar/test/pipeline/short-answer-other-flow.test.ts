/**
 * The runner-up flow's sentence (short/other-flow.ts): each marker follows the name its range holds,
 * and each file it names is the file its marker cites — a call cited in one file and its callee's
 * definition cited in another are said as such, not as two "in" clauses run together.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import type { Hop, PathStep } from "../../src/pipeline/path/types.js";
import { otherSentence } from "../../src/pipeline/short/other-flow.js";
import { defRow } from "../support/defs.js";

const label = (d: DefRow) => `\`${d.qualifiedName}\``;
const keyed = () => null;
const callee = (_: PathStep, next: DefRow) => label(next);
const call = (from: DefRow, to: DefRow): Hop => ({
	kind: "call",
	key: null,
	file: from.file,
	line: (from.startLine ?? 1) + 1,
	text: `${to.name}(x)`,
	named: to.name,
});

describe("the other flow's sentence", () => {
	const route = defRow("api/accounts.controller.ts", "AccountsController.remove");
	const service = defRow("core/accounts.service.ts", "AccountsService.remove");
	const store = defRow("core/links.store.ts", "LinksStore.dropForAccount");
	const steps: PathStep[] = [
		{ def: route, hop: call(route, service) },
		{ def: service, hop: call(service, store) },
		{ def: store, hop: null },
	];

	it("says where the call is and where its callee is defined, each with its marker", () => {
		// The first step's file is not cited; the call in the second step's file and the last step's head are.
		const text = otherSentence(label, keyed, callee, steps, ["", "[3]", "[4]"], true);
		expect(text).toBe(
			"The other flow starts in `AccountsController.remove` (`api/accounts.controller.ts`), which calls `AccountsService.remove`, then calls `LinksStore.dropForAccount` (the call in `core/accounts.service.ts` [3], the definition in `core/links.store.ts` [4]).",
		);
		expect(text).not.toMatch(/\[3\], in `/);
	});

	it("keeps one clause when only the call is cited, or the callee sits in the call's file", () => {
		expect(otherSentence(label, keyed, callee, steps, ["", "[3]", ""], true)).toBe(
			"The other flow starts in `AccountsController.remove` (`api/accounts.controller.ts`), which calls `AccountsService.remove`, then calls `LinksStore.dropForAccount`, in `core/accounts.service.ts` [3].",
		);
		const local = defRow("core/accounts.service.ts", "AccountsService.unlink");
		const twoFiles: PathStep[] = [
			{ def: route, hop: call(route, service) },
			{ def: service, hop: call(service, local) },
			{ def: local, hop: null },
		];
		expect(otherSentence(label, keyed, callee, twoFiles, ["", "[3]", "[4]"], true)).toBe(
			"The other flow starts in `AccountsController.remove` (`api/accounts.controller.ts`), which calls `AccountsService.remove`, then calls `AccountsService.unlink`, in `core/accounts.service.ts` [3] [4].",
		);
	});
});
