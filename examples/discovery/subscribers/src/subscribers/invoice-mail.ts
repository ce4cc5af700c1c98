const LIFECYCLE: string[] = [];

const mailInvoice = async ({ data }: { data: { id: string } }) => {
	console.log("mail", data.id);
};

export default mailInvoice;

// A spread of run-time names first: the key recorded is the literal after it.
export const config = { event: [...LIFECYCLE, "invoice.paid"] };
