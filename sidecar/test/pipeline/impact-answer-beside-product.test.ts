/**
 * An impact answer's places and counts (impact/answer.ts, impact/literal-use.ts): examples and other code
 * beside the product are listed after the product's places; a parameter without a type that shares the
 * name is no use; the footer's count of sites not shown leaves out the ones "In short" cites already.
 */
import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { mentions, usingLines } from "../../src/pipeline/impact/literal-use.js";
import { indexForSuite, openFixtureIndex, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("an impact answer's places beside the product", () => {
	const index = indexForSuite(() =>
		openIndexOf(
			repoWith({
				"package.json": '{ "name": "app" }',
				"src/mail/send.ts": "export function sendMail(to: string): string {\n\treturn `sent ${to}`;\n}\n",
				// The example calls it twice and sorts first by path: without the rule it would lead.
				"examples/demo.ts": [
					'import { sendMail } from "../src/mail/send";',
					'sendMail("a@example.com");',
					'sendMail("b@example.com");',
				].join("\n"),
				"src/app/signup.ts": [
					'import { sendMail } from "../mail/send";',
					"export function signUp(email: string): string {",
					"\treturn sendMail(email);",
					"}",
				].join("\n"),
				// A parameter named like it, without a type: whatever is passed, not `sendMail`.
				"src/app/batch.ts": [
					"export const each = (emails: string[], sendMail) =>",
					"\temails.map((e) => sendMail(e));",
				].join("\n"),
			}),
		),
	);

	it("lists the product's callers before the example's", async () => {
		const r = await ask(index(), "Who calls sendMail?");
		for (const heading of ["**Where it is called**", "**Other references**"]) {
			const from = r.answer.indexOf(heading);
			const group = r.answer.slice(from, r.answer.indexOf("\n\n", from));
			expect(group.indexOf("app/signup.ts"), heading).toBeGreaterThan(0);
			expect(group.indexOf("examples/demo.ts"), heading).toBeGreaterThan(group.indexOf("app/signup.ts"));
		}
	});

	it("counts no line of a file whose parameter shares the name", async () => {
		const r = await ask(index(), "Who calls sendMail?");
		expect(r.answer).toContain("touches 5 sites in 2 files");
		const from = r.answer.indexOf("**Where it is called**");
		expect(r.answer.slice(from, r.answer.indexOf("\n\n", from))).not.toContain("batch.ts");
	});
});

describe("a parameter without a type named like the subject", () => {
	it("is a declaration, not a use; a call with the name as an argument is still a use", () => {
		expect(mentions("items.map((insert) => insert.id)", "insert", false)).toEqual(["declaration", "bare"]);
		expect(mentions("items.map(insert => insert.id)", "insert", false)).toEqual(["declaration", "bare"]);
		expect(mentions("function f(a, insert = 1) {", "insert", false)).toEqual(["declaration"]);
		expect(mentions("async save(insert) {", "insert", false)).toEqual(["declaration"]);
		expect(mentions("bus.on('x', (insert, b): void => {", "insert", false)).toEqual(["declaration"]);
		expect(mentions("if (insert) {", "insert", false)).toEqual(["bare"]);
		expect(mentions("run(a, insert).then((x) => {", "insert", false)).toEqual(["bare"]);
		// The file's other lines naming it are that parameter's.
		const file = new Map([
			[1, "export const each = (rows, insert) =>"],
			[2, "\trows.map((r) => insert(r));"],
		]);
		expect(usingLines(file, "insert", { key: false, ownFile: false })).toEqual([]);
	});
});

describe("the footer of an impact answer about a key declared where it is registered", () => {
	const index = indexForSuite(openFixtureIndex);

	it("counts the registration cited in 'In short' as shown", async () => {
		const r = await ask(index(), "who calls sendMessage?");
		const impact = r.trace.material?.impact;
		expect(impact?.sites).toBe(1);
		expect(r.answer).toMatch(/declared as .*\[1\]/);
		expect(r.answer).not.toMatch(/more sites? \(of/);
	});
});
