/**
 * Workspace and build manifests (indexer/manifests.ts): files rows and `manifest` definitions on
 * their real lines, edges between them, no full-text rows; an incremental run after a manifest is
 * edited, added or removed holds what a full run writes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { manifestDefinitions } from "../../src/indexer/manifests.js";
import { repoWith, writeRepoFile } from "../support/repo-with.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

const ROOT_PACKAGE = `{
	"name": "acme",
	"private": true,
	"description": "The acme monorepo",
	"workspaces": [
		"packages/*"
	],
	"scripts": {
		"build": "turbo run build",
		"lint": "turbo run lint"
	},
	"devDependencies": {
		"turbo": "^2.0.0"
	}
}
`;

const CORE_PACKAGE = `{
	"name": "@acme/core",
	"main": "./dist/index.js",
	"scripts": {
		"build": "tsc -p tsconfig.json"
	}
}
`;

const APP_PACKAGE = `{
	"name": "@acme/app",
	"dependencies": {
		"@acme/core": "workspace:^",
		"left-pad": "^1.0.0"
	}
}
`;

const TSCONFIG = `{
	// shared options live in the base
	"extends": "../../tsconfig.base.json",
	"compilerOptions": {
		"outDir": "./dist",
	},
	"references": [{ "path": "../core" }],
}
`;

function monorepo(): string {
	return repoWith({
		"package.json": ROOT_PACKAGE,
		"tsconfig.base.json": `{\n\t"compilerOptions": {\n\t\t"strict": true\n\t}\n}\n`,
		"turbo.json": `{\n\t"tasks": {\n\t\t"build": {\n\t\t\t"dependsOn": ["^build"],\n\t\t\t"outputs": ["dist/**"]\n\t\t}\n\t}\n}\n`,
		"pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n",
		"packages/core/package.json": CORE_PACKAGE,
		"packages/core/tsconfig.json": `{\n\t"extends": "../../tsconfig.base.json"\n}\n`,
		"packages/core/src/index.ts": "export function hashToken(token: string): string {\n\treturn token;\n}\n",
		"packages/app/package.json": APP_PACKAGE,
		"packages/app/tsconfig.json": TSCONFIG,
		"packages/app/src/main.ts":
			"import { hashToken } from '@acme/core';\n\nexport const token = hashToken('x');\n",
	});
}

function rows<T>(out: string, sql: string): T[] {
	const db = new Database(out, { readonly: true });
	try {
		return db.prepare(sql).all() as T[];
	} finally {
		db.close();
	}
}

async function expectSameAsFullRun(repo: string, out: string) {
	const incremental = await indexRepository({ repo, out });
	const fullDir = mkdtempSync(join(tmpdir(), "codeask-manifest-full-"));
	const fullOut = join(fullDir, "full.db");
	const full = await indexRepository({ repo, out: fullOut, full: true });
	expect(integrityProblems(out)).toEqual([]);
	const patched = snapshotIndex(out);
	const reference = snapshotIndex(fullOut);
	for (const key of Object.keys(reference) as (keyof typeof reference)[])
		expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
	expect(incremental.stats.definitions).toBe(full.stats.definitions);
	expect(incremental.stats.edges).toBe(full.stats.edges);
	rmSync(fullDir, { recursive: true, force: true });
	return incremental;
}

describe("manifest definitions", () => {
	it("names each manifest after its package or file, with its sections on their own lines", async () => {
		const { defs, edges } = await manifestDefinitions([
			{ path: "package.json", content: ROOT_PACKAGE },
			{ path: "packages/core/package.json", content: CORE_PACKAGE },
			{ path: "packages/app/package.json", content: APP_PACKAGE },
			{ path: "packages/app/tsconfig.json", content: TSCONFIG },
			{ path: "tsconfig.base.json", content: "{}" },
			{ path: "packages/core/tsconfig.json", content: "{}" },
		]);
		const at = (defId: string) => {
			const d = defs.find((x) => x.defId === defId);
			return d && [d.startLine, d.endLine, d.signature];
		};
		expect(at("package.json#acme")).toEqual([1, 15, "package.json of acme (repository root)"]);
		expect(at("package.json#workspaces")).toEqual([5, 7, "workspaces: packages/*"]);
		expect(at("package.json#scripts")).toEqual([8, 11, "scripts: build, lint"]);
		// Dependency names are counted, not listed: they would match questions about anything.
		expect(at("package.json#devDependencies")).toEqual([
			12,
			14,
			"devDependencies: 1 packages, 0 of this repository",
		]);
		expect(at("packages/app/tsconfig.json#extends")).toEqual([3, 3, "extends: ../../tsconfig.base.json"]);
		expect(at("packages/app/tsconfig.json#references")).toEqual([7, 7, "references: ../core"]);
		expect(defs.every((d) => d.kind === "manifest")).toBe(true);
		expect(defs.find((d) => d.defId === "package.json#acme")?.doc).toBe("The acme monorepo");
		expect(edges.map((e) => `${e.src} -${e.kind}-> ${e.dst} @${e.line}`).sort()).toEqual([
			"packages/app/package.json#dependencies -import-> packages/core/package.json#@acme/core @4",
			"packages/app/tsconfig.json#extends -extends-> tsconfig.base.json#tsconfig.base.json @3",
			"packages/app/tsconfig.json#references -import-> packages/core/tsconfig.json#tsconfig.json @7",
		]);
	});

	it("reads tsconfig comments and trailing commas; unreadable text is one definition, a repeated key one", async () => {
		const { defs } = await manifestDefinitions([
			{ path: "tsconfig.json", content: TSCONFIG },
			{ path: "broken/package.json", content: "{ not json" },
			{
				path: "twice/turbo.json",
				content: '{"tasks": {"build": {}, "build": {}}, "tasks": {}, "globalEnv": ["CI"]}',
			},
		]);
		expect(defs.map((d) => d.defId)).toEqual([
			"tsconfig.json#tsconfig.json",
			"tsconfig.json#extends",
			"tsconfig.json#compilerOptions",
			"tsconfig.json#references",
			"broken/package.json#package.json",
			"twice/turbo.json#turbo.json",
			"twice/turbo.json#tasks",
			"twice/turbo.json#tasks.build",
			"twice/turbo.json#globalEnv",
		]);
		expect(defs.find((d) => d.defId === "tsconfig.json#compilerOptions")?.signature).toBe(
			"compilerOptions: outDir",
		);
	});

	it("follows a tsconfig `extends` into a workspace package's file, or its tsconfig.json", async () => {
		const { edges } = await manifestDefinitions([
			{ path: "tooling/tsconfig/package.json", content: '{ "name": "@acme/tsconfig" }' },
			{ path: "tooling/tsconfig/tsconfig.base.json", content: "{}" },
			{ path: "tooling/tsconfig/tsconfig.json", content: "{}" },
			{ path: "apps/web/tsconfig.json", content: '{ "extends": "@acme/tsconfig/tsconfig.base.json" }' },
			{ path: "apps/api/tsconfig.json", content: '{ "extends": ["@acme/tsconfig", "@other/tsconfig"] }' },
		]);
		expect(edges.map((e) => `${e.src} -${e.kind}-> ${e.dst}`).sort()).toEqual([
			"apps/api/tsconfig.json#extends -extends-> tooling/tsconfig/tsconfig.json#tsconfig.json",
			"apps/web/tsconfig.json#extends -extends-> tooling/tsconfig/tsconfig.base.json#tsconfig.base.json",
		]);
	});

	it("reads turbo tasks and pnpm workspace packages", async () => {
		const { defs } = await manifestDefinitions([
			{
				path: "turbo.json",
				content: '{\n\t"tasks": {\n\t\t"app#build": {\n\t\t\t"dependsOn": ["^build"]\n\t\t}\n\t}\n}\n',
			},
			{
				path: "pnpm-workspace.yaml",
				content: "# workspace\npackages:\n  - 'apps/*'\n  - packages/*\ncatalog:\n  react: ^18\n",
			},
		]);
		expect(defs.map((d) => [d.defId, d.name, d.startLine, d.endLine, d.signature])).toEqual([
			["turbo.json#turbo.json", "turbo.json", 1, 7, "turbo.json"],
			["turbo.json#tasks", "tasks", 2, 6, "tasks: app#build"],
			// One `#` per defId: the task's own is written `:` there, its name keeps it.
			["turbo.json#tasks.app:build", "app#build", 3, 5, "app#build: dependsOn ^build"],
			["pnpm-workspace.yaml#pnpm-workspace.yaml", "pnpm-workspace.yaml", 1, 6, "pnpm-workspace.yaml"],
			["pnpm-workspace.yaml#packages", "packages", 2, 4, "packages: apps/*, packages/*"],
			["pnpm-workspace.yaml#catalog", "catalog", 5, 6, "catalog: react"],
		]);
	});
});

describe("indexing manifests", () => {
	it("writes manifests as files with definitions and edges, and no full-text body", async () => {
		const repo = monorepo();
		const out = join(repo, ".codeask", "index.db");
		const result = await indexRepository({ repo, out });
		// Source files only are counted as extracted: manifests never go to the program.
		expect(result.stats.files).toBe(2);
		const files = rows<{ path: string }>(out, "SELECT path FROM files ORDER BY path").map((f) => f.path);
		expect(files).toEqual([
			"package.json",
			"packages/app/package.json",
			"packages/app/src/main.ts",
			"packages/app/tsconfig.json",
			"packages/core/package.json",
			"packages/core/src/index.ts",
			"packages/core/tsconfig.json",
			"pnpm-workspace.yaml",
			"tsconfig.base.json",
			"turbo.json",
		]);
		const searchable = rows<{ path: string }>(
			out,
			"SELECT f.path FROM files_fts x JOIN files f ON f.id = x.rowid ORDER BY f.path",
		).map((f) => f.path);
		expect(searchable).toEqual(["packages/app/src/main.ts", "packages/core/src/index.ts"]);
		const edges = rows<{ s: string; t: string; kind: string }>(
			out,
			"SELECT s.def_id AS s, t.def_id AS t, e.kind FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst WHERE s.kind = 'manifest'",
		).map((e) => `${e.s} -${e.kind}-> ${e.t}`);
		expect(edges).toContain(
			"packages/app/package.json#dependencies -import-> packages/core/package.json#@acme/core",
		);
		expect(edges).toContain(
			"packages/core/tsconfig.json#extends -extends-> tsconfig.base.json#tsconfig.base.json",
		);
		// Nor have their definitions a defs_fts row: they would shift the word statistics questions are
		// ranked by. They are found by name and defId.
		const inDefsFts = rows<{ n: number }>(
			out,
			"SELECT count(*) AS n FROM defs_fts x JOIN defs d ON d.id = x.rowid WHERE d.kind = 'manifest'",
		);
		expect(inDefsFts).toEqual([{ n: 0 }]);
		const sourceInDefsFts = rows<{ n: number }>(
			out,
			"SELECT count(*) AS n FROM defs_fts x JOIN defs d ON d.id = x.rowid WHERE d.def_id = 'packages/core/src/index.ts#hashToken'",
		);
		expect(sourceInDefsFts).toEqual([{ n: 1 }]);
		const byName = rows<{ def_id: string }>(out, "SELECT def_id FROM defs WHERE name = 'workspaces'");
		expect(byName).toEqual([{ def_id: "package.json#workspaces" }]);
		rmSync(repo, { recursive: true, force: true });
	});

	it("reports a manifest over the size limit as a skipped file, as it does a source file", async () => {
		const repo = monorepo();
		const big = `{\n\t"name": "@acme/data",\n\t"description": "${"x".repeat(1_000_001)}"\n}\n`;
		writeRepoFile(repo, "packages/data/package.json", big);
		writeRepoFile(repo, "packages/data/src/table.js", `export const table = "${"y".repeat(1_000_001)}";\n`);
		// Another tool's project.json (no nx targets) is no manifest: not indexed, nothing to report.
		writeRepoFile(repo, "packages/data/project.json", `{ "data": "${"z".repeat(1_000_001)}" }`);
		const out = join(repo, ".codeask", "index.db");
		const result = await indexRepository({ repo, out });
		const limit = /^not indexed: 1,000,0\d\d characters, over the 1,000,000 limit/;
		expect(result.notes.map((n) => n.file).sort()).toEqual([
			"packages/data/package.json",
			"packages/data/src/table.js",
		]);
		for (const n of result.notes) expect(n.reason).toMatch(limit);
		expect(result.problems).toEqual([]);
		const files = rows<{ path: string }>(out, "SELECT path FROM files WHERE path LIKE 'packages/data/%'");
		expect(files).toEqual([]);
		rmSync(repo, { recursive: true, force: true });
	});

	it("patches a changed, added or removed manifest as a full run writes it", async () => {
		const repo = monorepo();
		const out = join(repo, ".codeask", "index.db");
		await indexRepository({ repo, out });

		// A manifest-only edit is a change: the index is rewritten, no source file re-extracted.
		writeRepoFile(
			repo,
			"packages/core/package.json",
			CORE_PACKAGE.replace('"build"', '"dev": "tsc -w",\n\t\t"build"'),
		);
		const edited = await expectSameAsFullRun(repo, out);
		expect(edited.extractedFiles).toBe(0);
		const scripts = rows<{ signature: string; end_line: number }>(
			out,
			"SELECT signature, end_line FROM defs WHERE def_id = 'packages/core/package.json#scripts'",
		);
		expect(scripts).toEqual([{ signature: "scripts: dev, build", end_line: 7 }]);

		// A dependency's target goes: the edge into it goes with it.
		rmSync(join(repo, "packages/core/tsconfig.json"));
		await expectSameAsFullRun(repo, out);
		expect(rows(out, "SELECT id FROM files WHERE path = 'packages/core/tsconfig.json'")).toEqual([]);

		// A new manifest is added, a source file changes in the same run.
		writeRepoFile(repo, "packages/core/tsconfig.json", `{\n\t"extends": "../../tsconfig.base.json"\n}\n`);
		writeRepoFile(
			repo,
			"packages/core/src/index.ts",
			"export function hashToken(t: string): string {\n\treturn t + t;\n}\n",
		);
		const both = await expectSameAsFullRun(repo, out);
		expect(both.extractedFiles).toBeGreaterThan(0);

		// Nothing changed: the index file is left alone.
		const again = await indexRepository({ repo, out });
		expect(again.extractedFiles).toBe(0);
		rmSync(repo, { recursive: true, force: true });
	});
});
