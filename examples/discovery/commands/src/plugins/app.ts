export interface CommandRegistry {
	addCommand(id: string, options: { label: string; execute: (args: never) => unknown }): void;
	execute(id: string, args?: unknown): Promise<unknown>;
}

export interface App {
	commands: CommandRegistry;
	open(path: string): void;
}
