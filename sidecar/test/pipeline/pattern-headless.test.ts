/**
 * A pattern question whose head noun's family carries none of its qualifiers, while another family
 * carries them all without the head: "a new OAuth service" where the services are core ones and each
 * OAuth login is a constant `const Gitlab = new CustomOAuth('gitlab', …)` kept in its module. That
 * family is told (after a note saying which words name it) when the head is a role many kinds share
 * ("service"), not when it is the name of its own family ("searcher"). With an LLM, the note reaches
 * the answer prompt.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { ask } from "../../src/pipeline/ask.js";
import { patternFamily } from "../../src/pipeline/pattern/family.js";
import { unmetNote } from "../../src/pipeline/pattern/unmet.js";
import type { FakeLlmServer, FakeReply, RecordedRequest } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const CORE = ["Rooms", "Users", "Messages"];
/** Classes named "…Service" outside the core family: "service" is a role here, not one family's name. */
const OTHER_SERVICES = ["Cache", "Mail", "Metrics", "Upload", "Presence", "Search"];
const OAUTH = ["Gitlab", "Drupal", "Nextcloud"];
const SEARCHERS = ["Rooms", "Users", "Settings"];
const STORES = ["rooms", "users", "settings"];

function headlessRepo(): string {
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true }',
			"src/core/ServiceClass.ts": [
				"/** A core service: started with the server, reached through the broker. */",
				"export abstract class ServiceClass {",
				"\tprotected name = '';",
				"}",
			].join("\n"),
			...Object.fromEntries(
				CORE.map((n) => [
					`src/services/${n.toLowerCase()}/service.ts`,
					[
						'import { ServiceClass } from "../../core/ServiceClass";',
						`export class ${n}Service extends ServiceClass {`,
						`\tprotected name = "${n.toLowerCase()}";`,
						"}",
					].join("\n"),
				]),
			),
			"src/helpers/services.ts": OTHER_SERVICES.map((n) => `export class ${n}Service {}`).join("\n"),
			"src/custom-oauth/CustomOAuth.ts": [
				"/** A login through an external OAuth server, registered under its name. */",
				"export class CustomOAuth {",
				"\tconstructor(readonly name: string, readonly serverURL: string) {}",
				"}",
			].join("\n"),
			...Object.fromEntries(
				OAUTH.map((n) => [
					`src/${n.toLowerCase()}/lib.ts`,
					[
						'import { CustomOAuth } from "../custom-oauth/CustomOAuth";',
						`const ${n} = new CustomOAuth("${n.toLowerCase()}", "https://${n.toLowerCase()}.example");`,
						`console.log(${n}.name);`,
					].join("\n"),
				]),
			),
			// A constant named after its class is a use of it, not one more login.
			"src/login/button.ts": [
				'import { CustomOAuth } from "../custom-oauth/CustomOAuth";',
				'const customOAuth = new CustomOAuth("preview", "https://preview.example");',
				"console.log(customOAuth.serverURL);",
			].join("\n"),
			"src/search/SearcherBase.ts": [
				"/** A spotlight searcher: finds entries of one kind for the search box. */",
				"export abstract class SearcherBase {",
				"\tabstract search(text: string): string[];",
				"}",
			].join("\n"),
			...Object.fromEntries(
				SEARCHERS.map((n) => [
					`src/search/${n.toLowerCase()}.searcher.ts`,
					[
						'import { SearcherBase } from "./SearcherBase";',
						`export class ${n}Searcher extends SearcherBase {`,
						"\tsearch(text: string): string[] {",
						"\t\treturn [text];",
						"\t}",
						"}",
					].join("\n"),
				]),
			),
			"src/store/Store.ts": [
				"/** A store of one kind of state, changed by dispatching actions. */",
				"export class Store<T> {",
				"\tconstructor(readonly initial: T) {}",
				"}",
			].join("\n"),
			...Object.fromEntries(
				STORES.map((n) => [
					`src/store/${n}.ts`,
					['import { Store } from "./Store";', `export const ${n}Store = new Store<string[]>([]);`].join(
						"\n",
					),
				]),
			),
		},
		"codeask-headless-",
	);
}

const index = indexForSuite(() => openIndexOf(headlessRepo()), 60_000);

