/**
 * The walk down (path/walk-down.ts walkDown): the path goes on from its last step into the call that step
 * returns, while that callee is the flow's own code matching the question; a check before it, a
 * fallback on a side branch and a fork of two returned calls do not take it on.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { asyncFunction, indexedRepo, plainConcepts, stepNames } from "../support/path-fixture.js";

const fn = asyncFunction;

const FILES: Record<string, string> = {
	"package.json": '{ "name": "directory-app", "private": true }',
	"src/api/login.ts": [
		'import { directoryLogin, directoryLogout } from "../directory/login";',
		fn("handleLogin", ["return directoryLogin(name);"]),
		fn("handleLogout", ["return directoryLogout(name);"]),
	].join("\n"),
	"src/directory/login.ts": [
		'import { recordDirectoryLogin } from "./audit";',
		'import { fallbackLogin } from "./fallback";',
		'import { loginDirectoryUser } from "./user";',
		'import { closeDirectoryLogin, dropDirectoryLogin } from "./session";',
		fn("directoryLogin", [
			"await recordDirectoryLogin(name);",
			"if (!name) {",
			"\treturn fallbackLogin(name);",
			"}",
			"return loginDirectoryUser(name);",
		]),
		fn("directoryLogout", ["return name ? closeDirectoryLogin(name) : dropDirectoryLogin(name);"]),
	].join("\n"),
	"src/directory/audit.ts": fn("recordDirectoryLogin", ["return name;"]),
	"src/directory/fallback.ts": fn("fallbackLogin", ["return name;"]),
	"src/directory/user.ts": [
		fn("loginDirectoryUser", ["return syncDirectoryUser(name);"]),
		fn("syncDirectoryUser", ["return name;"]),
	].join("\n"),
	"src/directory/session.ts": [
		fn("closeDirectoryLogin", ["return name;"]),
		fn("dropDirectoryLogin", ["return name;"]),
	].join("\n"),
};

const concepts = plainConcepts;

describe("the path walks down into the call its last step returns", () => {
	const repo = indexedRepo(FILES, "codeask-walk-down-");
	const def = repo.def;
	const names = stepNames;
	let index: IndexReader;
	beforeAll(() => {
		index = repo.index();
	});

	it("follows the returned call, then the one it returns in its own file, past a check and a fallback", () => {
		const ranked = [def("src/api/login.ts", "handleLogin"), def("src/directory/login.ts", "directoryLogin")];
		const path = findPath(index, ranked, {}, concepts("directory", "login"));
		expect(names(path)).toEqual(["handleLogin", "directoryLogin", "loginDirectoryUser", "syncDirectoryUser"]);
		expect(path.slice(2).every((s) => s.walkedDown)).toBe(true);
		expect(path[1]?.hop?.text).toBe("return loginDirectoryUser(name);");
		expect(path.at(-1)?.hop).toBeNull();
	});

	it("stops where two returned calls match alike (the flow forks)", () => {
		const ranked = [
			def("src/api/login.ts", "handleLogout"),
			def("src/directory/login.ts", "directoryLogout"),
		];
		const path = findPath(index, ranked, {}, concepts("directory", "login"));
		expect(names(path)).toEqual(["handleLogout", "directoryLogout"]);
	});

	it("stops at the step bound", () => {
		const ranked = [def("src/api/login.ts", "handleLogin"), def("src/directory/login.ts", "directoryLogin")];
		const path = findPath(index, ranked, { maxSteps: 3 }, concepts("directory", "login"));
		expect(names(path)).toEqual(["handleLogin", "directoryLogin", "loginDirectoryUser"]);
	});
});
