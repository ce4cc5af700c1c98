import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { openIndexWithTrunks, readThenClose } from "../support/open-index.js";
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
	return readThenClose(await openIndexWithTrunks(repo), async (index) => (await ask(index, question)).answer);
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

/**
 * Three services of one base, each created in `enrollServices` and registered with `ServiceRegistry.enrollService`,
 * which calls `setRegistry` on the service (through its own contract) and hands it to its dispatcher through the
 * `IDispatcher` interface, implemented by the dispatchers named.
 */
function serviceRepo(dispatchers: string[]): string {
	const service = (name: string) =>
		[
			"import { ServiceBase } from '../core/service';",
			`export class ${name}Service extends ServiceBase {`,
			`\tprotected name = '${name.toLowerCase()}';`,
			"}",
		].join("\n");
	const dispatcher = (name: string) =>
		[
			"import type { IDispatcher } from './dispatcher';",
			"import type { IServiceContract } from './service';",
			`export class ${name}Dispatcher implements IDispatcher {`,
			"\tprivate readonly services = new Set<IServiceContract>();",
			"\tstartService(instance: IServiceContract): void {",
			"\t\tthis.services.add(instance);",
			"\t}",
			"}",
		].join("\n");
	return repoWith(
		{
			"package.json": '{ "name": "acme", "private": true }',
			"server/core/service.ts": [
				"export interface IServiceContract {",
				"\tsetRegistry(registry: unknown): void;",
				"}",
				"export abstract class ServiceBase implements IServiceContract {",
				"\tprotected abstract name: string;",
				"\tprivate registry: unknown;",
				"\tsetRegistry(registry: unknown): void {",
				"\t\tthis.registry = registry;",
				"\t}",
				"}",
			].join("\n"),
			"server/core/dispatcher.ts": [
				"import type { IServiceContract } from './service';",
				"export interface IDispatcher {",
				"\tstartService(instance: IServiceContract): void;",
				"}",
			].join("\n"),
			...Object.fromEntries(
				dispatchers.map((b) => [`server/core/${b.toLowerCase()}.dispatcher.ts`, dispatcher(b)]),
			),
			"server/core/registry.ts": [
				"import type { IDispatcher } from './dispatcher';",
				"import type { IServiceContract } from './service';",
				"export class ServiceRegistry {",
				"\tprivate dispatcher?: IDispatcher;",
				"\tenrollService(instance: IServiceContract): void {",
				"\t\tinstance.setRegistry(this);",
				"\t\tif (this.dispatcher) {",
				"\t\t\tthis.dispatcher.startService(instance);",
				"\t\t}",
				"\t}",
				"}",
				"export const registry = new ServiceRegistry();",
			].join("\n"),
			"server/services/mail.ts": service("Mail"),
			"server/services/billing.ts": service("Billing"),
			"server/services/search.ts": service("Search"),
			"server/startup.ts": [
				"import { registry } from './core/registry';",
				"import { MailService } from './services/mail';",
				"import { BillingService } from './services/billing';",
				"import { SearchService } from './services/search';",
				"export function enrollServices(): void {",
				"\tregistry.enrollService(new MailService());",
				"\tregistry.enrollService(new BillingService());",
				"\tregistry.enrollService(new SearchService());",
				"}",
			].join("\n"),
		},
		"codeask-pattern-registrar-services-",
	);
}

describe("the answer to a pattern question about a class family tells what its registering call does with a new member", () => {
	it("names the interface method the registrar hands the member to and the dispatchers implementing it, not a call on the member itself", async () => {
		const answer = await answerOf(serviceRepo(["Local", "Remote"]), "How do I add a new service?");
		expect(answer).toMatch(
			/`ServiceRegistry\.enrollService` registers it \[\d+\]: `enrollService\(instance: IServiceContract\): void \{`; it hands each service on to `IDispatcher\.startService`, implemented by `LocalDispatcher\.startService` \(`server\/core\/local\.dispatcher\.ts`\) and `RemoteDispatcher\.startService` \(`server\/core\/remote\.dispatcher\.ts`\)\n/,
		);
		expect(answer).not.toMatch(/setRegistry`, implemented by/);
		// Named, not cited: the family's own examples keep their places in the sources.
		expect(answer).not.toMatch(/\[\d+\] server\/core\/\w+\.dispatcher\.ts/);
	}, 60_000);

	it("says nothing of an interface method with more implementations than one place registering goes on to", async () => {
		const answer = await answerOf(
			serviceRepo(["Local", "Remote", "Queue", "Test"]),
			"How do I add a new service?",
		);
		expect(answer).toMatch(
			/`ServiceRegistry\.enrollService` registers it \[\d+\]: `enrollService\(instance: IServiceContract\): void \{`\n/,
		);
	}, 60_000);
});
