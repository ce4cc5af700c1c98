import { askQuestion } from "../handlers/AskHandler";
import { showHelp } from "../handlers/HelpHandler";
import { showOverview } from "../handlers/OverviewHandler";
import { askInRepo, showRepos, useRepo } from "../handlers/ReposHandler";
import { showStatus } from "../handlers/StatusHandler";
import type { AppRequest } from "../lib/request";

/** Everything a subcommand may need; the same for `/codeask …` and a direct message to the bot. */
export interface RequestContext extends AppRequest {
	source: "command" | "dm";
}

/**
 * A word that, first in `/codeask …` (or a DM), runs something other than a question. Words
 * beyond `maxArgs` make the text a question instead ("help me find the login code" is a question).
 */
export interface Subcommand {
	name: string;
	maxArgs: number;
	run(context: RequestContext, args: ReadonlyArray<string>): Promise<void>;
}

/** The subcommands, in the order help lists them; add one here to extend `/codeask`. */
export const subcommands: Array<Subcommand> = [
	{
		name: "help",
		maxArgs: 0,
		run: (c) => showHelp(c.read, c.modify, c.user, c.room, c.threadId),
	},
	{
		name: "status",
		maxArgs: 0,
		run: (c) => showStatus(c.read, c.modify, c.http, c.user, c.room, c.threadId),
	},
	{
		name: "overview",
		maxArgs: 1,
		run: (c, args) => showOverview(c.read, c.modify, c.http, c.user, c.room, args[0], c.threadId),
	},
	// A sidecar serving several repositories (docs/repos.md).
	{ name: "repos", maxArgs: 8, run: (c, args) => showRepos(c, args) },
	{ name: "use", maxArgs: 1, run: (c, args) => useRepo(c, args[0]) },
	{ name: "in", maxArgs: 1000, run: (c, args) => askInRepo(c, args) },
];

/** Runs the subcommand the words name, or asks the text as a question; no words = help. */
export async function route(
	context: RequestContext,
	words: ReadonlyArray<string>,
	question: string = words.join(" "),
): Promise<void> {
	const first = (words[0] ?? "help").toLowerCase();
	const args = words.slice(1);
	const subcommand = subcommands.find(
		(candidate) => candidate.name === first && args.length <= candidate.maxArgs,
	);
	if (subcommand) {
		await subcommand.run(context, args);
		return;
	}
	await askQuestion({ ...context, question });
}
