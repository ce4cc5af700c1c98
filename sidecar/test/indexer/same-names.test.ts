/**
 * Declarations of one file that get the same qualified name (same-name.ts): two implementations are two
 * definitions, each with its own lines and edges; overload signatures with their implementation, and an
 * accessor's `get` and `set`, stay one; a value and a type of one name declared apart are two definitions, a
 * use reaching the one its position reads. On the `same-names` fixture repository.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { openIndexOf } from "../support/open-index.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/same-names", import.meta.url));

describe("same-named declarations in one file", { timeout: 120_000 }, () => {
	let repo: string;
	let index: IndexReader;
	beforeAll(async () => {
		repo = join(mkdtempSync(join(tmpdir(), "codeask-same-names-")), "same-names");
		cpSync(FIXTURE, repo, { recursive: true });
		index = await openIndexOf(repo);
	});
	afterAll(() => index?.close());

	/** 1-based lines of `file` holding `text`. */
	const linesOf = (file: string, text: string) =>
		readFileSync(join(repo, file), "utf8")
			.split("\n")
			.flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
	const callees = (defId: string) =>
		index
			.edgesFrom(index.def(defId)?.id ?? -1)
			.map((e) => index.defById(e.dst)?.qualifiedName)
			.sort();

	it("makes a local of the same name in each of two callbacks a definition of its own", () => {
		const [first, second] = linesOf("src/ipc.js", "const runItem");
		const one = index.def("src/ipc.js#registerIpc.runItem");
		const two = index.def("src/ipc.js#registerIpc.runItem~2");
		expect([one?.startLine, one?.endLine]).toEqual([first, first]);
		expect([two?.startLine, two?.endLine]).toEqual([second, (second as number) + 3]);
		// The name is the code's: found by it, like the first.
		expect(two?.name).toBe("runItem");
		expect(index.defsByName("runItem").map((d) => d.qualifiedName)).toEqual(
			expect.arrayContaining(["registerIpc.runItem", "registerIpc.runItem~2"]),
		);
		// Each callback reaches its own; each local's calls are its own.
		expect(callees("src/ipc.js#registerIpc.ipcMain.handle(run-folder)")).toContain("registerIpc.runItem");
		expect(callees("src/ipc.js#registerIpc.ipcMain.handle(run-folder)")).not.toContain(
			"registerIpc.runItem~2",
		);
		expect(callees("src/ipc.js#registerIpc.ipcMain.handle(run-collection)")).toContain(
			"registerIpc.runItem~2",
		);
		expect(callees("src/ipc.js#registerIpc.runItem~2")).toContain("runOne");
		// The callback between them is no part of either.
		const [cancel] = linesOf("src/ipc.js", "'cancel-run'");
		for (const d of [one, two])
			expect((d?.startLine ?? 0) <= (cancel as number) && (cancel as number) <= (d?.endLine ?? 0)).toBe(
				false,
			);
	});

	it("keeps an overload set one definition, from its first signature to its implementation", () => {
		const defs = index.defsInFile("src/format.ts").filter((d) => d.name === "format");
		expect(defs.map((d) => d.qualifiedName)).toEqual(["format"]);
		expect(defs[0]?.startLine).toBe(linesOf("src/format.ts", "export function format")[0]);
		expect(defs[0]?.endLine).toBe((linesOf("src/format.ts", "value.trim()")[0] as number) + 1);
		expect(callees("src/format.ts#logAmount")).toEqual(expect.arrayContaining(["format", "Logger.error"]));
	});

	it("tells a static method from the instance method of its name, and keeps an accessor's get and set one", () => {
		const [staticAt, instanceAt] = linesOf("src/format.ts", "error(message: string): void {");
		expect(index.def("src/format.ts#Logger.error")?.startLine).toBe(staticAt);
		expect(index.def("src/format.ts#Logger.error~2")?.startLine).toBe(instanceAt);
		// `Logger.error(…)` is the static one, `Logger.shared.error(…)` the instance's.
		expect(callees("src/format.ts#logAmount")).not.toContain("Logger.error~2");
		expect(callees("src/format.ts#Logger.error")).toContain("Logger.error~2");
		expect(callees("src/format.ts#Logger.error~2")).toContain("format");
		const size = index.defsInFile("src/format.ts").filter((d) => d.name.startsWith("size"));
		expect(size.map((d) => d.qualifiedName)).toEqual(["Logger.size"]);
	});

	it("leads a call to each of two declarations one scope makes of a name", () => {
		const [first, second] = linesOf("src/runner.js", "var report");
		expect(index.def("src/runner.js#report")?.startLine).toBe(first);
		expect(index.def("src/runner.js#report~2")?.startLine).toBe(second);
		expect(callees("src/runner.js#summary")).toEqual(["report", "report~2"]);
	});

	const edgesTo = (defId: string) =>
		index
			.edgesTo(index.def(defId)?.id ?? -1)
			.map((e) => `${index.defById(e.src)?.qualifiedName} ${e.kind}`)
			.sort();

	it("splits a value and a type of one name declared apart, each with its own lines", () => {
		const [value] = linesOf("src/settings.ts", "export const Settings");
		const [type] = linesOf("src/settings.ts", "export type Settings");
		const one = index.def("src/settings.ts#Settings");
		const two = index.def("src/settings.ts#Settings~2");
		expect([one?.kind, one?.startLine, one?.endLine]).toEqual(["variable", value, value]);
		expect([two?.kind, two?.startLine, two?.endLine, two?.name]).toEqual(["type", type, type, "Settings"]);
		// The functions between them are in neither.
		const [reset] = linesOf("src/settings.ts", "function resetSettings");
		for (const d of [one, two])
			expect((d?.startLine ?? 0) <= (reset as number) && (reset as number) <= (d?.endLine ?? 0)).toBe(false);
		// An interface and the function of its name far below: two too.
		expect(index.def("src/settings.ts#Panel")?.kind).toBe("interface");
		expect(index.def("src/settings.ts#Panel~2")?.kind).toBe("function");
		expect(index.def("src/settings.ts#Panel")?.endLine).toBeLessThan(
			linesOf("src/settings.ts", "function dockOf")[0] as number,
		);
	});

	it("keeps a value and a type of one name declared side by side one definition", () => {
		const dock = index.defsInFile("src/settings.ts").filter((d) => d.name === "Dock");
		expect(dock.map((d) => [d.qualifiedName, d.startLine, d.endLine])).toEqual([
			[
				"Dock",
				linesOf("src/settings.ts", "export const Dock")[0],
				linesOf("src/settings.ts", "export type Dock")[0],
			],
		]);
	});

	it("leads a use as a value to the value and a use as a type to the type", () => {
		expect(callees("src/settings-use.ts#describeSettings")).toEqual(["Settings~2"]);
		expect(callees("src/settings-use.ts#firstPage")).toEqual([
			"Settings",
			"describeSettings",
			"loadSettings",
		]);
		expect(callees("src/settings.ts#loadSettings")).toEqual(["Settings", "Settings~2"]);
		expect(callees("src/settings.ts#Settings~2")).toEqual(["Settings"]);
		expect(callees("src/settings-use.ts#header")).toEqual(["Panel", "Panel~2"]);
		expect(edgesTo("src/settings.ts#Panel")).toEqual(
			expect.arrayContaining(["Frame implements", "Panel~2 reference", "dockOf reference"]),
		);
		expect(edgesTo("src/settings.ts#Panel~2")).toEqual(["(module) import", "header call"]);
		// The importing module imports both.
		expect(callees("src/settings-use.ts#(module)")).toEqual(
			expect.arrayContaining(["Panel", "Panel~2", "Settings", "Settings~2"]),
		);
	});
});
