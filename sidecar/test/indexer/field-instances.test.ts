import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/**
 * A JS start-up object whose services are set by its init methods, each service a TS class its module
 * hands out as `module.exports = C` (which the checker does not connect to a TS file's class).
 */
const files: Record<string, string[]> = {
	"package.json": ['{ "name": "hub-app" }'],
	"src/mailer.ts": [
		'export const channel = "mail";',
		"class Mailer {",
		"\tsend(to: string) {",
		"\t\treturn to;",
		"\t}",
		"}",
		"module.exports = Mailer;",
	],
	"src/smtp.ts": [
		"export const port = 25;",
		"class Smtp {",
		"\tdeliver(x: string) {",
		"\t\treturn x;",
		"\t}",
		"}",
		"module.exports = Smtp;",
	],
	"src/ses.ts": [
		'export const region = "eu";',
		"class Ses {",
		"\tdeliver(x: string) {",
		"\t\treturn x;",
		"\t}",
		"}",
		"module.exports = Ses;",
	],
	"src/hub.js": [
		"class Hub {",
		"\tconstructor() {",
		"\t\tthis.mailer = null;",
		"\t\tthis.transport = null;",
		"\t}",
		"}",
		"Hub.prototype.setupMailer = function () {",
		'\tconst Mailer = require("./mailer");',
		"\tif (this.mailer == null) this.mailer = new Mailer(this);",
		"};",
		"Hub.prototype.setupTransport = function (useSes) {",
		'\tconst Smtp = require("./smtp");',
		'\tconst Ses = require("./ses");',
		"\tif (useSes) this.transport = new Ses();",
		"\telse this.transport = new Smtp();",
		"};",
		"Hub.prototype.setupCache = function () {",
		"\tthis.cache = makeCache();",
		"};",
		"function makeCache() {",
		"\treturn { clear() {} };",
		"}",
		"export default Hub;",
	],
	"src/routes.js": [
		"/** @param {import('./hub').default} hub */",
		"module.exports = (hub) => {",
		"\tfunction notify(req) {",
		"\t\thub.mailer.send(req.to);",
		"\t\thub.transport.deliver(req.body);",
		"\t\thub.cache.clear();",
		"\t}",
		"\treturn { notify };",
		"};",
	],
};

describe("calls through a field set at start-up", () => {
	it("runs the member of the one class every assignment of the field constructs, and no other", async () => {
		const repo = repoWith(
			Object.fromEntries(Object.entries(files).map(([path, lines]) => [path, lines.join("\n")])),
			"codeask-fields-",
		);
		await withIndexOf(repo, (index) => {
			const calls = callsFrom(index, "src/routes.js#exports.notify");
			expect(calls).toContain("src/mailer.ts#Mailer.send@4");
			// Two classes set the transport: which one runs is not known.
			expect(calls.filter((c) => c.includes("deliver"))).toEqual([]);
			// A factory's value is no known instance.
			expect(calls.filter((c) => c.includes("clear"))).toEqual([]);
		});
	});
});

/**
 * Fields set from a factory: a TS service whose field is typed `any` and set by its own `makeX()`,
 * a JS holder set by an imported `createX()` returning a class a module hands out whole, and factories
 * whose instance is not one class (two classes, async, an object literal).
 */
const factoryFiles: Record<string, string[]> = {
	"package.json": ['{ "name": "shop-app" }'],
	"src/indexer.ts": ["export class Indexer {", "\tpush(doc: string) {", "\t\treturn doc;", "\t}", "}"],
	"src/ledger.ts": [
		'export const book = "main";',
		"class Ledger {",
		"\trecord(n: number) {",
		"\t\treturn n;",
		"\t}",
		"}",
		"module.exports = Ledger;",
	],
	"src/ledger-factory.js": [
		'const Ledger = require("./ledger");',
		"export function createLedger(hub) {",
		"\tif (!hub) return;",
		"\treturn new Ledger(hub);",
		"}",
	],
	"src/queues.ts": [
		"export class Fast {",
		"\tflush() {",
		"\t\treturn 1;",
		"\t}",
		"}",
		"export class Slow {",
		"\tflush() {",
		"\t\treturn 2;",
		"\t}",
		"}",
	],
	"src/search.ts": [
		'import { Indexer } from "./indexer";',
		'import { Fast, Slow } from "./queues";',
		"export class SearchService {",
		"\tindexer: any;",
		"\tqueue: any;",
		"\tlater: any;",
		"\tconstructor(private enabled: boolean) {",
		"\t\tthis.indexer = this.makeIndexer();",
		"\t\tthis.queue = this.makeQueue();",
		"\t\tthis.later = this.makeLater();",
		"\t}",
		"\tmakeIndexer() {",
		"\t\tif (this.enabled) return new Indexer();",
		"\t}",
		"\tmakeQueue() {",
		"\t\treturn this.enabled ? new Fast() : new Slow();",
		"\t}",
		"\tasync makeLater() {",
		"\t\treturn new Indexer();",
		"\t}",
		"\tsave(doc: string) {",
		"\t\tthis.indexer.push(doc);",
		"\t\tthis.queue.flush();",
		"\t\tthis.later.push(doc);",
		"\t}",
		"}",
	],
	"src/hub.js": [
		'import { createLedger } from "./ledger-factory";',
		"class Hub {",
		"\tconstructor() {",
		"\t\tthis.ledger = null;",
		"\t}",
		"\tsetup() {",
		"\t\tthis.ledger = createLedger(this);",
		"\t}",
		"}",
		"export default Hub;",
	],
	"src/routes.js": [
		"/** @param {import('./hub').default} hub */",
		"module.exports = (hub) => {",
		"\tfunction pay(req) {",
		"\t\thub.ledger.record(req.amount);",
		"\t}",
		"\treturn { pay };",
		"};",
	],
};

describe("calls through a field set by a factory", () => {
	it("runs the member of the one class the factory returns, and no other", async () => {
		const repo = repoWith(
			Object.fromEntries(Object.entries(factoryFiles).map(([path, lines]) => [path, lines.join("\n")])),
			"codeask-field-factories-",
		);
		await withIndexOf(repo, (index) => {
			const saves = callsFrom(index, "src/search.ts#SearchService.save");
			expect(saves).toContain("src/indexer.ts#Indexer.push@22");
			// The queue is one of two classes; the async factory hands out a promise.
			expect(saves.filter((c) => c.includes("flush"))).toEqual([]);
			expect(saves.filter((c) => c.endsWith("@24"))).toEqual([]);
			expect(callsFrom(index, "src/routes.js#exports.pay")).toContain("src/ledger.ts#Ledger.record@4");
		});
	});
});
