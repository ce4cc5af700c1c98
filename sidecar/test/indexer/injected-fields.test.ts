/**
 * A field taken from a dependency injector by its class token (`inject(DataService)`, `moduleRef.get(C)`,
 * `container.resolve(C)`), the injector's package not installed: a call through the field runs the
 * class's member. A token that is no class of the repository, or a lookup by string, stays unresolved.
 */
import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("a field or const taken from an injector by its class", () => {
	it("calls the member of the class the token names", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "injected-app" }',
				"src/data.service.ts": [
					"export class DataService {",
					"\tpublic postActivity(order: string) {",
					"\t\treturn order;",
					"\t}",
					"}",
				].join("\n"),
				"src/host.ts": [
					'import { inject } from "@angular/core";',
					'import { Container } from "typedi";',
					'import { DataService } from "./data.service";',
					"export class Host {",
					"\tprivate readonly dataService = inject(DataService);",
					'\tprivate readonly named = Container.get("data");',
					"\tpublic open(order: string) {",
					"\t\tthis.named.postActivity(order);",
					"\t\treturn this.dataService.postActivity(order);",
					"\t}",
					"}",
					'import { container } from "tsyringe";',
					"export function start(order: string) {",
					"\tconst data = container.resolve(DataService);",
					"\tdata.postActivity(order);",
					"}",
				].join("\n"),
			},
			"codeask-injected-",
		);
		await withIndexOf(repo, (index) => {
			expect(callsFrom(index, "src/host.ts#Host.open")).toEqual([
				"src/data.service.ts#DataService.postActivity@9",
			]);
			expect(callsFrom(index, "src/host.ts#start")).toEqual([
				"src/data.service.ts#DataService.postActivity@15",
			]);
		});
	});
});
