import type { IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";

export async function showHelp(
	read: IRead,
	modify: IModify,
	user: IUser,
	room: IRoom,
	threadId?: string,
): Promise<void> {
	await notifyUser(read, modify, user, room, messages.usage, threadId);
}
