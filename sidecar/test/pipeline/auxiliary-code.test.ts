import { describe, expect, it } from "vitest";
import type { PackageRow } from "../../src/index/types.js";
import {
	isPackageToolingFile,
	isTestNamedPath,
	TEST_TOOLING_SEED_FACTOR,
	toolingLast,
	toolingSeedWeight,
} from "../../src/pipeline/auxiliary-code.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { defRow, edgeGraph } from "../support/defs.js";
import { repoIndexForSuite, seededFiles as seededFilesOf } from "../support/seeded-files.js";

const packageRows = (...dirs: string[]): PackageRow[] =>
	dirs.map((dir, id) => ({ id, name: dir || "root", dir, description: null, readme: null }));

/** An index of these package folders and file texts. */
const indexOf = (dirs: string[], texts: Record<string, string> = {}) => ({
	packages: () => packageRows(...dirs),
	fileContent: (path: string) => texts[path],
});

describe("test tooling right under a package's folder", () => {
	const index = indexOf(["", "packages/dashboard", "apps/chat", "packages/kit", "packages/kit/addon"]);

	it("is an e2e, cypress or playwright folder at the package's top, the root package's included", () => {
		expect(isPackageToolingFile(index, "packages/dashboard/e2e/page-objects/list-page.ts")).toBe(true);
		expect(isPackageToolingFile(index, "packages/dashboard/cypress/support/commands.ts")).toBe(true);
		expect(isPackageToolingFile(index, "packages/kit/playwright/fixtures.ts")).toBe(true);
		expect(isPackageToolingFile(index, "e2e/helpers.ts")).toBe(true);
	});

	it("is not a feature folder named e2e inside a package's sources, nor a file named so", () => {
		// End-to-end encryption: the app's feature, one folder down.
		expect(isPackageToolingFile(index, "apps/chat/app/e2e/client/room.ts")).toBe(false);
		expect(isPackageToolingFile(index, "packages/dashboard/src/v1/e2e/keys.ts")).toBe(false);
		expect(isPackageToolingFile(index, "packages/dashboard/e2e.ts")).toBe(false);
		expect(isPackageToolingFile(index, "src/e2e/keys.ts")).toBe(false);
	});

	it("is judged against the nearest package: a nested package's top, not its parent's", () => {
		expect(isPackageToolingFile(index, "packages/kit/addon/e2e/setup.ts")).toBe(true);
		// Two levels under packages/kit, but at the top of packages/kit/addon's sibling folder.
		expect(isPackageToolingFile(index, "packages/kit/src/e2e/setup.ts")).toBe(false);
		expect(isPackageToolingFile(indexOf([]), "packages/dashboard/e2e/x.ts")).toBe(false);
	});
});

describe("the seed weight of test tooling", () => {
	const pageObject = "packages/dashboard/e2e/page-objects/list-page.ts";
	const harness = "packages/cli/e2e/utils.ts";
	const suiteHelper = "packages/dashboard/src/lib/render.ts";
	const index = indexOf(["packages/dashboard", "packages/cli"], {
		[pageObject]: "import { type Page, expect } from '@playwright/test';\nexport class ListPage {}",
		[harness]: "import { execa } from 'execa';\nimport { build } from '../src/build.js';",
		[suiteHelper]: "import { vi } from 'vitest';",
	});

	it("lowers a tooling file that imports a test framework, not a harness driving the product", () => {
		const weight = toolingSeedWeight(index, "How does the product list page load its products?");
		expect(weight(pageObject)).toBe(TEST_TOOLING_SEED_FACTOR);
		expect(weight(harness)).toBe(1);
		// A test helper outside a tooling folder is left to the test-file rules.
		expect(weight(suiteHelper)).toBe(1);
		expect(weight(null)).toBe(1);
	});

	it("keeps the weight when the question asks about the tests", () => {
		expect(toolingSeedWeight(index, "How do the e2e tests log in?")(pageObject)).toBe(1);
	});
});

