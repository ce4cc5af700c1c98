import type { App } from "./app";

export function activateLauncher(app: App) {
	const { commands } = app;
	return {
		openRecent: (path: string) => commands.execute("files:open", { path }),
		rename: () => commands.execute("files:rename"),
	};
}
