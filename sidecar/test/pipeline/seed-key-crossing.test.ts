/**
 * The seed graph channel across a dispatch key (key-crossing.ts), on a small monorepo indexed with
 * the built-in trunks: the API package purges stale reports and emits `vault-transfer` on a bus; the
 * worker package takes the key with one handler, in a file whose words the question does not use.
 */
import { describe, expect, it } from "vitest";
import { EVENT_BUS_SOURCE } from "../support/event-bus-source.js";
import { repoIndexForSuite, seededFiles as seededFilesOf } from "../support/seeded-files.js";

/** A package of the monorepo that uses the shared bus. */
const DEPENDS = (name: string) =>
	JSON.stringify({ name: `@acme/${name}`, version: "1.0.0", dependencies: { "@acme/events": "1.0.0" } });

const FILES: Record<string, string> = {
	"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }',
	"packages/events/package.json": '{ "name": "@acme/events", "version": "1.0.0", "main": "src/bus.ts" }',
	"packages/events/src/bus.ts": EVENT_BUS_SOURCE,
	"packages/api/package.json": DEPENDS("api"),
	"packages/api/src/reports/purge.ts": [
		'import { bus } from "@acme/events";',
		"export function purgeStaleReports(reportIds: string[]): void {",
		'\tbus.emit("vault-transfer", reportIds);',
		"}",
	].join("\n"),
	"packages/worker/package.json": DEPENDS("worker"),
	// The handler's file says nothing of reports, purging or vaults: only the key leads there.
	"packages/worker/src/jobs/cold.ts": [
		"export async function moveToColdStorage(ids: string[]): Promise<void> {",
		"\tfor (const id of ids) console.log(id);",
		"}",
	].join("\n"),
	"packages/worker/src/index.ts": [
		'import { bus } from "@acme/events";',
		'import { moveToColdStorage } from "./jobs/cold";',
		'bus.on("vault-transfer", moveToColdStorage);',
	].join("\n"),
};

describe("seed: the graph channel across a dispatch key", () => {
	const index = repoIndexForSuite(FILES, "codeask-key-crossing-");
	const seededFiles = (question: string) => seededFilesOf(index(), question);

	it("lifts the one handler's file in another package when the question names the key's words", () => {
		// The fixture's shape: the worker's handler is reached by the key alone (no call, no import).
		const handler = index().defsByName("moveToColdStorage", 5)[0];
		const into = handler ? index().edgesTo(handler.id) : [];
		expect(into.map((e) => e.kind)).toContain("handler");
		expect(into.filter((e) => e.kind === "call")).toEqual([]);
		const files = seededFiles("How are stale reports purged into the vault?");
		expect(files[0]).toBe("packages/api/src/reports/purge.ts");
		expect(files).toContain("packages/worker/src/jobs/cold.ts");
	});

	it("does not cross the key when the question does not name its words", () => {
		const files = seededFiles("How are stale reports purged?");
		expect(files[0]).toBe("packages/api/src/reports/purge.ts");
		expect(files).not.toContain("packages/worker/src/jobs/cold.ts");
	});
});
