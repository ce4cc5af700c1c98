/**
 * `codeask mcp`: the MCP server over stdio for MCP hosts (Claude Desktop, Cursor, …).
 * stdout carries the protocol, so logs go to stderr.
 */
import type { Command } from "commander";
import { pino } from "pino";
import { ConfigError, type Flags, loadConfig, loadRepoConfig } from "../../config.js";
import { IndexHolder } from "../../index/holder.js";
import { createLogger, type Logger } from "../../logger.js";
import { createMcpServer } from "../../mcp/server.js";
import { FramedStdioTransport } from "../../mcp/stdio-transport.js";
import { ask } from "../../pipeline/ask.js";
import { checkedLlmFactory } from "../../server/llm-factory.js";
import type { LlmFactory } from "../../server/questions.js";
import { UsageError } from "../errors.js";

interface McpFlags {
	index?: string;
	llm?: string;
	model?: string;
	llmBaseUrl?: string;
	logLevel?: string;
	reposDir?: string;
}

export function register(program: Command): void {
	program
		.command("mcp")
		.description(
			"Serve MCP over stdio: ask_codebase, find_symbol, get_callers, get_callees, dispatch_key, get_source, find_path, repository_overview",
		)
		.option(
			"--index <file>",
			"index file (env CODEASK_INDEX; default .codeask/index.db in this folder or the nearest parent)",
		)
		.option(
			"--llm <provider>",
			"LLM for ask_codebase: none | gemini | openai (env CODEASK_LLM_PROVIDER; default none)",
		)
		.option("--model <model>", "LLM model (env CODEASK_LLM_MODEL)")
		.option("--llm-base-url <url>", "LLM base URL for openai-compatible servers (env CODEASK_LLM_BASE_URL)")
		.option("--log-level <level>", "log level on stderr (env CODEASK_LOG_LEVEL; default info)")
		.option(
			"--repos-dir <dir>",
			"serve the registered repositories of this folder (codeask repos); tools take an optional repo (env CODEASK_REPOS_DIR)",
		)
		.addHelpText(
			"after",
			`
Claude Desktop / Cursor configuration:
  { "mcpServers": { "codeask": { "command": "npx", "args": ["codeask", "mcp", "--index", "/abs/path/index.db"] } } }`,
		)
		.action(async (flags: McpFlags) => {
			await mcpMain(flags);
		});
}

async function mcpMain(flags: McpFlags): Promise<void> {
	let config: ReturnType<typeof loadConfig>;
	let log: Logger;
	let createLlm: LlmFactory;
	try {
		const settings: Flags = {
			indexPath: flags.index,
			llmProvider: flags.llm,
			llmModel: flags.model,
			llmBaseUrl: flags.llmBaseUrl,
			logLevel: flags.logLevel,
		};
		config = loadConfig(process.env, settings, "mcp");
		log = createLogger({ level: config.logLevel, destination: pino.destination(2), name: "codeask-mcp" });
		createLlm = checkedLlmFactory(config.llm, log);
	} catch (err) {
		if (err instanceof ConfigError) throw new UsageError(err.message);
		throw err;
	}
	const repos = await openRepos(flags, log, config.indexPollMs);
	const holder = repos?.holder ?? new IndexHolder(config.indexPath, log);
	if (!repos) {
		if (!holder.reload())
			throw new UsageError(
				`${holder.problem ?? `cannot open ${config.indexPath}`}: run \`codeask index <repo>\` or pass --index <file>`,
			);
		holder.watch(config.indexPollMs);
	}

	const server = createMcpServer({
		holder,
		...(repos ? { holderFor: repos.holderFor } : {}),
		ask,
		llm: () => (config.llm.provider === "none" ? undefined : createLlm(config.llm)),
		askTimeoutMs: config.limits.askTimeoutMs,
		log,
	});
	// Not the SDK's StdioServerTransport: an oversized or malformed frame is answered, not fatal.
	const transport = new FramedStdioTransport();
	const closed = new Promise<void>((resolve) => {
		transport.onclose = () => resolve();
		process.stdin.once("end", () => resolve());
	});
	await server.connect(transport);
	await closed;
	await server.close();
	holder.close();
	await repos?.close();
}

/** Repository mode: the registry's holders (read only: syncing is the service's or the CLI's job). */
async function openRepos(flags: McpFlags, log: Logger, pollMs: number) {
	let reposDir: string | undefined;
	try {
		reposDir = loadRepoConfig(process.env, { reposDir: flags.reposDir }).reposDir;
	} catch (err) {
		if (err instanceof ConfigError) throw new UsageError(err.message);
		throw err;
	}
	if (!reposDir) return null;
	const [{ createRepoManager }, { InProcessQueue }] = await Promise.all([
		import("../../repos/setup.js"),
		import("../../repos/queue.js"),
	]);
	const config = loadRepoConfig(process.env, { reposDir });
	const manager = createRepoManager(
		{ ...config, reposDir },
		{
			log,
			queue: new InProcessQueue(1),
			pollMs: 0,
			createHolder: (path) => {
				const h = new IndexHolder(path, log);
				h.watch(pollMs);
				return h;
			},
		},
	);
	manager.refresh();
	const first = manager.list()[0];
	const holder = first ? manager.holderOf(first.name) : undefined;
	if (!holder) throw new UsageError(`no repositories registered in ${reposDir} (codeask repos add)`);
	return { holder, holderFor: (repo?: string) => manager.resolve(repo), close: () => manager.close() };
}
