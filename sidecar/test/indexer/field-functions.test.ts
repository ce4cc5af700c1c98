import { describe, expect, it } from "vitest";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("a class field naming a function", () => {
	it("runs that function when a caller calls the field, and leaves fields holding values alone", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "records" }',
				"src/methods/create-record.ts": [
					"import type { RecordsService } from '../records-service';",
					"export async function createRecordMethod(this: RecordsService, name: string) {",
					"\treturn this.store.push(name);",
					"}",
				].join("\n"),
				"src/methods/count.ts": ["export const countRecords = (n: number) => n + 1;"].join("\n"),
				"src/records-service.ts": [
					"import { createRecordMethod } from './methods/create-record';",
					"import { countRecords } from './methods/count';",
					"const LIMIT = 10;",
					"export class RecordsService {",
					"\tstore: string[] = [];",
					"\tcreateRecord = createRecordMethod;",
					"\tcount = countRecords;",
					"\tlimit = LIMIT;",
					"}",
				].join("\n"),
				"src/handler.ts": [
					"import { RecordsService } from './records-service';",
					"export class CreateRecordHandler {",
					"\tconstructor(private readonly service: RecordsService) {}",
					"\tasync execute(name: string) {",
					"\t\tawait this.service.createRecord(name);",
					"\t\treturn this.service.count(this.service.limit);",
					"\t}",
					"}",
				].join("\n"),
			},
			"codeask-field-functions-",
		);
		await withIndexOf(repo, (index) => {
			const def = index.def("src/handler.ts#CreateRecordHandler.execute");
			if (!def) throw new Error("execute missing");
			const out = index.edgesFrom(def.id).map((e) => `${e.kind} ${index.defById(e.dst)?.defId}`);
			expect(out).toEqual(
				expect.arrayContaining([
					"call src/methods/create-record.ts#createRecordMethod",
					"call src/methods/count.ts#countRecords",
				]),
			);
			// A field holding a value is no function: no edge through it to the constant.
			expect(out.some((e) => e.endsWith("#LIMIT"))).toBe(false);
		});
	});
});
