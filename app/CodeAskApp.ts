import { App } from "@rocket.chat/apps-engine/definition/App";
import type {
	IAppAccessors,
	IConfigurationExtend,
	IEnvironmentRead,
	IHttp,
	ILogger,
	IModify,
	IPersistence,
	IRead,
} from "@rocket.chat/apps-engine/definition/accessors";
import { ApiSecurity, ApiVisibility } from "@rocket.chat/apps-engine/definition/api";
import type { IMessage, IPostMessageSent } from "@rocket.chat/apps-engine/definition/messages";
import type { IAppInfo } from "@rocket.chat/apps-engine/definition/metadata";
import { CodeAskCommand } from "./commands/CodeAskCommand";
import { JobCallbackEndpoint } from "./endpoints/JobCallbackEndpoint";
import { answerDirectMessage, checkDirectMessage } from "./handlers/DirectMessageHandler";
import { JobPoller } from "./jobs/JobPoller";
import { settings } from "./settings/settings";

/**
 * CodeAsk: answers questions about a code base with verified line-range citations.
 * Thin on purpose: it registers the settings, `/codeask`, the job-callback endpoint and the
 * job poller, and hands direct messages to the bot over to their handler.
 */
export default class CodeAskApp extends App implements IPostMessageSent {
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
			endpoints: [new JobCallbackEndpoint(this)],
		});
		await configuration.scheduler.registerProcessors([new JobPoller(this)]);
	}

	public async checkPostMessageSent(message: IMessage, read: IRead, _http: IHttp): Promise<boolean> {
		return checkDirectMessage(message, read);
	}

	public async executePostMessageSent(
		message: IMessage,
		read: IRead,
		http: IHttp,
		persistence: IPersistence,
		modify: IModify,
	): Promise<void> {
		await answerDirectMessage(this, message, read, http, persistence, modify);
	}
}
