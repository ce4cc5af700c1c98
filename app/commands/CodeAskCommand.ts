import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { ISlashCommand, SlashCommandContext } from "@rocket.chat/apps-engine/definition/slashcommands";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { route } from "./router";

/** `/codeask <question> | help | status | overview [package]`: the router picks the handler. */
export class CodeAskCommand implements ISlashCommand {
	public command = "codeask";
	public i18nParamsExample = "command_params_example";
	public i18nDescription = "command_description";
	public providesPreview = false;

	public constructor(private readonly app: IApp) {}

	public async executor(
		context: SlashCommandContext,
		read: IRead,
		modify: IModify,
		http: IHttp,
		persis: IPersistence,
	): Promise<void> {
		const user = context.getSender();
		const room = context.getRoom();
		const threadId = context.getThreadId();
		try {
			await route(
				{
					app: this.app,
					read,
					modify,
					http,
					persis,
					user,
					room,
					...(threadId ? { threadId } : {}),
					source: "command",
				},
				context.getArguments().filter((word) => word.length > 0),
			);
		} catch (error) {
			// Bugs reach the log with their stack; the asker gets one plain sentence.
			this.app.getLogger().error("codeask: /codeask failed", error);
			await notifyUser(read, modify, user, room, messages.unexpected, threadId);
		}
	}
}
