import { listOrders, placeOrder } from "../../lib/orders";

export const GET = async (req: { query: unknown }, res: { json(v: unknown): void }) => {
	res.json(await listOrders(req.query));
};

export const POST = async (req: { body: unknown }, res: { json(v: unknown): void }) => {
	res.json(await placeOrder(req.body));
};
