const orders = new Map<string, { id: string; status: string }>();

export async function listOrders(_query: unknown) {
	return [...orders.values()];
}
export async function placeOrder(body: unknown) {
	const id = String(orders.size + 1);
	orders.set(id, { id, status: "placed", ...(body as object) });
	return orders.get(id);
}
export async function getOrder(id: string) {
	return orders.get(id);
}
export async function cancelOrder(id: string) {
	const o = orders.get(id);
	if (o) o.status = "canceled";
	return o;
}
export async function deleteOrder(id: string) {
	return orders.delete(id);
}
