const syncCustomer = async ({ data }: { data: { id: string } }) => {
	console.log("sync", data.id);
};

export default syncCustomer;

export const config = { event: ["customer.created", "customer.updated"], context: { subscriberId: "customer-sync" } };
