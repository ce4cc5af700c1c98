/**
 * A base member entered by a call on `this` in class C goes on only to an override C's instances run
 * (path/receiver.ts): in C or a class extending C, not in a sibling class extending the same base. A call
 * on a variable typed by the base may reach any override, as before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import type { DefRow } from "../../src/index/types.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { receiverOf, runnableAfter } from "../../src/pipeline/path/receiver.js";
import { indexedRepo, plainConcepts } from "../support/path-fixture.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "runner-app", "private": true }',
	"src/runner/base.ts": [
		"export abstract class BaseRunner {",
		"\tabstract run(): Promise<number>;",
		"}",
		"export function runAny(runner: BaseRunner): Promise<number> {",
		"\treturn runner.run();",
		"}",
	].join("\n"),
	"src/runner/batch.ts": [
		'import { BaseRunner } from "./base";',
		"export abstract class BatchRunner extends BaseRunner {",
		"\tasync process(): Promise<number> {",
		"\t\treturn this.run();",
		"\t}",
		"}",
	].join("\n"),
	"src/runner/metrics.ts": [
		'import { BaseRunner } from "./base";',
		"export class MetricsRunner extends BaseRunner {",
		"\tasync run(): Promise<number> {",
		"\t\treturn countRunnerMetrics();",
		"\t}",
		"}",
		"export async function countRunnerMetrics(): Promise<number> {",
		"\treturn 1;",
		"}",
	].join("\n"),
	"src/runner/cleaner.ts": [
		'import { BatchRunner } from "./batch";',
		"export class CleanerRunner extends BatchRunner {",
		"\tasync run(): Promise<number> {",
		"\t\treturn cleanRunnerRows();",
		"\t}",
		"}",
		"export async function cleanRunnerRows(): Promise<number> {",
		"\treturn 2;",
		"}",
	].join("\n"),
};

describe("a call on this follows only the overrides its class's instances run", () => {
	const repo = indexedRepo(FILES, "codeask-this-override-");
	const def = repo.def;
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});
	/** The path from `start` over the base member and both overrides with their callees, the sibling's ranked first. */
	const pathFrom = (start: DefRow) =>
		findPath(
			index,
			[
				start,
				def("src/runner/base.ts", "run"),
				def("src/runner/metrics.ts", "run"),
				def("src/runner/metrics.ts", "countRunnerMetrics"),
				def("src/runner/cleaner.ts", "run"),
				def("src/runner/cleaner.ts", "cleanRunnerRows"),
			],
			{},
			plainConcepts("runner", "run", "process"),
		).map((s) => `${s.def.file}:${s.def.name}`);

	it("goes from BatchRunner.process to the override in its subclass, never the sibling's", () => {
		const path = pathFrom(def("src/runner/batch.ts", "process"));
		expect(path).toContain("src/runner/cleaner.ts:run");
		expect(path).not.toContain("src/runner/metrics.ts:run");
	});

	it("names as runnable after a path ending at the base member only its class's overrides", () => {
		const steps = findPath(
			index,
			[def("src/runner/batch.ts", "process"), def("src/runner/base.ts", "run")],
			{},
			plainConcepts("runner", "run", "process"),
		);
		expect(steps.map((s) => s.def.name)).toEqual(["process", "run"]);
		const runnable = runnableAfter(index, steps);
		expect(runnable(def("src/runner/cleaner.ts", "run"))).toBe(true);
		expect(runnable(def("src/runner/metrics.ts", "run"))).toBe(false);
	});

	it("keeps any override for a call on a variable typed by the base", () => {
		const path = pathFrom(def("src/runner/base.ts", "runAny"));
		expect(path.slice(0, 3)).toEqual([
			"src/runner/base.ts:runAny",
			"src/runner/base.ts:run",
			"src/runner/metrics.ts:run",
		]);
	});
});

describe("receiverOf", () => {
	const run = { name: "run", qualifiedName: "BaseRunner.run" } as DefRow;

	it("reads a call on this or super", () => {
		expect(receiverOf("return this.run();", run)).toBe("this");
		expect(receiverOf("await super.run()", run)).toBe("super");
	});

	it("reads no receiver on a variable, a field of this, or another member", () => {
		expect(receiverOf("return runner.run();", run)).toBeNull();
		expect(receiverOf("return this.runner.run();", run)).toBeNull();
		expect(receiverOf("return this.runAll();", run)).toBeNull();
	});
});
