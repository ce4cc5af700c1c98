import { describe, expect, it } from "vitest";
import type { DefRow, FileRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { defRow, type edgeGraph, hopLineGraph } from "../support/defs.js";

const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
const words = conceptVector({ concepts: ["file", "upload", "storage"].map(concept) });

/** The index over these definitions and edges, listing `files` as its files (each hop on its source's first line). */
function graph(defs: DefRow[], edges: Parameters<typeof edgeGraph>[1], files: readonly string[]) {
	const rows: FileRow[] = files.map((path, id) => ({ id, path, packageName: "p", lineCount: 10 }));
	const index: PathIndex & { files: () => FileRow[] } = { ...hopLineGraph(defs, edges), files: () => rows };
	return index;
}

/** The files "Where to look" lists, in order. */
const placeFiles = (body: string) =>
	[...(body.split("**Where to look**")[1] ?? "").matchAll(/^- .* in `([^`]+)`/gm)].map((m) => m[1]);

describe("the short answer's places on how a whole feature works", () => {
	// An upload service stores a file; five adapters of one small folder rank right after the path,
	// then the method that turns an upload into a message and the job that purges stale uploads.
	const service = defRow("services/upload.ts", "UploadService.uploadFile", "method");
	const store = defRow("lib/FileUpload.ts", "FileUpload.getStore", "method");
	const adapters = ["S3", "GridFS", "Webdav", "Local", "Google"].map((n) =>
		defRow(`upload/config/${n}.ts`, `${n}Storage.copyFile`, "method"),
	);
	const message = defRow("methods/sendAttachmentMessage.ts", "sendAttachmentMessage");
	const cleanup = defRow("cron/uploadsCleanup.ts", "cleanupUploads");
	const others = ["a", "b", "c"].map((n) => defRow(`lib/${n}/storage.ts`, `${n}FileStorage`));
	const defs = [service, store, ...adapters, message, cleanup, ...others];
	const edges: Parameters<typeof edgeGraph>[1] = [[service, store, "call"]];
	const ranking = { order: defs, fileScore: new Map<string, number>() };
	const files = (extra: number) => [
		...defs.map((d) => d.file as string),
		...Array.from({ length: extra }, (_, i) => `upload/config/more${i}.ts`),
	];
	const ask = (question: string, index: ReturnType<typeof graph>) =>
		placeFiles(shortAnswer(index, question, [], ranking, words).body);

	it("gives a small folder two places, the layers after it the rest", () => {
		const places = ask("What is the storage workflow for file uploads?", graph(defs, edges, files(0)));
		expect(places.filter((f) => f?.startsWith("upload/config/"))).toEqual([
			"upload/config/S3.ts",
			"upload/config/GridFS.ts",
		]);
		expect(places).toContain("methods/sendAttachmentMessage.ts");
		expect(places).toContain("cron/uploadsCleanup.ts");
	});

	it("leaves the places in rank order for a question about one flow", () => {
		const places = ask("How is a file upload stored?", graph(defs, edges, files(0)));
		expect(places.slice(0, 5)).toEqual(adapters.map((d) => d.file));
	});

	it("does not cap a big folder: a bag of modules, not one layer", () => {
		const places = ask("What is the storage workflow for file uploads?", graph(defs, edges, files(20)));
		expect(places.slice(0, 5)).toEqual(adapters.map((d) => d.file));
	});

	it("does not cap the implementations of one contract: the feature's strategies", () => {
		// Three adapters implement the store's contract (strategies: fewer than a plug-in family).
		const contract = defRow("lib/Store.ts", "Store.copyFile", "method");
		const implemented = graph(
			[...defs, contract],
			[
				...edges,
				...adapters.slice(0, 3).map((a) => [contract, a, "implementation"] as (typeof edges)[number]),
			],
			files(0),
		);
		const places = ask("What is the storage workflow for file uploads?", implemented);
		expect(places.slice(0, 5)).toEqual(adapters.map((d) => d.file));
	});
});
