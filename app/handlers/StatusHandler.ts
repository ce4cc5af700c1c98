import type { IHttp, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { newRequestId } from "../lib/jobs";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { readAppSettings } from "../settings/settings";

/** `/codeask status`: the sidecar's health and index, shown to the asker only. */
export async function showStatus(
	read: IRead,
	modify: IModify,
	http: IHttp,
	user: IUser,
	room: IRoom,
	threadId?: string,
): Promise<void> {
	const tell = (text: string) => notifyUser(read, modify, user, room, text, threadId);
	const loaded = await readAppSettings(read);
	if (!loaded.ok) {
		await tell(messages.notConfigured(loaded.problems));
		return;
	}
	const { sidecarUrl, sharedSecret } = loaded.settings;
	try {
		const status = await new SidecarClient(http, sidecarUrl, sharedSecret).status(newRequestId());
		await tell(messages.status(status, sidecarUrl));
	} catch (error) {
		if (error instanceof SidecarError) {
			await tell(messages.sidecarFailure(error.code, error.message));
			return;
		}
		throw error;
	}
}
