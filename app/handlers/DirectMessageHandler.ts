import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { IMessage } from "@rocket.chat/apps-engine/definition/messages";
import { RoomType } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { UserType } from "@rocket.chat/apps-engine/definition/users";
import { route } from "../commands/router";
import { notifyUser, postAsBot } from "../lib/Messenger";
import { messages } from "../lib/messages";

export type DirectMessageDecision =
	| { kind: "ignore" }
	| { kind: "encrypted" }
	| { kind: "request"; text: string };

type Loose = Record<string, unknown> & { _unmappedProperties_?: Record<string, unknown> };

/**
 * Rocket.Chat hands apps the fields it does not map in `_unmappedProperties_`: an end-to-end
 * encrypted message has type `e2e`, and its room `encrypted: true`.
 */
export function isEncrypted(message: IMessage): boolean {
	const msg = message as unknown as Loose;
	const room = message.room as unknown as Loose;
	const field = (record: Loose, name: string) => record[name] ?? record._unmappedProperties_?.[name];
	return field(msg, "t") === "e2e" || Boolean(field(msg, "e2e")) || field(room, "encrypted") === true;
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether (and how) the bot answers a message in a direct room it is part of: a new (not edited)
 * message by a human, in a 1:1 DM, or in a group DM when it mentions the bot. The bot's own and
 * other bots' messages are ignored, or it would answer itself.
 */
export function classifyDirectMessage(message: IMessage, bot: IUser | undefined): DirectMessageDecision {
	const room = message.room;
	if (!bot || room.type !== RoomType.DIRECT_MESSAGE) return { kind: "ignore" };
	const sender = message.sender;
	if (!sender || sender.id === bot.id || sender.type === UserType.BOT || sender.type === UserType.APP) {
		return { kind: "ignore" };
	}
	if (message.editedAt || message.editor) return { kind: "ignore" };
	const members = room.userIds?.length ?? room.usernames?.length ?? 0;
	const isMember = Boolean(room.userIds?.includes(bot.id) || room.usernames?.includes(bot.username));
	if (!isMember) return { kind: "ignore" };
	const oneToOne = members <= 2;
	if (isEncrypted(message)) {
		// A group DM's encrypted text cannot even say whether it mentions the bot: stay quiet there.
		return oneToOne ? { kind: "encrypted" } : { kind: "ignore" };
	}
	let text = (message.text ?? "").trim();
	if (!oneToOne) {
		const mention = new RegExp(`(^|\\s)@${escapeRegExp(bot.username)}(?![\\w.-])`, "i");
		if (!mention.test(text)) return { kind: "ignore" };
		text = text.replace(new RegExp(mention.source, "gi"), " ").trim();
	}
	return text ? { kind: "request", text } : { kind: "ignore" };
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
	const decision = classifyDirectMessage(message, bot);
	if (decision.kind === "ignore") return;
	const user = message.sender;
	const room = message.room;
	try {
		if (decision.kind === "encrypted") {
			await postAsBot(
				read,
				modify,
				room,
				messages.encrypted,
				message.threadId ? { threadId: message.threadId } : {},
			);
			return;
		}
		// As in `/codeask`: help, status and overview are subcommands; anything else is a question.
		const text = decision.text.replace(/^\/?codeask\s+/i, "");
		const words = text.split(/\s+/).filter(Boolean);
		await route(
			{
				app,
				read,
				modify,
				http,
				persis,
				user,
				room,
				...(message.threadId ? { threadId: message.threadId } : {}),
				source: "dm",
			},
			words,
			text,
		);
	} catch (error) {
		app.getLogger().error("codeask: direct message failed", error);
		await notifyUser(read, modify, user, room, messages.unexpected, message.threadId);
	}
}
