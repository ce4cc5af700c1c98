import { App } from "@rocket.chat/apps-engine/definition/App";
import type {
	IAppAccessors,
	IConfigurationExtend,
	IConfigurationModify,
	IEnvironmentRead,
	IHttp,
	ILogger,
	IModify,
	IPersistence,
	IRead,
} from "@rocket.chat/apps-engine/definition/accessors";
import { ApiSecurity, ApiVisibility } from "@rocket.chat/apps-engine/definition/api";
import type { IMessage } from "@rocket.chat/apps-engine/definition/messages";
import type { IPostMessageSentToBot } from "@rocket.chat/apps-engine/definition/messages/IPostMessageSentToBot";
import type { IAppInfo } from "@rocket.chat/apps-engine/definition/metadata";
import type { ISetting } from "@rocket.chat/apps-engine/definition/settings";
import type {
	IUIKitInteractionHandler,
	IUIKitResponse,
	UIKitBlockInteractionContext,
} from "@rocket.chat/apps-engine/definition/uikit";
import { CodeAskCommand } from "./commands/CodeAskCommand";
import { JobCallbackEndpoint } from "./endpoints/JobCallbackEndpoint";
import { RepoProgressEndpoint } from "./endpoints/RepoProgressEndpoint";
import { handleAnswerAction } from "./handlers/ActionHandler";
import { answerDirectMessage } from "./handlers/DirectMessageHandler";
import { JobPoller } from "./jobs/JobPoller";
import { messages } from "./lib/messages";
import { isInsecureSidecar } from "./lib/security";
import { SettingId, settings } from "./settings/settings";

/**
 * CodeAsk: answers questions about a code base with verified line-range citations.
 * Thin on purpose: it registers the settings, `/codeask`, the job-callback endpoint and the
 * job poller, and hands direct messages to the bot and clicks on answer buttons to their handlers.
 */
export default class CodeAskApp extends App implements IPostMessageSentToBot, IUIKitInteractionHandler {
	public constructor(info: IAppInfo, logger: ILogger, accessors?: IAppAccessors) {
		super(info, logger, accessors);
	}

	protected override async extendConfiguration(
		configuration: IConfigurationExtend,
		_environment: IEnvironmentRead,
	): Promise<void> {
		await Promise.all(settings.map((setting) => configuration.settings.provideSetting(setting)));
		await configuration.slashCommands.provideSlashCommand(new CodeAskCommand(this));
		await configuration.api.provideApi({
			visibility: ApiVisibility.PUBLIC,
			// Authenticated by the HMAC signature of each callback, not by a Rocket.Chat login.
			security: ApiSecurity.UNSECURE,
			endpoints: [new JobCallbackEndpoint(this), new RepoProgressEndpoint(this)],
		});
		await configuration.scheduler.registerProcessors([new JobPoller(this)]);
	}

	/** The engine calls this only for DMs the bot is in, never for the bot's own messages. */
	public async executePostMessageSentToBot(
		message: IMessage,
		read: IRead,
		http: IHttp,
		persistence: IPersistence,
		modify: IModify,
	): Promise<void> {
		await answerDirectMessage(this, message, read, http, persistence, modify);
	}

	public async executeBlockActionHandler(
		context: UIKitBlockInteractionContext,
		read: IRead,
		http: IHttp,
		persistence: IPersistence,
		modify: IModify,
	): Promise<IUIKitResponse> {
		const data = context.getInteractionData();
		try {
			await handleAnswerAction({
				app: this,
				read,
				modify,
				http,
				persis: persistence,
				actionId: data.actionId,
				value: data.value,
				user: data.user,
				room: data.room,
				...(data.message?.threadId ? { threadId: data.message.threadId } : {}),
			});
		} catch (error) {
			this.getLogger().error("codeask: button action failed", error);
		}
		return context.getInteractionResponder().successResponse();
	}

	/** Warns in the app's log as soon as an admin points the app at a plain-http remote sidecar. */
	public override async onSettingUpdated(
		setting: ISetting,
		_configurationModify: IConfigurationModify,
		_read: IRead,
		_http: IHttp,
	): Promise<void> {
		if (
			setting.id === SettingId.SidecarUrl &&
			typeof setting.value === "string" &&
			isInsecureSidecar(setting.value)
		) {
			this.getLogger().warn(`codeask: ${messages.insecureSidecar(setting.value)}`);
		}
	}
}
