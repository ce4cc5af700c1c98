/**
 * A base-class method that only throws (or does nothing) is abstract in all but name: a call typed
 * by the base runs a subclass's override, so the override is an implementation of it, as of an
 * abstract member. A base method with a real body is no contract: its overrides get no edge.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { withIndexAt } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("implementation edges from base-class stubs", () => {
	it("links a throwing or empty base method to each override, not a base method with a body", async () => {
		const repo = repoWith({
			"package.json": JSON.stringify({ name: "jobs" }),
			"src/provider.ts": [
				"export class BaseProvider {",
				"\ttrigger(name: string): Promise<void> {",
				"\t\tthrow new Error('Not implemented');",
				"\t}",
				"\tonStart(): void {}",
				"\tdescribe(): string {",
				"\t\treturn 'base';",
				"\t}",
				"}",
				"",
			].join("\n"),
			"src/local.ts": [
				"import { BaseProvider } from './provider';",
				"export class LocalProvider extends BaseProvider {",
				"\tasync trigger(name: string): Promise<void> {",
				"\t\tconsole.log(name);",
				"\t}",
				"\tonStart(): void {",
				"\t\tconsole.log('start');",
				"\t}",
				"\tdescribe(): string {",
				"\t\treturn 'local';",
				"\t}",
				"}",
				"",
			].join("\n"),
			"src/queue.ts": [
				"import { BaseProvider } from './provider';",
				"export class QueueProvider extends BaseProvider {",
				"\tasync trigger(name: string): Promise<void> {",
				"\t\tawait Promise.resolve(name);",
				"\t}",
				"}",
				"",
			].join("\n"),
		});
		const out = join(repo, "i.db");
		await indexRepository({ repo, out });
		await withIndexAt(out, (index) => {
			const implementations = (id: string) => {
				const def = index.def(id);
				expect(def, id).toBeDefined();
				return index
					.edgesFrom(def?.id ?? -1)
					.filter((e) => e.kind === "implementation")
					.map((e) => index.defById(e.dst)?.qualifiedName)
					.sort();
			};
			expect(implementations("src/provider.ts#BaseProvider.trigger")).toEqual([
				"LocalProvider.trigger",
				"QueueProvider.trigger",
			]);
			expect(implementations("src/provider.ts#BaseProvider.onStart")).toEqual(["LocalProvider.onStart"]);
			expect(implementations("src/provider.ts#BaseProvider.describe")).toEqual([]);
		});
	});
});
