/**
 * A definition's description is the last comment block above it, even across a blank line, not a
 * licence, a banner, a commented-out method's comment in an earlier block, nor commented-out code; search
 * still reads every leading comment's words (`doc`).
 */
import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { repoIndexForSuite } from "../support/seeded-files.js";

const QUEUE = [
	"// Copyright (c) 2024 Queue Authors. Licensed under the MIT licence.",
	"export class JobQueue {",
	"\tprivate jobs: string[] = [];",
	"",
	"\t// Retries every failed job once",
	"\t// retryAll() {",
	"\t//   return this.jobs.map((job) => this.push(job));",
	"\t// }",
	"",
	"\t// Adds a job at the end of the queue",
	"\tpush(job: string): void {",
	"\t\tthis.jobs.push(job);",
	"\t}",
	"",
	"\t/**",
	"\t * Takes the next job off the queue.",
	"\t * @example",
	"\t * queue.take();",
	"\t */",
	"\ttake(): string | undefined {",
	"\t\treturn this.jobs.shift();",
	"\t}",
	"",
	"\t// const limit = 10;",
	"\t// this.jobs.length = limit;",
	"\tclear(): void {",
	"\t\tthis.jobs = [];",
	"\t}",
	"",
	"\t// Queries",
	"",
	"\tisEmpty(): boolean {",
	"\t\treturn this.jobs.length === 0;",
	"\t}",
	"",
	"\t/**",
	"\t * How many jobs wait.",
	"\t */",
	"",
	"\tsize(): number {",
	"\t\treturn this.jobs.length;",
	"\t}",
	"",
	"\t// Removes every job, oldest first",
	"",
	"\tdrain(): string[] {",
	"\t\treturn this.jobs.splice(0);",
	"\t}",
	"",
	"\t// ---------------------------------",
	"\t// Reading",
	"\t// ---------------------------------",
	"",
	"\tpeek(): string | undefined {",
	"\t\treturn this.jobs[0];",
	"\t}",
	"",
	"\t// ─── Counting helpers ───",
	"\tcount(): number {",
	"\t\treturn this.jobs.length;",
	"\t}",
	"",
	"\t// Moves a job to the front, called as:",
	"\t// queue.promote(job)",
	"\t// queue.promote(job, true)",
	"\tpromote(job: string, _now?: boolean): void {",
	"\t\tthis.jobs.unshift(job);",
	"\t}",
	"",
	"\t// TODO: keep a running count",
	"\tcountLater(): number {",
	"\t\treturn this.jobs.length;",
	"\t}",
	"",
	"\t// ─── Totals ───",
	"\t// Counts every job in the queue, waiting or not.",
	"\ttotal(): number {",
	"\t\treturn this.jobs.length;",
	"\t}",
	"",
	"\t/**",
	"\t * Pushes each job given, called as",
	"\t * queue.pushAll(job)",
	"\t * queue.pushAll(job, other)",
	"\t */",
	"\tpushAll(...jobs: string[]): void {",
	"\t\tfor (const job of jobs) this.push(job);",
	"\t}",
	"}",
	"",
	"// Pushes every job of a batch onto the queue",
	"export function pushBatch(queue: JobQueue, batch: string[]): void {",
	"\tfor (const job of batch) queue.push(job);",
	"}",
	"",
	"// Default batch size",
	"export const BATCH_SIZE = 10;",
	"",
].join("\n");

describe("the description of a definition", () => {
	const index = repoIndexForSuite(
		{ "package.json": '{ "name": "jobs" }', "src/queue.ts": QUEUE },
		"codeask-desc-",
	);
	const def = (name: string) => index().def(`src/queue.ts#${name}`);

	it("is the comment block right above the declaration, not a commented-out method's comment above a blank line", () => {
		expect(def("JobQueue.push")?.description).toBe("Adds a job at the end of the queue");
		// Search reads every word, as before.
		expect(def("JobQueue.push")?.doc).toContain("Retries every failed job once");
	});

	it("keeps a JSDoc block with a worked example", () => {
		expect(def("JobQueue.take")?.description).toContain("Takes the next job off the queue.");
	});

	it("keeps a block comment written with a blank line below it", () => {
		expect(def("JobQueue.size")?.description).toBe("How many jobs wait.");
	});

	it("keeps line comments written with a blank line below them", () => {
		expect(def("JobQueue.drain")?.description).toBe("Removes every job, oldest first");
	});

	it("keeps a JSDoc block that lists its call forms (never read as code)", () => {
		expect(def("JobQueue.pushAll")?.description).toContain("Pushes each job given");
	});

	it("keeps line comments that end in a call form below a line ending in a colon", () => {
		expect(def("JobQueue.promote")?.description).toContain("Moves a job to the front");
	});

	it("keeps a short line right above a declaration (it names it)", () => {
		expect(def("BATCH_SIZE")?.description).toBe("Default batch size");
	});

	it("is none for a licence header or commented-out code right above", () => {
		expect(def("JobQueue")?.doc).toContain("Copyright");
		expect(def("JobQueue")?.description).toBeNull();
		expect(def("JobQueue.clear")?.doc).toContain("const limit = 10;");
		expect(def("JobQueue.clear")?.description).toBeNull();
	});

	it("is none for a banner: a rule line, a framed title, or a short title above a blank line", () => {
		expect(def("JobQueue.peek")?.doc).toContain("Reading");
		expect(def("JobQueue.peek")?.description).toBeNull();
		expect(def("JobQueue.count")?.description).toBeNull();
		expect(def("JobQueue.isEmpty")?.doc).toContain("Queries");
		expect(def("JobQueue.isEmpty")?.description).toBeNull();
	});

	it("is none for a note to the authors", () => {
		expect(def("JobQueue.countLater")?.doc).toContain("TODO");
		expect(def("JobQueue.countLater")?.description).toBeNull();
	});

	it("keeps a comment with a framed heading above its sentences", () => {
		expect(def("JobQueue.total")?.description).toContain("Counts every job in the queue");
	});

	it("is what the offline answer says of a key place", async () => {
		const r = await ask(index(), "How does the job queue push a job?", { detail: "full" });
		const prose = r.answer.split("### Code excerpts")[0] ?? "";
		const push = prose.split("\n").find((l) => l.startsWith("- `JobQueue.push`")) ?? "";
		expect(push).toContain("— Adds a job at the end of the queue");
		expect(prose).not.toContain("Retries every failed job once");
	});
});
