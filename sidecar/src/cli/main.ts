#!/usr/bin/env node
/**
 * The `codeask` CLI: a thin commander shell. Each command lives in ./commands/<name>.ts and
 * exports `register(program)`; commands call a `main`-style function that returns data and
 * print it (JSON on stdout with --json; progress on stderr only on a TTY).
 */
import { Command } from "commander";
import { VERSION } from "../version.js";
import { describeError, type ErrorContext, EXIT } from "./errors.js";
import { fillIndexOption } from "./find-index.js";

type CommandModule = { register(program: Command): void };

/**
 * Lower layers' user-facing errors, reported like UsageError (one line, exit 2). Matched by name:
 * importing their modules here would load what the lazy command loaders below avoid.
 */
/**
 * One loader per command, keep this list sorted. Modules are imported lazily: a command pulls in
 * only its own dependencies (ts-morph, Graphviz WASM, express … are heavy), so `codeask ask`
 * does not pay for `codeask index`. `--help` without a command loads them all to list them.
 */
const commandLoaders: Record<string, () => Promise<CommandModule>> = {
	ask: () => import("./commands/ask.js"),
	bench: () => import("./commands/bench.js"),
	demo: () => import("./commands/demo.js"),
	diagram: () => import("./commands/diagram.js"),
	edges: () => import("./commands/edges.js"),
	export: () => import("./commands/export.js"),
	feedback: () => import("./commands/feedback.js"),
	index: () => import("./commands/index.js"),
	mcp: () => import("./commands/mcp.js"),
	overview: () => import("./commands/overview.js"),
	query: () => import("./commands/query.js"),
	repos: () => import("./commands/repos.js"),
	serve: () => import("./commands/serve.js"),
	trunks: () => import("./commands/trunks.js"),
};

/** The command modules an invocation needs: the named command, or all of them (help, typos). */
async function loadCommands(argv: string[]): Promise<CommandModule[]> {
	const name = argv.slice(2).find((a) => !a.startsWith("-"));
	if (name === undefined && argv.some((a) => a === "-V" || a === "--version")) return [];
	const loader = name === undefined ? undefined : commandLoaders[name];
	const names = loader ? [name as string] : Object.keys(commandLoaders);
	return Promise.all(names.map((n) => (commandLoaders[n] as () => Promise<CommandModule>)()));
}

export async function run(argv: string[]): Promise<number> {
	// What the running command reads or writes, to name it when it fails.
	const context: ErrorContext = {};
	const program = new Command("codeask")
		.description(
			"Ask questions of a TypeScript/JavaScript codebase, answered from its source with verified citations.",
		)
		.version(VERSION)
		.showHelpAfterError()
		.exitOverride()
		.hook("preAction", (_program, command) => {
			fillIndexOption(command);
			const { index, out } = command.opts() as { index?: unknown; out?: unknown };
			if (typeof index === "string") context.index = index;
			if (typeof out === "string" && command.name() === "index") context.out = out;
		});
	for (const c of await loadCommands(argv)) c.register(program);
	try {
		await program.parseAsync(argv);
		return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
	} catch (err) {
		const e = err as { code?: string; exitCode?: number };
		if (typeof e.code === "string" && e.code.startsWith("commander.")) {
			// --help and --version exit 0; parse errors already printed by commander.
			return e.code === "commander.helpDisplayed" ||
				e.code === "commander.version" ||
				e.code === "commander.help"
				? EXIT.ok
				: EXIT.usage;
		}
		const sentence = describeError(err, context);
		if (sentence === null) throw err;
		process.stderr.write(`codeask: ${sentence}\n`);
		return EXIT.usage;
	}
}

// A closed pipe is not an error worth a stack trace. A closed stdout (`codeask … | head -1`) ends
// the command quietly, as SIGPIPE would; a closed stderr (`codeask … 2>&1 | head -1`) only silences
// what is left to say, and the exit code stays the command's own (2 for bad input, not a crash's 1).
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
	if (err.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
	throw err;
});
process.stderr.on("error", (err: NodeJS.ErrnoException) => {
	if (err.code !== "EPIPE") throw err;
});

run(process.argv).then(
	(code) => {
		process.exitCode = code;
	},
	(err) => {
		process.stderr.write(`codeask: unexpected error\n${(err as Error).stack ?? String(err)}\n`);
		process.exitCode = EXIT.failed;
	},
);
