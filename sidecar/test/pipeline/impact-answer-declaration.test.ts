/**
 * An impact answer about a key cites where its signature is declared once, in "In short": the
 * declaration's line is counted among the sites, not shown again as a place.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { openIndexWithTrunks } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("an impact question about a key with a declared signature", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"package.json": '{ "name": "chat" }',
			// The callbacks trunk of a preset: `callbacks.add('hook', fn)` ↔ `callbacks.run('hook', …)`.
			"codeask.trunks.json": '{ "extends": ["rocketchat"] }',
			"src/lib/callbacks.ts": [
				"type Callback = (item: string) => unknown;",
				"export interface CallbackSignatures {",
				"\t'afterMessageSave': (message: string) => void;",
				"}",
				"class Callbacks {",
				"\tprivate readonly hooks = new Map<string, Callback[]>();",
				"\tadd(hook: string, fn: Callback): void {",
				"\t\tthis.hooks.set(hook, [...(this.hooks.get(hook) ?? []), fn]);",
				"\t}",
				"\trun(hook: string, item: string): void {",
				"\t\tfor (const fn of this.hooks.get(hook) ?? []) fn(item);",
				"\t}",
				"}",
				"export const callbacks = new Callbacks();",
			].join("\n"),
			"src/server/save.ts": [
				"import { callbacks } from '../lib/callbacks';",
				"export function saveMessage(m: string): void {",
				"\tcallbacks.run('afterMessageSave', m);",
				"}",
			].join("\n"),
			"src/lib/notify.ts": [
				"import { callbacks } from './callbacks';",
				"callbacks.add('afterMessageSave', (m) => console.log(m));",
			].join("\n"),
			"src/search/index.ts": [
				"import { callbacks } from '../lib/callbacks';",
				"callbacks.add('afterMessageSave', (m) => m);",
			].join("\n"),
		});
		index = await openIndexWithTrunks(repo);
	}, 120_000);
	afterAll(() => index?.close());

	it("cites the declaration in In short and not again among the places", async () => {
		const r = await ask(index, "What would break if the `afterMessageSave` callback changed?");
		expect(r.answer).toMatch(/declared as [^\n]* in `src\/lib\/callbacks\.ts` \[1\]/);
		expect(r.citations.filter((c) => c.file === "src/lib/callbacks.ts" && c.startLine === 3)).toHaveLength(1);
		expect(r.answer).not.toContain("**Other references**");
		// Counted all the same: 4 sites, the declaration's line among them.
		expect(r.answer).toContain("touches 4 sites in 4 files");
	});
});
