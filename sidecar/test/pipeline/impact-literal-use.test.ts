/**
 * An impact listing counts real uses only (impact/literal-use.ts): a local or an object key that
 * shares the name, a comment or a message naming it are no uses. And an impact question names its
 * subject as a newcomer writes it: a plain lower-case name in backticks, or unquoted as the object of
 * "who calls", "what uses", "where is … used", "what breaks if I change …" (query.ts, impact/plain-target.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { bareRun, mentions, usingLines } from "../../src/pipeline/impact/literal-use.js";
import { impactListing, impactTarget } from "../../src/pipeline/material/impact.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { cited } from "../support/cited.js";
import { openIndexOf } from "../support/open-index.js";
import { orderRepositoryFiles } from "../support/order-repository.js";
import { repoWith } from "../support/repo-with.js";

const lines = (...texts: string[]) => new Map(texts.map((t, i) => [i + 1, t]));

describe("which lines naming a name use it", () => {
	it("tells a use from a local, a key, a comment, a message and a module path", () => {
		expect(mentions("\tawait this.repo.insert(table, record);", "insert", false)).toEqual(["use"]);
		expect(mentions("const insert = this.qb.insertInto('t');", "insert", false)).toEqual(["declaration"]);
		expect(mentions('\tto: end, insert: "",', "insert", false)).toEqual(["key"]);
		expect(mentions("\tprivate readonly insert: boolean;", "insert", false)).toEqual(["key"]);
		expect(mentions("// insert the row first", "insert", false)).toEqual(["text"]);
		expect(mentions('throw new Error("not found after insert");', "insert", false)).toEqual(["text"]);
		expect(mentions("import { send } from './methods/send';", "send", true)).toEqual(["bare", "text"]);
		expect(mentions("vi.spyOn(repo, 'insert');", "insert", false)).toEqual(["use"]);
		expect(mentions("`${repo.insert(x)} rows`", "insert", false)).toEqual(["use"]);
	});

	it("reads a string inside a template substitution as a string, and the template's text around it", () => {
		// `${t('insert rows')}`: the message's word is text, the code around it code, the template's text text.
		expect(mentions("`${t('insert rows')} ${insert(x)} insert`", "insert", false)).toEqual([
			"text",
			"bare",
			"text",
		]);
		expect(mentions("`a ${ {insert: 1}.insert } b ${`insert`}`", "insert", false)).toEqual([
			"key",
			"use",
			"use",
		]);
		expect(mentions("x.insert(); /* insert */ y(); // insert", "insert", false)).toEqual([
			"use",
			"text",
			"text",
		]);
		expect(mentions("\t * insert the row", "insert", false)).toEqual(["text"]);
	});

	it("drops a file's local of the name and the lines using that local", () => {
		const file = lines(
			"export function build(qb: Q) {",
			"\tconst insert = qb.insertInto('attachments');",
			"\tthis.addSql(insert);",
			"}",
		);
		expect(usingLines(file, "insert", { key: false, ownFile: false })).toEqual([]);
		// Imported, the bare name is the target.
		const importing = lines("import { insert } from './db';", "\tawait insert(row);");
		expect(usingLines(importing, "insert", { key: false, ownFile: false })).toEqual([1, 2]);
		// In a test an object key of the name mocks it.
		const mock = lines("vi.mock('../src/db', () => ({", "\tinsert: vi.fn(),", "}));");
		expect(usingLines(mock, "insert", { key: false, ownFile: false })).toEqual([]);
		expect(usingLines(mock, "insert", { key: false, ownFile: false, test: true })).toEqual([2]);
		// In the target's own file a declaration of the name is the target itself: its uses count.
		expect(usingLines(file, "insert", { key: false, ownFile: true })).toEqual([3]);
	});

	it("takes a name bound by require as an import, and tells a bare call or creation", () => {
		const file = lines("const fill = require('./fill');", "\tfill(request, vars);", "\treturn fill;");
		expect(usingLines(file, "fill", { key: false, ownFile: false })).toEqual([1, 2, 3]);
		expect(bareRun("\tfill(request, vars);", "fill")).toBe("call");
		expect(bareRun("\tconst s = new Store<T>(opts);", "Store")).toBe("new");
		expect(bareRun("\treturn fill;", "fill")).toBeNull();
		expect(bareRun("export function fill(request) {", "fill")).toBeNull();
		expect(bareRun("\tasync fill(request) {", "fill")).toBeNull();
		expect(bareRun("\tthis.fill(request);", "fill")).toBeNull();
	});

	it("keeps a key written as a string, not a longer key or a module path holding it", () => {
		expect(
			usingLines(lines("Meteor.call('sendMessage', m);"), "sendMessage", { key: true, ownFile: false }),
		).toEqual([1]);
		const other = lines(
			"const sendMessage = useEndpoint('POST', '/v1/chat.sendMessage');",
			"import { performSendMessage } from '../methods/sendMessage';",
		);
		expect(usingLines(other, "sendMessage", { key: true, ownFile: false })).toEqual([]);
	});
});

