import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/errors.js";
import { defaultIndexPath, fillIndexOption, findIndexUpwards } from "../../src/cli/find-index.js";

/** repo/.codeask/index.db and a nested folder repo/a/b. */
function repoWithIndex() {
	const repo = mkdtempSync(join(tmpdir(), "codeask-find-"));
	mkdirSync(join(repo, ".codeask"));
	mkdirSync(join(repo, "a", "b"), { recursive: true });
	const db = join(repo, ".codeask", "index.db");
	writeFileSync(db, "");
	return { repo, db, nested: join(repo, "a", "b") };
}

function command(name: string): Command {
	return new Command(name).option("-i, --index <file>", "index");
}

describe("finding the index when --index is absent", () => {
	it("takes the nearest .codeask/index.db from the current folder upwards", () => {
		const { repo, db, nested } = repoWithIndex();
		expect(findIndexUpwards(nested)).toBe(db);
		expect(findIndexUpwards(repo)).toBe(db);
		const outside = mkdtempSync(join(tmpdir(), "codeask-none-"));
		expect(findIndexUpwards(outside)).toBeNull();
	});

	it("falls back to CODEASK_INDEX, and a found index wins over it", () => {
		const { nested, db } = repoWithIndex();
		const outside = mkdtempSync(join(tmpdir(), "codeask-none-"));
		expect(defaultIndexPath(outside, { CODEASK_INDEX: "/srv/x.db" })).toBe("/srv/x.db");
		expect(defaultIndexPath(outside, {})).toBeNull();
		expect(defaultIndexPath(nested, { CODEASK_INDEX: "/srv/x.db" })).toBe(db);
	});

	it("fills --index, keeps a given one, and fails with one sentence when there is none", () => {
		const { nested, db } = repoWithIndex();
		const ask = command("ask");
		fillIndexOption(ask, nested, {});
		expect(ask.getOptionValue("index")).toBe(db);

		const given = command("ask");
		given.setOptionValue("index", "mine.db");
		fillIndexOption(given, nested, {});
		expect(given.getOptionValue("index")).toBe("mine.db");

		const outside = mkdtempSync(join(tmpdir(), "codeask-none-"));
		expect(() => fillIndexOption(command("ask"), outside, {})).toThrow(UsageError);
		expect(() => fillIndexOption(command("ask"), outside, {})).toThrow(
			/no \.codeask\/index\.db in .* CODEASK_INDEX/,
		);
		// diagram runs without an index; serve and mcp leave it to their configuration.
		const diagram = command("diagram");
		fillIndexOption(diagram, outside, {});
		expect(diagram.getOptionValue("index")).toBeUndefined();
		const serve = command("serve");
		fillIndexOption(serve, nested, { CODEASK_INDEX: "/srv/x.db" });
		expect(serve.getOptionValue("index")).toBeUndefined();
		fillIndexOption(serve, nested, {});
		expect(serve.getOptionValue("index")).toBe(db);
	});
});
