/**
 * Pattern answers where the shape is one level removed from the noun: a job registered as a property
 * of the object handed to a worker's constructor (the registering and dispatching calls are found
 * around the key, not on its line), and a provider created by its own handler, the handlers by a
 * factory (the handler family is how a new provider is plugged in).
 */
import { describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import type { TrunkConfig } from "../../src/trunks/index.js";
import { indexForSuite, openIndexOf, trunkOptions } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/** Zero configuration, as `codeask index` runs on a repository without a preset: idioms discovered. */
const DISCOVER: TrunkConfig = { extends: [], presets: [], discover: true };

async function indexOf(repo: string): Promise<IndexReader> {
	return openIndexOf(repo, trunkOptions(DISCOVER));
}

const JOBS = ["sendEmail", "resizeImage", "purgeCache"];

function workerRepo(): string {
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*", "apps/*"] }',
			"packages/redis-worker/package.json": '{ "name": "@acme/redis-worker", "main": "src/index.ts" }',
			"packages/redis-worker/src/index.ts": [
				"type Job = (item: { payload: unknown }) => Promise<void>;",
				"export class Worker {",
				"\tprivate queue: { job: string; payload: unknown }[] = [];",
				"\tconstructor(private options: { name: string; catalog: Record<string, { retry: { maxAttempts: number } }>; jobs: Record<string, Job> }) {}",
				"\tasync enqueue(item: { id?: string; job: string; payload: unknown }): Promise<void> {",
				"\t\tthis.queue.push(item);",
				"\t}",
				"\tasync processItem(): Promise<void> {",
				"\t\tconst item = this.queue.shift();",
				"\t\tif (item) await this.options.jobs[item.job]?.({ payload: item.payload });",
				"\t}",
				"}",
			].join("\n"),
			"apps/web/package.json": '{ "name": "@acme/web", "dependencies": { "@acme/redis-worker": "*" } }',
			"apps/web/src/worker.ts": [
				'import { Worker as RedisWorker } from "@acme/redis-worker";',
				"",
				"export function initializeWorker() {",
				'\tconsole.log("starting the worker");',
				"\tconst worker = new RedisWorker({",
				'\t\tname: "app-worker",',
				"\t\tcatalog: {",
				...JOBS.map((j) => `\t\t\t${j}: {\n\t\t\t\tretry: { maxAttempts: 3 },\n\t\t\t},`),
				"\t\t},",
				"\t\tjobs: {",
				...JOBS.map(
					(j) => `\t\t\t${j}: async ({ payload }) => {\n\t\t\t\tconsole.log("${j}", payload);\n\t\t\t},`,
				),
				"\t\t},",
				"\t});",
				"\treturn worker;",
				"}",
				"export const worker = initializeWorker();",
			].join("\n"),
			...Object.fromEntries(
				JOBS.map((j) => [
					`apps/web/src/app/${j}.ts`,
					[
						'import { worker } from "../worker";',
						`export async function ${j}Later(payload: unknown) {`,
						"\tawait worker.enqueue({",
						`\t\tid: "${j}-1",`,
						`\t\tjob: "${j}",`,
						"\t\tpayload,",
						"\t});",
						"}",
					].join("\n"),
				]),
			),
		},
		"codeask-plugged-jobs-",
	);
}

const PROVIDERS = ["Acme", "Beta", "Gamma", "Delta", "Omega"];

function providerRepo(): string {
	const handler = (p: string, creates: string[]) =>
		[
			`import { ${creates.map((c) => `${c}MailProvider`).join(", ")} } from "@acme/providers";`,
			'import { BaseHandler } from "./base.handler";',
			`export class ${p}Handler extends BaseHandler {`,
			"\tbuildProvider(kind: string) {",
			...creates.map((c) => `\t\tif (kind === "${c.toLowerCase()}") this.provider = new ${c}MailProvider();`),
			"\t}",
			"}",
		].join("\n");
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*", "libs/*"] }',
			"packages/providers/package.json": '{ "name": "@acme/providers", "main": "src/index.ts" }',
			"packages/providers/src/provider.interface.ts": [
				"export interface IEmailProvider {",
				"\tsendMessage(to: string, text: string): Promise<void>;",
				"}",
			].join("\n"),
			...Object.fromEntries(
				PROVIDERS.map((p) => [
					`packages/providers/src/email/${p.toLowerCase()}.provider.ts`,
					[
						'import type { IEmailProvider } from "../provider.interface";',
						`export class ${p}MailProvider implements IEmailProvider {`,
						"\tasync sendMessage(to: string, text: string): Promise<void> {",
						`\t\tconsole.log("${p}", to, text);`,
						"\t}",
						"}",
					].join("\n"),
				]),
			),
			"packages/providers/src/index.ts": [
				'export type { IEmailProvider } from "./provider.interface";',
				...PROVIDERS.map((p) => `export { ${p}MailProvider } from "./email/${p.toLowerCase()}.provider";`),
			].join("\n"),
			"libs/mail/package.json": '{ "name": "@acme/mail", "dependencies": { "@acme/providers": "*" } }',
			"libs/mail/src/handlers/base.handler.ts": [
				'import type { IEmailProvider } from "@acme/providers";',
				"export abstract class BaseHandler {",
				"\tprotected provider: IEmailProvider | undefined;",
				"\tasync send(to: string, text: string) {",
				"\t\tawait this.provider?.sendMessage(to, text);",
				"\t}",
				"}",
			].join("\n"),
			// Each provider's own handler creates it; a demo handler creates two of the five as well.
			...Object.fromEntries(
				PROVIDERS.map((p) => [`libs/mail/src/handlers/${p.toLowerCase()}.handler.ts`, handler(p, [p])]),
			),
			"libs/mail/src/handlers/demo.handler.ts": handler("Demo", ["Acme", "Beta"]),
			"libs/mail/src/mail.factory.ts": [
				...[...PROVIDERS, "Demo"].map(
					(p) => `import { ${p}Handler } from "./handlers/${p.toLowerCase()}.handler";`,
				),
				"export class MailFactory {",
				"\thandlers = [",
				...[...PROVIDERS, "Demo"].map((p) => `\t\tnew ${p}Handler(),`),
				"\t];",
				"}",
			].join("\n"),
		},
		"codeask-plugged-providers-",
	);
}

describe("a pattern answer for keys written in an object handed to a call", () => {
	const index = indexForSuite(() => indexOf(workerRepo()), 60_000);

	it("reads 'the convention for adding a new kind of X' as a pattern question", async () => {
		const result = await ask(index(), "What is the convention for adding a new kind of background job?");
		// No job carries "background": said first, then the jobs are told as the head noun's family.
		expect(result.answer).toContain("No family of jobs here carries “background” in its names or files");
		expect(result.answer).toMatch(/A new job is registered the way the 3 \w+ of this code are/);
	});

	it("names the class whose constructor takes the keys, and the method the other end hands its key to", async () => {
		const result = await ask(index(), "What is the convention for adding a new kind of background job?");
		const cited = (symbol: string) =>
			result.citations.find((c) => c.symbol === symbol && c.file === "packages/redis-worker/src/index.ts");
		expect(result.answer).toMatch(/`Worker` does the registering \[\d+\]\./);
		expect(result.answer).toMatch(/through `Worker\.enqueue` \[\d+\]/);
		expect(cited("Worker")?.startLine).toBe(2);
		expect(cited("Worker.enqueue")?.startLine).toBe(5);
		expect(result.droppedCitations).toBe(0);
	});

	it("tells the key's other entry in the object the same call takes (its settings beside its handler)", async () => {
		const result = await ask(index(), "What is the convention for adding a new kind of background job?");
		const step =
			/\d\. Describe it where the same call describes the others, as `apps\/web\/src\/worker\.ts` does for `(\w+)` \[(\d+)\]: `(\w+): \{`/.exec(
				result.answer,
			);
		expect(step?.[1]).toBeDefined();
		expect(step?.[3]).toBe(step?.[1]);
		const entry = result.citations.find(
			(c) => c.file === "apps/web/src/worker.ts" && c.symbol === step?.[1] && c.endLine > c.startLine,
		);
		expect(entry && entry.endLine - entry.startLine).toBe(2);
	});
});

describe("a pattern answer whose members are created by a family of their own", () => {
	const index = indexForSuite(() => indexOf(providerRepo()), 60_000);

	it("reads 'what would I have to write to add a new X' as a pattern question", async () => {
		const result = await ask(index(), "What would I have to write to add a new email provider?");
		expect(result.answer).toMatch(/A new email provider takes the shape of the 5 classes that implement/);
	});

	it("creates the example in its own handler, not in a handler creating a few", async () => {
		const result = await ask(index(), "What would I have to write to add a new email provider?");
		const example = /`(\w+)MailProvider` is one \[\d+\]/.exec(result.answer)?.[1];
		expect(example).toBeDefined();
		expect(result.answer).toContain(`is created in \`${example}Handler.buildProvider\``);
	});

	it("tells the handler family that plugs the member in and the factory creating the handlers", async () => {
		const result = await ask(index(), "What would I have to write to add a new email provider?");
		expect(result.answer).toMatch(/`\w+Handler` is one of the 6 classes extending `BaseHandler` \[\d+\]/);
		expect(result.answer).toMatch(/`MailFactory` creates all 6, `\w+Handler` among them \[\d+\]/);
		expect(result.answer).toMatch(
			/\d\. Write its `\w+Handler` too, as `libs\/mail\/src\/handlers\/\w+\.handler\.ts` does/,
		);
		const factory = result.citations.find((c) => c.file === "libs/mail/src/mail.factory.ts");
		expect(factory).toBeDefined();
		expect(result.droppedCitations).toBe(0);
	});
});

const MODELS = ["Users", "Rooms", "Settings"];

/** Models registered by name and reached through typed proxies that the rest of the code imports. */
function modelRepo(): string {
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*", "apps/*"] }',
			"packages/models/package.json": '{ "name": "@acme/models", "main": "src/index.ts" }',
			"packages/models/src/base.ts":
				"export interface IModelBase {\n\tfindOne(id: string): Promise<unknown>;\n}\n",
			"packages/models/src/proxify.ts": [
				'import type { IModelBase } from "./base";',
				"const models = new Map<string, IModelBase>();",
				"export function registerModel(name: string, model: IModelBase): void {",
				"\tmodels.set(name, model);",
				"}",
				"export function proxify<T>(name: string): T {",
				"\treturn models.get(name) as T;",
				"}",
			].join("\n"),
			...Object.fromEntries(
				MODELS.map((m) => [
					`packages/models/src/I${m}Model.ts`,
					`import type { IModelBase } from "./base";\nexport interface I${m}Model extends IModelBase {\n\tcount${m}(): Promise<number>;\n}\n`,
				]),
			),
			"packages/models/src/index.ts": [
				'import { proxify } from "./proxify";',
				...MODELS.map((m) => `import type { I${m}Model } from "./I${m}Model";`),
				'export { registerModel } from "./proxify";',
				...MODELS.map((m) => `export const ${m} = proxify<I${m}Model>("I${m}Model");`),
			].join("\n"),
			// A union's cases declared side by side: variants of one type, no family to add a file to.
			"packages/models/src/ISetting.ts": [
				"export interface ISettingBase {\n\tid: string;\n}",
				...["Color", "Asset", "Action"].map(
					(v) => `export interface ISetting${v} extends ISettingBase {\n\ttype: "${v.toLowerCase()}";\n}`,
				),
			].join("\n"),
			"apps/server/package.json": '{ "name": "@acme/server", "dependencies": { "@acme/models": "*" } }',
			...Object.fromEntries(
				MODELS.flatMap((m) => [
					[
						`apps/server/src/models/raw/${m}.ts`,
						`import type { I${m}Model } from "@acme/models/src/I${m}Model";\nexport class ${m}Raw implements I${m}Model {\n\tasync findOne(id: string) {\n\t\treturn id;\n\t}\n\tasync count${m}() {\n\t\treturn 0;\n\t}\n}\n`,
					],
					[
						`apps/server/src/models/${m}.ts`,
						`import { registerModel } from "@acme/models";\nimport { ${m}Raw } from "./raw/${m}";\nregisterModel("I${m}Model", new ${m}Raw());\n`,
					],
				]),
			),
			...Object.fromEntries(
				["login", "rooms", "admin", "stats"].map((f) => [
					`apps/server/src/lib/${f}.ts`,
					`import { ${MODELS.join(", ")} } from "@acme/models";\nexport async function ${f}(id: string) {\n\treturn [await ${MODELS.map((m) => `${m}.count${m}()`).join(", await ")}, id];\n}\n`,
				]),
			),
		},
		"codeask-plugged-models-",
	);
}

describe("a pattern answer for a family reached through constants", () => {
	const index = indexForSuite(() => indexOf(modelRepo()), 60_000);

	it("takes the cases of one union, declared side by side in one file, for no family", async () => {
		const result = await ask(index(), "How do I add a new setting?");
		expect(result.answer).not.toContain("takes the shape of");
	});

	it("tells the constant other code reaches the example through, with the files using it", async () => {
		const result = await ask(index(), "How do I create a new model?");
		const step =
			/\d\. Other code reaches it through `(\w+)` in `packages\/models\/src\/index\.ts` \[\d+\], used in (\d+) files: `export const (\w+) = proxify/.exec(
				result.answer,
			);
		expect(step).not.toBeNull();
		expect(step?.[1]).toBe(step?.[3]);
		expect(Number(step?.[2])).toBe(4);
		expect(result.droppedCitations).toBe(0);
	});
});

/** Tasks scheduled by processors: a processor creating a task is its caller, not its own creator. */
function taskRepo(): string {
	const TASKS = ["DeliverWebhook", "ImportDocument", "CleanupTrash"];
	const PROCESSORS = ["Hooks", "Files", "Trash"];
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true }',
			"server/tasks/BaseTask.ts":
				"export abstract class BaseTask<T> {\n\tabstract perform(props: T): Promise<void>;\n\tschedule(props: T) {\n\t\treturn this.perform(props);\n\t}\n}\n",
			"server/processors/BaseProcessor.ts":
				"export abstract class BaseProcessor {\n\tabstract perform(event: string): Promise<void>;\n}\n",
			...Object.fromEntries(
				TASKS.map((t) => [
					`server/tasks/${t}Task.ts`,
					`import { BaseTask } from "./BaseTask";\nexport class ${t}Task extends BaseTask<{ id: string }> {\n\tasync perform(props: { id: string }) {\n\t\tconsole.log("${t}", props.id);\n\t}\n}\n`,
				]),
			),
			...Object.fromEntries(
				PROCESSORS.map((p, i) => [
					`server/processors/${p}Processor.ts`,
					`import { BaseProcessor } from "./BaseProcessor";\nimport { ${TASKS[i]}Task } from "../tasks/${TASKS[i]}Task";\nexport class ${p}Processor extends BaseProcessor {\n\tasync perform(event: string) {\n\t\tawait new ${TASKS[i]}Task().schedule({ id: event });\n\t}\n}\n`,
				]),
			),
			"server/queues.ts": [
				...PROCESSORS.map((p) => `import { ${p}Processor } from "./processors/${p}Processor";`),
				`export const processors = [${PROCESSORS.map((p) => `new ${p}Processor()`).join(", ")}];`,
			].join("\n"),
		},
		"codeask-plugged-tasks-",
	);
}

describe("a pattern answer whose members are created by callers of another family", () => {
	const index = indexForSuite(() => indexOf(taskRepo()), 60_000);

	it("tells where the example is created but not the caller's family as how members are plugged in", async () => {
		const result = await ask(index(), "What would I have to write to add a new background task?");
		expect(result.answer).toMatch(
			/A new task takes the shape of the 3 classes that extend the class `BaseTask`/,
		);
		expect(result.answer).toMatch(/is created in `\w+Processor\.perform`/);
		expect(result.answer).not.toContain("BaseProcessor");
		expect(result.answer).not.toMatch(/Write its `\w+Processor` too/);
	});
});
