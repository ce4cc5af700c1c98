import type { IHttp, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { newRequestId } from "../lib/jobs";
import { messages } from "../lib/messages";
import { withSidecar } from "./withSidecar";

/** `/codeask status`: the sidecar's health and index, shown to the asker only. */
export async function showStatus(
	read: IRead,
	modify: IModify,
	http: IHttp,
	user: IUser,
	room: IRoom,
	threadId?: string,
): Promise<void> {
	await withSidecar(read, modify, http, user, room, threadId, async (client, tell, settings) => {
		await tell(messages.status(await client.status(newRequestId()), settings.sidecarUrl));
	});
}
