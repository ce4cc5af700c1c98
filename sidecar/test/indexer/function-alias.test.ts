import { describe, expect, it } from "vitest";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("a const that renames a function", () => {
	it("passes a call through it on to the function it names, and leaves other renamed values alone", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "shop" }',
				"src/repositories/orders.ts": [
					"export async function getOrder(id: string) {",
					"\treturn { id };",
					"}",
					"export class Cart {",
					"\tcheckout(id: string) {",
					"\t\treturn id.length;",
					"\t}",
					"}",
					"export const defaults = { currency: 'EUR' };",
				].join("\n"),
				"src/index.ts": [
					'import { getOrder as getOrderRoutingWrapper, Cart, defaults } from "./repositories/orders";',
					"type Getter = (id: string) => Promise<{ id: string }>;",
					"export const getOrder = getOrderRoutingWrapper;",
					"export const fetchOrder = getOrderRoutingWrapper as Getter;",
					"const cart = new Cart();",
					"export const checkout = cart.checkout;",
					"export const settings = defaults;",
				].join("\n"),
				"src/api.ts": [
					'import { getOrder, fetchOrder, checkout, settings } from "./index";',
					"export async function handle(id: string) {",
					"\tawait getOrder(id);",
					"\tawait fetchOrder(id);",
					"\tcheckout(id);",
					"\treturn settings.currency;",
					"}",
				].join("\n"),
			},
			"codeask-function-alias-",
		);
		await withIndexOf(repo, (index) => {
			const handle = index.def("src/api.ts#handle");
			if (!handle) throw new Error("handle missing");
			const reached = (kind: string) =>
				index
					.edgesFrom(handle.id)
					.filter((e) => e.kind === kind)
					.map((e) => index.defById(e.dst)?.defId);
			expect(reached("call")).toEqual(
				expect.arrayContaining([
					"src/repositories/orders.ts#getOrder",
					"src/repositories/orders.ts#Cart.checkout",
				]),
			);
			expect(reached("call")).not.toContain("src/index.ts#getOrder");
			expect(reached("call")).not.toContain("src/index.ts#fetchOrder");
			// A renamed object is a value of its own: the reader goes to the line that names it.
			expect(reached("reference")).toContain("src/index.ts#settings");
		});
	});
});
