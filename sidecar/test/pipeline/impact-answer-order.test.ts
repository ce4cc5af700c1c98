/**
 * Which places an impact answer shows when it cannot show them all (impact/answer.ts): X's own
 * folder first, then the files most others use; a path importing X's file is a place; whoever
 * uses the instance X's module creates is one step further up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { SHORT_ANSWER_CHARS } from "../../src/pipeline/short/fit.js";
import { citationHolds } from "../../src/pipeline/verify.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/** Leaf screens, each reading the store once and used by no other file. */
const LEAVES = 40;
const leaf = (n: number) =>
	`src/screens/the-settings-screen-with-a-long-descriptive-file-name-number-${String(n).padStart(2, "0")}.ts`;

describe("the places an impact answer shows first", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const files: Record<string, string> = {
			"package.json": '{ "name": "app" }',
			"src/store/Store.ts": [
				"export interface IStore {",
				"\tget(key: string): string;",
				"}",
				"export class Store implements IStore {",
				"\tget(key: string): string {",
				"\t\treturn key;",
				"\t}",
				"}",
			].join("\n"),
			"src/store/instance.ts": 'import { Store } from "./Store";\nexport const store = new Store();\n',
			// The store's own wiring: the registry takes the instance, and its type from Store's file.
			"src/store/Registry.ts": [
				'import type { IStore } from "./Store";',
				"export class Registry {",
				"\tconstructor(readonly backing: IStore) {}",
				"}",
			].join("\n"),
			"src/store/index.ts": [
				'import { Registry } from "./Registry";',
				'import { store } from "./instance";',
				"export const registry = new Registry(store);",
			].join("\n"),
			// A module every screen uses: central, where a screen is a leaf.
			"src/widgets/hub.ts": [
				'import { store } from "../store/instance";',
				"export function hubTitle(): string {",
				'\treturn store.get("title");',
				"}",
			].join("\n"),
		};
		// Each screen also opens itself: one call further up, a caller per screen fills the message.
		for (let n = 1; n <= LEAVES; n++)
			files[leaf(n)] = [
				'import { hubTitle } from "../widgets/hub";',
				'import { store } from "../store/instance";',
				`export const screenValueWithAVeryLongAndDescriptiveNameForTheSettingsScreenNumber${n} = () => store.get("screen-${n}") + hubTitle();`,
				`export function openTheSettingsScreenWithAVeryLongAndDescriptiveNameNumber${n}(): string {`,
				`\treturn screenValueWithAVeryLongAndDescriptiveNameForTheSettingsScreenNumber${n}();`,
				"}",
			].join("\n");
		index = await openIndexOf(repoWith(files));
	}, 120_000);
	afterAll(() => index?.close());

	const cited = (r: { citations: { file: string; startLine: number; endLine: number }[] }, file: string) =>
		r.citations.some((c) => c.file === file);

	it("leads with X's own folder and central files, not the leaves, and says how many it leaves out", async () => {
		const r = await ask(index, "What would break if the Store class changed?");
		expect(r.answer).toContain("`Store` (class) is defined in `src/store/Store.ts`");
		const called = r.answer.slice(r.answer.indexOf("**Where it is called**"));
		// The instance is made in X's own folder; the hub, used by every screen, before any screen.
		expect(called.indexOf("instance.ts")).toBeGreaterThan(0);
		expect(called.indexOf("instance.ts")).toBeLessThan(called.indexOf("hub.ts"));
		expect(called.indexOf("hub.ts")).toBeLessThan(called.indexOf("the-settings-screen-with"));
		// Not every leaf fits: the answer says so, and the counts stay whole.
		const shownLeaves = Array.from({ length: LEAVES }, (_, i) => leaf(i + 1)).filter((f) => cited(r, f));
		expect(shownLeaves.length).toBeLessThan(LEAVES);
		expect(r.answer).toMatch(/more sites? \(of \d+ outside tests[^)]*\) (is|are) not shown/);
		expect(r.answer).toContain(`it is called at ${LEAVES + 2} sites in ${LEAVES + 2} files`);
		expect(r.answer.length).toBeLessThanOrEqual(SHORT_ANSWER_CHARS);
		for (const c of r.citations) expect(citationHolds(index, c)).toBe(true);
	});

	it("shows a file importing X's own file by its path (`from './Store'`), in X's folder, before the groups above fill the message", async () => {
		const r = await ask(index, "What would break if the Store class changed?");
		expect(r.answer).toMatch(
			/- `…\/store\/Registry\.ts` \[\d+\] at module level: `import type \{ IStore \} from/,
		);
		expect(cited(r, "src/store/Registry.ts")).toBe(true);
	});

	it("goes one step up through the instance X's module makes: who passes it on", async () => {
		const r = await ask(index, "What would break if the Store class changed?");
		expect(r.answer).toMatch(/- `…\/store\/index\.ts` \[\d+\] in `registry` uses `store`, an instance of it/);
		expect(r.answer).toMatch(
			/or uses an instance of it at \d+ sites? in \d+ files? \(1 site uses the instance\)|call those or use an instance of it at \d+ sites in \d+ files \(1 site uses the instance\)/,
		);
		const c = r.citations.find((x) => x.file === "src/store/index.ts");
		expect(c?.startLine).toBe(3);
	});
});
