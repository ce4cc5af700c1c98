/**
 * A program built for a few extracted files follows the other files' imports only where their
 * declarations need them; the extracted files' own imports are all followed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createIndexProgram, PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import { createModuleResolver } from "../../src/indexer/resolve.js";
import { discoverPackages } from "../../src/workspace/packages.js";

const FILES: Record<string, string> = {
	"package.json": JSON.stringify({ name: "scope-app", private: true }),
	"src/heavy.ts": "export function heavy(): number {\n\treturn 1;\n}\n",
	"src/only-in-call.ts": "export const registered = 1;\n",
	"src/room.ts": "export class Room {\n\topen(): void {}\n}\n",
	"src/context.ts": "export type Value = { room: string };\nexport const Context = { value: 1 };\n",
	// `heavy` only in an annotated body, `registered` only in a top-level call: neither followed.
	"src/make.ts": [
		"import { heavy } from './heavy';",
		"import { registered } from './only-in-call';",
		"import { Room } from './room';",
		"export function make(): Room {\n\theavy();\n\treturn new Room();\n}",
		"console.log(registered);\n",
	].join("\n"),
	// One module imported twice: for a type the signature needs, and for a value only the body uses.
	"src/use-context.ts": [
		"import type { Value } from './context';",
		"import { Context } from './context';",
		"export const useValue = (): Value => Context as never;\n",
	].join("\n"),
	"src/unannotated.ts":
		"import { heavy } from './heavy';\nexport function twice() {\n\treturn heavy() * 2;\n}\n",
	"src/main.ts": [
		"import { make } from './make';",
		"import { useValue } from './use-context';",
		"import { twice } from './unannotated';",
		"export const all = [make(), useValue(), twice()];\n",
	].join("\n"),
};

function programFiles(scoped: boolean, extracted = ["src/main.ts"]): string[] {
	const repo = mkdtempSync(join(tmpdir(), "codeask-scope-"));
	for (const [path, text] of Object.entries(FILES)) {
		mkdirSync(dirname(join(repo, path)), { recursive: true });
		writeFileSync(join(repo, path), text);
	}
	const sources = new Map(
		Object.entries(FILES)
			.filter(([p]) => p.endsWith(".ts"))
			.map(([p, content]) => [join(repo, p), { content }]),
	);
	const resolver = createModuleResolver(repo, discoverPackages(repo), PROGRAM_OPTIONS);
	const roots = extracted.map((p) => join(repo, p));
	const { program } = createIndexProgram(
		roots,
		sources,
		resolver,
		undefined,
		scoped ? { extracted: new Set(roots), globalRoots: new Set() } : undefined,
	);
	return program
		.getSourceFiles()
		.map((sf) => sf.fileName)
		.filter((f) => f.startsWith(repo))
		.map((f) => f.slice(repo.length + 1))
		.sort();
}

describe("import scope of a program", () => {
	it("follows what declarations need, not what annotated bodies or top-level calls use", () => {
		expect(programFiles(true)).toEqual([
			"src/context.ts",
			"src/heavy.ts", // through the unannotated function, whose return type its body decides
			"src/main.ts",
			"src/make.ts",
			"src/room.ts",
			"src/unannotated.ts",
			"src/use-context.ts",
		]);
		expect(programFiles(true, ["src/make.ts"])).toEqual([
			"src/heavy.ts",
			"src/make.ts",
			"src/only-in-call.ts",
			"src/room.ts",
		]);
		expect(programFiles(false)).toContain("src/only-in-call.ts");
	});
});
