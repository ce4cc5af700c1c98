import { type CommandBus, useGuard } from "../bus/bus";
import { CancelInvoiceCommand, CreateInvoiceCommand, ReadOnlyGuard } from "../commands/commands";

@useGuard(ReadOnlyGuard)
export class InvoiceController {
	constructor(private readonly commandBus: CommandBus) {}

	create(customerId: string) {
		return this.commandBus.execute(new CreateInvoiceCommand(customerId));
	}

	cancel(invoiceId: string) {
		return this.commandBus.execute(new CancelInvoiceCommand(invoiceId));
	}

	check() {
		return this.commandBus.execute(new ReadOnlyGuard());
	}
}
