import { EventEmitter } from "node:events";

const socket = new EventEmitter();

export function onTrash(ids: string[]) {
	console.info("trashed", ids.length);
}

export function onDelete(id: string) {
	console.info("deleted", id);
}

export function onUpload(asset: unknown) {
	console.info("uploaded", asset);
}

export function onUserRemoved(id: string) {
	console.info("user deleted", id);
}

export function onRestore(ids: string[]) {
	console.info("restored", ids.length);
}

export function listen() {
	socket.on("on_asset_trash", onTrash);
	socket.on("on_asset_delete", onDelete);
	socket.on("on_upload_success", onUpload);
	socket.on("on_user_delete", onUserRemoved);
	socket.on("on_asset_restore", onRestore);
}
