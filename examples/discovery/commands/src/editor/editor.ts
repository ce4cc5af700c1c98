/** A rich-text editor: features register command objects by name; buttons and keystrokes execute them by name. */
export abstract class Command {
	constructor(protected readonly editor: Editor) {}
	abstract execute(options?: unknown): void;
}

export class CommandCollection {
	private readonly byName = new Map<string, Command>();
	add(name: string, command: Command) {
		this.byName.set(name, command);
	}
	execute(name: string, options?: unknown) {
		this.byName.get(name)?.execute(options);
	}
}

export class Editor {
	readonly commands = new CommandCollection();
}
