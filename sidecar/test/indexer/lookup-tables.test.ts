/**
 * Handler tables (indexer/lookup-tables.ts): a call through a table read by a key reaches the
 * functions the table holds; a table of other values gives no call edge; an incremental run after
 * the table changes writes what a full run writes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { withIndexAt } from "../support/open-index.js";
import { repoWith, writeRepoFile } from "../support/repo-with.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

const HANDLERS = [
	"export async function onCreate(id: string) {",
	"\treturn id;",
	"}",
	"export function onRemove(id: string) {",
	"\treturn id.length;",
	"}",
	"export class Archiver {",
	"\tconstructor(readonly id: string) {}",
	"}",
].join("\n");

const DISPATCH = [
	'import { onCreate, onRemove, Archiver } from "./handlers";',
	"type Kind = 'create' | 'remove' | 'rename';",
	"type Handler = (id: string) => unknown;",
	"export const handlers: Record<Kind, Handler> = {",
	"\tcreate: onCreate,",
	"\tremove: onRemove,",
	"\trename: (id: string) => id.toUpperCase(),",
	"};",
	"const labels = { create: 'Create', remove: 'Remove' };",
	"const byName = new Map<string, Handler>([['create', onCreate]]);",
	"const makers = { archive: Archiver };",
	"export function dispatch(event: { type: Kind; id: string }) {",
	"\treturn handlers[event.type](event.id);",
	"}",
	"export async function dispatchLater(kind: Kind, id: string) {",
	"\tconst handler = handlers[kind];",
	"\tawait handler?.(id);",
	"}",
	"export function removeOnly(id: string) {",
	"\treturn handlers['remove'](id);",
	"}",
	"export function byMap(name: string, id: string) {",
	"\treturn byName.get(name)?.(id);",
	"}",
	"export function mapRead(name: string) {",
	"\treturn byName.get(name);",
	"}",
	"export function make(kind: 'archive', id: string) {",
	"\treturn new makers[kind](id);",
	"}",
	"export function label(kind: 'create' | 'remove') {",
	"\treturn (labels as Record<string, unknown> as Record<string, () => string>)[kind]();",
	"}",
].join("\n");

function edgesOf(index: IndexReader, defId: string, kind: string): string[] {
	const def = index.def(defId);
	if (!def) throw new Error(`${defId} missing`);
	return index
		.edgesFrom(def.id)
		.filter((e) => e.kind === kind)
		.map((e) => index.defById(e.dst)?.defId ?? "")
		.sort();
}

describe("a call through a handler table", () => {
	it("reaches the functions the table holds, those its key names when the key is a literal", async () => {
		const repo = repoWith(
			{ "package.json": '{ "name": "events" }', "src/handlers.ts": HANDLERS, "src/dispatch.ts": DISPATCH },
			"codeask-lookup-tables-",
		);
		const out = join(repo, "index.db");
		await indexRepository({ repo, out, full: true });
		await withIndexAt(out, (index) => {
			const all = ["src/dispatch.ts#handlers.rename", "src/handlers.ts#onCreate", "src/handlers.ts#onRemove"];
			expect(edgesOf(index, "src/dispatch.ts#dispatch", "call")).toEqual(all);
			expect(edgesOf(index, "src/dispatch.ts#dispatchLater", "call")).toEqual(all);
			// The table itself is still read.
			expect(edgesOf(index, "src/dispatch.ts#dispatch", "reference")).toContain("src/dispatch.ts#handlers");
			expect(edgesOf(index, "src/dispatch.ts#removeOnly", "call")).toEqual(["src/handlers.ts#onRemove"]);
			// `new` through a table of classes constructs them.
			expect(edgesOf(index, "src/dispatch.ts#make", "new")).toEqual(["src/handlers.ts#Archiver"]);
			// A table of strings holds nothing to run.
			expect(edgesOf(index, "src/dispatch.ts#label", "call")).toEqual([]);
			// A Map read by `.get` and called runs its values; read and not called, it runs nothing.
			expect(edgesOf(index, "src/dispatch.ts#byMap", "call")).toEqual(["src/handlers.ts#onCreate"]);
			expect(edgesOf(index, "src/dispatch.ts#mapRead", "call")).toEqual([]);
		});
		rmSync(repo, { recursive: true, force: true });
	});

	it("is written by an incremental run as by a full run when the table changes", async () => {
		const repo = repoWith(
			{ "package.json": '{ "name": "events" }', "src/handlers.ts": HANDLERS, "src/dispatch.ts": DISPATCH },
			"codeask-lookup-tables-inc-",
		);
		const out = join(repo, "index.db");
		await indexRepository({ repo, out });
		// The table moves to its own module and loses an entry; the dispatcher's file is unchanged.
		writeRepoFile(
			repo,
			"src/handlers.ts",
			`${HANDLERS}\nexport const table: Record<string, (id: string) => unknown> = { create: onCreate };\n`,
		);
		writeRepoFile(
			repo,
			"src/dispatch.ts",
			`${DISPATCH}\nimport { table } from "./handlers";\nexport function viaImport(k: string) {\n\treturn table[k]("x");\n}\n`,
		);
		await indexRepository({ repo, out });
		writeRepoFile(
			repo,
			"src/handlers.ts",
			`${HANDLERS}\nexport const table: Record<string, (id: string) => unknown> = { remove: onRemove };\n`,
		);
		const incremental = await indexRepository({ repo, out });
		expect(incremental.extractedFiles).toBeGreaterThan(0);
		const fullDir = mkdtempSync(join(tmpdir(), "codeask-lookup-tables-full-"));
		const fullOut = join(fullDir, "full.db");
		await indexRepository({ repo, out: fullOut, full: true });
		expect(integrityProblems(out)).toEqual([]);
		const patched = snapshotIndex(out);
		const reference = snapshotIndex(fullOut);
		for (const key of Object.keys(reference) as (keyof typeof reference)[])
			expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
		await withIndexAt(out, (index) => {
			expect(edgesOf(index, "src/dispatch.ts#viaImport", "call")).toEqual(["src/handlers.ts#onRemove"]);
		});
		rmSync(fullDir, { recursive: true, force: true });
		rmSync(repo, { recursive: true, force: true });
	});
});
