import { Service } from "../core/broker";

export class InventoryService extends Service {
	protected name = "inventory";

	async reserve(sku: string): Promise<boolean> {
		return sku.length > 0;
	}
}
