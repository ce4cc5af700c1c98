import { describe, expect, it } from "vitest";
import { documentFrequency } from "../../src/pipeline/ask.js";
import { analyzeQuestion, weighConcepts } from "../../src/pipeline/query.js";
import { repoIndexForSuite } from "../support/seeded-files.js";

// Most definitions carry "app"; one family names the in-app notices (`InAppNotice…`), written apart.
const APP_FILES = Object.fromEntries(
	"config start stop theme routes menu store layout shell title version icons"
		.split(" ")
		.map((w) => [
			`src/app/${w}.ts`,
			`export function app${w[0]?.toUpperCase()}${w.slice(1)}(app: unknown) { return app; }\n`,
		]),
);
const FILES = {
	...APP_FILES,
	"src/notices/in-app-notice.ts":
		"export class InAppNoticeService {\n  createInAppNotice(text: string) { return { text }; }\n}\n",
	"src/notices/badge.ts": "export function noticeBadge(count: number) { return String(count); }\n",
};

describe("weight of a compound the code writes apart", () => {
	const index = repoIndexForSuite(FILES, "codeask-compound-weight-");

	it("weighs 'in-app' by its pieces written together, not by the common 'app' alone", () => {
		const { df, total } = documentFrequency(index());
		// The phrase counts the names that write the pieces in a row, not every name with "app".
		expect(df("in app")).toBeGreaterThan(0);
		expect(df("in app")).toBeLessThan(df("app"));
		const q = analyzeQuestion("How are in-app notices created?");
		weighConcepts(q.concepts, df, total);
		const weight = (w: string) => q.concepts.find((c) => c.word === w)?.weight ?? 0;
		// "in" is no concept: by "app" alone the compound would sink to the common-word floor.
		expect(weight("inapp")).toBeGreaterThan(0.5);
		expect(weight("inapp")).toBeGreaterThanOrEqual(weight("notices"));
	});
});
