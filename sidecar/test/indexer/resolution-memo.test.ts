/**
 * Module resolutions recorded by one run and taken by the next (resolve.ts, table file_imports):
 * only while the tree's layout is the one they were recorded under.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import { resolutionLayout } from "../../src/indexer/resolution-layout.js";
import { createModuleResolver, recallingResolver, recordingResolver } from "../../src/indexer/resolve.js";
import { discoverPackages } from "../../src/workspace/packages.js";
import { repoWith, writeRepoFile } from "../support/repo-with.js";
import { snapshotIndex } from "./index-snapshot.js";

const FILES = {
	"package.json": JSON.stringify({ name: "memo-app", private: true }),
	// `./impl` is not there yet: the re-export resolves to nothing.
	"src/lib.ts": "export { make } from './impl';\nexport function local(): number {\n\treturn 1;\n}\n",
	"src/main.ts":
		"import { local, make } from './lib';\nexport function run(): number {\n\treturn local() + make();\n}\n",
};

describe("recorded module resolutions", () => {
	it("answer from the record, and resolve what it does not hold", () => {
		const repo = repoWith(FILES);
		const base = createModuleResolver(repo, discoverPackages(repo), PROGRAM_OPTIONS);
		const main = join(repo, "src/main.ts");
		const lib = join(repo, "src/lib.ts");
		const recorder = recordingResolver(base, new Set([main]));
		expect(recorder.resolver.resolve("./lib", main)?.resolvedFileName).toBe(lib);
		recorder.resolver.resolve("./impl", lib); // not a recorded file
		expect(recorder.recordedFor(lib)).toBeNull();
		const record = recorder.recordedFor(main) as string;
		expect(JSON.parse(record)).toEqual([["./lib", expect.objectContaining({ resolvedFileName: lib })]]);

		// A record saying otherwise wins over the tree (it is only taken for the layout it was made in).
		const made = { ...base, resolve: () => undefined };
		const recalled = recallingResolver(made, (f) => (f === main ? record : undefined));
		expect(recalled.resolve("./lib", main)?.resolvedFileName).toBe(lib);
		expect(recalled.resolve("./other", main)).toBeUndefined();
		const failed = recallingResolver(base, () => '[["./lib",null]]');
		expect(failed.resolve("./lib", main)).toBeUndefined();
	});

	it("hold for a layout: a file added or removed, or a node_modules folder installed, is another", () => {
		const repo = repoWith(FILES);
		const packages = discoverPackages(repo);
		const files = [join(repo, "src/lib.ts"), join(repo, "src/main.ts")];
		const before = resolutionLayout(repo, packages, files, []);
		expect(resolutionLayout(repo, packages, [...files], [])).toBe(before);
		expect(resolutionLayout(repo, packages, [...files, join(repo, "src/impl.ts")], [])).not.toBe(before);
		expect(resolutionLayout(repo, packages, files.slice(1), [])).not.toBe(before);
		mkdirSync(join(repo, "node_modules"));
		expect(resolutionLayout(repo, packages, files, [])).not.toBe(before);
	});

	it("are not taken after a file was added: the unchanged importer's module now resolves to it", async () => {
		const repo = repoWith(FILES);
		const out = join(repo, "index.db");
		await indexRepository({ repo, out });
		const recorded = new Database(out, { readonly: true });
		const libRecord = recorded
			.prepare(
				"SELECT i.resolutions FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = 'src/lib.ts'",
			)
			.pluck()
			.get() as string;
		recorded.close();
		expect(JSON.parse(libRecord)).toEqual([["./impl", null]]);

		// The new file, and main.ts changed: lib.ts is unchanged and its record says `./impl` is missing.
		writeRepoFile(repo, "src/impl.ts", "export function make(): number {\n\treturn 2;\n}\n");
		writeRepoFile(repo, "src/main.ts", `${FILES["src/main.ts"]}export const again = run;\n`);
		const run = await indexRepository({ repo, out });
		expect(run.extractedFiles).toBe(2);
		const full = join(repo, "full.db");
		await indexRepository({ repo, out: full, full: true });
		const patched = snapshotIndex(out);
		const reference = snapshotIndex(full);
		expect(reference.edges.some((e) => e.startsWith("src/main.ts#run|src/impl.ts#make|call"))).toBe(true);
		// What main.ts's references resolve to, as in the full run (lib.ts's own import edges are
		// not re-extracted: an unchanged file that only now resolves waits for --full, docs/indexing.md).
		const writtenInMain = (edges: string[]) => edges.filter((e) => e.split("|")[3] === "src/main.ts");
		expect(writtenInMain(patched.edges)).toEqual(writtenInMain(reference.edges));
		expect(patched.defs).toEqual(reference.defs);
	});
});
