/**
 * Carrying the path on past a closure (path/carry.ts intoClosure): an ingestion handler hands a batch to a
 * processor that groups it in a nested reducer (which calls a type helper) and then queues it on an in-repo
 * bus for a worker, which writes it. The reducer is a detail of the processor: the flow goes on across the queue.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { EVENT_BUS_SOURCE } from "../support/event-bus-source.js";
import { indexedRepo, plainConcepts, stepNames } from "../support/path-fixture.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "ingest-app", "private": true }',
	"src/bus.ts": EVENT_BUS_SOURCE,
	"src/api/ingest.ts": [
		'import { processBatch } from "../ingest/process";',
		"export async function handleIngest(events: string[]): Promise<void> {",
		"\tawait processBatch(events);",
		"}",
	].join("\n"),
	"src/ingest/process.ts": [
		'import { bus } from "../bus";',
		'import { eventType } from "./types";',
		"export async function processBatch(events: string[]): Promise<void> {",
		"\tconst grouped = events.reduce((acc: Record<string, string>, e: string) => {",
		"\t\tacc[e] = eventType(e);",
		"\t\treturn acc;",
		"\t}, {});",
		'\tbus.emit("ingest-queue", grouped);',
		"}",
	].join("\n"),
	"src/ingest/types.ts": [
		"export function eventType(e: string): string {",
		'\treturn e.split(":")[0] ?? "";',
		"}",
	].join("\n"),
	"src/worker/ingest-worker.ts": [
		'import { bus } from "../bus";',
		'import { writeEvents } from "../store/writer";',
		"export async function handleIngestJob(grouped: Record<string, string>): Promise<void> {",
		"\tawait writeEvents(grouped);",
		"}",
		'bus.on("ingest-queue", handleIngestJob);',
	].join("\n"),
	"src/store/writer.ts": [
		"export async function writeEvents(grouped: Record<string, string>): Promise<void> {",
		"\tconsole.log(grouped);",
		"}",
	].join("\n"),
};

describe("the path carries on across a key its step dispatches after a closure the path went into", () => {
	const repo = indexedRepo(FILES, "codeask-carry-closure-");
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});
	const ranked = () => [
		repo.def("src/api/ingest.ts", "handleIngest"),
		repo.def("src/ingest/process.ts", "processBatch"),
		repo.def("src/ingest/process.ts", "grouped"),
		repo.def("src/ingest/types.ts", "eventType"),
	];

	it("leaves the reducer for the queue's worker when the key's name holds a word of the question", () => {
		// "How is an ingested batch of events typed and stored?": the queue's name holds one word of the four.
		const path = findPath(index, ranked(), {}, plainConcepts("ingest", "batch", "type", "store"));
		expect(stepNames(path)).toEqual(["handleIngest", "processBatch", "handleIngestJob", "writeEvents"]);
		expect(path[1]?.hop?.kind).toBe("dispatch");
		expect(path[1]?.hop?.key?.name).toBe("ingest-queue");
	});

	it("stays in the reducer when the key's name holds no word of the question", () => {
		const path = findPath(index, ranked(), {}, plainConcepts("batch", "type", "event"));
		expect(stepNames(path)).toEqual(["handleIngest", "processBatch", "grouped", "eventType"]);
	});
});

/** The processor announces the batch before the reducer and queues nothing after it. */
const ANNOUNCED_BEFORE: Record<string, string> = {
	...FILES,
	"src/ingest/process.ts": [
		'import { bus } from "../bus";',
		'import { eventType } from "./types";',
		"export async function processBatch(events: string[]): Promise<void> {",
		'\tbus.emit("ingest-started", events.length);',
		"\tconst grouped = events.reduce((acc: Record<string, string>, e: string) => {",
		"\t\tacc[e] = eventType(e);",
		"\t\treturn acc;",
		"\t}, {});",
		"\tconsole.log(grouped);",
		"}",
	].join("\n"),
	"src/worker/started.ts": [
		'import { bus } from "../bus";',
		"export function onIngestStarted(count: number): void {",
		"\tconsole.log(count);",
		"}",
		'bus.on("ingest-started", onIngestStarted);',
	].join("\n"),
};

describe("the path does not carry on across a key its step dispatches before the closure", () => {
	const repo = indexedRepo(ANNOUNCED_BEFORE, "codeask-carry-closure-before-");
	it("stays in the reducer: what the step dispatched before it is not where the flow goes on", () => {
		const ranked = [
			repo.def("src/api/ingest.ts", "handleIngest"),
			repo.def("src/ingest/process.ts", "processBatch"),
			repo.def("src/ingest/process.ts", "grouped"),
			repo.def("src/ingest/types.ts", "eventType"),
		];
		const path = findPath(repo.index(), ranked, {}, plainConcepts("ingest", "batch", "type", "store"));
		expect(stepNames(path)).toEqual(["handleIngest", "processBatch", "grouped", "eventType"]);
	});
});
