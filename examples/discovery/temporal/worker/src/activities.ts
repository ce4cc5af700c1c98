/** Activities: plain functions the workflows call through proxyActivities. */
export async function chargeCard(orderId: string): Promise<boolean> {
	return orderId.length > 0;
}

export async function bookCourier(orderId: string): Promise<string> {
	return `courier-${orderId}`;
}
