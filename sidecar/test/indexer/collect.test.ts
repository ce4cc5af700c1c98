import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectFiles, isTestFile } from "../../src/indexer/collect.js";
import { isAuxiliaryPath } from "../../src/pipeline/auxiliary-code.js";
import { TEST_PATH } from "../../src/pipeline/material/test-scan.js";
import type { WorkspacePackage } from "../../src/workspace/packages.js";

describe("isTestFile", () => {
	it("treats .test/.spec/.stories names as tests whatever they contain", () => {
		for (const name of ["a.test.ts", "a.spec.tsx", "Button.stories.tsx", "x.cy.js"]) {
			expect(isTestFile(name, () => "export const x = 1;")).toBe(true);
		}
	});

	it("decides *.e2e.* by content: a suite is a test, an end-to-end encryption module is source", () => {
		const suite = 'import { test, expect } from "@playwright/test";\ntest("logs in", async () => {});';
		const mochaSuite = 'describe("rooms", () => { it("works", () => {}); });';
		const feature = "export class E2EChannel {\n\tasync encrypt(message: string) { return message; }\n}";
		expect(isTestFile("login.e2e.ts", () => suite)).toBe(true);
		expect(isTestFile("rooms.e2e.js", () => mochaSuite)).toBe(true);
		expect(isTestFile("rocketchat.e2e.ts", () => feature)).toBe(false);
	});

	it("treats NestJS .e2e-spec names as tests whatever they contain", () => {
		for (const name of ["app.e2e-spec.ts", "asset.e2e-spec.js", "jobs.e2e-test.mts"]) {
			expect(isTestFile(name, () => "export const x = 1;")).toBe(true);
		}
	});

	it("decides *-spec, *-test and *_test names by content: a suite is a test, an API specification is source", () => {
		const suite = 'import request from "supertest";\ndescribe("/assets", () => {});';
		expect(isTestFile("assets-spec.ts", () => suite)).toBe(true);
		expect(isTestFile("upload-test.js", () => suite)).toBe(true);
		expect(isTestFile("upload_test.ts", () => suite)).toBe(true);
		expect(isTestFile("openapi-spec.ts", () => "export const spec = { openapi: '3.0.0' };")).toBe(false);
		expect(isTestFile("ab-test.ts", () => "export function variant() { return 'b'; }")).toBe(false);
	});

	it("keeps ordinary source files", () => {
		expect(isTestFile("sendMessage.ts", () => 'describe("not read for plain names")')).toBe(false);
	});
});

describe("collectFiles", () => {
	const write = (root: string, path: string, content: string) => {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), content);
	};
	const pkg: WorkspacePackage = { name: "cli", dir: "", description: null, readme: null, entryHints: [] };
	const paths = (root: string, includeTests = false) =>
		collectFiles(root, [pkg], { includeTests, exclude: [] }).files.map((f) => f.path);

	it("keeps a `test` folder inside src/ that is a feature, and skips the suites and helpers in it", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-collect-"));
		write(
			root,
			"src/commands/test.ts",
			'import { parseEnv } from "../options/test/env";\nexport const run = parseEnv;',
		);
		write(
			root,
			"src/options/test/env.ts",
			"export function parseEnv(text: string) { return text.split('='); }",
		);
		write(root, "src/options/test/env.suite.ts", 'describe("parseEnv", () => { it("splits", () => {}); });');
		write(
			root,
			"src/options/test/render.ts",
			'import { render } from "@testing-library/react";\nexport { render };',
		);
		write(root, "src/options/test/mocks/env.ts", "export const env = {};");
		write(root, "test/commands.ts", "export function helper() { return 1; }");
		expect(paths(root)).toEqual(["src/commands/test.ts", "src/options/test/env.ts"]);
		expect(paths(root, true)).toHaveLength(6);
	});

	it("leaves out e2e suites named the NestJS way outside test folders, and agrees with the answers' test paths", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-collect-"));
		write(root, "src/app.ts", "export const app = 1;");
		write(root, "src/app.e2e-spec.ts", 'import request from "supertest";\ndescribe("app", () => {});');
		write(root, "src/assets-spec.ts", 'describe("assets", () => { it("lists", () => {}); });');
		write(root, "src/openapi-spec.ts", "export const spec = { openapi: '3.0.0' };");
		expect(paths(root)).toEqual(["src/app.ts", "src/openapi-spec.ts"]);
		// What the index leaves out by name, the impact listing counts as tests and the matcher ranks last.
		expect(TEST_PATH.test("src/app.e2e-spec.ts")).toBe(true);
		expect(isAuxiliaryPath("src/app.e2e-spec.ts")).toBe(true);
		expect(TEST_PATH.test("src/openapi-spec.ts")).toBe(false);
	});

	it("skips build output folders, but not a workspace package whose folder is named like one", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-collect-"));
		write(root, "build/bundle.js", "export const bundled = 1;");
		write(root, "dist/index.js", "export const built = 1;");
		write(root, "src/main.ts", "export const main = 1;");
		write(root, "packages/build/index.ts", "export function buildWorker() { return 1; }");
		write(root, "packages/build/dist/index.js", "export function buildWorker() { return 1; }");
		const build: WorkspacePackage = { ...pkg, name: "build", dir: "packages/build" };
		const collected = collectFiles(root, [pkg, build], { includeTests: false, exclude: [] }).files;
		expect(collected.map((f) => f.path)).toEqual(["packages/build/index.ts", "src/main.ts"]);
		expect(collected.find((f) => f.path === "packages/build/index.ts")?.packageIndex).toBe(1);
	});

	it("names the skipped build folders that held TypeScript sources, and enters those under an --include path", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-collect-"));
		write(root, "dist/index.js", "export const built = 1;");
		write(root, "dist/index.d.ts", "export declare const built: number;");
		write(root, "cli/src/build/start.ts", "export function startBuild() { return 1; }");
		write(root, "cli/src/build/nested/status.ts", "export function buildStatus() { return 1; }");
		write(root, "server/out/report.tsx", "export const Report = () => null;");
		write(root, "src/main.ts", "export const main = 1;");
		const skipped = collectFiles(root, [pkg], { includeTests: false, exclude: [] });
		// Compiled output (JavaScript, declarations) is no source: dist/ is not named.
		expect(skipped.skippedFolders).toEqual([
			{ path: "cli/src/build", files: 2 },
			{ path: "server/out", files: 1 },
		]);
		expect(skipped.files.map((f) => f.path)).toEqual(["src/main.ts"]);
		const opened = collectFiles(root, [pkg], { includeTests: false, exclude: [], include: ["./cli/"] });
		expect(opened.files.map((f) => f.path)).toEqual([
			"cli/src/build/nested/status.ts",
			"cli/src/build/start.ts",
			"src/main.ts",
		]);
		expect(opened.skippedFolders).toEqual([{ path: "server/out", files: 1 }]);
	});
});
