/**
 * Carrying the path on across a point-to-point key (path/carry.ts carryOn), on a small repository indexed
 * with the built-in trunks: a signing service completes a document and emits events on an in-repo bus,
 * one of them taken by a single handler (the sealing job), one by two listeners (a broadcast).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { EVENT_BUS_SOURCE } from "../support/event-bus-source.js";
import { indexedRepo, plainConcepts, stepNames } from "../support/path-fixture.js";

const fn = (name: string, body: string[], args = "documentId: string") =>
	[`export async function ${name}(${args}): Promise<void> {`, ...body.map((l) => `\t${l}`), "}"].join("\n");

/** A module whose first function (in `code`) listens on the bus for `event`. */
const listening = (event: string, code: string, imports: string[] = []) => {
	const name = /function (\w+)/.exec(code)?.[1];
	return ['import { bus } from "../bus";', ...imports, code, `bus.on("${event}", ${name});`].join("\n");
};

const FILES: Record<string, string> = {
	"package.json": '{ "name": "signing-app", "private": true }',
	"src/bus.ts": EVENT_BUS_SOURCE,
	"src/signing/submit.ts": [
		'import { completeSigning } from "./complete";',
		fn("submitSignature", ["await completeSigning(documentId);"]),
	].join("\n"),
	"src/signing/complete.ts": [
		'import { bus } from "../bus";',
		'import { markCompleted } from "./status";',
		fn("completeSigning", [
			"await markCompleted(documentId);",
			'bus.emit("beforeSealDocument", documentId);',
			'bus.emit("document-signed", documentId);',
			'bus.emit("seal-document", documentId);',
			'bus.emit("billing-sync", documentId);',
		]),
	].join("\n"),
	"src/signing/status.ts": fn("markCompleted", ["console.log(documentId);"]),
	"src/jobs/seal.ts": listening(
		"seal-document",
		fn("handleSealDocument", ["await sealDocumentPdf(documentId);"]),
		['import { sealDocumentPdf } from "../documents/seal-pdf";'],
	),
	"src/documents/seal-pdf.ts": [
		'import { storeSealedDocument } from "./store";',
		fn("sealDocumentPdf", ["await storeSealedDocument(documentId);"]),
	].join("\n"),
	"src/hooks/seal-quota.ts": listening(
		"beforeSealDocument",
		fn("checkSealQuota", ["console.log(documentId);"]),
	),
	"src/documents/store.ts": fn("storeSealedDocument", ["console.log(documentId);"]),
	"src/notify/owner.ts": listening("document-signed", fn("notifyOwner", ["console.log(documentId);"])),
	"src/audit/log.ts": listening("document-signed", fn("auditSigned", ["console.log(documentId);"])),
	"src/billing/sync.ts": listening(
		"billing-sync",
		[
			fn("syncBilling", ["await chargeAccount(documentId);"]),
			fn("chargeAccount", ["console.log(documentId);"]),
		].join("\n"),
	),
};

const concepts = plainConcepts;

describe("the path carries on across a point-to-point key", () => {
	const repo = indexedRepo(FILES, "codeask-carry-");
	const def = repo.def;
	const names = stepNames;
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});

	it("from the path's end to the one handler of a key the question names, then on along its flow", () => {
		const ranked = [
			def("src/signing/submit.ts", "submitSignature"),
			def("src/signing/complete.ts", "completeSigning"),
		];
		// "How is a signed document sealed?": the broadcast `document-signed` names as much of the
		// question, but two listeners take it; the sealing job's key is one hop to one handler.
		const path = findPath(index, ranked, {}, concepts("sign", "document", "seal"));
		expect(names(path)).toEqual([
			"submitSignature",
			"completeSigning",
			"handleSealDocument",
			"sealDocumentPdf",
			// The walk down (path-walk-down-awaited.test.ts) goes on into the call the job awaits last.
			"storeSealedDocument",
		]);
		// Not into the lifecycle hook `beforeSealDocument`, written first and naming as much of the
		// question: the code run there is a side concern the flow returns from.
		expect(names(path)).not.toContain("checkSealQuota");
		// The hop across the key is written where it is dispatched, and the carry stops after CARRY_STEPS.
		const hop = path[1]?.hop;
		expect(hop?.kind).toBe("dispatch");
		expect(hop?.key?.name).toBe("seal-document");
		expect(hop?.text).toBe('bus.emit("seal-document", documentId);');
		expect(path.at(-1)?.hop).toBeNull();
	});

	it("from the step before the last: the dispatch the question names is where the flow goes on", () => {
		const ranked = [
			def("src/signing/complete.ts", "completeSigning"),
			def("src/signing/status.ts", "markCompleted"),
		];
		const path = findPath(index, ranked, {}, concepts("sign", "document", "seal"));
		expect(names(path).slice(-4)).toEqual([
			"completeSigning",
			"handleSealDocument",
			"sealDocumentPdf",
			"storeSealedDocument",
		]);
		expect(names(path)).not.toContain("markCompleted");
		// Not from a caller prepended as the way in: the step found stays.
		const alone = findPath(
			index,
			[def("src/signing/status.ts", "markCompleted")],
			{},
			concepts("sign", "document", "seal"),
		);
		expect(names(alone)).toEqual(["submitSignature", "completeSigning", "markCompleted"]);
		expect(alone[1]?.leadIn).toBe(true);
	});

	it("not across a broadcast, a key naming too little of the question, or for an impact question", () => {
		const ranked = [
			def("src/signing/submit.ts", "submitSignature"),
			def("src/signing/complete.ts", "completeSigning"),
		];
		const handlers = (key: string) =>
			index.dispatchSites("events", key).filter((s) => s.side === "register").length;
		expect([handlers("document-signed"), handlers("seal-document"), handlers("billing-sync")]).toEqual([
			2, 1, 1,
		]);
		// Only the broadcast names "signed"; the billing and sealing keys name nothing of the question.
		expect(names(findPath(index, ranked, {}, concepts("sign")))).toEqual([
			"submitSignature",
			"completeSigning",
		]);
		expect(names(findPath(index, ranked))).toEqual(["submitSignature", "completeSigning"]);
		// Nor across a key naming one word of a question of several (a side concern of the flow asked about).
		expect(names(findPath(index, ranked, {}, concepts("sign", "document")))).toEqual([
			"submitSignature",
			"completeSigning",
		]);
		// The key's name decides which one-handler key the path carries on across.
		expect(names(findPath(index, ranked, {}, concepts("billing")))).toEqual([
			"submitSignature",
			"completeSigning",
			"syncBilling",
			"chargeAccount",
		]);
	});
});
