import { commandHandler } from "../bus/bus";
import { CreateInvoiceCommand } from "../commands/commands";

@commandHandler(CreateInvoiceCommand)
export class CreateInvoiceHandler {
	execute(command: CreateInvoiceCommand): string {
		return `invoice for ${command.customerId}`;
	}
}