describe("the short answer's places and test tooling", () => {
	const dirs = ["packages/dashboard", "packages/server"];
	const route = defRow("packages/dashboard/src/routes/products.tsx", "ProductListPage");
	const query = defRow("packages/dashboard/src/graphql/api.ts", "query");
	const pageObject = defRow(
		"packages/dashboard/e2e/page-objects/list-page.ts",
		"BaseListPage.expectLoaded",
		"method",
	);
	const product = Array.from({ length: 8 }, (_, i) =>
		defRow(`packages/server/src/product/p${i}.ts`, `ProductService.find${i}`, "method"),
	);
	const defs = [route, query, pageObject, ...product];
	const g = edgeGraph(defs, [[route, query, "call"]], (s) => ({ file: s.file, line: s.startLine }));
	const index: PathIndex & { packages: () => PackageRow[] } = {
		...g,
		fileLines: () => ["await query(x);"],
		packages: () => packageRows(...dirs),
	};
	const ranking = { order: defs, fileScore: new Map<string, number>() };
	const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
	const words = conceptVector({ concepts: ["product", "list", "page"].map(concept) });
	const places = (question: string) =>
		[
			...(shortAnswer(index, question, [], ranking, words).body.split("**Where to look**")[1] ?? "").matchAll(
				/^- .* in `([^`]+)`/gm,
			),
		].map((m) => m[1]);

	it("names a package's e2e page object only after the product's files", () => {
		const named = places("How does the product list page load its products?");
		expect(named).toHaveLength(7);
		expect(named).not.toContain(pageObject.file);
		expect(named[0]).toBe(product[0]?.file);
	});

	it("keeps it in rank order when the question is about the tests", () => {
		expect(places("How do the e2e tests check the product list page?")[0]).toBe(pageObject.file);
	});
});

describe("tooling last", () => {
	it("moves tooling files after the others and keeps each part's order", () => {
		const index = indexOf(["packages/a"]);
		const defs = [
			"packages/a/e2e/x.ts",
			"packages/a/src/y.ts",
			"packages/a/e2e/z.ts",
			"packages/a/src/w.ts",
		].map((file) => ({ file }));
		expect(toolingLast(index, "How is y computed?", defs).map((d) => d.file)).toEqual([
			"packages/a/src/y.ts",
			"packages/a/src/w.ts",
			"packages/a/e2e/x.ts",
			"packages/a/e2e/z.ts",
		]);
		expect(toolingLast(index, "Which tests cover y?", defs)).toEqual(defs);
	});

	it("moves a harness named for a test by a joined word after the product's files", () => {
		const index = indexOf(["packages/server", "packages/dev"]);
		const defs = [
			"packages/dev/test-plugins/queue-test/queue-test-plugin.ts",
			"packages/server/src/queue/queue.service.ts",
			"packages/dev/load-testing/scripts/big-order.js",
			"packages/server/src/commands/test.ts",
			"packages/server/src/test-runner/run.ts",
		].map((file) => ({ file }));
		expect(toolingLast(index, "How does the worker pick up jobs?", defs).map((d) => d.file)).toEqual([
			"packages/server/src/queue/queue.service.ts",
			"packages/server/src/commands/test.ts",
			"packages/server/src/test-runner/run.ts",
			"packages/dev/test-plugins/queue-test/queue-test-plugin.ts",
			"packages/dev/load-testing/scripts/big-order.js",
		]);
		expect(toolingLast(index, "How do the load testing scripts place orders?", defs)).toEqual(defs);
	});
});

describe("a file named for a test", () => {
	it("is one whose file or folder joins a word to test, tests or testing", () => {
		expect(isTestNamedPath("packages/uploadfs/webp-test.js")).toBe(true);
		expect(isTestNamedPath("packages/dev-server/test-plugins/x/plugin.ts")).toBe(true);
		expect(isTestNamedPath("packages/dev-server/load-testing/utils/api-request.js")).toBe(true);
		expect(isTestNamedPath("src/cli/commands/test.ts")).toBe(false);
		expect(isTestNamedPath("src/test-runner/run.ts")).toBe(false);
		expect(isTestNamedPath("src/contest/entries.ts")).toBe(false);
	});
});

describe("seed: a package's e2e page object", () => {
	// The dashboard's page object shares the route's names and words (without the rule it seeds first).
	const FILES: Record<string, string> = {
		"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }',
		"packages/dashboard/package.json": '{ "name": "@acme/dashboard", "version": "1.0.0" }',
		"packages/dashboard/src/routes/products/products.tsx": [
			"export function ProductListPage() {",
			"\treturn loadProducts();",
			"}",
			"function loadProducts() {",
			"\treturn fetch('/api/products');",
			"}",
		].join("\n"),
		"packages/dashboard/e2e/page-objects/product-list-page.ts": [
			"import { type Page, expect } from '@playwright/test';",
			"export class ProductListPage {",
			"\tconstructor(private readonly page: Page) {}",
			"\tasync loadProducts() {",
			"\t\tawait this.page.goto('/products');",
			"\t}",
			"\tasync expectProductListPageLoaded() {",
			"\t\tawait expect(this.page.getByText('Products')).toBeVisible();",
			"\t}",
			"}",
		].join("\n"),
	};
	const index = repoIndexForSuite(FILES, "codeask-tooling-seed-");
	const seededFiles = (question: string) => seededFilesOf(index(), question);

	it("seeds after the product's route", () => {
		const files = seededFiles("How does the product list page load its products?");
		expect(files[0]).toBe("packages/dashboard/src/routes/products/products.tsx");
		expect(files).toContain("packages/dashboard/e2e/page-objects/product-list-page.ts");
	});

	it("seeds first when the question is about the e2e tests", () => {
		const files = seededFiles("How do the e2e tests load the product list page?");
		expect(files[0]).toBe("packages/dashboard/e2e/page-objects/product-list-page.ts");
	});
});
