/**
 * A path step's hop taken at a fork is told with the other way, in the code's condition: readers took
 * "`login` calls `loginNewDirectoryUser`" for "LDAP login creates the user" when the code reads
 * `if (user) { return loginKnownUser(…) } return loginNewDirectoryUser(…)` (session 30).
 * A guard that calls nothing on its way out is no fork.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { forkOf } from "../../src/pipeline/fork.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { defRow, edgeGraph, edgeGraphOverFiles } from "../support/defs.js";

const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
const ranking = (order: DefRow[]) => ({ order, fileScore: new Map<string, number>() });

/** `login` (all of `auth/login.ts`) calls `findUser`, `loginExisting` and `createUser` where its lines name them. */
function loginOf(lines: string[]) {
	const login = defRow("auth/login.ts", "login", "function", { startLine: 1, endLine: lines.length });
	const find = defRow("auth/find.ts", "findUser", "function", { startLine: 1, endLine: 1 });
	const existing = defRow("auth/existing.ts", "loginExisting", "function", { startLine: 1, endLine: 1 });
	const create = defRow("users/create.ts", "createUser", "function", { startLine: 1, endLine: 1 });
	const lineOf = (name: string) => lines.findIndex((l) => l.includes(`${name}(`)) + 1;
	const index = edgeGraphOverFiles(
		{ "auth/login.ts": lines, "auth/find.ts": ["x"], "auth/existing.ts": ["x"], "users/create.ts": ["x"] },
		[login, find, existing, create],
		[
			[login, find, "call"],
			[login, existing, "call"],
			[login, create, "call"],
		],
		{
			findUser: lineOf("findUser"),
			loginExisting: lineOf("loginExisting"),
			createUser: lineOf("createUser"),
		},
	);
	return { index, login, existing, create };
}

function answer(lines: string[]) {
	const { index, login, create } = loginOf(lines);
	return shortAnswer(
		index,
		"how is a login user created?",
		[],
		ranking([login, create]),
		conceptVector({ concepts: [concept("login"), concept("created")] }),
	);
}
/** The first citation's file and lines. */
const firstCited = (a: { drafts: { file: string; startLine: number; endLine: number }[] }) =>
	a.drafts[0] && `${a.drafts[0].file}:${a.drafts[0].startLine}-${a.drafts[0].endLine}`;

describe("a hop taken at a fork", () => {
	it("says the other way of an `if` that returns another call before the hop, cited over both calls", () => {
		const a = answer([
			"async function login(name) {",
			"\tconst user = await findUser(name);",
			"\tif (user) {",
			"\t\treturn await loginExisting(user);",
			"\t}",
			"\treturn await createUser(name);",
			"}",
		]);
		expect(a.body).toContain(
			"1. `login` calls `createUser` [1] (if `user`, it calls `loginExisting` instead): `return await createUser(name);`",
		);
		expect(firstCited(a)).toBe("auth/login.ts:4-6");
	});

	it("tells no fork for a guard that throws or returns without a call", () => {
		for (const guard of ["\tif (!user) throw new Error('none');", "\tif (!user) return null;"]) {
			const a = answer([
				"async function login(name) {",
				"\tconst user = await findUser(name);",
				guard,
				"\tconsole.log(loginExisting);",
				"\treturn await createUser(name);",
				"}",
			]);
			expect(a.body).toContain("1. `login` calls `createUser` [1]: `return await createUser(name);`");
			expect(a.body).not.toMatch(/instead|otherwise/);
			expect(firstCited(a)).toBe("auth/login.ts:5-5");
		}
	});

	it("reads the arms of an `if` / `else`, past a guard, and not a call the condition makes", () => {
		const { index, login, existing, create } = loginOf([
			"async function login(name) {",
			"\tconst user = await findUser(name);",
			"\tif (user.known) {",
			"\t\treturn loginExisting(user);",
			"\t} else {",
			"\t\tawait createUser(name);",
			"\t}",
			"}",
		]);
		expect(forkOf(index, login, 6, create.id)).toMatchObject({
			condition: "user.known",
			hopWhen: "otherwise",
			other: existing,
			line: 4,
		});
		expect(forkOf(index, login, 4, existing.id)).toMatchObject({
			condition: "user.known",
			hopWhen: "then",
			other: create,
			line: 6,
		});
		const pastGuard = loginOf([
			"async function login(name) {",
			"\tif (name.length > 3) return loginExisting(name);",
			"\tif (!name) return;",
			"\tconst user = await findUser(name);",
			"\treturn createUser(user);",
			"}",
		]);
		expect(forkOf(pastGuard.index, pastGuard.login, 5, pastGuard.create.id)).toMatchObject({
			condition: "name.length > 3",
			other: pastGuard.existing,
		});
		// `if (findUser(name)) return null;`: the condition's call is no way out.
		const conditionCall = loginOf([
			"async function login(name) {",
			"\tif (findUser(name)) return null;",
			"\treturn createUser(name);",
			"}",
		]);
		expect(forkOf(conditionCall.index, conditionCall.login, 3, conditionCall.create.id)).toBeNull();
	});

	it("tells no fork when the other way calls the hop's callee too", () => {
		const lines = [
			"async function login(name) {",
			"\tif (name.known) {",
			"\t\tawait findUser(name);",
			"\t\treturn loginExisting(name);",
			"\t} else {",
			"\t\tawait findUser(name.id);",
			"\t\treturn createUser(name);",
			"\t}",
			"}",
		];
		const login = defRow("auth/login.ts", "login", "function", { startLine: 1, endLine: lines.length });
		const find = defRow("auth/find.ts", "findUser", "function", { startLine: 1, endLine: 1 });
		const existing = defRow("auth/existing.ts", "loginExisting", "function", { startLine: 1, endLine: 1 });
		const create = defRow("users/create.ts", "createUser", "function", { startLine: 1, endLine: 1 });
		// One edge per caller and callee, at the first call, as the index keeps them.
		const at = [3, 4, 7];
		let n = 0;
		const index = {
			...edgeGraph(
				[login, find, existing, create],
				[
					[login, find, "call"],
					[login, existing, "call"],
					[login, create, "call"],
				],
				(s) => ({ file: s.file, line: at[n++] ?? null }),
			),
			fileLines: (file: string, from: number, to: number) =>
				file === "auth/login.ts" ? lines.slice(from - 1, to) : ["x"],
		};
		// `findUser` runs on both ways: neither `if` arm is "only when".
		expect(forkOf(index, login, 3, find.id)).toBeNull();
		expect(forkOf(index, login, 6, find.id)).toBeNull();
		// The arms' own calls are still each other's other way.
		expect(forkOf(index, login, 4, existing.id)).toMatchObject({ hopWhen: "then", other: create });
	});
});
