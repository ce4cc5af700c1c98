import type { Gateway } from "./gateway";

export class AssetNotifier {
	constructor(private gateway: Gateway) {}

	trash(userId: string, ids: string[]) {
		this.gateway.clientSend("on_asset_trash", userId, ids);
	}

	remove(userId: string, id: string) {
		this.gateway.clientSend("on_asset_delete", userId, id);
	}

	uploaded(userId: string, asset: unknown) {
		this.gateway.clientSend("on_upload_success", userId, asset);
	}

	stacked(userId: string) {
		this.gateway.clientSend("on_asset_stack_update", userId);
	}

	userDeleted(id: string) {
		this.gateway.clientBroadcast("on_user_delete", id);
	}

	// Not a send: the gateway's log takes a message, not an event.
	audit(userId: string) {
		this.gateway.log("on_asset_restore", userId);
	}
}
