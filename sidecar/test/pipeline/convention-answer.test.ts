import { describe, expect, it } from "vitest";
import { conventionSubject } from "../../src/pipeline/answer-convention.js";
import { ask } from "../../src/pipeline/ask.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("conventionSubject", () => {
	it("finds the topic of a convention question and where it is asked about", () => {
		expect(
			conventionSubject("What is the convention for reporting errors from services to resolvers?"),
		).toEqual({
			topic: "reporting errors",
			where: "services to resolvers",
			action: false,
		});
		expect(conventionSubject("What's the usual way to log in the server?")?.topic).toBe("log");
		expect(conventionSubject("Is there a best practice for naming events?")?.topic).toBe("naming events");
		expect(conventionSubject("How should I validate settings?")).toEqual({
			topic: "validate settings",
			where: "",
			action: true,
		});
	});

	it("leaves flow, guide and other questions alone", () => {
		expect(conventionSubject("How are errors reported to the client?")).toBeNull();
		expect(conventionSubject("How do I add a new service?")).toBeNull();
		expect(conventionSubject("What is the best way to train a puppy to sit?")).toBeNull();
		expect(conventionSubject("How much should I tip the server at a restaurant?")).toBeNull();
	});
});

/**
 * A backend whose resolvers and controllers report errors through `raiseError` with codes from
 * `errors.ts`, a web client with its own busier `showError`, and one module's private `logError`.
 */
function errorsRepo(): string {
	const features = ["users", "teams", "posts", "tags", "files", "rooms"];
	const files: Record<string, string> = {
		"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }',
		"packages/backend/package.json": '{ "name": "@acme/backend" }',
		"packages/backend/src/utils.ts": [
			"/** Throws an error code as an exception, usable as an expression. */",
			"export function raiseError(code: string): never {",
			"\tthrow new Error(code);",
			"}",
		].join("\n"),
		"packages/backend/src/errors.ts": features
			.flatMap((f) => [
				`export const ${f.toUpperCase()}_NOT_FOUND = "${f}/not_found" as const;`,
				`export const ${f.toUpperCase()}_INVALID = "${f}/invalid" as const;`,
			])
			.join("\n"),
		"packages/web/package.json": '{ "name": "@acme/web" }',
		"packages/web/src/toast.ts":
			"export function showError(text: string): void {\n\tconsole.warn(text);\n}\n",
		"packages/web/src/format.ts": ["Date", "Name", "Size"]
			.map((w) => `export function format${w}(x: unknown): string {\n\treturn String(x);\n}`)
			.join("\n"),
		"packages/backend/src/audit.ts": [
			"function logError(text: string): void {",
			"\tconsole.error(text);",
			"}",
			"export function audit(a: string): void {",
			"\tlogError(a);",
			"}",
		].join("\n"),
	};
	for (const f of features) {
		const code = f.toUpperCase();
		const kind = ["users", "teams", "posts"].includes(f) ? "resolver" : "controller";
		files[`packages/backend/src/${f}/${f}.${kind}.ts`] = [
			'import { raiseError } from "../utils";',
			`import { ${code}_NOT_FOUND, ${code}_INVALID } from "../errors";`,
			`export class ${f[0]?.toUpperCase()}${f.slice(1)}${kind === "resolver" ? "Resolver" : "Controller"} {`,
			"\tfind(id: string | null) {",
			`\t\tif (!id) raiseError(${code}_NOT_FOUND);`,
			`\t\tif (id === "-") raiseError(${code}_INVALID);`,
			"\t\treturn id;",
			"\t}",
			"}",
		].join("\n");
		// The web client's pages call its own helper more often than the backend calls raiseError.
		for (const page of ["list", "edit"])
			files[`packages/web/src/pages/${f}-${page}.ts`] = [
				'import { showError } from "../toast";',
				'import { formatDate, formatName, formatSize } from "../format";',
				`export function ${f}${page[0]?.toUpperCase()}${page.slice(1)}Page(failed: boolean) {`,
				`\tif (failed) showError("${f} ${page} failed");`,
				"\treturn [formatDate(1), formatName(2), formatSize(3)];",
				"}",
			].join("\n");
	}
	return repoWith(files);
}

describe("the convention answer", () => {
	const index = indexForSuite(() => openIndexOf(errorsRepo()), 60_000);

	it("tells the definitions named for the topic that the most code uses, each with a real use, and the file of its constants", async () => {
		const result = await ask(
			index(),
			"What is the convention for reporting errors in the backend resolvers?",
		);
		expect(result.abstained).toBe(false);
		const answer = result.answer;
		expect(answer).toContain("**The convention, by use**");
		// raiseError first: used where the question says (backend resolvers), though the web helper has more users.
		expect(answer.indexOf("`raiseError`")).toBeGreaterThan(-1);
		expect(answer.indexOf("`raiseError`")).toBeLessThan(answer.indexOf("`showError`"));
		expect(answer).toMatch(/`raiseError`[^\n]*used by 6 definitions in 6 files/);
		expect(answer).toContain("12 constants in `packages/backend/src/errors.ts`");
		// A helper one module keeps to itself is no convention.
		expect(answer).not.toContain("logError");
		// Every citation holds what it names: the helper's head, a resolver's line calling it.
		expect(result.droppedCitations).toBe(0);
		const use = result.citations.find((c) => /Resolver\.find$/.test(c.symbol));
		expect(use).toBeDefined();
		const line =
			index()
				.fileLines(use?.file ?? "", use?.startLine ?? 0, use?.endLine ?? 0)
				?.join("\n") ?? "";
		expect(line).toContain("raiseError(");
		expect(
			result.citations.some((c) => c.file === "packages/backend/src/utils.ts" && c.symbol === "raiseError"),
		).toBe(true);
	});

	it("leaves an action the code names things for, but not with the topic, to the flow answer", async () => {
		// Widely used definitions are named for formatting (dates, names, sizes), none for formatting errors.
		const result = await ask(index(), "How should I format errors?");
		expect(result.answer).not.toContain("**The convention, by use**");
	});

	it("puts the convention's definitions first in the material the LLM reads", async () => {
		const result = await ask(
			index(),
			"What is the convention for reporting errors in the backend resolvers?",
			{
				measureMaterial: true,
			},
		);
		const first = result.trace.read.slice(0, 3).map((r) => r.defId);
		expect(first).toContain("packages/backend/src/utils.ts#raiseError");
	});
});
