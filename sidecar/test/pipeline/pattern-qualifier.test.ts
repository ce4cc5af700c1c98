/**
 * A pattern question's qualifiers decide between families sharing its head noun: "a new OAuth
 * service" asks for the OAuth services (members of `CustomOAuth` in `oauth/`), not the core services
 * extending `ServiceClass` that the head noun alone names, though the vocabulary folds "OAuth" into
 * "auth" and a core `AuthorizationService` carries that. A qualifier no family carries is said
 * before the head noun's family is told.
 */
import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { patternFamily } from "../../src/pipeline/pattern/family.js";
import { carriesWord, qualifiersOf } from "../../src/pipeline/pattern/qualifier.js";
import { unmetNote } from "../../src/pipeline/pattern/unmet.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const CORE = ["Authorization", "Rooms", "Users", "Messages", "Teams"];
const OAUTH = ["Google", "Gitlab", "Github"];

function servicesRepo(): string {
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true }',
			"src/core/ServiceClass.ts": [
				"/** A core service: started with the server, reached through the broker. */",
				"export abstract class ServiceClass {",
				"\tprotected name = '';",
				"\tstarted(): void {}",
				"}",
			].join("\n"),
			...Object.fromEntries(
				CORE.map((n) => [
					`src/services/${n.toLowerCase()}/service.ts`,
					[
						'import { ServiceClass } from "../../core/ServiceClass";',
						`export class ${n}Service extends ServiceClass {`,
						`\tprotected name = "${n.toLowerCase()}";`,
						`\tfind${n}(id: string): string {`,
						"\t\treturn id;",
						"\t}",
						"}",
					].join("\n"),
				]),
			),
			"src/services/startup.ts": [
				...CORE.map((n) => `import { ${n}Service } from "./${n.toLowerCase()}/service";`),
				"export function registerAllServices(): unknown[] {",
				`\treturn [${CORE.map((n) => `new ${n}Service()`).join(", ")}];`,
				"}",
			].join("\n"),
			"src/oauth/CustomOAuth.ts": [
				"/** A login through an external OAuth server: its URLs and the identity it returns. */",
				"export class CustomOAuth {",
				"\tconstructor(readonly serverURL: string) {}",
				"\tgetIdentity(token: string): string {",
				"\t\treturn `${this.serverURL}/${token}`;",
				"\t}",
				"}",
			].join("\n"),
			...Object.fromEntries(
				OAUTH.map((n) => [
					`src/oauth/${n.toLowerCase()}.ts`,
					[
						'import { CustomOAuth } from "./CustomOAuth";',
						`export class ${n}OAuthService extends CustomOAuth {`,
						"\tconstructor() {",
						`\t\tsuper("https://${n.toLowerCase()}.example");`,
						"\t}",
						"}",
					].join("\n"),
				]),
			),
			"src/oauth/index.ts": [
				...OAUTH.map((n) => `import { ${n}OAuthService } from "./${n.toLowerCase()}";`),
				"export function loginServices(): unknown[] {",
				`\treturn [${OAUTH.map((n) => `new ${n}OAuthService()`).join(", ")}];`,
				"}",
			].join("\n"),
			"src/audit/log.ts": [
				"/** Write one audit entry for a change made by an administrator. */",
				"export function addAuditEntry(actor: string, change: string): string {",
				"\treturn `${actor}: ${change}`;",
				"}",
			].join("\n"),
		},
		"codeask-qualifier-",
	);
}

describe("the qualifiers of a pattern question's noun", () => {
	it("are the words before the head, as written, less those the vocabulary relates to the head", () => {
		const words = (subject: string) =>
			qualifiersOf(subject, analyzeQuestion(subject).concepts).map((q) => q.word);
		expect(words("OAuth service")).toEqual(["OAuth"]);
		expect(words("omnichannel routing method")).toEqual(["omnichannel", "routing"]);
		expect(words("service")).toEqual([]);
		// "Database" says what a model is, not which one.
		expect(words("database model")).toEqual([]);
	});

	it("meet a name or path by its parts, joined as the code writes them, not by the vocabulary's folding", () => {
		const [oauth] = qualifiersOf("OAuth service", analyzeQuestion("OAuth service").concepts);
		if (!oauth) throw new Error("no qualifier");
		expect(carriesWord(oauth, "AppleCustomOAuth")).toBe(true);
		expect(carriesWord(oauth, "apps/meteor/app/custom-oauth/server/lib.ts")).toBe(true);
		expect(carriesWord(oauth, "AuthorizationService")).toBe(false);
	});
});

describe("a pattern question whose qualifier picks one of two families sharing its head", () => {
	const index = indexForSuite(() => openIndexOf(servicesRepo()), 60_000);

	it("answers the head noun alone with the larger family, as before", () => {
		const family = patternFamily(index(), "How do I add a new service?");
		expect(family?.kind === "class" && family.base.name).toBe("ServiceClass");
	});

	it("answers 'a new OAuth service' with the family carrying OAuth, though its base does not hold 'service'", async () => {
		const family = patternFamily(index(), "How do I add a new OAuth service?");
		expect(family?.kind === "class" && family.base.name).toBe("CustomOAuth");
		const result = await ask(index(), "How do I add a new OAuth service?");
		expect(result.answer).toContain("the 3 classes that extend the class `CustomOAuth`");
		expect(result.answer).not.toContain("ServiceClass");
	});

	it("says which qualifier no family carries, then answers with the family the head noun alone names", async () => {
		const family = patternFamily(index(), "How do I add a new audit service?");
		expect(family?.kind).toBe("unmet");
		if (family?.kind !== "unmet") return;
		expect(family.missing).toEqual(["audit"]);
		expect(unmetNote(family)).toBe(
			"No family of services here carries “audit” in its names or files; below is the family “service” alone names: the 5 classes extending `ServiceClass`.",
		);
		const result = await ask(index(), "How do I add a new audit service?");
		expect(result.answer).toMatch(/^\*\*Question:\*\* .*\n\nNo family of services here carries “audit”/);
		expect(result.answer).toContain("takes the shape of the 5 classes that extend the class `ServiceClass`");
	});

	it("still answers a qualifier the code never writes with the head noun's family, said first", async () => {
		const result = await ask(index(), "Where would I add a new payment service?");
		expect(result.abstained).toBe(false);
		expect(result.answer).toContain("No family of services here carries “payment”");
	});
});
