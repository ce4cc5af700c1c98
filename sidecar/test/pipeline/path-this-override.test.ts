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
	"package.json": '{ "name": "task-app", "private": true }',
	"src/task/base.ts": [
		"export abstract class BaseTask {",
		"\tabstract run(): Promise<number>;",
		"}",
		"export function runAny(task: BaseTask): Promise<number> {",
		"\treturn task.run();",
		"}",
	].join("\n"),
	"src/task/batch.ts": [
		'import { BaseTask } from "./base";',
		"export abstract class BatchTask extends BaseTask {",
		"\tasync process(): Promise<number> {",
		"\t\treturn this.run();",
		"\t}",
		"}",
	].join("\n"),
	"src/task/metrics.ts": [
		'import { BaseTask } from "./base";',
		"export class MetricsTask extends BaseTask {",
		"\tasync run(): Promise<number> {",
		"\t\treturn countTaskMetrics();",
		"\t}",
		"}",
		"export async function countTaskMetrics(): Promise<number> {",
		"\treturn 1;",
		"}",
	].join("\n"),
	"src/task/cleaner.ts": [
		'import { BatchTask } from "./batch";',
		"export class CleanerTask extends BatchTask {",
		"\tasync run(): Promise<number> {",
		"\t\treturn cleanTaskRows();",
		"\t}",
		"}",
		"export async function cleanTaskRows(): Promise<number> {",
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
				def("src/task/base.ts", "run"),
				def("src/task/metrics.ts", "run"),
				def("src/task/metrics.ts", "countTaskMetrics"),
				def("src/task/cleaner.ts", "run"),
				def("src/task/cleaner.ts", "cleanTaskRows"),
			],
			{},
			plainConcepts("task", "run", "process"),
		).map((s) => `${s.def.file}:${s.def.name}`);

	it("goes from BatchTask.process to the override in its subclass, never the sibling's", () => {
		const path = pathFrom(def("src/task/batch.ts", "process"));
		expect(path).toContain("src/task/cleaner.ts:run");
		expect(path).not.toContain("src/task/metrics.ts:run");
	});

	it("names as runnable after a path ending at the base member only its class's overrides", () => {
		const steps = findPath(
			index,
			[def("src/task/batch.ts", "process"), def("src/task/base.ts", "run")],
			{},
			plainConcepts("task", "run", "process"),
		);
		expect(steps.map((s) => s.def.name)).toEqual(["process", "run"]);
		const runnable = runnableAfter(index, steps);
		expect(runnable(def("src/task/cleaner.ts", "run"))).toBe(true);
		expect(runnable(def("src/task/metrics.ts", "run"))).toBe(false);
	});

	it("keeps any override for a call on a variable typed by the base", () => {
		const path = pathFrom(def("src/task/base.ts", "runAny"));
		expect(path.slice(0, 3)).toEqual([
			"src/task/base.ts:runAny",
			"src/task/base.ts:run",
			"src/task/metrics.ts:run",
		]);
	});
});

describe("receiverOf", () => {
	const run = { name: "run", qualifiedName: "BaseTask.run" } as DefRow;

	it("reads a call on this or super", () => {
		expect(receiverOf("return this.run();", run)).toBe("this");
		expect(receiverOf("await super.run()", run)).toBe("super");
	});

	it("reads no receiver on a variable, a field of this, or another member", () => {
		expect(receiverOf("return task.run();", run)).toBeNull();
		expect(receiverOf("return this.task.run();", run)).toBeNull();
		expect(receiverOf("return this.runAll();", run)).toBeNull();
	});
});
