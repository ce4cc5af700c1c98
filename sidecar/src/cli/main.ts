#!/usr/bin/env node
/**
 * The `codeask` CLI: a thin commander shell. Each command lives in ./commands/<name>.ts and
 * exports `register(program)`; commands call a `main`-style function that returns data and
 * print it (JSON on stdout with --json; progress on stderr only on a TTY).
 */
import { Command } from "commander";
import { VERSION } from "../version.js";
import * as askCommand from "./commands/ask.js";
import * as benchCommand from "./commands/bench.js";
import * as demoCommand from "./commands/demo.js";
import * as diagramCommand from "./commands/diagram.js";
import * as edgesCommand from "./commands/edges.js";
import * as exportCommand from "./commands/export.js";
import * as indexCommand from "./commands/index.js";
import * as mcpCommand from "./commands/mcp.js";
import * as overviewCommand from "./commands/overview.js";
import * as queryCommand from "./commands/query.js";
import * as serveCommand from "./commands/serve.js";
import * as trunksCommand from "./commands/trunks.js";
import { EXIT, UsageError } from "./errors.js";

// One line per command module; keep this list sorted.
const commands: { register(program: Command): void }[] = [
	askCommand,
	benchCommand,
	demoCommand,
	diagramCommand,
	edgesCommand,
	exportCommand,
	indexCommand,
	mcpCommand,
	overviewCommand,
	queryCommand,
	serveCommand,
	trunksCommand,
];

export async function run(argv: string[]): Promise<number> {
	const program = new Command("codeask")
		.description(
			"Ask questions of a TypeScript/JavaScript codebase, answered from its source with verified citations.",
		)
		.version(VERSION)
		.showHelpAfterError()
		.exitOverride();
	for (const c of commands) c.register(program);
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
		if (err instanceof UsageError || (err as Error).name === "IndexError") {
			process.stderr.write(`codeask: ${(err as Error).message}\n`);
			return EXIT.usage;
		}
		throw err;
	}
}

run(process.argv).then(
	(code) => {
		process.exitCode = code;
	},
	(err) => {
		process.stderr.write(`codeask: unexpected error\n${(err as Error).stack ?? String(err)}\n`);
		process.exitCode = EXIT.failed;
	},
);
