/**
 * An impact answer says what it knows of the tests: a name too short for the text search (`url`)
 * leaves the unindexed test files unread, and the answer says so instead of "No test names it".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("the tests of an impact question's subject", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"package.json": '{ "name": "media" }',
			"src/files.ts": [
				"export function url(name: string): string {",
				"\treturn `/files/${name}`;",
				"}",
				"export function thumbnail(name: string): string {",
				"\treturn `/thumbs/${name}`;",
				"}",
			].join("\n"),
			"src/page.ts": [
				'import { thumbnail, url } from "./files";',
				"export function render(name: string): string {",
				"\treturn url(name) + thumbnail(name);",
				"}",
			].join("\n"),
			// Other code, so the subject's name is distinctive in the repository.
			...Object.fromEntries(
				["orders", "users", "billing", "search", "mail", "audit"].map((name) => [
					`src/${name}.ts`,
					`export function ${name}Count(items: string[]): number {\n\treturn items.length;\n}`,
				]),
			),
			// The question's framing word is written somewhere, as in any real repository.
			"src/events.ts": "export function onChanged(listener: () => void): void {\n\tlistener();\n}",
			"test/files.test.ts": [
				'import { thumbnail, url } from "../src/files";',
				'if (url("a") !== "/files/a") throw new Error("url");',
				'if (thumbnail("a") !== "/thumbs/a") throw new Error("thumbnail");',
			].join("\n"),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("counts the test sites of a name the text search can find", async () => {
		const r = await ask(
			index,
			"If I change the signature of the files module's thumbnail function, which code would need to change?",
		);
		// The import line and the call.
		expect(r.answer).toContain("Tests: 2 sites in 1 test file");
	});

	it("never says no test names a name too short to search for", async () => {
		const r = await ask(
			index,
			"If I change the signature of the files module's url function, which code would need to change?",
		);
		expect(r.answer).toContain("`url`");
		expect(r.answer).not.toContain("No test names it");
		expect(r.answer).toContain("Test files were not searched: the name is too short to find as text.");
	});
});
