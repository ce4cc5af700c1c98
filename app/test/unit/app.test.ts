import type { IConfigurationExtend, IEnvironmentRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApi } from "@rocket.chat/apps-engine/definition/api";
import type { IProcessor } from "@rocket.chat/apps-engine/definition/scheduler";
import type { ISetting } from "@rocket.chat/apps-engine/definition/settings";
import type { ISlashCommand } from "@rocket.chat/apps-engine/definition/slashcommands";
import { describe, expect, it } from "vitest";
import CodeAskApp from "../../CodeAskApp";
import { REPO_PROGRESS_PATH } from "../../handlers/ReposHandler";
import { CALLBACK_PATH, POLL_PROCESSOR_ID } from "../../lib/jobs";
import { settings } from "../../settings/settings";

describe("CodeAskApp", () => {
	it("registers its settings, /codeask, the public callback endpoint and the poll processor", async () => {
		const provided = {
			settings: [] as Array<ISetting>,
			commands: [] as Array<ISlashCommand>,
			apis: [] as Array<IApi>,
		};
		const processors: Array<IProcessor> = [];
		const configuration = {
			settings: { provideSetting: async (setting: ISetting) => void provided.settings.push(setting) },
			slashCommands: {
				provideSlashCommand: async (command: ISlashCommand) => void provided.commands.push(command),
			},
			api: { provideApi: async (api: IApi) => void provided.apis.push(api) },
			scheduler: { registerProcessors: async (list: Array<IProcessor>) => void processors.push(...list) },
		} as unknown as IConfigurationExtend;
		const logger = { debug() {}, info() {}, warn() {}, error() {}, log() {}, success() {} };
		const app = new CodeAskApp(
			{ id: "app-id", name: "CodeAsk", author: { name: "CodeAsk" } } as never,
			logger as never,
		);

		await (
			app as unknown as { extendConfiguration(c: IConfigurationExtend, e: IEnvironmentRead): Promise<void> }
		).extendConfiguration(configuration, {} as IEnvironmentRead);

		expect(provided.settings).toEqual(settings);
		expect(provided.commands.map((command) => command.command)).toEqual(["codeask"]);
		expect(provided.apis).toHaveLength(1);
		expect(provided.apis[0]?.visibility).toBe(0); // ApiVisibility.PUBLIC: the sidecar has no Rocket.Chat login
		expect(provided.apis[0]?.endpoints.map((endpoint) => endpoint.path)).toEqual([
			CALLBACK_PATH,
			REPO_PROGRESS_PATH,
		]);
		expect(processors.map((processor) => processor.id)).toEqual([POLL_PROCESSOR_ID]);
	});
});
