import { cpSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { patternSubject } from "../../src/pipeline/pattern/question.js";
import {
	indexForSuite,
	openFixtureIndex,
	openIndexOf,
	openIndexWithTrunks,
	readThenClose,
	withIndexOf,
} from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/** The Nest controller and its fetch client of the discovery examples. */
const NEST_HTTP = resolve(fileURLToPath(new URL("../../../examples/discovery/nest-http", import.meta.url)));

describe("patternSubject", () => {
	it("finds the noun a 'how do I add a new X' question asks for", () => {
		expect(patternSubject("How do you add a new service in Acme?")).toBe("service");
		expect(patternSubject("How do I create a new database model?")).toBe("database model");
		expect(patternSubject("how would one write another exporter for the CLI")).toBe("exporter");
		expect(patternSubject("What are the steps to register a new payment provider?")).toBe("payment provider");
	});

	it("reads the gerund, 'what would I have to write to add …' and 'a new kind of X'", () => {
		expect(patternSubject("What is the convention for adding a new kind of background job?")).toBe(
			"background job",
		);
		expect(patternSubject("What would I have to write to add a new email provider?")).toBe("email provider");
		expect(patternSubject("Describe the process for creating a new type of report")).toBe("report");
		expect(patternSubject("What happens when a user creates a new channel?")).toBeNull();
		expect(patternSubject("Where is adding a new member to a team handled?")).toBeNull();
	});

	it("reads the developer's own question wherever 'add a new X' stands, but not a clause of something happening", () => {
		expect(patternSubject("Where would I add a new payment provider?")).toBe("payment provider");
		expect(patternSubject("Which files do I touch to add a new setting?")).toBe("setting");
		expect(patternSubject("What do I need to implement to support a new storage backend?")).toBe(
			"storage backend",
		);
		expect(patternSubject("If I wanted to add a new notification channel, what would I change?")).toBe(
			"notification channel",
		);
		expect(patternSubject("How can I extend the editor with a new tool?")).toBe("tool");
		expect(patternSubject("When you create a new channel, what happens on the server?")).toBeNull();
		expect(patternSubject("Which code runs to create a new channel?")).toBeNull();
	});

	it("reads the passive form with a verb of declaring: 'how are new X registered'", () => {
		expect(patternSubject("How are new endpoints registered in the REST API?")).toBe("endpoint");
		expect(patternSubject("How is a new hook added?")).toBe("hook");
		expect(patternSubject("how are additional REST routes defined")).toBe("REST route");
	});

	it("leaves flow and locate questions alone", () => {
		expect(patternSubject("How are new messages sent?")).toBeNull();
		expect(patternSubject("Where is a new room created?")).toBeNull();
		expect(patternSubject("How do services start?")).toBeNull();
		expect(patternSubject("How are new rooms created?")).toBeNull();
	});
});

/** Three services of one base, created and registered in one startup function; the base exported from its package. */
function serviceRepo(): string {
	const service = (name: string, topic: string) =>
		[
			'import { ServiceBase } from "@acme/core";',
			`export interface I${name}Service {`,
			`\t${topic}(id: string): Promise<void>;`,
			"}",
			`export class ${name}Service extends ServiceBase implements I${name}Service {`,
			`\tprotected name = "${topic}";`,
			`\tasync ${topic}(id: string): Promise<void> {`,
			"\t\tawait this.log(id);",
			"\t}",
			"}",
		].join("\n");
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*", "apps/*"] }',
			"packages/core/package.json": '{ "name": "@acme/core", "main": "src/index.ts" }',
			"packages/core/src/base.ts": [
				"export abstract class ServiceBase {",
				"\tprotected abstract name: string;",
				"\tasync log(text: string): Promise<void> {",
				"\t\tconsole.log(this.name, text);",
				"\t}",
				"}",
				"export const api = {",
				"\tservices: [] as ServiceBase[],",
				"\tregisterService(service: ServiceBase): void {",
				"\t\tapi.services.push(service);",
				"\t},",
				"};",
			].join("\n"),
			"packages/core/src/index.ts":
				'export { ServiceBase, api } from "./base";\nexport { BaseModel, registerModel } from "./model";\n',
			"packages/core/src/model.ts": [
				"export abstract class BaseModel {",
				"\tconstructor(protected collection: string) {}",
				"}",
				"const models = new Map<string, BaseModel>();",
				"export function registerModel(name: string, model: BaseModel): void {",
				"\tmodels.set(name, model);",
				"}",
			].join("\n"),
			...Object.fromEntries(
				["Users", "Rooms", "Messages"].flatMap((m) => [
					[
						`apps/server/src/models/raw/${m}.ts`,
						`import { BaseModel } from "@acme/core";\nexport class ${m}Raw extends BaseModel {\n\tconstructor() {\n\t\tsuper("${m.toLowerCase()}");\n\t}\n}\n`,
					],
					[
						`apps/server/src/models/${m}.ts`,
						`import { registerModel } from "@acme/core";\nimport { ${m}Raw } from "./raw/${m}";\nregisterModel("I${m}Model", new ${m}Raw());\n`,
					],
				]),
			),
			"apps/server/src/models/startup.ts": "import './Users';\nimport './Rooms';\nimport './Messages';\n",
			"apps/server/src/tools/tool.ts": "export interface ChatTool {\n\trun(input: string): string;\n}\n",
			...Object.fromEntries(
				["Search", "Summary", "Translate"].map((t) => [
					`apps/server/src/tools/${t.toLowerCase()}.tool.ts`,
					`import type { ChatTool } from "./tool";\nexport class ${t}Tool implements ChatTool {\n\trun(input: string): string {\n\t\treturn input;\n\t}\n}\n`,
				]),
			),
			"apps/server/src/tools/list.ts": [
				'import { SearchTool } from "./search.tool";',
				'import { SummaryTool } from "./summary.tool";',
				'import { TranslateTool } from "./translate.tool";',
				"export const toolList = [",
				"\tSearchTool,",
				"\tSummaryTool,",
				"\tTranslateTool,",
				"];",
			].join("\n"),
			"apps/server/package.json": '{ "name": "@acme/server", "dependencies": { "@acme/core": "*" } }',
			"apps/server/src/services/mail/service.ts": service("Mail", "sendMail"),
			"apps/server/src/services/room/service.ts": service("Room", "createRoom"),
			"apps/server/src/services/user/service.ts": service("User", "saveUser"),
			"apps/server/src/startup.ts": [
				'import { api } from "@acme/core";',
				'import { MailService } from "./services/mail/service";',
				'import { RoomService } from "./services/room/service";',
				'import { UserService } from "./services/user/service";',
				"export function registerAllServices(): void {",
				"\tapi.registerService(new MailService());",
				"\tapi.registerService(new RoomService());",
				"\tapi.registerService(new UserService());",
				"}",
			].join("\n"),
		},
		"codeask-pattern-",
	);
}

describe("the answer to a pattern question", () => {
	const index = indexForSuite(() => openIndexOf(serviceRepo()), 60_000);

	it("tells the shape the existing members share: base, package entry, example, contract, creation and registration", async () => {
		const result = await ask(index(), "How do I add a new service?");
		const body = result.answer;
		expect(body).toContain(
			"A new service takes the shape of the 3 classes that extend the class `ServiceBase`",
		);
		expect(body).toMatch(/Import it from its package's entry `packages\/core\/src\/index\.ts` \[\d+\]/);
		expect(body).toMatch(/Declare the contract, as `I(Mail|Room|User)Service` does/);
		expect(body).toMatch(
			/is created in `registerAllServices` \(`apps\/server\/src\/startup\.ts`\) \[\d+\] \(which creates all 3\) and registered with `api\.registerService`/,
		);
		expect(body).toMatch(
			/Create `(Mail|Room|User)Service` in `registerAllServices`.*: `api\.registerService\(new (Mail|Room|User)Service\(\)\);`/,
		);
		expect(body).toContain("**Other examples**");
		// Every citation holds what it names: nothing was dropped, and the creation line is cited.
		expect(result.droppedCitations).toBe(0);
		const files = result.citations.map((c) => `${c.file}:${c.startLine}`);
		expect(files).toEqual(
			expect.arrayContaining(["packages/core/src/base.ts:1", "packages/core/src/index.ts:1"]),
		);
		expect(files.some((f) => /^apps\/server\/src\/startup\.ts:[678]$/.test(f))).toBe(true);
	});

	it("leads the answer stage's material with the family: the base, the example, its contract and where it is registered", async () => {
		const result = await ask(index(), "How do I add a new service?", { measureMaterial: true });
		const first = (result.trace?.read ?? []).slice(0, 6).map((r) => r.defId);
		expect(first).toEqual(
			expect.arrayContaining([
				"packages/core/src/base.ts#ServiceBase",
				"apps/server/src/startup.ts#registerAllServices",
				expect.stringMatching(/^apps\/server\/src\/services\/\w+\/service\.ts#I\w+Service$/),
			]),
		);
		const flow = await ask(index(), "How does the mail service send mail?", { measureMaterial: true });
		expect(flow.trace?.read[0]?.defId).not.toBe("packages/core/src/base.ts#ServiceBase");
	});

	it("tells where a member created at a module's top level is loaded: the file importing the creating files", async () => {
		const result = await ask(index(), "How do I create a new model?");
		const body = result.answer;
		expect(body).toContain("A new model takes the shape of the 3 classes that extend the class `BaseModel`");
		expect(body).toMatch(
			/is created at the top level of `apps\/server\/src\/models\/(Users|Rooms|Messages)\.ts` \[\d+\] \(as 3 of the 3 are, each in its own file of `apps\/server\/src\/models`\) and registered with `registerModel`\./,
		);
		expect(body).toMatch(
			/`apps\/server\/src\/models\/startup\.ts` imports 3 of those files, which is what runs it \[\d+\]/,
		);
		expect(body).toMatch(
			/Import its file where the others are imported, in `apps\/server\/src\/models\/startup\.ts` \[\d+\]: `import '\.\/(Users|Rooms|Messages)';`/,
		);
		expect(result.droppedCitations).toBe(0);
	});

	it("tells where members nothing creates with `new` are listed for the framework that creates them", async () => {
		const result = await ask(index(), "How do I add a new chat tool?");
		expect(result.answer).toContain(
			"A new chat tool takes the shape of the 3 classes that implement the interface `ChatTool`",
		);
		expect(result.answer).toMatch(
			/Nothing creates them with `new`: `(Search|Summary|Translate)Tool` is listed in `toolList` \(`apps\/server\/src\/tools\/list\.ts`\) \[\d+\], as 3 of the 3 are\./,
		);
		expect(result.answer).toMatch(/List it where the others are: .*: `(Search|Summary|Translate)Tool,`/);
		expect(result.droppedCitations).toBe(0);
	});

	it("answers with the flow when the code has no family of the noun, or the question asks no pattern", async () => {
		const widget = await ask(index(), "How do I add a new widget?");
		expect(widget.answer).not.toContain("takes the shape of");
		const flow = await ask(index(), "How does the mail service send mail?");
		expect(flow.answer).not.toContain("takes the shape of");
	});
});

describe("the answer to a pattern question about keyed registrations", () => {
	const index = indexForSuite(openFixtureIndex, 120_000);

	it("shows one registration of the trunk the noun names, its handler, a dispatch of the same key and the busiest files", async () => {
		const result = await ask(index(), "How do I add a new REST endpoint?");
		const body = result.answer;
		expect(body).toMatch(
			/A new REST endpoint is registered the way the \d+ endpoints of this code are \(`rest` keys, in \d+ files\)/,
		);
		expect(body).toMatch(
			/1\. Register the key, as `apps\/server\/src\/api\/v1\/\w+\.ts` does for `[^`]+` \[\d+\]: `Api\.addRoute\(/,
		);
		expect(body).toMatch(/`ApiClass\.addRoute` does the registering \[\d+\]\./);
		expect(body).toMatch(/2\. Write its handler, as the `(get|post)` (handler|callback)/);
		expect(body).toMatch(
			/3\. Dispatch it by the key, as `apps\/client\/[^`]+` does \[\d+\]: `[^`]*useEndpoint\(/,
		);
		expect(body).toContain("**Other files that register endpoints**");
		expect(result.droppedCitations).toBe(0);
	});

	it("answers the passive form the same way when its noun names keyed registrations", async () => {
		const result = await ask(index(), "How are new endpoints registered in the REST API?");
		expect(result.answer).toMatch(
			/A new endpoint is registered the way the \d+ endpoints of this code are \(`rest` keys/,
		);
		expect(result.droppedCitations).toBe(0);
	});

	it("takes a passive question whose noun names no keyed family as a flow question", async () => {
		const result = await ask(index(), "How are new users added?");
		expect(result.answer).not.toMatch(/is registered the way the \d+/);
		expect(result.answer).not.toContain("takes the shape of");
	});

	it("takes the trunk whose keys the question's words name: a server method is no service method", async () => {
		const result = await ask(index(), "How do I add a new server method?");
		expect(result.answer).toMatch(/the \d+ server methods of this code are \(`meteor-method` keys/);
	});
});

describe("the answer to a pattern question about decorated handlers", () => {
	it("quotes the decorator that registers a Nest route, the handler's own line, the module listing its class and the client's call", async () => {
		// The example with a Nest module listing its controller, indexed as `codeask index` does with no preset.
		const repo = repoWith(
			{
				"api/src/app.module.ts": [
					'import { Module } from "@nestjs/common";',
					'import { ArticlesController } from "./posts.controller";',
					"@Module({",
					"\tcontrollers: [ArticlesController],",
					"})",
					"export class AppModule {}",
				].join("\n"),
			},
			"codeask-pattern-nest-",
		);
		cpSync(NEST_HTTP, repo, { recursive: true });
		await readThenClose(await openIndexWithTrunks(repo), async (index) => {
			const { answer } = await ask(index, "How do I add a new endpoint?");
			expect(answer).toMatch(
				/registered the way the 5 endpoints of this code are \(`http-route` keys, in 1 file\)/,
			);
			expect(answer).toMatch(
				/1\. Register the key, as `api\/src\/posts\.controller\.ts` does for `GET \/posts`.*: `@Get\("\/"\)`/,
			);
			expect(answer).toMatch(
				/2\. Write its handler, as `ArticlesController\.listPosts` \[\d+\]: `listPosts\(@Query\("week"\) week: string\) \{`/,
			);
			expect(answer).toMatch(
				/3\. List its class where the others are, as `AppModule` lists `ArticlesController` \[\d+\]: `controllers: \[ArticlesController\],`/,
			);
			expect(answer).toMatch(/4\. Dispatch it by the key, as `web\/src\/posts\.ts` does/);
		});
	}, 60_000);
});

describe("the answer to a pattern question about routes registered at a file's top level", () => {
	it("tells the file that imports the route files: a new one runs only once it is imported there", async () => {
		const routes = (area: string, verbs: string[]) =>
			[
				'import { router } from "../router";',
				...verbs.map(
					(v) => `router.post("/${area}/${v}", async (req, res) => {\n\tres.json({ ${v}: req.body });\n});`,
				),
			].join("\n");
		const repo = repoWith(
			{
				"package.json": '{ "name": "notes", "private": true, "dependencies": { "express": "^4.0.0" } }',
				"server/router.ts": 'import express from "express";\nexport const router = express.Router();\n',
				"server/routes/documents.ts": routes("documents", ["create", "update", "delete"]),
				"server/routes/shares.ts": routes("shares", ["create", "revoke"]),
				"server/routes/users.ts": routes("users", ["invite", "remove"]),
				"server/routes/index.ts": [
					'import "./documents";',
					'import "./shares";',
					'import "./users";',
					'export { router } from "../router";',
				].join("\n"),
				"server/app.ts": [
					'import express from "express";',
					'import { router } from "./routes";',
					"const app = express();",
					'app.use("/", router);',
				].join("\n"),
				"web/documents.ts": [
					"export async function createDocument(title: string) {",
					'\treturn fetch("/documents/create", { method: "POST", body: JSON.stringify({ title }) });',
					"}",
				].join("\n"),
			},
			"codeask-pattern-loaded-",
		);
		await readThenClose(await openIndexWithTrunks(repo), async (index) => {
			const { answer } = await ask(index, "How do I add a new endpoint?");
			expect(answer).toMatch(/1\. Register the key, as `server\/routes\/documents\.ts` does/);
			expect(answer).toMatch(
				/Import its file where the others are imported: `server\/routes\/index\.ts` imports 3 of the files that register endpoints \[\d+\]: `import "\.\/documents";`/,
			);
		});
	}, 60_000);
});

describe("the answer to a pattern question about a monorepo's packages", () => {
	it("tells the workspace folders, the smallest complete package, its manifest, config and entry, and the build task", async () => {
		const pkg = (name: string, extra = "") => ({
			[`packages/${name}/package.json`]: JSON.stringify(
				{
					name: `@acme/${name}`,
					version: "1.0.0",
					main: "src/index.ts",
					scripts: { build: "tsc", lint: "biome check ." },
				},
				null,
				2,
			),
			[`packages/${name}/tsconfig.json`]: JSON.stringify(
				{ extends: "../../tsconfig.base.json", include: ["src"] },
				null,
				2,
			),
			[`packages/${name}/src/index.ts`]: `export function ${name}Version(): string {\n\treturn "1";\n}\n${extra}`,
		});
		const repo = repoWith(
			{
				"package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }, null, 2),
				"tsconfig.base.json": JSON.stringify({ compilerOptions: { strict: true } }, null, 2),
				"turbo.json": JSON.stringify({ tasks: { build: { dependsOn: ["^build"] }, lint: {} } }, null, 2),
				...pkg("small"),
				...pkg("large", "export function one() {}\nexport function two() {}\nexport function three() {}\n"),
				...pkg("medium", "export function one() {}\n"),
			},
			"codeask-pattern-workspace-",
		);
		await withIndexOf(repo, async (index) => {
			const { answer, droppedCitations } = await ask(index, "How do I add a new package?");
			expect(answer).toContain(
				"A new package is a folder of the monorepo like the 3 that exist, under a workspace folder the root lists (`packages/*` in `package.json`).",
			);
			expect(answer).toMatch(/The smallest that shows the whole shape is `@acme\/small` \[\d+\]\./);
			expect(answer).toMatch(
				/a `tsconfig\.json` extending `tsconfig\.base\.json` \[\d+\] \(as 3 of the 3 do\)/,
			);
			expect(answer).toMatch(/Give it the scripts the others have \[\d+\]: `"build": "tsc",`/);
			expect(answer).toMatch(
				/Export its code from `packages\/small\/src\/index\.ts` \[\d+\]: `export function smallVersion\(\): string \{`/,
			);
			expect(answer).toMatch(/The build runs it with the rest: `tasks\.build` in `turbo\.json` \[\d+\]/);
			expect(droppedCitations).toBe(0);
		});
	}, 60_000);
});

describe("the answer to a pattern question about a monorepo of client and server packages", () => {
	it("takes the smallest package extending a shared base as the example, and tells the commoner base too", async () => {
		const pkg = (name: string, base: string, defs: number) => ({
			[`packages/${name}/package.json`]: JSON.stringify(
				{ name: `@acme/${name}`, main: "src/index.ts", scripts: { build: "tsc" } },
				null,
				2,
			),
			[`packages/${name}/tsconfig.json`]: JSON.stringify(
				{ extends: `../../${base}`, include: ["src"] },
				null,
				2,
			),
			[`packages/${name}/src/index.ts`]: Array.from(
				{ length: defs },
				(_, i) => `export function ${name}${i}(): string {\n\treturn "${i}";\n}\n`,
			).join(""),
		});
		const repo = repoWith(
			{
				"package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }, null, 2),
				"tsconfig.base.server.json": JSON.stringify({ compilerOptions: { strict: true } }, null, 2),
				"tsconfig.base.client.json": JSON.stringify({ compilerOptions: { jsx: "react-jsx" } }, null, 2),
				"tsconfig.odd.json": JSON.stringify({ compilerOptions: { strict: false } }, null, 2),
				"turbo.json": JSON.stringify({ tasks: { build: { dependsOn: ["^build"] } } }, null, 2),
				// The one package extending a config no other extends is no template, however small.
				...pkg("odd", "tsconfig.odd.json", 1),
				...pkg("tiny", "tsconfig.base.client.json", 2),
				...pkg("web", "tsconfig.base.client.json", 5),
				...pkg("jobs", "tsconfig.base.server.json", 3),
				...pkg("mail", "tsconfig.base.server.json", 4),
				...pkg("api", "tsconfig.base.server.json", 6),
			},
			"codeask-pattern-workspace-bases-",
		);
		await withIndexOf(repo, async (index) => {
			const { answer, droppedCitations } = await ask(index, "How do I add a new package?");
			expect(answer).toMatch(/The smallest that shows the whole shape is `@acme\/tiny` \[\d+\]\./);
			expect(answer).toMatch(
				/a `tsconfig\.json` extending `tsconfig\.base\.client\.json` \[\d+\] \(as 2 of the 6 do\), and its code from `packages\/tiny\/src\/index\.ts` \[\d+\]/,
			);
			expect(answer).toMatch(
				/Extend the shared TypeScript config in its `tsconfig\.json` \[\d+\]: .*; 3 extend `tsconfig\.base\.server\.json` instead/,
			);
			expect(droppedCitations).toBe(0);
		});
	}, 60_000);

	it("keeps the package extending the commonest base as the example when no base is shared", async () => {
		const manifest = (name: string) =>
			JSON.stringify({ name: `@acme/${name}`, main: "src/index.ts", scripts: { build: "tsc" } }, null, 2);
		const entry = (name: string, defs: number) =>
			Array.from({ length: defs }, (_, i) => `export const ${name}${i} = ${i};\n`).join("");
		const repo = repoWith(
			{
				"package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }, null, 2),
				"packages/kernel/package.json": manifest("kernel"),
				"packages/kernel/tsconfig.base.json": JSON.stringify({ compilerOptions: { strict: true } }, null, 2),
				"packages/kernel/tsconfig.json": JSON.stringify({ extends: "./tsconfig.base.json" }, null, 2),
				"packages/kernel/src/index.ts": entry("kernel", 4),
				"packages/cli/package.json": manifest("cli"),
				"packages/cli/src/index.ts": entry("cli", 1),
				"packages/agent/package.json": manifest("agent"),
				"packages/agent/src/index.ts": entry("agent", 2),
			},
			"codeask-pattern-workspace-local-",
		);
		await withIndexOf(repo, async (index) => {
			const { answer } = await ask(index, "How do I add a new package?");
			expect(answer).toMatch(/The smallest that shows the whole shape is `@acme\/kernel` \[\d+\]\./);
			expect(answer).toMatch(/Extend the shared TypeScript config in its `tsconfig\.json` \[\d+\]/);
			expect(answer).not.toContain(" instead");
		});
	}, 60_000);
});

describe("the answer to a pattern question about a family of instances", () => {
	it("tells the class every member is an instance of, an exported constant as the example and the list it is handed to", async () => {
		const handler = (name: string) =>
			[
				'import { ShippingRule } from "../shipping-rule";',
				`export const ${name}Rule = new ShippingRule({`,
				`\tcode: "${name}",`,
				"\tapplies: (weight: number) => weight > 0,",
				"});",
			].join("\n");
		const repo = repoWith(
			{
				"package.json": '{ "name": "shop", "private": true }',
				"src/shipping/shipping-rule.ts": [
					"export interface ShippingRuleConfig {",
					"\tcode: string;",
					"\tapplies: (weight: number) => boolean;",
					"}",
					"export class ShippingRule {",
					"\tconstructor(readonly config: ShippingRuleConfig) {}",
					"\ttest(weight: number): boolean {",
					"\t\treturn this.config.applies(weight);",
					"\t}",
					"}",
				].join("\n"),
				"src/shipping/rules/flat.ts": handler("flat"),
				"src/shipping/rules/heavy.ts": handler("heavy"),
				"src/shipping/rules/free.ts": handler("free"),
				"src/shipping/defaults.ts": [
					'import { flatRule } from "./rules/flat";',
					'import { freeRule } from "./rules/free";',
					'import { heavyRule } from "./rules/heavy";',
					"export const defaultShippingRules = [flatRule, freeRule, heavyRule];",
				].join("\n"),
				"src/shipping/select.ts": [
					'import { defaultShippingRules } from "./defaults";',
					"export function eligibleRules(weight: number): string[] {",
					"\treturn defaultShippingRules.filter((r) => r.test(weight)).map((r) => r.config.code);",
					"}",
				].join("\n"),
			},
			"codeask-pattern-instances-",
		);
		await withIndexOf(repo, async (index) => {
			const { answer, droppedCitations } = await ask(index, "How do I add a new shipping rule?");
			expect(answer).toMatch(
				/A new shipping rule is an instance of the class `ShippingRule` \(`src\/shipping\/shipping-rule\.ts`\) \[\d+\]: 3 exported constants create one with `new ShippingRule\(…\)`/,
			);
			expect(answer).toMatch(
				/2\. Export a constant created with it, as `(flat|free|heavy)Rule` does \[\d+\]: `export const/,
			);
			expect(answer).toMatch(
				/3\. List it where the others are: `(flat|free|heavy)Rule` is listed in `defaultShippingRules` \(`src\/shipping\/defaults\.ts`\) \[\d+\]/,
			);
			expect(droppedCitations).toBe(0);
		});
	}, 60_000);
});
