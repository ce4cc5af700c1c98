/**
 * A call the index did not resolve whose last name a repository method shares (`update`, `deburr`,
 * `send`) is a call into the repository only when its receiver could be the repository's: one on a
 * package's value (`_` required from a package, a client made by a package's class, a field typed by a
 * class a package's class is the base of) or on a global runs outside code (session 45's second reader:
 * a Prisma `update` and lodash's `deburr` were named as calls "not followed here"). A module of the
 * repository required and called in place is one, and the last step's citation reaches the call it names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import type { DefRow } from "../../src/index/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { unfollowedCalls } from "../../src/pipeline/short/unfollowed.js";
import { verifyAnswer } from "../../src/pipeline/verify.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const FILES: Record<string, string> = {
	"package.json": JSON.stringify({ name: "shop", version: "1.0.0" }),
	"tsconfig.json": JSON.stringify({ compilerOptions: { allowJs: true, strict: true } }),
	// The repository's own `update`, `send` and `deburr`.
	"src/store/local-store.ts": [
		"export class LocalStore {",
		"\tupdate(id: string) {",
		"\t\treturn id;",
		"\t}",
		"\tsend(id: string) {",
		"\t\treturn id;",
		"\t}",
		"}",
		"",
	].join("\n"),
	"src/util/deburr.ts": ["export function deburr(s: string) {", "\treturn s;", "}", ""].join("\n"),
	// A database service whose models come from a package's client.
	"src/db/service.ts": [
		"import { PrismaClient } from '@prisma/client';",
		"",
		"export class DbService extends PrismaClient {}",
		"",
		"export class Repo<T extends keyof DbService> {",
		"\tpublic model: Pick<DbService, T>;",
		"\tconstructor(private db: DbService) {",
		"\t\tthis.model = db;",
		"\t}",
		"}",
		"",
	].join("\n"),
	"src/tags/tags.repository.ts": [
		"import { SQSClient } from '@aws-sdk/client-sqs';",
		"import { Repo } from '../db/service';",
		"",
		"const client = new SQSClient({});",
		"",
		"export class TagsRepository {",
		"\tconstructor(private _tags: Repo<'tags'>) {}",
		"",
		"\teditTag(id: string, bus: any) {",
		"\t\tclient.send(id);",
		"\t\tdocument.update(id);",
		"\t\tbus.update(id);",
		"\t\treturn this._tags.model.tags.update({ where: { id } });",
		"\t}",
		"}",
		"",
	].join("\n"),
	// JavaScript: lodash required as `_`, and a module of the repository required and called in place.
	"src/slug.js": [
		"const _ = require('lodash');",
		"",
		"exports.slugify = function (s, options) {",
		"\t// Turn the string into a slug:",
		"\t// one punctuation character may be allowed,",
		"\t// and the separator may be changed.",
		"\tconst opts = options || {};",
		"\tconst allow = opts.allow;",
		"\tconst separator = opts.separator;",
		"\tconst strip = opts.strip;",
		"\tconst lower = opts.lower;",
		"\tconst keep = opts.keep;",
		"\tconst trim = opts.trim;",
		"\tconst slug = require('./sluggo')(s, { allow, separator, lower, keep, trim });",
		"\tif (strip) {",
		"\t\treturn _.deburr(slug);",
		"\t}",
		"\treturn slug;",
		"};",
		"",
	].join("\n"),
	"src/sluggo.js": ["module.exports = function sluggo(s) {", "\treturn s;", "};", ""].join("\n"),
	"src/url.js": [
		"const { slugify } = require('./slug');",
		"",
		"exports.build = function (s) {",
		"\treturn slugify(s, {});",
		"};",
		"",
	].join("\n"),
};

let index: IndexReader;
beforeAll(async () => {
	index = await openIndexOf(repoWith(FILES));
}, 60_000);
afterAll(() => index?.close());

const def = (file: string, name: string) =>
	index.defsInFile(file).find((d) => d.name === name && d.kind !== "module") as DefRow;

describe("calls the index did not follow, told apart from a package's or the runtime's", () => {
	it("does not take a package's call, a global's or a field typed by a package's class for the repository's", () => {
		// `client` is made by a package's class, `document` is a global, `this._tags.model.tags` is a model of a
		// package's client (DbService extends it); `bus` is of no known type: it may be the repository's.
		expect(unfollowedCalls(index, def("src/tags/tags.repository.ts", "editTag"))).toEqual(["bus.update"]);
	});

	it("does not take lodash's `deburr` for the repository's, and names a module of the repository called where it is required", () => {
		expect(unfollowedCalls(index, def("src/slug.js", "slugify"))).toEqual(["require('./sluggo')"]);
	});

	it("cites the last step as far as the line of the call the answer names, and verify keeps it", () => {
		const build = def("src/url.js", "build");
		const slugify = def("src/slug.js", "slugify");
		const draft = shortAnswer(index, "how is a url slug built?", [], {
			order: [build, slugify],
			fileScore: new Map<string, number>(),
		});
		expect(draft.body).toMatch(
			/as far as `[\w.]*slugify` \[(\d+)\]; its call \(`require\('\.\/sluggo'\)`\) is not followed here\./,
		);
		const marker = Number(/as far as `[\w.]*slugify` \[(\d+)\]/.exec(draft.body)?.[1]);
		const cited = draft.drafts.find((d) => d.n === marker);
		// The call is written on the 14th line of the file; the step's head alone stops above it.
		expect(cited?.file).toBe("src/slug.js");
		expect(cited?.startLine).toBe(3);
		expect(cited?.endLine).toBe(14);
		const verified = verifyAnswer(index, draft.body, draft.drafts);
		expect(verified.dropped).toBe(0);
		expect(verified.citations.some((c) => c.file === "src/slug.js" && c.endLine === 14)).toBe(true);
	});
});
