/**
 * Where the code a key runs is, when the key's handler is no function of its own: a callback registered
 * inline in a larger start-up method (path/registration-span.ts, used by the carry across a key), and an
 * object built by a chain of calls that a plugin's generic loop runs (path/handler-runners.ts).
 */
import { describe, expect, it } from "vitest";
import type { EdgeKind } from "../../src/index/schema.js";
import type { DefRow } from "../../src/index/types.js";
import { carryOn } from "../../src/pipeline/path/carry.js";
import { joinHandlerRunners } from "../../src/pipeline/path/handler-runners.js";
import { registrationSpan } from "../../src/pipeline/path/registration-span.js";
import type { Edge, PathIndex, PathStep } from "../../src/pipeline/path/types.js";
import { defRow, edgeGraph } from "../support/defs.js";
import { plainConcepts, stepNames } from "../support/path-fixture.js";

/** An index over `files` whose edges are written at the given lines. */
function indexOver(
	files: Record<string, readonly string[]>,
	defs: readonly DefRow[],
	edges: readonly [DefRow, DefRow, EdgeKind, number][],
): PathIndex {
	const lineOf = new Map(edges.map(([s, d, kind, line]) => [`${s.id}>${d.id}>${kind}`, line]));
	return {
		...edgeGraph(
			defs,
			edges.map(([s, d, kind]) => [s, d, kind]),
			(s, d, kind) => ({ file: s.file ?? d.file, line: lineOf.get(`${s.id}>${d.id}>${kind}`) ?? null }),
		),
		fileLines: (file: string, from: number, to: number) => files[file]?.slice(from - 1, to),
	};
}

const MAIL = "src/mail/mail-plugin.ts";
const ORDERS = "src/orders/order-service.ts";
const WORK = "src/mail/work.ts";

/** A start-up method creating two queues, each with an inline `process` callback, after some set-up. */
const MAIL_LINES = [
	"export class MailPlugin {",
	"\tasync onStart(): Promise<void> {",
	"\t\tawait this.loadMailTemplates();",
	"\t\tthis.receipts = await this.jobs.createQueue({",
	'\t\t\tname: "send-mail",',
	"\t\t\tprocess: (job) => deliverMail(job.data),",
	"\t\t});",
	"\t\tthis.archive = await this.jobs.createQueue({",
	'\t\t\tname: "archive-mail",',
	"\t\t\tprocess: (job) => archiveMailLog(job.data),",
	"\t\t});",
	"\t}",
	"}",
];

function queues() {
	const onStart = defRow(MAIL, "MailPlugin.onStart", "method", { startLine: 2, endLine: 12 });
	const loadMailTemplates = defRow(WORK, "loadMailTemplates", "function", { startLine: 1, endLine: 1 });
	const deliverMail = defRow(WORK, "deliverMail", "function", { startLine: 2, endLine: 4 });
	const archiveMailLog = defRow(WORK, "archiveMailLog", "function", { startLine: 5, endLine: 7 });
	const placeOrder = defRow(ORDERS, "placeOrder", "function", { startLine: 1, endLine: 4 });
	const sendKey = defRow(null, "send-mail", "dispatch-key");
	const archiveKey = defRow(null, "archive-mail", "dispatch-key");
	const defs = [onStart, loadMailTemplates, deliverMail, archiveMailLog, placeOrder, sendKey, archiveKey];
	const index = indexOver(
		{
			[MAIL]: MAIL_LINES,
			[ORDERS]: [
				"export async function placeOrder(id: string) {",
				"\tawait saveOrder(id);",
				"\tawait receipts.add(id);",
				"}",
			],
		},
		defs,
		[
			[onStart, loadMailTemplates, "call", 3],
			[onStart, sendKey, "register", 5],
			[onStart, deliverMail, "call", 6],
			[onStart, archiveKey, "register", 9],
			[onStart, archiveMailLog, "call", 10],
			[sendKey, onStart, "handler", 5],
			[archiveKey, onStart, "handler", 9],
			[placeOrder, sendKey, "dispatch", 3],
		],
	);
	return { index, onStart, placeOrder, sendKey, archiveKey };
}

