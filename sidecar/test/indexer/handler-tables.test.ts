import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const notifier = (channel: string) =>
	[
		`export async function sendAlert(to: string): Promise<void> { console.log("${channel}", to); }`,
		`export async function sendRecovery(to: string): Promise<void> { console.log("${channel}", to); }`,
	].join("\n");

describe("a call through a lookup table of handler objects", () => {
	it("runs the member of every entry when the key is known only at run time", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "handler-table-app" }',
				"tsconfig.json": '{ "compilerOptions": { "strict": true } }',
				"src/slack.ts": notifier("slack"),
				"src/email.ts": notifier("email"),
				"src/table.ts": [
					'import { sendAlert as sendSlackAlert, sendRecovery as sendSlackRecovery } from "./slack";',
					'import { sendAlert as sendEmailAlert, sendRecovery as sendEmailRecovery } from "./email";',
					"type Notify = (to: string) => Promise<void>;",
					"type Notifier = { sendAlert: Notify; sendRecovery: Notify };",
					'export type Provider = "slack" | "email";',
					"const email = { sendAlert: sendEmailAlert, sendRecovery: sendEmailRecovery };",
					"export const providers: Record<Provider, Notifier> = {",
					"\tslack: { sendAlert: sendSlackAlert, sendRecovery: sendSlackRecovery },",
					"\temail,",
					"};",
				].join("\n"),
				"src/alerting.ts": [
					'import { type Provider, providers } from "./table";',
					"export async function alertAll(list: Provider[], to: string) {",
					"\tfor (const provider of list) await providers[provider].sendAlert(to);",
					"}",
					"export async function recover(provider: Provider, to: string) {",
					"\tconst notifier = providers[provider];",
					"\tawait notifier.sendRecovery(to);",
					"}",
					"export async function alertSlack(to: string) {",
					'\tawait providers["slack"].sendAlert(to);',
					'\tconst fallback = "slack" as const;',
					"\tawait providers[fallback].sendRecovery(to);",
					"}",
				].join("\n"),
			},
			"codeask-handler-table-",
		);
		await withIndexOf(repo, (index) => {
			expect(callsFrom(index, "src/alerting.ts#alertAll")).toEqual(
				expect.arrayContaining(["src/slack.ts#sendAlert@3", "src/email.ts#sendAlert@3"]),
			);
			expect(callsFrom(index, "src/alerting.ts#recover")).toEqual(
				expect.arrayContaining(["src/slack.ts#sendRecovery@7", "src/email.ts#sendRecovery@7"]),
			);
			// A literal key names one entry: no fan over the table.
			const slackOnly = callsFrom(index, "src/alerting.ts#alertSlack");
			expect(slackOnly).not.toContain("src/email.ts#sendAlert@10");
			expect(slackOnly).not.toContain("src/email.ts#sendRecovery@12");
		});
	});

	it("leaves a table whose values are not all objects of handlers alone", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "mixed-table-app" }',
				"src/slack.js": notifier("slack").replace(/: Promise<void>|: string/g, ""),
				"src/mixed.js": [
					'import { sendAlert } from "./slack";',
					"const table = { slack: { sendAlert }, fallback: makeNotifier() };",
					"function makeNotifier() { return { sendAlert() {} }; }",
					"export function alert(kind, to) {",
					"\treturn table[kind].sendAlert(to);",
					"}",
				].join("\n"),
			},
			"codeask-mixed-table-",
		);
		await withIndexOf(repo, (index) => {
			expect(callsFrom(index, "src/mixed.js#alert")).not.toContain("src/slack.js#sendAlert@5");
		});
	});
});
