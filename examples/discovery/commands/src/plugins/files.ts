import type { App } from "./app";

export namespace CommandIDs {
	export const open = "files:open";
	export const rename = "files:rename";
}

/** A plugin's commands: `execute` runs when the id is executed anywhere in the app. */
export function activateFiles(app: App) {
	app.commands.addCommand(CommandIDs.open, {
		label: "Open",
		execute: (args: { path: string }) => app.open(args.path),
	});
	app.commands.addCommand(CommandIDs.rename, {
		label: "Rename",
		execute: () => app.commands.execute(CommandIDs.open, { path: "renamed" }),
	});
}
