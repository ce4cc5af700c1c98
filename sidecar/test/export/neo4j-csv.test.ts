import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMain } from "../../src/cli/commands/export.js";
import { csvField, edgeType, exportNeo4jCsv, kindLabel, NEO4J_FILES } from "../../src/export/index.js";
import { IndexReader } from "../../src/index/reader.js";
import { TINY, writeTinyIndex } from "../graph/tiny-index.js";

/** Minimal RFC-4180 reader (quoted fields, doubled quotes) to check what Neo4j would parse. */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	for (const line of text.split("\n").filter(Boolean)) {
		const fields: string[] = [];
		let i = 0;
		while (i <= line.length) {
			if (line[i] === '"') {
				let value = "";
				i++;
				while (i < line.length) {
					if (line[i] === '"' && line[i + 1] === '"') {
						value += '"';
						i += 2;
					} else if (line[i] === '"') {
						i++;
						break;
					} else value += line[i++];
				}
				fields.push(value);
				i++; // the comma
			} else {
				const end = line.indexOf(",", i);
				fields.push(line.slice(i, end < 0 ? line.length : end));
				i = end < 0 ? line.length + 1 : end + 1;
			}
		}
		rows.push(fields);
	}
	return rows;
}

let dbPath: string;
let outDir: string;
let index: IndexReader;
beforeAll(() => {
	dbPath = writeTinyIndex();
	index = IndexReader.open(dbPath);
	outDir = mkdtempSync(join(tmpdir(), "codeask-neo4j-"));
});
afterAll(() => index.close());

const read = (file: string) => parseCsv(readFileSync(join(outDir, file), "utf8"));

describe("neo4j-csv export", () => {
	it("writes every file with the documented header and one row per node or relationship", () => {
		const result = exportNeo4jCsv(index, outDir);
		const rows = Object.fromEntries(result.files.map((f) => [f.name, f.rows]));
		// 13 definitions incl. module pseudo-defs, 2 dispatch keys, 4 packages, every edge, one IN_PACKAGE per definition.
		expect(rows).toEqual({
			definitions: TINY.defs + 1 - 2,
			keys: 2,
			packages: TINY.packages,
			edges: TINY.edges,
			inPackage: 13,
		});
		for (const [name, spec] of Object.entries(NEO4J_FILES)) {
			const [header, ...body] = read(spec.file);
			expect(header, name).toEqual([...spec.header]);
			expect(body.length, name).toBe(rows[name]);
			for (const r of body) expect(r.length, `${name}: ${r.join("|")}`).toBe(spec.header.length);
		}
		expect(statSync(join(outDir, "import.sh")).mode & 0o111).not.toBe(0);
		expect(readFileSync(join(outDir, "import.sh"), "utf8")).toContain("--nodes=nodes-definitions.csv");
	});

	it("writes typed values, labels and relationship types Neo4j can import", () => {
		const defs = read(NEO4J_FILES.definitions.file);
		const save = defs.find((r) => r[0] === "apps/server/src/service.ts#MessagingService.save");
		expect(save).toEqual([
			"apps/server/src/service.ts#MessagingService.save",
			"save",
			"MessagingService.save",
			"method",
			"@acme/server",
			"apps/server/src/service.ts",
			"3",
			"7",
			"true",
			"1",
			"3",
			"",
			"Definition;Method",
		]);
		const keys = read(NEO4J_FILES.keys.file);
		expect(keys.slice(1)).toEqual([
			["trunk:rest#chat.send", "rest", "chat.send", "1", "1", "DispatchKey"],
			["trunk:callbacks#afterSave", "callbacks", "afterSave", "1", "1", "DispatchKey"],
		]);
		const edges = read(NEO4J_FILES.edges.file);
		expect(edges).toContainEqual([
			"trunk:rest#chat.send",
			"apps/server/src/post.ts#postMessage",
			"HANDLER",
			"apps/server/src/routes.ts",
			"2",
			"checker",
		]);
		// Every relationship end is a node of some nodes file.
		const ids = new Set([
			...defs.slice(1).map((r) => r[0]),
			...keys.slice(1).map((r) => r[0]),
			...read(NEO4J_FILES.packages.file)
				.slice(1)
				.map((r) => r[0]),
		]);
		for (const file of [NEO4J_FILES.edges.file, NEO4J_FILES.inPackage.file]) {
			for (const r of read(file).slice(1)) {
				expect(ids.has(r[0]), r[0]).toBe(true);
				expect(ids.has(r[1]), r[1]).toBe(true);
			}
		}
	});

	it("quotes fields with commas, quotes, spaces or line breaks", () => {
		expect(csvField("plain")).toBe("plain");
		expect(csvField('say "hi", twice')).toBe('"say ""hi"", twice"');
		expect(csvField("a\nb")).toBe('"a b"');
		expect(csvField(null)).toBe("");
		expect(csvField(12)).toBe("12");
		expect(kindLabel("dispatch-key")).toBe("DispatchKey");
		expect(edgeType("implementation")).toBe("IMPLEMENTATION");
	});

	it("is what `codeask export` runs", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-neo4j-cli-"));
		const r = exportMain({ index: dbPath, format: "neo4j-csv", out: dir, json: true });
		expect(r.files.map((f) => f.file)).toEqual(Object.values(NEO4J_FILES).map((f) => f.file));
		expect(read(NEO4J_FILES.edges.file).length).toBe(TINY.edges + 1);
	});
});
