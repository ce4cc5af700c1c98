/**
 * The far ends of a key hop are material for the keys the question's flow crosses: a key a chain
 * holds, or one the question's words rate. Another key the body fires gives only the far ends a
 * chain holds anyway.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { keyHopEnds } from "../../src/pipeline/material/hops.js";
import { defRow, edgeGraph } from "../support/defs.js";

const producer = defRow("src/api/jobs.ts", "enqueueJobs");
const exportKey = defRow(null, "export-queue", "dispatch-key");
const mailKey = defRow(null, "mail-queue", "dispatch-key");
const exportWorker = defRow("src/worker/export.ts", "exportProcessor");
const exportAudit = defRow("src/worker/audit.ts", "auditExport");
const mailWorker = defRow("src/worker/mail.ts", "mailProcessor");
const mailRetry = defRow("src/worker/retry.ts", "retryMail");
const defs = [producer, exportKey, mailKey, exportWorker, exportAudit, mailWorker, mailRetry];
const index = edgeGraph(defs, [
	[producer, exportKey, "dispatch"],
	[producer, mailKey, "dispatch"],
	[exportKey, exportWorker, "handler"],
	[exportKey, exportAudit, "handler"],
	[mailKey, mailWorker, "handler"],
	[mailKey, mailRetry, "handler"],
]);
const unrated = () => 0;
const names = (ends: ReturnType<typeof keyHopEnds>) => ends.map((e) => e.def.name).sort();

describe("keyHopEnds: keys the flow crosses", () => {
	it("without the flow, reads the handlers of every key the body fires", () => {
		expect(names(keyHopEnds(index, producer, unrated))).toEqual([
			"auditExport",
			"exportProcessor",
			"mailProcessor",
			"retryMail",
		]);
	});

	it("reads every handler of a key a chain holds, and of another key only the handler a chain holds", () => {
		const onChain = new Set([producer.id, exportKey.id, mailRetry.id]);
		expect(names(keyHopEnds(index, producer, unrated, onChain))).toEqual([
			"auditExport",
			"exportProcessor",
			"retryMail",
		]);
	});

	it("takes a key the question's words rate as crossed", () => {
		const onChain = new Set([producer.id]);
		const rated = (d: DefRow) => (d.id === mailKey.id ? 2 : 0);
		expect(names(keyHopEnds(index, producer, rated, onChain))).toEqual(["mailProcessor", "retryMail"]);
	});
});
