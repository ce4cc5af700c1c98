import { describe, expect, it } from "vitest";
import type { DefKind, EdgeKind } from "../../src/index/schema.js";
import type { DefRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { findPath, findPaths } from "../../src/pipeline/path/find.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import type { Concept } from "../../src/pipeline/query.js";
import { defRow, edgeGraph, edgeGraphOverFiles } from "../support/defs.js";

const def = (file: string | null, name: string, kind: DefKind = "function") => defRow(file, name, kind);

/** A tiny graph looked up like the index does; every hop written on its source's first line. */
function graph(defs: DefRow[], edges: [DefRow, DefRow, EdgeKind][]): PathIndex {
	const at = (s: DefRow, d: DefRow, kind: EdgeKind) =>
		kind === "implementation" ? { file: d.file, line: d.startLine } : { file: s.file, line: s.startLine };
	return { ...edgeGraph(defs, edges, at), fileLines: () => undefined };
}

const names = (path: { def: DefRow }[]) => path.map((s) => s.def.qualifiedName);

/** "How are scanned files counted": the hook and the counter, three unrelated fillers, and a report panel. */
const scannedFiles = () => ({
	hook: def("stats/files.ts", "useFilesScanned"),
	count: def("stats/count.ts", "countScannedFiles"),
	filler: Array.from({ length: 3 }, (_, i) => def(`other/f${i}.ts`, `other${i}`)),
	section: def("report/files.ts", "FilesPanel"),
});

/** The question's concepts, each a plain word of weight 1. */
const concepts = (...words: string[]) =>
	conceptVector({
		concepts: words.map((word): Concept => ({ word, stems: [word], related: [], weight: 1 })),
	});

describe("findPath", () => {
	it("counts an interface member and its implementation as one step, so the hop between them adds no worth", () => {
		// Ranked best first: two connected strong places, then an interface, its implementation and
		// what the implementation calls. Counting the interface→implementation hop as a step of its
		// own made that three-step chain of weaker places outweigh the two strong ones.
		const a = def("a.ts", "start");
		const b = def("b.ts", "finish");
		const iface = def("port.ts", "Port.send", "method");
		const impl = def("adapter.ts", "Adapter.send", "method");
		const c = def("c.ts", "deliver");
		const index = graph(
			[a, b, iface, impl, c],
			[
				[a, b, "call"],
				[iface, impl, "implementation"],
				[impl, c, "call"],
			],
		);
		expect(names(findPath(index, [a, b, iface, impl, c]))).toEqual(["start", "finish"]);
	});

	it("still goes through an interface member to its implementation when the flow leads on from there", () => {
		const a = def("a.ts", "handle");
		const iface = def("port.ts", "Store.save", "method");
		const b = def("b.ts", "write");
		const impl = def("db.ts", "DbStore.save", "method");
		const index = graph(
			[a, iface, b, impl],
			[
				[a, iface, "call"],
				[iface, impl, "implementation"],
				[impl, b, "call"],
			],
		);
		const path = findPath(index, [a, iface, b, impl]);
		expect(names(path)).toEqual(["handle", "Store.save", "DbStore.save", "write"]);
		expect(path.map((s) => s.hop?.kind ?? null)).toEqual(["call", "implementation", "call", null]);
	});

	it("prefers the chain whose steps cover the question's words together over a better-ranked one repeating one of them", () => {
		// "how is an invoice paid": two connected places of an invoice preview that say "invoice"
		// rank first; the payment flow that handles invoices ranks after them.
		const m1 = def("preview/invoice-preview.ts", "previewInvoiceRoutes");
		const m2 = def("preview/invoice-sample.ts", "sampleInvoice");
		const p1 = def("billing/pay-invoice.ts", "payInvoice");
		const p2 = def("billing/payment-store.ts", "recordPayment");
		const index = graph(
			[m1, m2, p1, p2],
			[
				[m1, m2, "call"],
				[p1, p2, "call"],
			],
		);
		const ranked = [m1, m2, p1, p2];
		expect(names(findPath(index, ranked))).toEqual(["previewInvoiceRoutes", "sampleInvoice"]);
		expect(names(findPath(index, ranked, {}, concepts("invoice", "pay")))).toEqual([
			"payInvoice",
			"recordPayment",
		]);
	});

	it("starts at an entry point the question names when it leads on, and not at a lone handler", () => {
		// A route key handled by `createOrder`, which calls the store; a better-ranked pair of helpers
		// is connected too. The entry point's path leads; a handler that leads nowhere does not.
		const key = defRow(null, "orders.create", "dispatch-key");
		const h1 = def("util/order-format.ts", "formatOrder");
		const h2 = def("util/order-print.ts", "printOrder");
		const handler = def("api/orders.ts", "createOrder");
		const store = def("db/orders.ts", "insertOrder");
		const lone = def("socket/orders.ts", "onOrderEvent");
		const loneKey = defRow(null, "order.event", "dispatch-key");
		const index = graph(
			[key, h1, h2, handler, store, lone, loneKey],
			[
				[key, handler, "handler"],
				[loneKey, lone, "handler"],
				[h1, h2, "call"],
				[handler, store, "call"],
			],
		);
		const words = concepts("order");
		expect(names(findPath(index, [lone, h1, h2, handler, store], {}, words))).toEqual([
			"createOrder",
			"insertOrder",
		]);
		// Without the question's concepts (an impact question) no entry point is named.
		expect(names(findPath(index, [lone, h1, h2, handler, store]))).toEqual(["formatOrder", "printOrder"]);
	});

	it("lets an entry point gain by its own rank, so a low-ranked handler of a side feature does not jump ahead", () => {
		// The best chain (ranks 0–1, worth 1/6 + 1/7) against a named handler at rank 7 leading on to
		// rank 8: a fixed bonus of a best step's worth (1/6) made it lead; twice its own worth does not.
		const send = def("push/send.ts", "sendPush");
		const fcm = def("push/fcm.ts", "sendFcm");
		const filler = Array.from({ length: 5 }, (_, i) => def(`other/f${i}.ts`, `other${i}`));
		const key = defRow(null, "push.saveSettings", "dispatch-key");
		const side = def("push/settings.ts", "savePushSettings");
		const store = def("db/settings.ts", "updatePushSetting");
		const index = graph(
			[send, fcm, ...filler, key, side, store],
			[
				[send, fcm, "call"],
				[key, side, "handler"],
				[side, store, "call"],
			],
		);
		const path = findPath(index, [send, fcm, ...filler, side, store], {}, concepts("push"));
		expect(names(path)).toEqual(["sendPush", "sendFcm"]);
	});

	it("bounds an entry point's gain by what it leads on to, so a handler whose next step is weak does not outrank a strong pair", () => {
		// A connected pair at ranks 1–2 (1/7 + 1/8) against a named handler at rank 5 whose one next step
		// ranks 19: twice the handler's own worth (2/11) made that path lead on the handler alone; bounded by
		// what its next step is worth (1/25) it does not, and the pair leads.
		const filler = (from: number, n: number) =>
			Array.from({ length: n }, (_, i) => def(`other/f${from + i}.ts`, `other${from + i}`));
		const register = def("bus/register.ts", "registerCommandHandlers");
		const registry = def("bus/registry.ts", "commandRegistry");
		const key = defRow(null, "command.create", "dispatch-key");
		const handler = def("handlers/create.ts", "CreateCommandHandler");
		const weak = def("service/create.ts", "createCommandRows");
		const ranked = [...filler(0, 1), register, registry, ...filler(3, 2), handler, ...filler(6, 13), weak];
		const index = graph(
			[...ranked, key],
			[
				[register, registry, "call"],
				[key, handler, "handler"],
				[handler, weak, "call"],
			],
		);
		const words = concepts("command");
		expect(names(findPath(index, ranked, {}, words))).toEqual(["registerCommandHandlers", "commandRegistry"]);
		// Leading on to a step as strong as itself, the same handler keeps its whole gain and leads.
		const strong = [...filler(0, 1), register, registry, ...filler(3, 2), handler, weak, ...filler(7, 13)];
		expect(names(findPath(index, strong, {}, words))).toEqual(["CreateCommandHandler", "createCommandRows"]);
	});

	it("gives a path whose head dispatches into an entry point that entry's gain, so the flow is told from where it is fired", () => {
		// "how is a request sent": the ipc handler (rank 0) runs the request (rank 2); the renderer's `sendRequest`
		// (rank 1) fires the handler's key. Only a path starting at the handler took the entry gain, so the handler
		// led alone and the renderer's side of the hop was left out; now the path from the dispatcher takes it too.
		const key = defRow(null, "send-request", "dispatch-key");
		const handler = def("main/ipc.ts", "sendRequestHandler");
		const client = def("renderer/actions.ts", "sendRequest");
		const run = def("main/run.ts", "runRequest");
		const filler = Array.from({ length: 3 }, (_, i) => def(`other/f${i}.ts`, `other${i}`));
		const ranked = [handler, client, run, ...filler];
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[client, key, "dispatch"],
			[key, handler, "handler"],
			[handler, run, "call"],
		];
		expect(names(findPath(graph([...ranked, key], edges), ranked, {}, concepts("send", "request")))).toEqual([
			"sendRequest",
			"sendRequestHandler",
			"runRequest",
		]);
		// A variable holding the operation (a query document) is no code a flow starts from: the handler leads.
		const operation = def("load-test/send.graphql", "sendRequest", "variable");
		const fromDocument = [handler, operation, run, ...filler];
		const documentEdges: [DefRow, DefRow, EdgeKind][] = [
			[operation, key, "dispatch"],
			[key, handler, "handler"],
			[handler, run, "call"],
		];
		expect(
			names(
				findPath(graph([...fromDocument, key], documentEdges), fromDocument, {}, concepts("send", "request")),
			),
		).toEqual(["sendRequestHandler", "runRequest"]);
	});

	it("does not end a path at a shared helper the question does not name, unless no other path is left", () => {
		// "how are shapes pasted": paste handler → insert → a type guard half the code base calls.
		const paste = def("app/paste.ts", "pasteShapes");
		const insert = def("app/insert.ts", "insertShapes");
		const guard = defRow("el/checks.ts", "isTextElement", "function", { fanIn: 60 });
		const index = graph(
			[paste, insert, guard],
			[
				[paste, insert, "call"],
				[insert, guard, "call"],
			],
		);
		const ranked = [paste, insert, guard];
		expect(names(findPath(index, ranked, {}, concepts("paste", "shape")))).toEqual([
			"pasteShapes",
			"insertShapes",
		]);
		// An impact question (no concepts) names no helper either.
		expect(names(findPath(index, ranked))).toEqual(["pasteShapes", "insertShapes"]);
		// A helper the question names by its own name may end it.
		expect(names(findPath(index, ranked, {}, concepts("paste", "text")))).toEqual([
			"pasteShapes",
			"insertShapes",
			"isTextElement",
		]);
		// A helper alone is still a path when nothing else is.
		expect(names(findPath(graph([guard], []), [guard], {}, concepts("paste")))).toEqual(["isTextElement"]);
	});

	it("gives a shared helper naming one of the question's words no worth of its own, only its connection", () => {
		// "how does an order reach the warehouse": the checkout handler calls two helpers half the code
		// base calls, each naming one word; the warehouse pair ranks just below.
		const submit = def("shop/checkout.ts", "handleOrderSubmit");
		const inbox = def("warehouse/inbox.ts", "onWarehouseOrder");
		const forward = def("warehouse/forward.ts", "forwardOrder");
		const item = defRow("shop/items.ts", "isOrderItem", "function", { fanIn: 13 });
		const line = defRow("shop/lines.ts", "isOrderLine", "function", { fanIn: 17 });
		const chain = (a: DefRow, b: DefRow): [DefRow, DefRow, EdgeKind][] => [
			[submit, a, "call"],
			[a, b, "call"],
			[inbox, forward, "call"],
		];
		const first = (helpers: DefRow[], words: ReturnType<typeof concepts>) => {
			const ranked = [submit, inbox, forward, ...helpers];
			return names(
				findPath(graph(ranked, chain(helpers[0] as DefRow, helpers[1] as DefRow)), ranked, {}, words),
			)[0];
		};
		const words = concepts("order", "warehouse");
		expect(first([item, line], words)).toBe("onWarehouseOrder");
		// Called from few places, the same two are steps of worth: the checkout chain leads.
		expect(
			first(
				[item, line].map((d) => ({ ...d, fanIn: 3 })),
				words,
			),
		).toBe("handleOrderSubmit");
		// A helper naming two of the question's words keeps its worth.
		const both = [item, line].map((d) => ({
			...d,
			qualifiedName: `${d.qualifiedName}Warehouse`,
			name: `${d.name}Warehouse`,
		}));
		expect(first(both, words)).toBe("handleOrderSubmit");
	});

	it("lets a shared helper named for a one-word question keep its worth", () => {
		// "how does paging work": the query helper everything calls is the answer, not a bar that shows pages.
		const query = defRow("db/page.ts", "pageQuery", "function", { fanIn: 20 });
		const cursor = def("db/cursor.ts", "cursorOf");
		const bar = def("ui/bar.ts", "showPageBar");
		const render = def("ui/render.ts", "renderBar");
		const ranked = [query, cursor, bar, render];
		const index = graph(ranked, [
			[query, cursor, "call"],
			[bar, render, "call"],
		]);
		expect(names(findPath(index, ranked, {}, concepts("page")))[0]).toBe("pageQuery");
		// With a second concept it names nothing of, it is a side helper again.
		expect(names(findPath(index, ranked, {}, concepts("page", "render")))[0]).toBe("showPageBar");
	});

	it("prepends the caller that enters the flow when the first step has one or two, outside the candidates", () => {
		// "how is an invoice issued": the service and the store rank first; the route calling the
		// service was not among the candidates.
		const route = def("api/invoices.ts", "postInvoiceRoute");
		const issue = def("services/invoice.ts", "issueInvoice");
		const save = def("models/invoices.ts", "saveInvoice");
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[route, issue, "call"],
			[issue, save, "call"],
		];
		const words = concepts("invoice", "issue");
		const steps = findPath(graph([route, issue, save], edges), [issue, save], {}, words);
		expect(names(steps)).toEqual(["postInvoiceRoute", "issueInvoice", "saveInvoice"]);
		expect(steps.map((s) => !!s.leadIn)).toEqual([true, false, false]);
		expect(steps[0]?.hop?.kind).toBe("call");
		// A path already at its bound takes no way in: the bound holds.
		expect(
			names(findPath(graph([route, issue, save], edges), [issue, save], { maxSteps: 2 }, words)),
		).toEqual(["issueInvoice", "saveInvoice"]);
		// A candidate caller was weighed by the search: it is not prepended afterwards.
		expect(names(findPath(graph([route, issue, save], edges), [issue, save, route], {}, words))[0]).not.toBe(
			"postInvoiceRoute",
		);
		// Three callers: any one is another feature calling in.
		const others = [def("jobs/a.ts", "retryInvoice"), def("jobs/b.ts", "importInvoice")];
		const many = graph(
			[route, issue, save, ...others],
			[...edges, ...others.map((o): [DefRow, DefRow, EdgeKind] => [o, issue, "call"])],
		);
		expect(names(findPath(many, [issue, save], {}, words))[0]).toBe("issueInvoice");
		// A caller naming nothing of the question, or an impact question (no concepts): nothing prepended.
		const plain = def("boot/start.ts", "startServer");
		const unnamed = graph(
			[plain, issue, save],
			[
				[plain, issue, "call"],
				[issue, save, "call"],
			],
		);
		expect(names(findPath(unnamed, [issue, save], {}, words))[0]).toBe("issueInvoice");
		expect(names(findPath(graph([route, issue, save], edges), [issue, save]))[0]).toBe("issueInvoice");
	});

	it("prepends no component that only renders the first step: the page a form sits on is no way in", () => {
		// "how is an invoice issued": the form component posts the invoice; the admin page renders the form.
		const page = def("ui/InvoicesPage.tsx", "InvoicesPage");
		const form = def("ui/IssueInvoiceForm.tsx", "IssueInvoiceForm");
		const issue = def("services/invoice.ts", "issueInvoice");
		const words = concepts("invoice", "issue");
		const rendered = graph(
			[page, form, issue],
			[
				[page, form, "jsx"],
				[form, issue, "call"],
			],
		);
		expect(names(findPath(rendered, [form, issue], {}, words))).toEqual(["IssueInvoiceForm", "issueInvoice"]);
		// The same page calling the form's function is a caller, and the way in.
		const called = graph(
			[page, form, issue],
			[
				[page, form, "call"],
				[form, issue, "call"],
			],
		);
		expect(names(findPath(called, [form, issue], {}, words))[0]).toBe("InvoicesPage");
		// A rendered component a server event reaches (a listener nested in it) is not entered by the emitter.
		const key = defRow(null, "invoiceFailed", "dispatch-key", {
			defId: "trunk:socket#invoiceFailed",
			qualifiedName: "invoiceFailed",
		});
		const notify = def("services/notify.ts", "notifyInvoiceFailed");
		const heard = graph(
			[page, form, issue, key, notify],
			[
				[page, form, "jsx"],
				[form, issue, "call"],
				[key, form, "handler"],
				[notify, key, "dispatch"],
			],
		);
		expect(names(findPath(heard, [form, issue], {}, words))).toEqual(["IssueInvoiceForm", "issueInvoice"]);
		// Without the page rendering it, the emitter is the way in, as before.
		const unrendered = graph(
			[form, issue, key, notify],
			[
				[form, issue, "call"],
				[key, form, "handler"],
				[notify, key, "dispatch"],
			],
		);
		expect(names(findPath(unrendered, [form, issue], {}, words))[0]).toBe("notifyInvoiceFailed");
	});

	it("takes the way in through a key from another layer, not from a peer service calling over the same bus", () => {
		// "how is an invoice issued": the billing service's method handles an RPC key; a reports
		// service (whose own methods handle keys of that RPC trunk) dispatches it, and so does a route.
		const key = (name: string) =>
			defRow(null, name, "dispatch-key", { defId: `trunk:api-call#${name}`, qualifiedName: name });
		const issueKey = key("billing.issueInvoice");
		const reportKey = key("reports.build");
		const billing = def("billing/service.ts", "BillingService", "class");
		const issue = defRow("billing/service.ts", "BillingService.issueInvoice", "method", {
			parentId: billing.id,
		});
		const save = def("models/invoices.ts", "saveInvoice");
		const reports = def("reports/service.ts", "ReportService", "class");
		const monthly = defRow("reports/service.ts", "ReportService.monthlyInvoices", "method", {
			parentId: reports.id,
		});
		const build = defRow("reports/service.ts", "ReportService.build", "method", { parentId: reports.id });
		const words = concepts("invoice", "issue");
		const base: [DefRow, DefRow, EdgeKind][] = [
			[issueKey, issue, "handler"],
			[issue, save, "call"],
			[monthly, issueKey, "dispatch"],
			[reportKey, build, "handler"],
		];
		const defs = [issueKey, reportKey, billing, issue, save, reports, monthly, build];
		// The peer alone: the path starts at the service that does the work.
		expect(names(findPath(graph(defs, base), [issue, save], {}, words))).toEqual([
			"BillingService.issueInvoice",
			"saveInvoice",
		]);
		// A route dispatching the same key is the way in.
		const route = def("api/invoices.ts", "postInvoiceRoute");
		const withRoute = graph([...defs, route], [...base, [route, issueKey, "dispatch"]]);
		const steps = findPath(withRoute, [issue, save], {}, words);
		expect(names(steps)).toEqual(["postInvoiceRoute", "BillingService.issueInvoice", "saveInvoice"]);
		expect(steps[0]?.hop?.kind).toBe("dispatch");
		// Without handlers of its own on that trunk the reports service is a caller like the route.
		const notPeer = graph(
			defs.filter((d) => d !== build),
			base.filter(([, d]) => d !== build),
		);
		expect(names(findPath(notPeer, [issue, save], {}, words))[0]).toBe("ReportService.monthlyInvoices");
	});

	it("does not start at a low-ranked caller from another flow that names nothing new, but keeps a close one", () => {
		// "how are scanned files counted": the hook and the counter rank first; a report panel two
		// or more places below calls the hook and names nothing the hook does not.
		const { hook, count, filler, section } = scannedFiles();
		const index = graph(
			[hook, count, ...filler, section],
			[
				[section, hook, "call"],
				[hook, count, "call"],
			],
		);
		const q = concepts("files", "scanned");
		expect(names(findPath(index, [hook, count, ...filler, section], {}, q))).toEqual([
			"useFilesScanned",
			"countScannedFiles",
		]);
		// One place below the step it calls, the caller stays: the flow may well start there.
		expect(names(findPath(index, [hook, section, count, ...filler], {}, q))).toEqual([
			"FilesPanel",
			"useFilesScanned",
			"countScannedFiles",
		]);
		// A caller naming a word of the question the rest does not name stays too.
		const counted = concepts("files", "scanned", "report");
		expect(names(findPath(index, [hook, count, ...filler, section], {}, counted))[0]).toBe("FilesPanel");
	});

	it("does not start at one of several entry points calling the step it leads to, unless it names a word of its own", () => {
		// "how is an invoice voided": a partner API's route handler (rank 0) and the app's own route
		// handler (unranked) both call the service that voids it, which calls the store.
		const key = (name: string) => defRow(null, name, "dispatch-key");
		const partnerKey = key("partner.voidInvoice");
		const appKey = key("app.voidInvoice");
		const partner = def("partner/invoices.ts", "PartnerController.voidInvoice", "method");
		const app = def("app/invoices.ts", "InvoiceController.voidInvoice", "method");
		const service = def("services/invoice.ts", "InvoiceService.voidInvoice", "method");
		const store = def("models/invoices.ts", "InvoiceStore.markVoid", "method");
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[partnerKey, partner, "handler"],
			[appKey, app, "handler"],
			[partner, service, "call"],
			[app, service, "call"],
			[service, store, "call"],
		];
		const defs = [partnerKey, appKey, partner, app, service, store];
		const words = concepts("invoice", "void");
		const steps = findPath(graph(defs, edges), [partner, service, store], {}, words);
		expect(names(steps)).toEqual(["InvoiceService.voidInvoice", "InvoiceStore.markVoid"]);
		// Without the store the service alone would be left, a best match and no flow: the head stays.
		const short = graph(
			defs.filter((d) => d !== store),
			edges.filter(([, b]) => b !== store),
		);
		expect(names(findPath(short, [partner, service], {}, words))[0]).toBe("PartnerController.voidInvoice");
		// A shared helper the entry points call (one of many callers) is no flow's start: the head says which use.
		const helper = { ...service, fanIn: 12 };
		const shared = graph([partnerKey, appKey, partner, app, helper, store], edges);
		expect(names(findPath(shared, [partner, helper, store], {}, words))[0]).toBe(
			"PartnerController.voidInvoice",
		);
		// The only entry point calling the service is the way in, ranked or prepended.
		const alone = graph(
			defs.filter((d) => d !== app && d !== appKey),
			edges.filter(([a, b]) => a !== app && b !== app),
		);
		expect(names(findPath(alone, [partner, service, store], {}, words))[0]).toBe(
			"PartnerController.voidInvoice",
		);
		expect(names(findPath(alone, [service, store], {}, words))[0]).toBe("PartnerController.voidInvoice");
		// A head naming a word of the question that the rest does not stays.
		const asked = concepts("invoice", "void", "partner");
		expect(names(findPath(graph(defs, edges), [partner, service, store], {}, asked))[0]).toBe(
			"PartnerController.voidInvoice",
		);
	});

	it("drops a low-ranked caller reaching the flow through a bridge together with the bridge", () => {
		// "how are scanned files counted": a report panel far below calls the hook through an adapter
		// outside the candidates (a bridge, no rank of its own). The gap is to the hook, and the
		// adapter, which only connected the panel, goes with it.
		const { hook, count, filler, section } = scannedFiles();
		const adapter = def("report/adapter.ts", "loadPanelData");
		const index = graph(
			[hook, count, ...filler, section, adapter],
			[
				[section, adapter, "call"],
				[adapter, hook, "call"],
				[hook, count, "call"],
			],
		);
		const q = concepts("files", "scanned");
		expect(names(findPath(index, [hook, count, ...filler, section], {}, q))).toEqual([
			"useFilesScanned",
			"countScannedFiles",
		]);
		// One place below the step it reaches, the caller and its bridge stay: the flow may start there.
		expect(names(findPath(index, [hook, section, count, ...filler], {}, q))).toEqual([
			"FilesPanel",
			"loadPanelData",
			"useFilesScanned",
			"countScannedFiles",
		]);
	});

	it("starts at a callback registered under a key the question names, which nothing else reaches", () => {
		// "how does ldap login work": an interface method another feature calls leads the manager and
		// a settings helper; the login handler registered under `ldap` calls the service's login one
		// hop away. The framework calls that handler, so it is a way in like a key's handler.
		const side = def("types/ldap-service.ts", "ILdapService.loginAuthenticated", "method");
		const manager = def("ldap/manager.ts", "LdapManager.loginAuthenticated", "method");
		const setting = def("ldap/setting.ts", "getLdapSetting");
		const handler = def("ldap/configure.ts", "configureLdap.Accounts.addLoginHandler(ldap)");
		const service = def("ldap/service.ts", "LdapService.loginRequest", "method");
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[side, manager, "call"],
			[manager, setting, "call"],
			[handler, service, "call"],
		];
		const ranked = [manager, handler, side, setting, service];
		const index = graph([side, manager, setting, handler, service], edges);
		expect(names(findPath(index, ranked, {}, concepts("ldap")))).toEqual([
			"configureLdap.Accounts.addLoginHandler(ldap)",
			"LdapService.loginRequest",
		]);
		// A listener under a key the question does not name is no way in to what it asks about.
		const focus = def("ldap/scene.ts", "initScene.window.addEventListener(focus)");
		const withFocus = graph(
			[side, manager, setting, focus, service],
			[...edges.slice(0, 2), [focus, service, "call"]],
		);
		expect(
			names(findPath(withFocus, [manager, focus, side, setting, service], {}, concepts("ldap"))),
		).toEqual(["LdapManager.loginAuthenticated", "getLdapSetting"]);
		// Nor is a callback something in the index already calls: that caller is the way in.
		const called = graph([side, manager, setting, handler, service], [...edges, [side, handler, "call"]]);
		expect(names(findPath(called, ranked, {}, concepts("ldap")))[0]).not.toBe(
			"configureLdap.Accounts.addLoginHandler(ldap)",
		);
	});

	it("does not start at one of a shared helper's many callers unless its own name is asked about", () => {
		// "how does a changed message reach the listeners": a settings method calls the notifier every
		// change goes through (20 callers, named for one word of the question), which broadcasts to the listener.
		const settings = def("translate/save-settings.ts", "saveTranslateSettings");
		const notify = defRow("lib/notify.ts", "notifyChanged", "function", { fanIn: 20 });
		const listener = def("listeners/messages.ts", "onMessageChanged");
		const index = graph(
			[settings, notify, listener],
			[
				[settings, notify, "call"],
				[notify, listener, "call"],
			],
		);
		const q = concepts("message", "changed");
		expect(names(findPath(index, [settings, notify, listener], {}, q))).toEqual([
			"notifyChanged",
			"onMessageChanged",
		]);
		// A caller named for two of the question's words is the flow asked about: it stays.
		const editor = def("messages/edit.ts", "editChangedMessage");
		const named = graph(
			[editor, notify, listener],
			[
				[editor, notify, "call"],
				[notify, listener, "call"],
			],
		);
		expect(names(findPath(named, [editor, notify, listener], {}, q))).toEqual([
			"editChangedMessage",
			"notifyChanged",
			"onMessageChanged",
		]);
		// So is a caller of a helper named for two of them (a step of worth, not a mere connection).
		const asked = { ...notify, qualifiedName: "notifyMessageChanged", name: "notifyMessageChanged" };
		const toAsked = graph(
			[settings, asked, listener],
			[
				[settings, asked, "call"],
				[asked, listener, "call"],
			],
		);
		expect(names(findPath(toAsked, [settings, asked, listener], {}, q))[0]).toBe("saveTranslateSettings");
	});

	it("leads with a path going on from the definition the question names, through its calls beyond the candidates", () => {
		// "how does the core proxify() pattern work": a strong pair of message-service places matches
		// the question's other words; `proxify` (named, in the core package) calls `handler`, which
		// calls `callApi`, neither ranked; a same-named `proxify` in another package has a ranked caller.
		const send = def("services/messages.ts", "MessagingService.sendMessage", "method");
		const exec = def("services/execute.ts", "performSendMessage");
		const proxify = def("core/lib/proxify.ts", "proxify");
		const handler = def("core/lib/proxify.ts", "handler");
		const callApi = def("core/lib/api.ts", "Api.call", "method");
		const other = def("models/proxify.ts", "proxify");
		const model = def("models/index.ts", "Users");
		const defs = [send, exec, proxify, handler, callApi, other, model];
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[send, exec, "call"],
			[proxify, handler, "call"],
			[handler, callApi, "call"],
			[model, other, "call"],
		];
		const ranked = [send, exec, proxify, other, model];
		const asked = (identifiers: string[]) =>
			conceptVector({
				concepts: ["core", "proxify", "message", "service"].map(
					(word): Concept => ({ word, stems: [word], related: [], weight: 1 }),
				),
				identifiers,
			});
		expect(names(findPath(graph(defs, edges), ranked, {}, asked(["proxify"])))).toEqual([
			"proxify",
			"handler",
			"Api.call",
		]);
		// Without the name written as code, the better-matching flow beside it leads.
		expect(names(findPath(graph(defs, edges), ranked, {}, asked([])))).toEqual([
			"MessagingService.sendMessage",
			"performSendMessage",
		]);
	});

	it("also finds the best path through none of the best one's files: another flow, and its worth", () => {
		// Two chains of the same feature's words: a sender pair (ranks 0–1) and a receiver pair (2–3)
		// sharing no file; a third place in the sender's file is no other flow.
		const send = def("collab/send.ts", "sendPointer");
		const portal = def("collab/portal.ts", "broadcastPointer");
		const move = def("canvas/move.ts", "onPointerMove");
		const hit = def("canvas/hit.ts", "hitPointer");
		const also = def("collab/send.ts", "sendPointerLater");
		const index = graph(
			[send, portal, move, hit, also],
			[
				[send, portal, "call"],
				[move, hit, "call"],
				[also, hit, "call"],
			],
		);
		const found = findPaths(index, [send, portal, move, hit, also], {}, concepts("pointer"));
		expect(names(found.steps)).toEqual(["sendPointer", "broadcastPointer"]);
		expect(names(found.runnerUp?.steps ?? [])).toEqual(["onPointerMove", "hitPointer"]);
		expect(found.runnerUp?.worth).toBeLessThan(found.worth);
		expect(found.runnerUp?.worth).toBeGreaterThan(0.7 * found.worth);
		// With nothing outside the best path's files, there is no runner-up path.
		expect(findPaths(index, [send, portal, also], {}, concepts("pointer")).runnerUp).toBeNull();
	});
	it("starts at the handler of a route key the question writes, a file route's top-level code included", () => {
		// "GET /api/items/:id with an API key: where is the key checked and the rate limit applied?": a
		// key-admin route's handler calling the rate limiter ranks first; the route asked about is a file
		// route whose handler is its module, calling a shared wrapper (nobody ranked either, named for no word) that checks the key; the module
		// stays the head: the route asked about is where the flow starts, not one of the wrapper's callers.
		const adminRoute = def("pages/api/keys/[keyId].ts", "handler");
		const limit = def("server/rateLimit.ts", "applyRateLimit");
		const routeKey = defRow(null, "GET /api/items/:id", "dispatch-key");
		const route = def("pages/api/items/[id].ts", "(module)", "module");
		const wrap = defRow("server/wrapWithMiddleware.ts", "wrapWithMiddleware", "function", { fanIn: 30 });
		const check = def("server/apiKeys.ts", "verifyApiKey");
		const hook = defRow(null, "GET /api/items", "dispatch-key");
		const plugins = Array.from({ length: 4 }, (_, i) => def(`plugins/p${i}.ts`, `onItems${i}`));
		const defs = [adminRoute, limit, routeKey, route, wrap, check, hook, ...plugins];
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[adminRoute, limit, "call"],
			[routeKey, route, "handler"],
			[route, wrap, "call"],
			[wrap, check, "call"],
			...plugins.map((p): [DefRow, DefRow, EdgeKind] => [hook, p, "handler"]),
			[plugins[0] as DefRow, limit, "call"],
		];
		const index: PathIndex = {
			...graph(defs, edges),
			defsByName: (name: string) => defs.filter((d) => d.name === name),
		};
		const ranked = [limit, adminRoute, check];
		const asked = (identifiers: string[]) =>
			conceptVector({
				concepts: ["api", "key", "rate", "limit"].map(
					(word): Concept => ({ word, stems: [word], related: [], weight: 1 }),
				),
				identifiers,
			});
		expect(names(findPath(index, ranked, {}, asked(["GET /api/items/:id"])))).toEqual([
			"(module)",
			"wrapWithMiddleware",
			"verifyApiKey",
		]);
		// Not written: the best-ranked flow leads. A key of more handlers than a route's (a hook
		// plug-ins add to) names none of them.
		expect(names(findPath(index, ranked, {}, asked([])))).toEqual(["handler", "applyRateLimit"]);
		expect(names(findPath(index, ranked, {}, asked(["GET /api/items"])))).toEqual([
			"handler",
			"applyRateLimit",
		]);
	});
	it("counts a key crossed only when a ranked step of worth follows it", () => {
		// "how is an incoming webhook processed": an admin form's hook (best ranked) calls the update
		// route, whose handler calls the update method (both far ends, nobody ranked them), which calls a
		// shared helper of no worth. The two crossings alone used to outweigh the runtime flow below it.
		const form = def("admin/incoming/useUpdateWebhook.ts", "useUpdateWebhook");
		const routeKey = defRow(null, "webhooks.update", "dispatch-key");
		const route = def("api/webhooks.ts", "updateRoute");
		const methodKey = defRow(null, "updateWebhook", "dispatch-key");
		const method = def("methods/updateWebhook.ts", "updateWebhookMethod");
		const wrap = defRow("lib/wrap.ts", "wrapExceptions", "function", { fanIn: 40 });
		const run = def("hooks/runIncoming.ts", "runIncoming");
		const post = def("hooks/postIncoming.ts", "postIncoming");
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[form, routeKey, "dispatch"],
			[routeKey, route, "handler"],
			[route, methodKey, "dispatch"],
			[methodKey, method, "handler"],
			[method, wrap, "call"],
			[run, post, "call"],
		];
		const defs = [form, routeKey, route, methodKey, method, wrap, run, post];
		const ranked = [form, run, wrap, post];
		const found = findPaths(graph(defs, edges), ranked, {}, concepts("incoming"));
		expect(names(found.steps)).toEqual(["runIncoming", "postIncoming"]);
		// Past the keys a ranked step of worth follows: the crossings count, and that flow leads.
		const onward = graph([...defs], [...edges, [method, post, "call"]]);
		expect(names(findPaths(onward, ranked, {}, concepts("incoming")).steps)).toEqual([
			"useUpdateWebhook",
			"updateRoute",
			"updateWebhookMethod",
			"postIncoming",
		]);
	});
	it("crosses a point-to-point key to code outside the candidates when the far side leads on to a candidate", () => {
		// "how are emails sent": the mail service starts a workflow (one handler, not ranked), whose
		// activity (ranked) does the sending. The workflow joins the path at no worth of its own.
		const notify = def("notifications/service.ts", "notifyByEmail");
		const mail = def("email/service.ts", "sendEmail");
		const startKey = defRow(null, "deliverEmailWorkflow", "dispatch-key");
		const workflow = def("workflows/send-email.ts", "deliverEmailWorkflow");
		const activityKey = defRow(null, "sendEmail", "dispatch-key");
		const activity = def("activities/email.ts", "MailerActivity.sendEmail", "method");
		const provider = def("email/smtp.ts", "smtpSend");
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[notify, mail, "call"],
			[mail, startKey, "dispatch"],
			[startKey, workflow, "handler"],
			[workflow, activityKey, "dispatch"],
			[activityKey, activity, "handler"],
			[activity, provider, "call"],
		];
		const defs = [notify, mail, startKey, workflow, activityKey, activity, provider];
		const ranked = [notify, mail, activity, provider];
		const words = concepts("email");
		const path = findPath(graph(defs, edges), ranked, {}, words);
		expect(names(path)).toEqual([
			"notifyByEmail",
			"sendEmail",
			"deliverEmailWorkflow",
			"MailerActivity.sendEmail",
			"smtpSend",
		]);
		expect(path.map((s) => s.hop?.kind ?? null)).toEqual(["call", "dispatch", "dispatch", "call", null]);
		// A far end leading on to no candidate does not join the search: the path found stops at the
		// boundary, and is carried on across it after (carryOn) only for a key naming the question.
		const nowhere = graph(defs, edges.slice(0, -1));
		expect(names(findPath(nowhere, [notify, mail, provider], {}, concepts("notify")))).toEqual([
			"notifyByEmail",
			"sendEmail",
		]);
		expect(names(findPath(nowhere, [notify, mail, provider], {}, words))).toEqual([
			"notifyByEmail",
			"sendEmail",
			"deliverEmailWorkflow",
			"MailerActivity.sendEmail",
		]);
		// A key with two handlers (an event any listener of which is a side effect) is not crossed.
		const other = def("workflows/audit.ts", "auditWorkflow");
		const fanned = graph([...defs, other], [...edges, [startKey, other, "handler"]]);
		// (The workflow may still lead in, as the activity's one caller through its own key.)
		const fannedPath = names(findPath(fanned, ranked, {}, words));
		const hops = fannedPath.slice(1).map((n, i) => `${fannedPath[i]} > ${n}`);
		expect(hops).not.toContain("sendEmail > deliverEmailWorkflow");
		expect(fannedPath).toContain("MailerActivity.sendEmail");
		// Nor for an impact question (no concepts): the candidates alone.
		expect(names(findPath(graph(defs, edges), ranked))).toEqual(["notifyByEmail", "sendEmail"]);
	});

	it("ends at the main-flow callee the question names, not at a call made only on a side branch", () => {
		// runTest calls reportFailure only inside `if (result.failed) { …; return }`; countResults, on its
		// way through, is no candidate but its name matches the question's words.
		const files: Record<string, string[]> = {
			"run.ts": [
				"function start() {",
				"\treturn runTest();",
				"}",
				"function runTest() {",
				"\tconst result = execute();",
				"\tif (result.failed) {",
				"\t\treportFailure(result);",
				"\t\treturn null;",
				"\t}",
				"\treturn countResults(result);",
				"}",
			],
			"report.ts": ["function reportFailure(r) {", "\tlog(r);", "}"],
			"count.ts": ["function countResults(r) {", "\treturn r.length;", "}"],
		};
		const at = (startLine: number, endLine: number) => ({ startLine, endLine });
		const start = defRow("run.ts", "start", "function", at(1, 3));
		const run = defRow("run.ts", "runTest", "function", at(4, 11));
		const report = defRow("report.ts", "reportFailure", "function", at(1, 3));
		const count = defRow("count.ts", "countResults", "function", at(1, 3));
		const lineOf: Record<string, number> = { runTest: 2, reportFailure: 7, countResults: 10 };
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[start, run, "call"],
			[run, report, "call"],
			[run, count, "call"],
		];
		const index: PathIndex = edgeGraphOverFiles(files, [start, run, report, count], edges, lineOf);
		const path = findPath(index, [start, run, report], {}, concepts("test", "results"));
		expect(names(path)).toEqual(["start", "runTest", "countResults"]);
		expect(path[1]?.hop?.line).toBe(10);
		// With no main-flow callee the question names, the side step stays (worded as one by the answer).
		const bare = findPath(index, [start, run, report], {}, concepts("test"));
		expect(names(bare)).toEqual(["start", "runTest", "reportFailure"]);
	});
	it("goes on past a check made in a guard's condition (`if (!valid(x)) throw`) unless the question names the check better", () => {
		// createRoom checks its members in a guard's condition, then saves the room; the check's name
		// matches the question as well as the save's does.
		const files: Record<string, string[]> = {
			"api.ts": ["function createChannel(name) {", "\treturn createRoom(name);", "}"],
			"room.ts": [
				"async function createRoom(name, members) {",
				"\tif (!validRoomMembers(members)) {",
				"\t\tthrow new Error('invalid-members', {",
				"\t\t\tmethod: 'createRoom',",
				"\t\t});",
				"\t}",
				"\treturn saveRoomMembers(name, members);",
				"}",
			],
			"check.ts": ["function validRoomMembers(m) {", "\treturn Array.isArray(m);", "}"],
			"save.ts": ["function saveRoomMembers(n, m) {", "\treturn db.insert(n, m);", "}"],
		};
		const at = (startLine: number, endLine: number) => ({ startLine, endLine });
		const api = defRow("api.ts", "createChannel", "function", at(1, 3));
		const room = defRow("room.ts", "createRoom", "function", at(1, 8));
		const check = defRow("check.ts", "validRoomMembers", "function", at(1, 3));
		const save = defRow("save.ts", "saveRoomMembers", "function", at(1, 3));
		const lineOf: Record<string, number> = { createRoom: 2, validRoomMembers: 2, saveRoomMembers: 7 };
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[api, room, "call"],
			[room, check, "call"],
			[room, save, "call"],
		];
		const index: PathIndex = edgeGraphOverFiles(files, [api, room, check, save], edges, lineOf);
		const path = findPath(index, [api, room, check], {}, concepts("create", "room", "members"));
		expect(names(path)).toEqual(["createChannel", "createRoom", "saveRoomMembers"]);
		expect(path[1]?.hop?.line).toBe(7);
		// "where are room members validated?": the check is what the question asks about, so the path ends there.
		const checked = findPath(index, [api, room, check], {}, concepts("valid", "room", "members"));
		expect(names(checked)).toEqual(["createChannel", "createRoom", "validRoomMembers"]);
		expect(checked[1]?.hop?.line).toBe(2);
		// The same call made on the flow's way (no guard) is a step like any other.
		const through: Record<string, string[]> = {
			...files,
			"room.ts": [
				"async function createRoom(name, members) {",
				"\tvalidRoomMembers(members);",
				"\treturn saveRoomMembers(name, members);",
				"}",
				"",
				"",
				"",
				"",
			],
		};
		const plain: PathIndex = {
			...index,
			fileLines: (file, from, to) => through[file]?.slice(from - 1, to),
		};
		expect(names(findPath(plain, [api, room, check], {}, concepts("create", "room", "members")))).toEqual([
			"createChannel",
			"createRoom",
			"validRoomMembers",
		]);
	});
	it("tells the flow from where it starts: walks up the callers outside the candidates while there are few", () => {
		// "how are push notifications delivered": the search finds the gateway's send; the queue's
		// worker runs it through two functions no candidate names.
		const worker = def("queue/notification-outbox.ts", "NotificationOutbox.worker", "method");
		const deliver = def("queue/notification-outbox.ts", "NotificationOutbox.deliver", "method");
		const schedule = def("queue/notification-outbox.ts", "NotificationOutbox.schedule", "method");
		const pushSend = def("push/push-alert.ts", "PushAlert.send", "method");
		const video = def("video/call-push.ts", "VideoCall.ring", "method");
		const gateway = def("push/gateway.ts", "Gateway.sendNative", "method");
		const fcm = def("push/fcm.ts", "sendFcm");
		const page = def("ui/queue-page.tsx", "QueuePage");
		const defs = [worker, deliver, schedule, pushSend, video, gateway, fcm, page];
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[page, worker, "jsx"],
			[worker, deliver, "call"],
			[deliver, pushSend, "call"],
			[video, pushSend, "call"],
			[pushSend, gateway, "call"],
			[gateway, fcm, "call"],
		];
		const words = concepts("push", "notification");
		// Of the send's two callers, each naming one word, the one in a ranked file (the queue's) is the way up; the worker
		// has one caller, a page rendering it: no part of the flow.
		const ranked = [gateway, fcm, schedule];
		expect(names(findPath(graph(defs, edges), ranked, {}, words))).toEqual([
			"NotificationOutbox.worker",
			"NotificationOutbox.deliver",
			"PushAlert.send",
			"Gateway.sendNative",
			"sendFcm",
		]);
		// The bound holds.
		expect(names(findPath(graph(defs, edges), ranked, { maxSteps: 4 }, words))[0]).toBe(
			"NotificationOutbox.deliver",
		);
		// Two callers alike (no ranked file tells them apart): the walk stops, no guess.
		expect(names(findPath(graph(defs, edges), [gateway, fcm], {}, words))[0]).toBe("PushAlert.send");
		// An entry point (the handler of a key: a route, a job, an event) is where the flow starts: no caller above it.
		const key = def(null, "push.deliver", "dispatch-key");
		const fromDeliver = graph(
			[...defs, key],
			[...edges.filter(([s]) => s !== worker), [key, deliver, "handler"], [worker, deliver, "call"]],
		);
		expect(names(findPath(fromDeliver, ranked, {}, words))[0]).toBe("NotificationOutbox.deliver");
		// A callback handed to a wrapper names nothing of its own: the function it calls starts the flow.
		const traced = def("queue/notification-outbox.ts", "NotificationOutbox.start.tracerSpan(worker)");
		const wrapped = graph([...defs, traced], [...edges, [traced, worker, "call"]]);
		expect(names(findPath(wrapped, ranked, {}, words))[0]).toBe("NotificationOutbox.worker");
		// One registered under a key the question names is where the framework enters the flow: it starts there.
		const listener = def("queue/boot.ts", "boot.bus.on(push)");
		const listened = graph([...defs, listener], [...edges, [listener, worker, "call"]]);
		expect(names(findPath(listened, ranked, {}, words))[0]).toBe("boot.bus.on(push)");
		// More than three callers: the step is shared by many flows, and the walk stops there.
		const more = [1, 2, 3].map((n) => def(`push/caller${n}.ts`, `pushCaller${n}`));
		const crowded = graph(
			[...defs, ...more],
			[...edges, ...more.map((m): [DefRow, DefRow, EdgeKind] => [m, pushSend, "call"])],
		);
		expect(names(findPath(crowded, ranked, {}, words))[0]).toBe("PushAlert.send");
	});

	it("does not start at a short wrapper whose one call hands the work to a namesake in another file", () => {
		// "how is mail sent": a notifier's `sendMail` only passes its arguments on to the mail service's `sendMail`,
		// which queues the message for the transport; the wrapper ranks first (its path says "notify" too).
		const wrapper = def("notify/notifier.ts", "Notifier.sendMail", "method");
		const service = def("mail/mail-service.ts", "MailService.sendMail", "method");
		const transport = def("mail/transport.ts", "MailTransport.deliver", "method");
		const ranked = [wrapper, service, transport];
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[wrapper, service, "call"],
			[service, transport, "call"],
		];
		const words = concepts("mail", "send", "notify");
		expect(names(findPath(graph(ranked, edges), ranked, {}, words))).toEqual([
			"MailService.sendMail",
			"MailTransport.deliver",
		]);
		// A head doing more than the one call (a second callee) is code of its own: it stays.
		const audit = def("notify/audit.ts", "recordAudit");
		const busy = graph([...ranked, audit], [...edges, [wrapper, audit, "call"]]);
		expect(names(findPath(busy, ranked, {}, words))[0]).toBe("Notifier.sendMail");
		// So does an entry point (a route handler calling its service of the same name), and a head left with a lone step.
		const key = defRow(null, "POST /mail", "dispatch-key");
		const routed = graph([key, ...ranked], [[key, wrapper, "handler"], ...edges]);
		expect(names(findPath(routed, ranked, {}, words))[0]).toBe("Notifier.sendMail");
		const pair = graph([wrapper, service], [[wrapper, service, "call"]]);
		expect(names(findPath(pair, [wrapper, service], {}, words))[0]).toBe("Notifier.sendMail");
	});

	it("does not start at a test harness file calling the product's flow, unless its own name is asked about", () => {
		// "how are queued jobs processed": a test plugin's init creates a queue; the product's queue service
		// creates it and wraps the process function. The plugin's folder repeats "queue" and "jobs".
		const plugin = def("dev/test-plugins/job-queue-test/plugin.ts", "QueueTestService.onInit", "method");
		const create = def("core/job-queue/job-queue.service.ts", "JobQueueService.createQueue", "method");
		const wrap = def("core/job-queue/job-queue.service.ts", "JobQueueService.wrapProcess", "method");
		const ranked = [plugin, create, wrap];
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[plugin, create, "call"],
			[create, wrap, "call"],
		];
		const index = graph(ranked, edges);
		expect(names(findPath(index, ranked, {}, concepts("jobs", "queue", "process")))).toEqual([
			"JobQueueService.createQueue",
			"JobQueueService.wrapProcess",
		]);
		// Its own name naming a word the rest does not ("init"), it stays; so does a CLI's `test` command file.
		expect(names(findPath(index, ranked, {}, concepts("jobs", "queue", "init")))[0]).toBe(
			"QueueTestService.onInit",
		);
		const command = def("cli/src/commands/test.ts", "runTests");
		const cli = graph(
			[command, create, wrap],
			[[command, create, "call"], edges[1] as [DefRow, DefRow, EdgeKind]],
		);
		expect(names(findPath(cli, [command, create, wrap], {}, concepts("jobs", "queue", "process")))[0]).toBe(
			"runTests",
		);
	});
});
