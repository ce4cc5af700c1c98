import { describe, expect, it } from "vitest";
import { implementationLine } from "../../src/pipeline/implementation-line.js";
import { defRow } from "../support/defs.js";

/** An index that holds one file's text. */
const fileIndex = (text: string) => ({
	fileLines: (_file: string, from: number, to: number) => text.split("\n").slice(from - 1, to),
});

describe("implementationLine", () => {
	it("cites an overloaded method where its body starts, past the overload declarations", () => {
		const text = [
			"export class Api {", // 1
			"\taddRoute(path: string, action: Action): void;",
			"\taddRoute<TOptions extends Options>(",
			"\t\tpath: string,",
			"\t\toptions: TOptions,",
			"\t\taction: Action,",
			"\t): void;",
			"\tpublic addRoute(path: string, a: Options | Action, b?: Action): void {", // 8
			"\t\tthis.routes.set(path, b ?? a);",
			"\t}",
			"}",
		].join("\n");
		const addRoute = defRow("api.ts", "Api.addRoute", "method", { startLine: 2, endLine: 10 });
		expect(implementationLine(fileIndex(text), addRoute)).toBe(8);
	});

	it("keeps the first line of a method with no overloads", () => {
		const text = ["export class Api {", "\taddRoute(path: string, action: Action): void {", "\t}", "}"].join(
			"\n",
		);
		const addRoute = defRow("api.ts", "Api.addRoute", "method", { startLine: 2, endLine: 3 });
		expect(implementationLine(fileIndex(text), addRoute)).toBe(2);
	});
});
