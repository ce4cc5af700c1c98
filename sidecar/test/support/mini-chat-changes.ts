/**
 * Edits of a copy of the mini-chat fixture for the incremental-run tests (patch, incremental
 * thread): the same changes, so both compare an incremental run with a full one on the same tree.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { writeRepoFile } from "./repo-with.js";

/** Rewrite one file of `repo`; the change must change it. */
export function editFile(repo: string, path: string, change: (text: string) => string): void {
	const file = join(repo, path);
	const before = readFileSync(file, "utf8");
	const after = change(before);
	expect(after).not.toBe(before);
	writeFileSync(file, after);
}

/**
 * A method inserted mid-class (later definitions move down; edges into them must follow), a
 * definition renamed under its importers (they are re-extracted too), a new file calling into
 * unchanged code, and a deleted file.
 */
export function changeMiniChat(repo: string): void {
	editFile(repo, "packages/models/src/Users.ts", (t) =>
		t.replace(
			"async findOffline(",
			"async findOnline(userIds: string[]): Promise<IUser[]> {\n\t\treturn this.find((u) => userIds.includes(u._id) && u.status === 'online');\n\t}\n\n\tasync findOffline(",
		),
	);
	editFile(repo, "apps/server/src/lib/format.ts", (t) =>
		t.replace("export function formatMessage(", "export function formatForSaving("),
	);
	writeRepoFile(
		repo,
		"apps/server/src/lib/siteBanner.ts",
		`import { getSiteName } from './siteName';

/** The banner text. */
export async function siteBanner(): Promise<string> {
	return \`Welcome to \${await getSiteName()}\`;
}
`,
	);
	rmSync(join(repo, "apps/server/src/lib/hookAudit.ts"));
}
