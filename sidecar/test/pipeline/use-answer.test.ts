import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { useSubject } from "../../src/pipeline/pattern/use.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("useSubject", () => {
	it("finds the noun a 'how do you use an X' question asks about", () => {
		expect(useSubject("How do you use a database model to query data in Acme?")).toBe("database model");
		expect(useSubject("how can I use the cache in a request handler")).toBe("cache");
		expect(useSubject("How is a repository used?")).toBe("repository");
	});

	it("leaves other questions alone", () => {
		expect(useSubject("How do users log in?")).toBeNull();
		expect(useSubject("What does the cache store?")).toBeNull();
	});
});

const MODELS = ["Users", "Rooms", "Messages"] as const;

/**
 * Three models behind one base interface, each reached through a constant of the models package
 * (`export const Users = proxify<IUsersModel>(…)`), and code in the app calling them through it:
 * Users in four files, Rooms in three, Messages in one.
 */
function modelRepo(): string {
	const files: Record<string, string> = {
		"package.json": '{ "name": "acme", "private": true, "workspaces": ["packages/*", "apps/*"] }',
		"packages/model-typings/package.json": '{ "name": "@acme/model-typings", "main": "src/index.ts" }',
		"packages/model-typings/src/index.ts": [
			'export * from "./IModelBase";',
			...MODELS.map((m) => `export * from "./I${m}Model";`),
		].join("\n"),
		"packages/model-typings/src/IModelBase.ts": [
			"export interface IModelBase<T> {",
			"\tfindOneById(id: string): Promise<T | null>;",
			"}",
		].join("\n"),
		"packages/models/package.json":
			'{ "name": "@acme/models", "main": "src/index.ts", "dependencies": { "@acme/model-typings": "*" } }',
		"packages/models/src/proxify.ts": [
			"const registry = new Map<string, unknown>();",
			"export function proxify<T>(name: string): T {",
			"\treturn registry.get(name) as T;",
			"}",
		].join("\n"),
		"packages/models/src/index.ts": [
			`import type { ${MODELS.map((m) => `I${m}Model`).join(", ")} } from "@acme/model-typings";`,
			'import { proxify } from "./proxify";',
			...MODELS.map((m) => `export const ${m} = proxify<I${m}Model>("I${m}Model");`),
		].join("\n"),
		"apps/server/package.json":
			'{ "name": "@acme/server", "dependencies": { "@acme/models": "*", "@acme/model-typings": "*" } }',
	};
	for (const m of MODELS) {
		const entity = m.slice(0, -1);
		files[`packages/model-typings/src/I${m}Model.ts`] = [
			'import type { IModelBase } from "./IModelBase";',
			`export interface ${entity} { _id: string; name: string }`,
			`export interface I${m}Model extends IModelBase<${entity}> {`,
			`\tfindByName(name: string): Promise<${entity}[]>;`,
			"}",
		].join("\n");
		files[`apps/server/src/models/raw/${m}.ts`] = [
			`import type { I${m}Model, ${entity} } from "@acme/model-typings";`,
			`export class ${m}Raw implements I${m}Model {`,
			`\tasync findOneById(id: string): Promise<${entity} | null> {`,
			"\t\treturn { _id: id, name: id };",
			"\t}",
			`\tasync findByName(name: string): Promise<${entity}[]> {`,
			"\t\treturn [{ _id: name, name }];",
			"\t}",
			"}",
		].join("\n");
	}
	const users: Record<(typeof MODELS)[number], number> = { Users: 4, Rooms: 3, Messages: 1 };
	for (const m of MODELS)
		for (let i = 1; i <= users[m]; i++)
			files[`apps/server/src/features/${m.toLowerCase()}${i}.ts`] = [
				`import { ${m} } from "@acme/models";`,
				`export async function load${m}${i}(name: string) {`,
				`\tconst found = await ${m}.findByName(name);`,
				"\treturn found.length;",
				"}",
			].join("\n");
	// Stores injected where they are used (no constant holds them): Cards in three consumers, the others in one.
	files["apps/server/src/stores/base.ts"] =
		"export abstract class BaseStore {\n\tabstract size(): number;\n}\n";
	for (const [store, consumers] of [
		["Cards", 3],
		["Boards", 1],
		["Lists", 1],
	] as const) {
		files[`apps/server/src/stores/${store.toLowerCase()}.ts`] = [
			'import { BaseStore } from "./base";',
			`export class ${store}Store extends BaseStore {`,
			"	size(): number {",
			"		return 0;",
			"	}",
			"}",
		].join("\n");
		for (let i = 1; i <= consumers; i++)
			files[`apps/server/src/views/${store.toLowerCase()}${i}.ts`] = [
				`import type { ${store}Store } from "../stores/${store.toLowerCase()}";`,
				`export class ${store}View${i} {`,
				`	constructor(private readonly store: ${store}Store) {}`,
				"	count(): number {",
				"		return this.store.size();",
				"	}",
				"}",
			].join("\n");
	}
	return repoWith(files, "codeask-use-");
}

describe("the answer to a usage question", () => {
	const index = indexForSuite(() => openIndexOf(modelRepo()), 60_000);

	it("tells how code reaches a member and calls it: the access constant, a caller's call and the class method", async () => {
		const result = await ask(index(), "How do you use a model to look something up by name?");
		const body = result.answer;
		expect(body).toContain(
			"A model is used the way other code uses the 3 definitions that extend or implement `IModelBase`",
		);
		// The most used member is the example: Users, reached through the models package's constant.
		expect(body).toMatch(
			/Code reaches it through `Users`, defined in `packages\/models\/src\/index\.ts` \[\d+\] and used in 4 files/,
		);
		expect(body).toMatch(
			/1\. Import `Users` from `@acme\/models`.*: `export const Users = proxify<IUsersModel>\("IUsersModel"\);`/,
		);
		expect(body).toMatch(
			/2\. Call a method of `IUsersModel` on it, as `loadUsers\d` does \[\d+\]: `const found = await Users\.findByName\(name\);`/,
		);
		expect(body).toMatch(/3\. The method runs in `UsersRaw\.findByName` \[\d+\]/);
		expect(body).toContain("**Others used the same way**");
		expect(body).toMatch(/- `Rooms` in `packages\/models\/src\/index\.ts`: used in 3 files/);
		expect(result.droppedCitations).toBe(0);
	});

	it("shows the member the question names, when code uses it", async () => {
		const result = await ask(index(), "How do I use the Rooms model?");
		expect(result.answer).toMatch(/Code reaches it through `Rooms`/);
		expect(result.answer).toMatch(/as `loadRooms\d` does/);
	});

	it("shows a member used where it is injected when no constant holds it", async () => {
		const result = await ask(index(), "How do I use a store?");
		expect(result.answer).toMatch(/Code uses `CardsStore` itself, in 3 files/);
		expect(result.answer).toMatch(
			/Call a method of `CardsStore` on it, as `CardsView\d\.count` does \[\d+\]: `return this\.store\.size\(\);`/,
		);
		expect(result.droppedCitations).toBe(0);
	});

	it("answers with the flow when the code has no family of the noun", async () => {
		const result = await ask(index(), "How do I use the mailer to send a digest?");
		expect(result.answer).not.toContain("is used the way other code uses");
	});
});
