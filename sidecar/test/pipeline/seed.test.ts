import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { groupIntoChains } from "../../src/pipeline/route.js";
import { seed } from "../../src/pipeline/seed.js";
import { openIndexOf } from "../support/open-index.js";

/**
 * A repository where a folder of UI files repeats one word of the question in its path only,
 * while many files outside it name the word in their definitions.
 */
function writeRepo(root: string): void {
	const write = (path: string, text: string) => {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	};
	write("package.json", JSON.stringify({ name: "acme", version: "1.0.0" }));
	for (let i = 0; i < 30; i++) {
		write(
			`src/server/services/s${i}/teamTask${i}.ts`,
			`/** Team task ${i}. */\nexport function teamTask${i}(teamId: string): string {\n\treturn teamId;\n}\n`,
		);
	}
	for (const name of ["Modal", "Confirm", "Channels", "Warning"]) {
		write(
			`src/client/views/team/leave/Leave${name}.tsx`,
			`export function Leave${name}(props: { id: string }) {\n\treturn props.id;\n}\n`,
		);
	}
	// A page that calls a helper and renders a widget; neither says "team".
	write(
		"src/client/teamPage/TeamPage.tsx",
		'import { formatRows } from "../format/formatRows";\nimport { Widget } from "../widgets/Widget";\n\nexport function TeamPage(props: { rows: string[] }) {\n\tconst rows = formatRows(props.rows);\n\treturn <Widget rows={rows} />;\n}\n',
	);
	write(
		"src/client/format/formatRows.ts",
		"export function formatRows(rows: string[]): string[] {\n\treturn rows.map((r) => r.trim());\n}\n",
	);
	write(
		"src/client/widgets/Widget.tsx",
		"export function Widget(props: { rows: string[] }) {\n\treturn <div>{props.rows.length}</div>;\n}\n",
	);
	for (let i = 0; i < 10; i++) {
		write(
			`src/lib/other${i}.ts`,
			`export function unrelated${i}(x: number): number {\n\treturn x + ${i};\n}\n`,
		);
	}
}

describe("seed: the routed sections' vote", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-seed-"));
		writeRepo(root);
		index = await openIndexOf(root, { full: true });
	});
	afterAll(() => index.close());

	it("votes for a routed folder's files at their own lexical rank, not ahead of better matches outside it", () => {
		const q = analyzeQuestion("How does the team feature work?");
		const section = index.outlineSections().find((s) => s.path === "src/client/views/team/leave");
		expect(section).toBeDefined();
		if (!section) return;
		const config = parsePipelineConfig({});
		const route = { ...groupIntoChains([{ section, score: 1 }], config.routeSections), fixed: false };
		const files = seed(index, q, route, config, index.outlineSections()).files.map((f) => f.file);
		const routed = files.filter((f) => f.startsWith("src/client/views/team/leave/"));
		expect(routed.length).toBeGreaterThan(0);
		// The folder only says "team" in its path: the files naming it in their definitions lead, and
		// the folder's files do not take the first places among them for being routed.
		expect(files.indexOf(routed[0] ?? "")).toBeGreaterThanOrEqual(12);
		expect(files.slice(0, 16).filter((f) => routed.includes(f)).length).toBeLessThanOrEqual(1);
	});

	it("follows a best file's calls into other files, but not the components it renders", () => {
		const q = analyzeQuestion("How does the team page work?");
		const config = parsePipelineConfig({});
		const route = { sections: [], chains: [], fixed: false };
		const files = seed(index, q, route, config, index.outlineSections()).files.map((f) => f.file);
		expect(files[0]).toBe("src/client/teamPage/TeamPage.tsx");
		// A call carries the flow on; a rendered child is the page's layout, and a UI cluster that
		// renders itself would otherwise lift every file of the cluster.
		expect(files).toContain("src/client/format/formatRows.ts");
		expect(files).not.toContain("src/client/widgets/Widget.tsx");
	});
});