describe("a key's handler registered inline in a larger definition", () => {
	it("runs from its register line to the line before the definition's next registration, or its end", () => {
		const { index, onStart, placeOrder, sendKey, archiveKey } = queues();
		expect(registrationSpan(index, sendKey, onStart)).toEqual({ from: 5, to: 8 });
		expect(registrationSpan(index, archiveKey, onStart)).toEqual({ from: 9, to: 12 });
		// A definition that is the key's handler without holding its register call runs whole.
		expect(registrationSpan(index, sendKey, placeOrder)).toBeNull();
	});

	it("the path carried across the key goes on into the callback's call, not the set-up before it", () => {
		const { index, placeOrder } = queues();
		const steps: PathStep[] = [{ def: placeOrder, hop: null }];
		carryOn(index, steps, plainConcepts("send", "mail"), 10);
		// `loadMailTemplates` names "mail" as well and is written first: without the span it was the next step.
		expect(stepNames(steps)).toEqual(["placeOrder", "onStart", "deliverMail"]);
		expect(steps[1]?.hop?.line).toBe(6);
	});
});

describe("a key's handler that is an object built by a chain of calls", () => {
	const HANDLERS = "src/mail/handlers.ts";
	const LISTENER = "src/mail/listener.ts";
	const PLUGIN = "src/mail/plugin.ts";
	const INJECTOR = "src/di/injector.ts";

	function handlerObject(injectorCallers: number) {
		const onPaid = defRow(HANDLERS, "receiptHandler", "variable", { startLine: 3, endLine: 6 });
		const listener = defRow(LISTENER, "MailListener", "class", { startLine: 1, endLine: 20 });
		const on = defRow(LISTENER, "MailListener.on", "method", {
			startLine: 2,
			endLine: 4,
			parentId: listener.id,
		});
		const handle = defRow(LISTENER, "MailListener.handle", "method", {
			startLine: 5,
			endLine: 9,
			parentId: listener.id,
		});
		const injector = defRow(INJECTOR, "Injector", "class", { startLine: 1, endLine: 9 });
		const get = defRow(INJECTOR, "Injector.get", "method", {
			startLine: 2,
			endLine: 4,
			parentId: injector.id,
		});
		const handleEvent = defRow(PLUGIN, "MailPlugin.handleEvent", "method", { startLine: 10, endLine: 20 });
		const key = defRow(null, "OrderPaidEvent", "dispatch-key");
		const users = Array.from({ length: injectorCallers }, (_, i) =>
			defRow(`src/feature${i}.ts`, `feature${i}`, "function", { startLine: 1, endLine: 3 }),
		);
		const defs = [onPaid, listener, on, handle, injector, get, handleEvent, key, ...users];
		const index = indexOver(
			{
				[HANDLERS]: [
					'import { MailListener } from "./listener";',
					"",
					'export const receiptHandler = new MailListener("receipt")',
					"\t.on(OrderPaidEvent)",
					"\t.loadData(({ injector }) => injector.get(OrderService));",
					"",
				],
			},
			defs,
			[
				[key, onPaid, "handler", 4],
				[onPaid, on, "call", 4],
				[onPaid, get, "call", 5],
				[handleEvent, handle, "call", 14],
				...users.map((u): [DefRow, DefRow, EdgeKind, number] => [u, get, "call", 2]),
			],
		);
		const byId = new Map<number, DefRow>([
			[onPaid.id, onPaid],
			[on.id, on],
		]);
		const graph = new Map<number, Edge[]>([
			[onPaid.id, [{ to: on.id, hop: null as never }]],
			[on.id, []],
		]);
		return { index, byId, graph, onPaid, handleEvent };
	}

	it("goes on to the code calling its class's methods, cited where the object is written", () => {
		const { index, byId, graph, onPaid, handleEvent } = handlerObject(3);
		joinHandlerRunners(index, graph, byId);
		// The builder's own calls run when the module loads; the key's flow goes on in the runner.
		expect(graph.get(onPaid.id)?.map((e) => e.to)).toEqual([handleEvent.id]);
		expect(byId.get(handleEvent.id)).toBe(handleEvent);
		expect(graph.get(onPaid.id)?.[0]?.hop).toMatchObject({
			kind: "register",
			file: HANDLERS,
			line: 3,
			endLine: 4,
			named: "receiptHandler",
		});
	});

	it("not through a class every feature calls (an injector): its callers run no one object", () => {
		// With two callers of the injector, they are as likely runners as the plugin's loop: nothing is joined.
		const { index, byId, graph, onPaid } = handlerObject(2);
		const before = graph.get(onPaid.id);
		joinHandlerRunners(index, graph, byId);
		expect(graph.get(onPaid.id)).toBe(before);
	});
});
