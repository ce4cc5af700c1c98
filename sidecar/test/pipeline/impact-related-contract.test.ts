/**
 * An impact answer's "Related by name" places (impact/related.ts): only the implementations of a
 * contract X's own file refers to — the handlers X's module runs through a list the index cannot
 * follow — not the namesakes of other features the question's words rank.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { reachedThroughContract } from "../../src/pipeline/impact/related.js";
import { cited } from "../support/cited.js";
import { defRow, edgeGraph } from "../support/defs.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("a related place reached through a contract", () => {
	// X (`UserService.deleteUser`) in user.service.ts, whose class refers to the handler contract.
	const service = defRow("src/user/user.service.ts", "UserService", "class");
	const contract = defRow("src/user/handler.ts", "UserDataHandler", "interface");
	const member = defRow("src/user/handler.ts", "UserDataHandler.onUserDelete", "method", {
		parentId: contract.id,
	});
	const team = defRow("src/team/team.service.ts", "TeamService", "class");
	const handler = defRow("src/team/team.service.ts", "TeamService.onUserDelete", "method", {
		parentId: team.id,
	});
	const namesake = defRow("src/photo/photo.store.ts", "deleteUserPhoto", "function");
	const other = defRow("src/mail/mail.ts", "MailService.onUserDelete", "method");
	const otherContract = defRow("src/mail/contract.ts", "MailHook.onUserDelete", "method");
	const graph = edgeGraph(
		[service, contract, member, team, handler, namesake, other, otherContract],
		[
			[service, contract, "reference"],
			[team, contract, "implements"],
			[member, handler, "implementation"],
			[otherContract, other, "implementation"],
		],
	);
	const own = new Set(["src/user/user.service.ts"]);

	it("keeps the implementation of a contract X's file refers to", () => {
		expect(reachedThroughContract(graph, handler, own)).toBe(true);
	});

	it("drops a namesake and the implementation of a contract X's file never names", () => {
		expect(reachedThroughContract(graph, namesake, own)).toBe(false);
		expect(reachedThroughContract(graph, other, own)).toBe(false);
		// An implementing class's own `implements` is no use of the contract by X's module.
		expect(reachedThroughContract(graph, handler, new Set(["src/team/team.service.ts"]))).toBe(false);
	});
});

describe("an impact answer's related places", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"src/user/handler.ts": [
				"export interface UserDataHandler {",
				"\tonUserDelete(id: string): void;",
				"}",
			].join("\n"),
			"src/user/user.service.ts": [
				'import type { UserDataHandler } from "./handler";',
				"export class UserService {",
				"\tprivate handlers: UserDataHandler[] = [];",
				"\tregisterHandler(handler: UserDataHandler): void {",
				"\t\tthis.handlers.push(handler);",
				"\t}",
				"\tdeleteUser(id: string): void {",
				"\t\tconst all: any = this.handlers;",
				'\t\tall.forEach((h: any) => h["onUserDelete"](id));',
				'\t\tconsole.log("deleted", id);',
				"\t}",
				"}",
			].join("\n"),
			"src/team/team.service.ts": [
				'import type { UserDataHandler } from "../user/handler";',
				'import type { UserService } from "../user/user.service";',
				"export class TeamService implements UserDataHandler {",
				"\tconstructor(users: UserService) {",
				"\t\tusers.registerHandler(this);",
				"\t}",
				"\tonUserDelete(id: string): void {",
				'\t\tconsole.log("user removed from teams", id);',
				"\t}",
				"}",
			].join("\n"),
			"src/photo/photo.store.ts": [
				"export function deleteUserPhoto(id: string): void {",
				'\tconsole.log("user photo deleted", id);',
				"}",
			].join("\n"),
			"src/api/user.controller.ts": [
				'import type { UserService } from "../user/user.service";',
				"export function deleteUserRoute(service: UserService, id: string): void {",
				"\tservice.deleteUser(id);",
				"}",
			].join("\n"),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("names the handler X's module runs through its contract, not a namesake of another feature", async () => {
		const r = await ask(index, "What would be affected if I change `UserService.deleteUser`?");
		expect(cited(r, "src/api/user.controller.ts", 3)).toBe(true);
		expect(r.answer).toContain("**Related by name");
		expect(r.citations.some((c) => c.file === "src/team/team.service.ts")).toBe(true);
		expect(r.citations.some((c) => c.file === "src/photo/photo.store.ts")).toBe(false);
	});
});
