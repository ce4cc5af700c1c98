/**
 * The walk down (path.ts walkDown) also takes the call its last step awaits last, after checks only
 * (conditions, early returns, variable reads) and before returns only; not a call awaited before
 * another, after a write, nor in a `finally`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { isAwaitedTail } from "../../src/pipeline/awaited-tail.js";
import { findPath } from "../../src/pipeline/path.js";
import { asyncFunction, indexedRepo, plainConcepts, stepNames } from "../support/path-fixture.js";

const fn = asyncFunction;

const FILES: Record<string, string> = {
	"package.json": '{ "name": "translate-app", "private": true }',
	"src/api/translate.ts": [
		'import { translateRequest, translateLogged, translateSession } from "../translate/request";',
		fn("handleTranslate", ["return translateRequest(name);"]),
		fn("handleLogged", ["return translateLogged(name);"]),
		fn("handleSession", ["return translateSession(name);"]),
	].join("\n"),
	"src/translate/request.ts": [
		'import { loadTranslateText } from "./load";',
		'import { translateText } from "./text";',
		'import { saveTranslateLog } from "./log";',
		'import { closeTranslateSession } from "./session";',
		fn("translateRequest", [
			"if (!name) {",
			'\treturn "";',
			"}",
			"const text = await loadTranslateText(name);",
			"if (text) {",
			"\tawait translateText(text);",
			"}",
			"return name;",
		]),
		fn("translateLogged", ["await saveTranslateLog(name);", "await translateText(name);", "return name;"]),
		fn("translateSession", [
			"try {",
			"\treturn name;",
			"} finally {",
			"\tawait closeTranslateSession(name);",
			"}",
		]),
	].join("\n"),
	"src/translate/load.ts": fn("loadTranslateText", ["return name;"]),
	"src/translate/text.ts": fn("translateText", ["return name;"]),
	"src/translate/log.ts": fn("saveTranslateLog", ["return name;"]),
	"src/translate/session.ts": fn("closeTranslateSession", ["return name;"]),
};

describe("the path walks down into the call its last step awaits last", () => {
	const repo = indexedRepo(FILES, "codeask-walk-awaited-");
	const def = repo.def;
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});
	const walk = (api: string, step: string) =>
		stepNames(
			findPath(
				index,
				[def("src/api/translate.ts", api), def("src/translate/request.ts", step)],
				{},
				plainConcepts("translate", "text"),
			),
		);

	it("follows the last awaited call past checks and a variable read, not the read's own call", () => {
		expect(walk("handleTranslate", "translateRequest")).toEqual([
			"handleTranslate",
			"translateRequest",
			"translateText",
		]);
	});

	it("stops where a write comes before the awaited call", () => {
		expect(walk("handleLogged", "translateLogged")).toEqual(["handleLogged", "translateLogged"]);
	});

	it("stops at a clean-up in a finally", () => {
		expect(walk("handleSession", "translateSession")).toEqual(["handleSession", "translateSession"]);
	});
});

describe("isAwaitedTail", () => {
	const body = (...lines: string[]) => ["async function f() {", ...lines, "}"];

	it("takes an awaited call followed by logging and a return", () => {
		const lines = body("const x = await read();", "await run(x);", 'logger.info("done");', "return x;");
		expect(isAwaitedTail(lines, 2, "run")).toBe(true);
	});

	it("leaves a call that is not the awaited one on its line", () => {
		const lines = body("await run(other(x));");
		expect(isAwaitedTail(lines, 1, "other")).toBe(false);
	});

	it("leaves a call some other statement follows", () => {
		const lines = body("await run(x);", "notify(x);");
		expect(isAwaitedTail(lines, 1, "run")).toBe(false);
	});
});
