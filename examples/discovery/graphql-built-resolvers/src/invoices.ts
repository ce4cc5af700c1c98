const invoices = new Map<string, { id: string; paid: boolean }>();

export class InvoiceService {
	find(id: string) {
		return invoices.get(id) ?? null;
	}

	pay(id: string) {
		const invoice = invoices.get(id);
		if (invoice) invoice.paid = true;
		return invoice ?? null;
	}
}
