import { deleteOrder, getOrder } from "../../../lib/orders";

type Req = { params: { id: string } };
type Res = { json(v: unknown): void };

export async function GET(req: Req, res: Res) {
	res.json(await getOrder(req.params.id));
}

async function remove(req: Req, res: Res) {
	res.json(await deleteOrder(req.params.id));
}

export { remove as DELETE };

// Not a handler: a route's options sit beside its handlers.
export const AUTHENTICATE = false;