describe("an impact listing of a repository's member", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			...orderRepositoryFiles,
			"src/db/sql-writer.ts": [
				"export interface Builder { insertInto(t: string): string }",
				"export class SqlWriter {",
				"\tconstructor(private readonly qb: Builder) {}",
				"\twrite(sql: string[]): void {",
				'\t\tconst insert = this.qb.insertInto("orders");',
				"\t\tsql.push(insert);",
				"\t}",
				"}",
			].join("\n"),
			"src/ui/editor.ts": [
				"export interface Change { from: number; insert: string }",
				"export function clear(to: number): Change {",
				'\treturn { from: 0, insert: "" };',
				"}",
				"// keep the cursor after an insert",
			].join("\n"),
			"src/orders/audit.ts": [
				"export function audit(): string {",
				'\treturn "logged after insert";',
				"}",
			].join("\n"),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("counts the call and not a local, an object key, a comment or a message of that name", () => {
		const target = impactTarget(index, ["IOrderRepository.insert"], []);
		expect(target?.qualifiedName).toBe("IOrderRepository.insert");
		const listing = impactListing(index, target as NonNullable<typeof target>, 4000, () => null);
		expect(listing.all.map((s) => `${s.file}:${s.line}`)).toEqual(["src/orders/place-order.ts:3"]);
		expect(listing.sites).toBe(1);
	});

	it("answers with that count", async () => {
		const r = await ask(index, "What breaks if I change IOrderRepository.insert?");
		expect(r.answer).toContain("touches 1 site in 1 file");
		expect(cited(r, "src/orders/place-order.ts", 3)).toBe(true);
		expect(r.answer).not.toContain("**Other references**");
	});
});

describe("an impact listing of a required function with a namesake in another package", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"package.json": '{ "name": "tools", "workspaces": ["packages/*"] }',
			"packages/app/package.json": '{ "name": "app" }',
			"packages/app/src/fill-vars.js": [
				"const fillVars = (request, vars) => {",
				"\trequest.url = request.url.replace('{{x}}', vars.x);",
				"\treturn request;",
				"};",
				"module.exports = fillVars;",
			].join("\n"),
			"packages/app/src/send.js": [
				"const fillVars = require('./fill-vars');",
				"const send = (request, vars) => {",
				"\tif (vars.retry) {",
				"\t\tfillVars(request, vars);",
				"\t}",
				"\tfillVars(request, vars);",
				"\treturn request;",
				"};",
				"module.exports = send;",
			].join("\n"),
			"packages/cli/package.json": '{ "name": "cli" }',
			"packages/cli/src/fill-vars.js": [
				"const fillVars = (request) => request;",
				"module.exports = fillVars;",
			].join("\n"),
			"packages/cli/src/run.js": [
				"const fillVars = require('./fill-vars');",
				"const run = (request) => fillVars(request);",
				"module.exports = run;",
			].join("\n"),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("counts each call of the required function, and none of the namesake's", () => {
		const target = index.defsByName("fillVars").find((d) => d.file === "packages/app/src/fill-vars.js");
		expect(target).toBeDefined();
		const listing = impactListing(index, target as NonNullable<typeof target>, 4000, () => null);
		const send = listing.all.filter((s) => s.file === "packages/app/src/send.js");
		expect(send.map((s) => s.line)).toEqual([1, 4, 6]);
		expect(send.filter((s) => s.kind === "call").map((s) => s.line)).toEqual([4, 6]);
		expect(listing.all.some((s) => s.file.startsWith("packages/cli/"))).toBe(false);
	});
});

describe("an impact subject as a newcomer names it", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"package.json": '{ "name": "files" }',
			"src/attachments/url.ts": [
				"/** The public URL of a stored file. */",
				"export function url(path: string): string {",
				"\treturn `/uploads/${path}`;",
				"}",
			].join("\n"),
			"src/images/srcset.ts": [
				'import { url } from "../attachments/url";',
				"export function srcset(path: string): string {",
				"\treturn `${url(path)} 1x`;",
				"}",
			].join("\n"),
			"src/files/links.ts": [
				'import { url } from "../attachments/url";',
				"export function link(path: string): string {",
				'\treturn `<a href="${url(path)}">file</a>`;',
				"}",
			].join("\n"),
			"src/jobs/fields.ts": ["export function fields(): string[] {", '\treturn ["id", "payload"];', "}"].join(
				"\n",
			),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("takes a lower-case name in backticks as code form", () => {
		expect(analyzeQuestion("What breaks if I change `url`?").identifiers).toContain("url");
		// A command in backticks is no name.
		expect(analyzeQuestion("What does the CLI do when I run `bundle upload`?").identifiers).toEqual([]);
	});

	it("reads who calls, what uses and where … used as impact questions", () => {
		for (const q of [
			"what calls sendMessage?",
			"Which code uses the cache?",
			"Which functions call proxify?",
			"Where is gatewayFor used?",
			"What depends on emit?",
		])
			expect(analyzeQuestion(q).intent, q).toBe("impact");
		for (const q of [
			"What happens when the client calls the REST API?",
			"Which databases does the app use, and where is the code that connects to them?",
		])
			expect(analyzeQuestion(q).intent, q).not.toBe("impact");
	});

	it("takes a plain name that is the object of the question's verb, not a word inside a longer phrase", () => {
		expect(impactTarget(index, [], [], "who calls url?")?.qualifiedName).toBe("url");
		expect(impactTarget(index, [], [], "What breaks if I change url")?.qualifiedName).toBe("url");
		expect(impactTarget(index, [], [], "If I change the fields of the job message, what breaks?")).toBeNull();
	});

	it("answers `url` with its two calls", async () => {
		for (const q of ["What breaks if I change `url`?", "where is url used?"]) {
			const r = await ask(index, q);
			expect(r.answer, q).toContain("`url` (function) is defined in `src/attachments/url.ts`");
			expect(cited(r, "src/images/srcset.ts", 3), q).toBe(true);
			expect(cited(r, "src/files/links.ts", 3), q).toBe(true);
		}
	});
});
