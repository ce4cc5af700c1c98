/**
 * An impact question naming its target in words ("the order repository's insert method"), the
 * members implementing a contract's member, and a key's handler run wherever the key is dispatched
 * (impact/worded-target.ts, impact/target.ts `handledKey`, material/impact.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { impactTarget } from "../../src/pipeline/material/impact.js";
import { cited } from "../support/cited.js";
import { openIndexOf, openIndexWithTrunks } from "../support/open-index.js";
import { orderRepositoryFiles } from "../support/order-repository.js";
import { repoWith } from "../support/repo-with.js";

describe("an impact question naming a member in words", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			...orderRepositoryFiles,
			"src/users/user.repository.ts": [
				"export interface IUserRepository {",
				"\tinsert(name: string): Promise<void>;",
				"}",
			].join("\n"),
			"src/db/order.repository.ts": [
				'import type { IOrderRepository, Order } from "../orders/order.repository";',
				"export class OrderRepository implements IOrderRepository {",
				"\tasync insert(order: Order): Promise<void> {",
				"\t\tconsole.log(order.id);",
				"\t}",
				"}",
			].join("\n"),
			"src/orders/copy-order.ts": [
				'import type { IOrderRepository } from "./order.repository";',
				"export async function copyOrder(repo: IOrderRepository, id: string): Promise<void> {",
				"\tawait repo.insert({ id });",
				"}",
			].join("\n"),
			"src/users/sign-up.ts": [
				'import type { IUserRepository } from "./user.repository";',
				"export async function signUp(repo: IUserRepository): Promise<void> {",
				'\tawait repo.insert("ann");',
				"}",
			].join("\n"),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("takes the member of that name whose owner the words name", () => {
		const q =
			"If I change the signature of the order repository's insert method, which code would need to change?";
		expect(impactTarget(index, [], [], q)?.qualifiedName).toBe("IOrderRepository.insert");
		const u = "What would break if the user repository's insert method changed?";
		expect(impactTarget(index, [], [], u)?.qualifiedName).toBe("IUserRepository.insert");
		// Only kind words for an owner ("the repository's") name no one definition.
		expect(impactTarget(index, [], [], "What breaks if the repository's insert method changes?")).toBeNull();
	});

	it("lists its calls and its implementation, not the uses of a same-named member elsewhere", async () => {
		const r = await ask(
			index,
			"If I change the signature of the order repository's insert method, which code would need to change?",
		);
		expect(r.answer).toContain(
			"`IOrderRepository.insert` (method) is defined in `src/orders/order.repository.ts`",
		);
		expect(cited(r, "src/orders/place-order.ts", 3)).toBe(true);
		expect(cited(r, "src/orders/copy-order.ts", 3)).toBe(true);
		expect(r.answer).toContain("**Who extends or implements it**");
		expect(cited(r, "src/db/order.repository.ts", 3)).toBe(true);
		// The user repository's `insert` is another definition: at most related by name, never counted.
		expect(r.answer).toContain("touches 3 sites in 3 files");
		const related = r.answer.indexOf("**Related by name");
		expect(r.answer.indexOf("users/")).toSatisfy((i: number) => i === -1 || (related > 0 && i > related));
	});
});

describe("an impact question about a route's handler", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"package.json": '{ "name": "shop", "dependencies": { "express": "4.0.0" } }',
			"src/server/orders.ts": [
				'import express from "express";',
				"const app = express();",
				"export function createOrder(req: unknown, res: { json(x: unknown): void }): void {",
				"\tres.json({ ok: true, req });",
				"}",
				'app.post("/api/orders", createOrder);',
			].join("\n"),
			"src/client/checkout.ts": [
				"export async function checkout(): Promise<void> {",
				'\tawait fetch("/api/orders", { method: "POST" });',
				"}",
			].join("\n"),
			"src/client/retry.ts": [
				"export async function retry(): Promise<void> {",
				'\tawait fetch("/api/orders", { method: "POST" });',
				"}",
			].join("\n"),
		});
		index = await openIndexWithTrunks(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("counts the key's dispatches as its calls", async () => {
		const r = await ask(index, "What would break if `createOrder` changed?");
		expect(r.answer).toContain("**Where it is called**");
		expect(cited(r, "src/client/checkout.ts", 2)).toBe(true);
		expect(cited(r, "src/client/retry.ts", 2)).toBe(true);
	});
});
