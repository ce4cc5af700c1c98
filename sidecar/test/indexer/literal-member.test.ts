import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { callsFrom } from "../support/calls-from.js";
import { withIndexAt, withIndexOf } from "../support/open-index.js";
import { repoWith, writeRepoFile } from "../support/repo-with.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

/** An annotated literal whose `assign` member is `target`, in a module of two candidate functions. */
const deskWith = (target: string) =>
	[
		"type Desk = { assign: (id: string) => string };",
		"export function pickHuman(id: string) {",
		"\treturn id;",
		"}",
		"export function pickBot(id: string) {",
		"\treturn id.trim();",
		"}",
		`export const TicketDesk: Desk = { assign: ${target} };`,
	].join("\n");

describe("calls into an object literal behind a type annotation", () => {
	it("makes `Manager.method()` a call edge to the method written in the annotated literal", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "literal-app" }',
				"src/desk.ts": [
					"type Desk = {",
					"\tdelegate(id: string): string;",
					"\tassign: (id: string) => string;",
					"};",
					"function pickHuman(id: string) {",
					"\treturn id;",
					"}",
					"export const TicketDesk: Desk = {",
					"\tdelegate(id) {",
					"\t\treturn id.trim();",
					"\t},",
					"\tassign: pickHuman,",
					"};",
				].join("\n"),
				"src/queue.ts": [
					'import { TicketDesk } from "./desk";',
					"export function drainTickets(id: string) {",
					"\tTicketDesk.delegate(id);",
					"\treturn TicketDesk.assign(id);",
					"}",
				].join("\n"),
			},
			"codeask-literal-",
		);
		await withIndexOf(repo, (index) => {
			const calls = callsFrom(index, "src/queue.ts#drainTickets");
			expect(calls).toEqual(
				expect.arrayContaining(["src/desk.ts#TicketDesk.delegate@3", "src/desk.ts#pickHuman@4"]),
			);
		});
	});

	it("is written by an incremental run as by a full run when the literal's member changes", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "literal-app" }',
				"src/desk.ts": deskWith("pickHuman"),
				"src/queue.ts": [
					'import { TicketDesk } from "./desk";',
					"export function drainTickets(id: string) {",
					"\treturn TicketDesk.assign(id);",
					"}",
				].join("\n"),
			},
			"codeask-literal-inc-",
		);
		const out = join(repo, "index.db");
		await indexRepository({ repo, out });
		// Only the literal's member changes: the caller's file is unchanged, its edge is not.
		writeRepoFile(repo, "src/desk.ts", deskWith("pickBot"));
		const incremental = await indexRepository({ repo, out });
		expect(incremental.extractedFiles).toBeGreaterThan(0);
		const fullDir = mkdtempSync(join(tmpdir(), "codeask-literal-full-"));
		const fullOut = join(fullDir, "full.db");
		await indexRepository({ repo, out: fullOut, full: true });
		expect(integrityProblems(out)).toEqual([]);
		const patched = snapshotIndex(out);
		const reference = snapshotIndex(fullOut);
		for (const key of Object.keys(reference) as (keyof typeof reference)[])
			expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
		await withIndexAt(out, (index) => {
			expect(callsFrom(index, "src/queue.ts#drainTickets")).toEqual(["src/desk.ts#pickBot@3"]);
		});
		rmSync(fullDir, { recursive: true, force: true });
		rmSync(repo, { recursive: true, force: true });
	});
});
