import { cancelOrder } from "../../../../lib/orders";

export const POST = async (req: { params: { id: string } }, res: { json(v: unknown): void }) => {
	res.json(await cancelOrder(req.params.id));
};
