import { describe, expect, it } from "vitest";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("a const that renames a function", () => {
	it("calls the function it names, keeps its callers, and leaves other renamed values alone", async () => {
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
					"export const fetchOrder = (getOrderRoutingWrapper as Getter)!;",
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
			const from = (defId: string, kind: string) => {
				const def = index.def(defId);
				if (!def) throw new Error(`${defId} missing`);
				return index
					.edgesFrom(def.id)
					.filter((e) => e.kind === kind)
					.map((e) => index.defById(e.dst)?.defId);
			};
			// Callers stay on the name they call.
			expect(from("src/api.ts#handle", "call")).toEqual(
				expect.arrayContaining(["src/index.ts#getOrder", "src/index.ts#fetchOrder", "src/index.ts#checkout"]),
			);
			// The alias runs the function it names: a call, not a reference.
			for (const alias of ["src/index.ts#getOrder", "src/index.ts#fetchOrder"]) {
				expect(from(alias, "call")).toEqual(["src/repositories/orders.ts#getOrder"]);
				expect(from(alias, "reference")).not.toContain("src/repositories/orders.ts#getOrder");
			}
			expect(from("src/index.ts#checkout", "call")).toEqual(["src/repositories/orders.ts#Cart.checkout"]);
			// A renamed object is a value of its own: a reference, no call.
			expect(from("src/index.ts#settings", "call")).toEqual([]);
			expect(from("src/index.ts#settings", "reference")).toContain("src/repositories/orders.ts#defaults");
		});
	});
});
