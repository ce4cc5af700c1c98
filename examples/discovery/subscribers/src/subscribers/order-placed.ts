import { OrderEvents } from "../events";

export default async function orderPlacedHandler({ data }: { data: { id: string } }): Promise<void> {
	console.log("send confirmation", data.id);
}

export const config = { event: OrderEvents.PLACED };