describe("a family carrying the qualifiers but not the head noun", () => {
	it("answers 'a new OAuth service' with the constants created by `CustomOAuth`, kept in their modules", () => {
		const family = patternFamily(index(), "How do I add a new OAuth service?");
		expect(family?.kind).toBe("unmet");
		if (family?.kind !== "unmet") return;
		expect(family.namedBy).toBe("qualifiers");
		const told = family.closest;
		expect(told.kind === "instances" && told.base.name).toBe("CustomOAuth");
		// `customOAuth` of the login button is named after its class: a use, not a member.
		expect(told.kind === "instances" && told.members.map((m) => m.name).sort()).toEqual([...OAUTH].sort());
		expect(unmetNote(family)).toBe(
			"No family of services here carries “OAuth” in its names or files; below is the family “OAuth” names without “service”: the 3 instances of `CustomOAuth`.",
		);
	});

	it("tells it offline after the note, as constants to declare", async () => {
		const result = await ask(index(), "How do I add a new OAuth service?");
		expect(result.abstained).toBe(false);
		expect(result.answer).toMatch(/^\*\*Question:\*\* .*\n\nNo family of services here carries “OAuth”/);
		expect(result.answer).toContain("A new OAuth service is an instance of the class `CustomOAuth`");
		expect(result.answer).toContain("3 constants create one with `new CustomOAuth(…)`");
		expect(result.answer).toContain("Declare a constant created with it");
		expect(result.answer).not.toContain("ServiceClass");
	});

	it("is not told when the head names its own family: a store searcher is a searcher", () => {
		const family = patternFamily(index(), "How do I add a new store searcher?");
		expect(family?.kind).toBe("unmet");
		if (family?.kind !== "unmet") return;
		expect(family.namedBy).toBe("head");
		expect(family.closest.kind === "class" && family.closest.base.name).toBe("SearcherBase");
	});

	it("leaves a qualifier no family carries to the head's family, said first", () => {
		const family = patternFamily(index(), "Where would I add a new payment service?");
		expect(family?.kind === "unmet" && family.namedBy).toBe("head");
		expect(family?.kind === "unmet" && family.closest.kind === "class" && family.closest.base.name).toBe(
			"ServiceClass",
		);
	});
});

describe("with an LLM, the note on the family told", () => {
	let fake: FakeLlmServer;
	afterEach(async () => {
		await fake?.close();
	});
	const route = (req: RecordedRequest): FakeReply => {
		const ids = [...req.prompt.matchAll(/^- id: (\S+)/gm)].map((m) => m[1]);
		return { json: { chains: [{ title: "OAuth logins", sectionIds: ids.slice(0, 2) }], searchTerms: [] } };
	};
	const select = (req: RecordedRequest): FakeReply => {
		const chains = [...req.prompt.matchAll(/^Chain (\S+):/gm)].map((m) => m[1]);
		return { json: { chains, nodes: [] } };
	};
	const answer = (): FakeReply => ({ text: "Create a `CustomOAuth` constant [1], as Gitlab does [2]." });

	it("reaches the answer prompt, as the offline answer says it", async () => {
		fake = await startFakeOpenAI({ responses: [route, select, answer] });
		const llm = createLlmClient(
			{ provider: "openai", model: "local-model", baseUrl: fake.url, retryBaseMs: 10 },
			new RequestBudget(),
		);
		await ask(index(), "How do I add a new OAuth service?", { llm });
		const prompt = fake.requests.at(-1)?.prompt ?? "";
		expect(prompt).toContain("Found by the index (say this first, in your own words):");
		expect(prompt).toContain(
			"No family of services here carries “OAuth” in its names or files; below is the family “OAuth” names without “service”",
		);
	});

	it("is absent from the answer prompt of a question whose family carries its words", async () => {
		fake = await startFakeOpenAI({ responses: [route, select, answer] });
		const llm = createLlmClient(
			{ provider: "openai", model: "local-model", baseUrl: fake.url, retryBaseMs: 10 },
			new RequestBudget(),
		);
		await ask(index(), "How do I add a new searcher?", { llm });
		expect(fake.requests.at(-1)?.prompt ?? "").not.toContain("Found by the index");
	});
});
