/**
 * The files of a small repository-pattern fixture shared by the impact tests: a contract with an `insert`
 * member and a use case calling it through the contract.
 */
export const orderRepositoryFiles: Readonly<Record<string, string>> = {
	"package.json": '{ "name": "shop" }',
	"src/orders/order.repository.ts": [
		"export interface Order { id: string }",
		"export interface IOrderRepository {",
		"\tinsert(order: Order): Promise<void>;",
		"}",
	].join("\n"),
	"src/orders/place-order.ts": [
		'import type { IOrderRepository } from "./order.repository";',
		"export async function placeOrder(repo: IOrderRepository): Promise<void> {",
		'\tawait repo.insert({ id: "a" });',
		"}",
	].join("\n"),
};
