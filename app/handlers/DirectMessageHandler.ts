import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { IMessage } from "@rocket.chat/apps-engine/definition/messages";
import { RoomType } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { UserType } from "@rocket.chat/apps-engine/definition/users";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { askQuestion } from "./AskHandler";

/**
 * A message is a question for the bot when it is a new (not edited) message by a human in a
 * direct room the bot is part of. The bot's own and other bots' messages are ignored, or it
 * would answer itself.
 */
export function isQuestionForBot(message: IMessage, bot: IUser | undefined): boolean {
	if (!bot || message.room.type !== RoomType.DIRECT_MESSAGE) {
		return false;
	}
	const sender = message.sender;
	if (!sender || sender.id === bot.id || sender.type === UserType.BOT || sender.type === UserType.APP) {
		return false;
	}
	if (message.editedAt || message.editor) {
		return false;
	}
	if (!message.text?.trim()) {
		return false;
	}
	const room = message.room;
	return Boolean(room.userIds?.includes(bot.id) || room.usernames?.includes(bot.username));
}

export async function checkDirectMessage(message: IMessage, read: IRead): Promise<boolean> {
	const bot = await read.getUserReader().getAppUser();
	return isQuestionForBot(message, bot);
}

export async function answerDirectMessage(
	app: IApp,
	message: IMessage,
	read: IRead,
	http: IHttp,
	persis: IPersistence,
	modify: IModify,
): Promise<void> {
	const bot = await read.getUserReader().getAppUser();
	if (!isQuestionForBot(message, bot)) {
		return;
	}
	const user = message.sender;
	const room = message.room;
	try {
		await askQuestion({
			app,
			read,
			modify,
			http,
			persis,
			user,
			room,
			question: message.text ?? "",
			...(message.threadId ? { threadId: message.threadId } : {}),
			source: "dm",
		});
	} catch (error) {
		app.getLogger().error("codeask: direct message failed", error);
		await notifyUser(read, modify, user, room, messages.unexpected, message.threadId);
	}
}
