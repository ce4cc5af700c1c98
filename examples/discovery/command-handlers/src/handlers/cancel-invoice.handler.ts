import { commandHandler } from "../bus/bus";
import { CancelInvoiceCommand } from "../commands/commands";

@commandHandler(CancelInvoiceCommand)
export class CancelInvoiceHandler {
	execute(command: CancelInvoiceCommand): boolean {
		return command.invoiceId.length > 0;
	}
}
