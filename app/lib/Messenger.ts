import type { IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IMessageAttachment } from "@rocket.chat/apps-engine/definition/messages";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import type { LayoutBlock } from "@rocket.chat/ui-kit";
import { DEFAULT_MAX_MESSAGE_CHARS } from "./splitMessage";

/** Only the asker sees it: acknowledgements, usage, errors. */
export async function notifyUser(
	read: IRead,
	modify: IModify,
	user: IUser,
	room: IRoom,
	text: string,
	threadId?: string,
): Promise<void> {
	const builder = modify
		.getNotifier()
		.getMessageBuilder()
		.setRoom(room)
		.setText(text)
		.setGroupable(false)
		.setParseUrls(false);
	const bot = await read.getUserReader().getAppUser();
	if (bot) {
		builder.setSender(bot);
	}
	if (threadId) {
		builder.setThreadId(threadId);
	}
	await modify.getNotifier().notifyUser(user, builder.getMessage());
}

export interface PostOptions {
	threadId?: string;
	attachments?: Array<IMessageAttachment>;
	blocks?: Array<LayoutBlock>;
}

/**
 * Posts as the app's bot user; returns the new message's id. Link previews are off: answers link
 * to source lines (preview cards of a code host, often its login page, would bury the text).
 */
export async function postAsBot(
	read: IRead,
	modify: IModify,
	room: IRoom,
	text: string,
	options: PostOptions = {},
): Promise<string> {
	const bot = await read.getUserReader().getAppUser();
	const builder = modify
		.getCreator()
		.startMessage()
		.setRoom(room)
		.setText(text)
		.setGroupable(false)
		.setParseUrls(false);
	if (bot) {
		builder.setSender(bot);
	}
	if (options.threadId) {
		builder.setThreadId(options.threadId);
	}
	if (options.attachments?.length) {
		builder.setAttachments(options.attachments);
	}
	if (options.blocks?.length) {
		builder.setBlocks(options.blocks);
	}
	return modify.getCreator().finish(builder);
}

/** The server's message size limit, so long answers are split rather than refused. */
export async function maxMessageChars(read: IRead): Promise<number> {
	try {
		const value = Number(
			await read.getEnvironmentReader().getServerSettings().getValueById("Message_MaxAllowedSize"),
		);
		return Number.isFinite(value) && value > 0
			? Math.min(value, DEFAULT_MAX_MESSAGE_CHARS)
			: DEFAULT_MAX_MESSAGE_CHARS;
	} catch {
		return DEFAULT_MAX_MESSAGE_CHARS;
	}
}
