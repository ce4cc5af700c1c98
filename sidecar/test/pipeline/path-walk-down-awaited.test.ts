/**
 * The walk down (path/walk-down.ts walkDown) also takes the call its last step awaits last: after checks only
 * (conditions, early returns, variable reads), in a block or not, or among the step's own statements
 * after writes (walk30); before returns, logging and detached `void` calls only. Not a call awaited
 * before another, one a statement follows, one in a block after a write, nor one in a `finally`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { isAwaitedTail, isLastAwaited } from "../../src/pipeline/awaited-tail.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { asyncFunction, indexedRepo, plainConcepts, stepNames } from "../support/path-fixture.js";

const fn = asyncFunction;

const FILES: Record<string, string> = {
	"package.json": '{ "name": "translate-app", "private": true }',
	"src/api/translate.ts": [
		'import { translateRequest, translateLogged, translateSession, translateThenLog, translateIfLogged } from "../translate/request";',
		fn("handleTranslate", ["return translateRequest(name);"]),
		fn("handleLogged", ["return translateLogged(name);"]),
		fn("handleSession", ["return translateSession(name);"]),
		fn("handleThenLog", ["return translateThenLog(name);"]),
		fn("handleIfLogged", ["return translateIfLogged(name);"]),
	].join("\n"),
	"src/translate/request.ts": [
		'import { loadTranslateText } from "./load";',
		'import { translateText } from "./text";',
		'import { saveTranslateLog } from "./log";',
		'import { closeTranslateSession } from "./session";',
		'import { notifyTranslated } from "./notify";',
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
		fn("translateLogged", [
			"await saveTranslateLog(name);",
			"await translateText(name);",
			"void notifyTranslated(name);",
			"return name;",
		]),
		fn("translateThenLog", ["await translateText(name);", "saveTranslateLog(name);", "return name;"]),
		fn("translateIfLogged", [
			"await saveTranslateLog(name);",
			"if (name) {",
			"\tawait translateText(name);",
			"}",
			"return name;",
		]),
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
	"src/translate/notify.ts": fn("notifyTranslated", ["return name;"]),
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

	it("follows the last call awaited among the step's own statements past a write, before a detached call", () => {
		expect(walk("handleLogged", "translateLogged")).toEqual([
			"handleLogged",
			"translateLogged",
			"translateText",
		]);
	});

	it("stops where a statement follows the last awaited call", () => {
		expect(walk("handleThenLog", "translateThenLog")).toEqual(["handleThenLog", "translateThenLog"]);
	});

	it("stops where the last awaited call sits in a block after a write", () => {
		expect(walk("handleIfLogged", "translateIfLogged")).toEqual(["handleIfLogged", "translateIfLogged"]);
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

describe("isLastAwaited", () => {
	const body = (...lines: string[]) => ["async function f() {", ...lines, "}"];

	it("takes the last awaited statement after writes, before a returned object and a detached call", () => {
		const lines = body(
			"await save(x);",
			"const y = await hand(x);",
			"void notify(y);",
			"return {",
			"\tid: y.id,",
			"};",
		);
		expect(isLastAwaited(lines, 2, "hand")).toBe(true);
	});

	it("leaves an awaited call another await follows", () => {
		const lines = body("await hand(x);", "await save(x);");
		expect(isLastAwaited(lines, 1, "hand")).toBe(false);
	});

	it("leaves an awaited call inside a block", () => {
		const lines = body("try {", "\tawait hand(x);", "} finally {", "\tlog.close();", "}");
		expect(isLastAwaited(lines, 2, "hand")).toBe(false);
	});
});
