/**
 * The far ends of a key hop are material for the keys the question's flow crosses: a key a chain
 * holds, or one the question's words rate. Another key the body fires gives only the far ends a
 * chain holds anyway.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { hopMounts, keyHopEnds } from "../../src/pipeline/material/hops.js";
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

describe("hopMounts: the mount lines between a request and its route", () => {
	const client = defRow("web/orders.ts", "loadOrder");
	const routeKey = defRow(null, "GET /api/orders/:id", "dispatch-key", {
		defId: "trunk:http-route#GET /api/orders/:id",
	});
	const route = defRow("server/orders.ts", "orders.get(/:id)");
	const server = defRow("server/app.ts", "(module)", "module");
	const api = defRow("server/api.ts", "(module)", "module");
	const hops = keyHopEnds(
		edgeGraph(
			[client, routeKey, route],
			[
				[client, routeKey, "dispatch"],
				[routeKey, route, "handler"],
			],
		),
		client,
		unrated,
	);
	const mount = (file: string, line: number, prefix: string) => ({
		id: line,
		trunk: "http-route",
		side: "mount" as const,
		key: routeKey.name,
		rawKey: prefix,
		expression: `app.use('${prefix}', r)`,
		file,
		line,
		enclosingDefId: `${file}#(module)`,
		handlerDefId: null,
		resolution: "syntactic" as const,
		inScope: true,
	});
	const byDefId = new Map([server, api].map((d) => [d.defId, d]));
	const mountIndex = {
		def: (id: string) => byDefId.get(id),
		mountSites: (trunk: string, key: string) =>
			trunk === "http-route" && key === routeKey.name
				? [mount("server/app.ts", 12, "/api"), mount("server/api.ts", 4, "/orders")]
				: [],
	};

	it("lists the mounts of the key a hop crosses, the one mounting the route's router first", () => {
		expect(hops.map((h) => h.def.name)).toEqual(["get(/:id)"]);
		expect(hopMounts(mountIndex, hops).map((m) => `${m.def.file}:${m.line} ${m.label}`)).toEqual([
			"server/api.ts:4 mounts /orders for GET /api/orders/:id (http-route)",
			"server/app.ts:12 mounts /api for GET /api/orders/:id (http-route)",
		]);
	});

	it("lists nothing for an index with no mount lines", () => {
		expect(hopMounts({ def: mountIndex.def }, hops)).toEqual([]);
	});
});
