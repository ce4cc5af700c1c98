import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { indexWithTrunks } from "../support/fixture-index.js";
import { repoWith } from "../support/repo-with.js";

/**
 * A REST API whose `ApiClass.addRoute` checks and logs each route with helpers of another file, then
 * hands it on to its base class's `addRoute` (`super.addRoute`), imported from `baseImport`.
 */
function restRepo(baseImport: string, baseFile: string): string {
	const routes = (area: string, verbs: string[]) =>
		[
			"import { ApiClass } from '../ApiClass';",
			"const Api = new ApiClass();",
			...verbs.map(
				(v) =>
					`Api.addRoute('${area}.${v}', { authRequired: true }, {\n\tasync post() {\n\t\treturn { ${v}: true };\n\t},\n});`,
			),
		].join("\n");
	return repoWith(
		{
			"package.json": '{ "name": "notes", "private": true }',
			"codeask.trunks.json": '{ "extends": ["generic", "rocketchat"] }',
			[baseFile]: [
				"export class Router {",
				"\tprivate readonly routes: { path: string; actions: unknown }[] = [];",
				"\taddRoute(path: string, _options: object, actions: unknown): void {",
				"\t\tthis.routes.push({ path, actions });",
				"\t}",
				"}",
			].join("\n"),
			"server/api/helpers.ts": [
				"export function checkAuth(options: { authRequired?: boolean }): boolean {",
				"\treturn options.authRequired === true;",
				"}",
				"export function logRoute(path: string): void {",
				"\tconsole.log(path);",
				"}",
			].join("\n"),
			"server/api/ApiClass.ts": [
				`import { Router } from '${baseImport}';`,
				"import { checkAuth, logRoute } from './helpers';",
				"export class ApiClass<TBase extends string = ''> extends Router {",
				"\taddRoute(path: string, options: { authRequired?: boolean }, actions: unknown): void {",
				"\t\tif (checkAuth(options)) logRoute(path);",
				"\t\tsuper.addRoute(path, options, actions);",
				"\t}",
				"}",
			].join("\n"),
			"server/api/v1/notes.ts": routes("notes", ["create", "update", "delete"]),
			"server/api/v1/shares.ts": routes("shares", ["create", "revoke"]),
		},
		"codeask-pattern-registrar-",
	);
}

async function answerOf(repo: string, question: string): Promise<string> {
	const index = IndexReader.open(await indexWithTrunks(repo, join(repo, "index.db")));
	try {
		return (await ask(index, question)).answer;
	} finally {
		index.close();
	}
}

describe("the answer to a pattern question about keyed registrations tells what the registrar does with a new member", () => {
	it("names the helpers of another file the registrar calls and the base method it hands each member on to", async () => {
		const answer = await answerOf(
			restRepo("./router", "server/api/router.ts"),
			"How do I add a new REST endpoint?",
		);
		expect(answer).toMatch(
			/`ApiClass\.addRoute` does the registering \[\d+\]: it calls `checkAuth` and `logRoute` of `server\/api\/helpers\.ts` \[\d+\] and hands each endpoint on to `Router\.addRoute` in `server\/api\/router\.ts` \[\d+\]\./,
		);
		expect(answer).toMatch(/\[\d+\] server\/api\/helpers\.ts:1-1 — checkAuth/);
		expect(answer).toMatch(/\[\d+\] server\/api\/router\.ts:3-3 — Router\.addRoute/);
	}, 60_000);

	it("finds the base by the name its class extends when the index could not resolve the base's import", async () => {
		const answer = await answerOf(
			restRepo("meteor/acme:router", "packages/router/lib/router.ts"),
			"How do I add a new REST endpoint?",
		);
		expect(answer).toMatch(
			/it calls `checkAuth` and `logRoute` of `server\/api\/helpers\.ts` \[\d+\] and hands each endpoint on to `Router\.addRoute` in `packages\/router\/lib\/router\.ts` \[\d+\]\./,
		);
	}, 60_000);
});
