/**
 * `codeask mcp`: the MCP server over stdio for MCP hosts (Claude Desktop, Cursor, …).
 * stdout carries the protocol, so logs go to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Command } from "commander";
import { pino } from "pino";
import { ConfigError, type Flags, loadConfig } from "../../config.js";
import { createLogger, type Logger } from "../../logger.js";
import { createMcpServer } from "../../mcp/server.js";
import { ask } from "../../pipeline/ask.js";
import { IndexHolder } from "../../server/index-holder.js";
import { checkedLlmFactory } from "../../server/llm-factory.js";
import type { LlmFactory } from "../../server/questions.js";
import { UsageError } from "../errors.js";

interface McpFlags {
	index?: string;
	llm?: string;
	model?: string;
	llmBaseUrl?: string;
	logLevel?: string;
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
	const holder = new IndexHolder(config.indexPath, log);
	if (!holder.reload()) throw new UsageError(holder.problem ?? `cannot open ${config.indexPath}`);
	holder.watch(config.indexPollMs);

	const server = createMcpServer({
		holder,
		ask,
		llm: () => (config.llm.provider === "none" ? undefined : createLlm(config.llm)),
		askTimeoutMs: config.limits.askTimeoutMs,
		log,
	});
	const transport = new StdioServerTransport();
	const closed = new Promise<void>((resolve) => {
		transport.onclose = () => resolve();
		process.stdin.once("end", () => resolve());
	});
	await server.connect(transport);
	await closed;
	await server.close();
	holder.close();
}
