/**
 * GraphQL documents as program text: the top-level definitions and their root fields, each
 * definition a `gql` constant on its own lines, the rest comments, every line kept; and a document
 * through the real indexer (its operations are definitions at their lines, an import of it resolves).
 */
import { describe, expect, it } from "vitest";
import { graphqlDefinitions, graphqlOperations, graphqlToScript } from "../../src/syntax/graphql-doc.js";
import { openIndexOf, readThenClose } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const DOC = [
	"# Loads a board with its cards.",
	'query Board($id: ID!, $filter: CardFilter = { label: "}" }) {',
	'  board(id: $id) { ...BoardFields note(text: "a { b") }',
	"  pinned: cards(filter: $filter) @include(if: true) {",
	"    id",
	"  }",
	"  ... on Query { viewer { id } }",
	"}",
	"",
	"fragment BoardFields on Board {",
	"  id",
	'  """ a } description """',
	"}",
	"scalar Date",
	"mutation { delete(id: 1) }",
	"extend type Query { extra: Int }",
	"type Query { boards: [Board] }",
].join("\n");

describe("GraphQL documents", () => {
	it("finds the top-level definitions past strings, comments, arguments and default values", () => {
		expect(graphqlDefinitions(DOC).map((d) => [d.keyword, d.name, d.body >= 0])).toEqual([
			["query", "Board", true],
			["fragment", "BoardFields", true],
			["scalar", "Date", false],
			["mutation", null, true],
			["extend", "Query", true],
			["type", "Query", true],
		]);
	});

	it("lists each operation's root fields and paths below them: aliases resolved, spreads, inline fragments and directives skipped", () => {
		expect(graphqlOperations(DOC)).toEqual([
			{ name: "Board", fields: ["board", "cards"], nested: ["board.note", "cards.id"] },
			{ name: null, fields: ["delete"], nested: [] },
		]);
		// A schema's types are no operations.
		expect(graphqlOperations("schema { query: Query }\ntype Query { user: User }")).toEqual([]);
	});

	it("reads as constants holding each definition, on the document's own lines", () => {
		const out = graphqlToScript(DOC);
		const lines = out.split("\n");
		expect(lines).toHaveLength(DOC.split("\n").length);
		expect(lines[0]).toBe("/* # Loads a board with its cards. */");
		expect(lines[1]).toMatch(/^export const Board = gql`query Board\(/);
		expect(lines[7]).toBe("}`;");
		expect(lines[9]).toBe("export const BoardFields = gql`fragment BoardFields on Board {");
		expect(lines[13]).toBe("/* scalar Date */");
		// An anonymous operation is named by its keyword; a second `Query` gets a suffix.
		expect(lines[14]).toBe("export const mutation = gql`mutation { delete(id: 1) }`;");
		expect(lines[15]).toMatch(/^export const Query = gql`extend type Query/);
		expect(lines[16]).toMatch(/^export const Query_2 = gql`type Query/);
	});
});

describe("a GraphQL document in the index", { timeout: 120_000 }, () => {
	it("is a file of its own lines whose operations are definitions, and an import of it resolves", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "board-client", "private": true }',
				"src/ops/board.graphql": `${DOC}\n`,
				"src/load.ts":
					"import { Board } from './ops/board.graphql';\n\nexport function load(send: (doc: unknown) => void) {\n  send(Board);\n}\n",
			},
			"codeask-graphql-doc-",
		);
		await readThenClose(await openIndexOf(repo, { full: true }), (index) => {
			const lines = (index.fileContent("src/ops/board.graphql") ?? "").split("\n");
			expect(lines).toHaveLength(DOC.split("\n").length + 1);
			const defs = index.db
				.prepare(
					"SELECT d.name, d.start_line AS line FROM defs d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.kind != 'module' ORDER BY d.start_line",
				)
				.all("src/ops/board.graphql");
			expect(defs).toEqual([
				{ name: "Board", line: 2 },
				{ name: "BoardFields", line: 10 },
				{ name: "mutation", line: 15 },
				{ name: "Query", line: 16 },
				{ name: "Query_2", line: 17 },
			]);
			const refs = index.db
				.prepare(
					"SELECT s.def_id AS a, t.def_id AS b FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst WHERE e.kind = 'reference'",
				)
				.all();
			expect(refs).toContainEqual({ a: "src/load.ts#load", b: "src/ops/board.graphql#Board" });
			// Searched by its operations' names, not by the fields it selects.
			const search = (table: string, word: string) =>
				index.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(`"${word}"`) as {
					n: number;
				};
			expect(search("defs_fts", "board").n).toBeGreaterThan(0);
			expect(search("defs_fts", "pinned").n).toBe(0);
			expect(search("files_fts", "pinned").n).toBe(0);
			expect(search("files_fts", "send").n).toBe(1);
		});
	});
});
