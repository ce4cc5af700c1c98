import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { ISlashCommand, SlashCommandContext } from "@rocket.chat/apps-engine/definition/slashcommands";
import { askQuestion } from "../handlers/AskHandler";
import { showHelp } from "../handlers/HelpHandler";
import { showOverview } from "../handlers/OverviewHandler";
import { showStatus } from "../handlers/StatusHandler";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";

export enum Subcommand {
	Help = "help",
	Status = "status",
	Overview = "overview",
}

/** `/codeask <question> | help | status | overview [package]`: one handler per subcommand. */
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
		const args = context.getArguments();
		const first = (args[0] ?? "").toLowerCase();
		try {
			if (args.length === 0 || (args.length === 1 && first === Subcommand.Help)) {
				await showHelp(read, modify, user, room, threadId);
			} else if (args.length === 1 && first === Subcommand.Status) {
				await showStatus(read, modify, http, user, room, threadId);
			} else if (args.length <= 2 && first === Subcommand.Overview) {
				await showOverview(read, modify, http, user, room, args[1], threadId);
			} else {
				const question = args.join(" ");
				await askQuestion({
					app: this.app,
					read,
					modify,
					http,
					persis,
					user,
					room,
					threadId,
					question,
					source: "command",
				});
			}
		} catch (error) {
			// Bugs reach the log with their stack; the asker gets one plain sentence.
			this.app.getLogger().error("codeask: /codeask failed", error);
			await notifyUser(read, modify, user, room, messages.unexpected, threadId);
		}
	}
}
