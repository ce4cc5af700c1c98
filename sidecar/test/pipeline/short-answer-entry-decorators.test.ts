import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import type { DefRow } from "../../src/index/types.js";
import { entryDecorators, OWN_DECORATOR_FILES } from "../../src/pipeline/short/entry-decorators.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const decorators = `export function UseGuards(...g: unknown[]) { return (..._a: unknown[]) => {}; }
export function UseInterceptors(...g: unknown[]) { return (..._a: unknown[]) => {}; }
export function Mutation(f: () => unknown, o?: object) { return (..._a: unknown[]) => {}; }
`;
const guard = (name: string) => `export class ${name} { canActivate(): boolean { return true; } }\n`;
// The shared guard is named by more handlers than an endpoint's own guard is.
const otherHandlers = Object.fromEntries(
	Array.from({ length: OWN_DECORATOR_FILES + 1 }, (_, i) => [
		`src/other${i}.controller.ts`,
		`import { UseGuards } from "./decorators";
import { SharedAuthGuard } from "./shared-auth.guard";
export class Other${i}Controller {
	@UseGuards(SharedAuthGuard)
	handle${i}(): number { return ${i}; }
}
`,
	]),
);

describe("the short answer's places: the classes the entry's own decorators name", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"src/decorators.ts": decorators,
			"src/token.guard.ts": guard("TokenGuard"),
			"src/audit.interceptor.ts": guard("AuditInterceptor"),
			"src/shared-auth.guard.ts": guard("SharedAuthGuard"),
			"src/result.model.ts": "export class Result { ok = true; }\n",
			"src/notebook.service.ts": "export class NotebookService { fetch(): number { return 1; } }\n",
			"src/notebook.controller.ts": `import { Mutation, UseGuards, UseInterceptors } from "./decorators";
import { TokenGuard } from "./token.guard";
import { AuditInterceptor } from "./audit.interceptor";
import { SharedAuthGuard } from "./shared-auth.guard";
import { Result } from "./result.model";
import { NotebookService } from "./notebook.service";
export class NotebookController {
	constructor(private readonly service: NotebookService) {}
	@Mutation(() => Result)
	@UseGuards(SharedAuthGuard, TokenGuard)
	@UseInterceptors(AuditInterceptor)
	fetchNotebook(): number {
		return this.service.fetch();
	}
}
`,
			...otherHandlers,
		});
		index = await openIndexOf(repo);
	});
	afterAll(() => index?.close());

	const handler = (): DefRow => {
		const def = index.defsInFile("src/notebook.controller.ts").find((d) => d.name === "fetchNotebook");
		if (!def) throw new Error("fetchNotebook not indexed");
		return def;
	};
	// The files the answer's material read (the citation ranking's): all of them, unless a test says.
	const everyFile = () => new Set<string | null>(index.files().map((f) => f.path));
	const names = (taken: Set<string | null> = new Set(), read = everyFile()) =>
		entryDecorators(index, { def: handler(), hop: null }, taken, read).map((d) => d.def.name);

	it("names the endpoint's own guard and interceptor, in line order, with the decorator line", () => {
		expect(names()).toEqual(["TokenGuard", "AuditInterceptor"]);
		const [first] = entryDecorators(index, { def: handler(), hop: null }, new Set(), everyFile());
		expect(first?.text).toBe("@UseGuards(SharedAuthGuard, TokenGuard)");
	});

	it("leaves out a guard many handlers name, a type a callback returns, and a file already cited", () => {
		expect(names()).not.toContain("SharedAuthGuard");
		expect(names()).not.toContain("Result");
		expect(names(new Set(["src/token.guard.ts"]))).toEqual(["AuditInterceptor"]);
	});

	it("leaves out a decorator's class in a file the material did not read", () => {
		const read = everyFile();
		read.delete("src/audit.interceptor.ts");
		expect(names(new Set(), read)).toEqual(["TokenGuard"]);
	});
});
