/**
 * A question asking for background work crosses into the worker (path/background.ts, find.ts): on a small
 * repository indexed with the built-in trunks, an order service updates a balance (a side call) and queues a
 * job on an in-repo bus, consumed by one processor in `queues/` that calls code nobody ranked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { asksBackground, isBackgroundEnd } from "../../src/pipeline/path/background.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { EVENT_BUS_SOURCE } from "../support/event-bus-source.js";
import { indexedRepo, plainConcepts, stepNames } from "../support/path-fixture.js";

const fn = (name: string, body: string[]) =>
	[`export async function ${name}(orderId: string): Promise<void> {`, ...body.map((l) => `\t${l}`), "}"].join(
		"\n",
	);

const FILES: Record<string, string> = {
	"package.json": '{ "name": "shop-app", "private": true }',
	"src/bus.ts": EVENT_BUS_SOURCE,
	"src/orders/create.ts": [
		'import { bus } from "../bus";',
		'import { updateBalance } from "../accounts/balance";',
		fn("createOrder", [
			'bus.emit("gather-profile", orderId);',
			'bus.emit("order-audited", orderId);',
			"await updateBalance(orderId);",
		]),
	].join("\n"),
	"src/accounts/balance.ts": [
		'import { convertCurrency } from "../rates/convert";',
		fn("updateBalance", ["await convertCurrency(orderId);"]),
	].join("\n"),
	"src/rates/convert.ts": fn("convertCurrency", ["console.log(orderId);"]),
	"src/queues/gather.ts": [
		'import { bus } from "../bus";',
		'import { fetchProfile } from "../providers/fetch";',
		fn("gatherProfile", ["await fetchProfile(orderId);"]),
		'bus.on("gather-profile", gatherProfile);',
	].join("\n"),
	"src/providers/fetch.ts": fn("fetchProfile", ["console.log(orderId);"]),
	"src/audit/log.ts": [
		'import { bus } from "../bus";',
		'import { writeAudit } from "./write";',
		fn("auditOrder", ["await writeAudit(orderId);"]),
		'bus.on("order-audited", auditOrder);',
	].join("\n"),
	"src/audit/write.ts": fn("writeAudit", ["console.log(orderId);"]),
};

describe("a question asking for background work crosses into the worker", () => {
	const repo = indexedRepo(FILES, "codeask-background-");
	const def = repo.def;
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});
	const ranked = () => [
		def("src/orders/create.ts", "createOrder"),
		def("src/accounts/balance.ts", "updateBalance"),
	];

	it("from the code queuing a job to its one processor, though nothing ranked it or what it calls", () => {
		// "When an order is created, what background job does it start?"
		const path = findPath(index, ranked(), {}, plainConcepts("order", "create", "background", "job"));
		expect(stepNames(path).slice(0, 2)).toEqual(["createOrder", "gatherProfile"]);
		expect(path[0]?.hop?.kind).toBe("dispatch");
		expect(path[0]?.hop?.key?.name).toBe("gather-profile");
		expect(stepNames(path)).not.toContain("updateBalance");
	});

	it("not when the question asks for no background work: the ranked side call stays the flow", () => {
		const path = findPath(index, ranked(), {}, plainConcepts("order", "create"));
		expect(stepNames(path).slice(0, 2)).toEqual(["createOrder", "updateBalance"]);
	});

	it("the question's words and the far side's names decide, not a key's having one handler", () => {
		expect(asksBackground(plainConcepts("worker", "pick"))).toBe(true);
		expect(asksBackground(plainConcepts("schedul", "check"))).toBe(true);
		expect(asksBackground(plainConcepts("order", "create", "balance"))).toBe(false);
		const key = (trunk: string) => ({
			...def("src/orders/create.ts", "createOrder"),
			qualifiedName: `${trunk}#k`,
		});
		// An audit listener outside any queue, job or worker folder is a side effect, not background work.
		expect(isBackgroundEnd(key("events"), def("src/audit/log.ts", "auditOrder"))).toBe(false);
		expect(isBackgroundEnd(key("events"), def("src/queues/gather.ts", "gatherProfile"))).toBe(true);
		expect(isBackgroundEnd(key("jobs"), def("src/audit/log.ts", "auditOrder"))).toBe(true);
	});
});

const SCHEDULED: Record<string, string> = {
	"package.json": '{ "name": "prices-app", "private": true }',
	"src/bus.ts": EVENT_BUS_SOURCE,
	"src/cron/prices.ts": [
		'import { bus } from "../bus";',
		'import { gatherRecent } from "../gathering/service";',
		fn("refreshPrices", ["await gatherRecent(orderId);"]),
		'bus.on("0 * * * *", refreshPrices);',
	].join("\n"),
	"src/gathering/service.ts": [
		'import { bus } from "../bus";',
		fn("gatherRecent", ["await gatherSymbols(orderId);"]),
		fn("gatherSymbols", ['bus.emit("gather-history", orderId);']),
	].join("\n"),
	"src/admin/controller.ts": [
		'import { gatherSymbols } from "../gathering/service";',
		fn("adminGather", ["await gatherSymbols(orderId);"]),
	].join("\n"),
	"src/queues/history.ts": [
		'import { bus } from "../bus";',
		'import { fetchHistory } from "../providers/history";',
		fn("gatherHistory", ["await fetchHistory(orderId);"]),
		'bus.on("gather-history", gatherHistory);',
	].join("\n"),
	"src/providers/history.ts": fn("fetchHistory", ["console.log(orderId);"]),
};

describe("a background job's flow is told from the schedule queuing it", () => {
	const repo = indexedRepo(SCHEDULED, "codeask-scheduled-");
	const def = repo.def;
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});
	const ranked = () => [
		def("src/queues/history.ts", "gatherHistory"),
		def("src/providers/history.ts", "fetchHistory"),
	];

	it("from the job's processor up through its dispatcher and callers to the method the clock runs", () => {
		// "How are historical prices kept up to date in the background?"
		const path = findPath(index, ranked(), {}, plainConcepts("history", "price", "background"));
		expect(stepNames(path)).toEqual([
			"refreshPrices",
			"gatherRecent",
			"gatherSymbols",
			"gatherHistory",
			"fetchHistory",
		]);
		expect(path[2]?.hop?.kind).toBe("dispatch");
		expect(path[2]?.hop?.key?.name).toBe("gather-history");
		// Not the admin's route to the same dispatcher: no clock runs it.
		expect(stepNames(path)).not.toContain("adminGather");
	});

	it("not when the question asks for no background work", () => {
		const path = findPath(index, ranked(), {}, plainConcepts("history", "price"));
		expect(stepNames(path)).not.toContain("refreshPrices");
	});
});
