export class CreateInvoiceCommand {
	constructor(readonly customerId: string) {}
}

export class CancelInvoiceCommand {
	constructor(readonly invoiceId: string) {}
}

export class ReadOnlyGuard {
	check(): boolean {
		return true;
	}
}
