import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("calls into an object literal behind a type annotation", () => {
	it("makes `Manager.method()` a call edge to the method written in the annotated literal", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "literal-app" }',
				"src/routing.ts": [
					"type Routing = {",
					"\tdelegate(id: string): string;",
					"\tassign: (id: string) => string;",
					"};",
					"function assignAgent(id: string) {",
					"\treturn id;",
					"}",
					"export const RoutingManager: Routing = {",
					"\tdelegate(id) {",
					"\t\treturn id.trim();",
					"\t},",
					"\tassign: assignAgent,",
					"};",
				].join("\n"),
				"src/queue.ts": [
					'import { RoutingManager } from "./routing";',
					"export function processQueue(id: string) {",
					"\tRoutingManager.delegate(id);",
					"\treturn RoutingManager.assign(id);",
					"}",
				].join("\n"),
			},
			"codeask-literal-",
		);
		await withIndexOf(repo, (index) => {
			const calls = callsFrom(index, "src/queue.ts#processQueue");
			expect(calls).toEqual(
				expect.arrayContaining(["src/routing.ts#RoutingManager.delegate@3", "src/routing.ts#assignAgent@4"]),
			);
		});
	});
});
