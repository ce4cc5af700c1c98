interface SlashCommand {
	command: string;
	callback: (params: string, userId: string) => Promise<void>;
}

const commands = new Map<string, SlashCommand>();

/** Slash commands typed in the composer (`/invite @bob`). */
export const slashCommands = {
	add(command: SlashCommand): void {
		commands.set(command.command, command);
	},
	async run({ command, params, userId }: { command: string; params: string; userId: string }): Promise<void> {
		await commands.get(command)?.callback(params, userId);
	},
};
