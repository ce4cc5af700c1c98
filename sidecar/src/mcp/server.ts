/**
 * The MCP server: CodeAsk's question answering and graph tools for any MCP host (Claude
 * Desktop, Cursor, …) over stdio. Every tool reads through the index holder (so a re-index is
 * picked up), validates its input with zod, and reports problems as tool errors, never crashes.
 */

import { questionSchema } from "@codeask/shared";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { formatPath, GraphQueryError, shortestPath } from "../graph/index.js";
import type { IndexHolder } from "../index/holder.js";
import type { IndexReader } from "../index/reader.js";
import type { LlmClient } from "../llm/types.js";
import type { Logger } from "../logger.js";
import { OverviewError, overview } from "../overview/index.js";
import { AskInputError } from "../pipeline/ask.js";
import type { AskFn } from "../server/questions.js";
import { VERSION } from "../version.js";
import { MAX_SOURCE_LINES, readSource, SourceRefused } from "./source.js";
import { dispatchKey, findSymbol, getCallees, getCallers, renderAnswer, ToolError } from "./tools.js";

export interface McpDeps {
	holder: IndexHolder;
	/** Repository mode: the holder of a tool call's `repo` (throws with a message when unknown). */
	holderFor?: (repo?: string) => IndexHolder;
	ask: AskFn;
	/** The LLM for one question (fresh budget each time); undefined = offline answer. */
	llm: () => LlmClient | undefined;
	askTimeoutMs: number;
	log: Logger;
}

const text = (t: string): CallToolResult => ({ content: [{ type: "text", text: t }] });
const json = (value: unknown): CallToolResult => text(JSON.stringify(value, null, 2));
const toolError = (message: string): CallToolResult => ({
	content: [{ type: "text", text: message }],
	isError: true,
});

const defIdArg = z
	.string()
	.min(1)
	.max(1000)
	.describe(
		"A defId (`path#Qualified.name`, from find_symbol), a `path#name`, a `Class.method` or a bare name",
	);
const depthArg = z.number().int().min(1).max(5).default(1).describe("Hops to follow (1 = direct)");
const repoArg = z
	.string()
	.min(1)
	.max(63)
	.optional()
	.describe("Which repository to use, when the server serves several (default: its default repository)");
const limitArg = z.number().int().min(1).max(200).default(50).describe("Most results to return");

export function createMcpServer(deps: McpDeps): McpServer {
	const server = new McpServer({ name: "codeask", version: VERSION });

	/** Run a tool body with a lease on the current index, turning known failures into tool errors. */
	async function withIndex(
		tool: string,
		repo: string | undefined,
		body: (reader: IndexReader) => CallToolResult | Promise<CallToolResult>,
	) {
		let lease: ReturnType<IndexHolder["acquire"]>;
		try {
			if (!deps.holderFor && repo !== undefined)
				return toolError("this server serves one index: leave out repo");
			lease = (deps.holderFor ? deps.holderFor(repo) : deps.holder).acquire();
		} catch (err) {
			return toolError(`the index is not loaded: ${(err as Error).message}`);
		}
		try {
			return await body(lease.reader);
		} catch (err) {
			if (err instanceof ToolError || err instanceof SourceRefused || err instanceof AskInputError) {
				return toolError(err.message);
			}
			deps.log.error({ err, tool }, "tool failed");
			return toolError(`${tool} failed unexpectedly; see the server log`);
		} finally {
			lease.release();
		}
	}

	server.registerTool(
		"ask_codebase",
		{
			title: "Ask the codebase",
			description:
				"Answer a question about the indexed repository (how a feature works, where something is checked, what calls what), grounded in the source. Returns an answer whose citations [n] are verified file:line ranges. Works offline (extractive) unless the server has an LLM configured.",
			inputSchema: {
				repo: repoArg,
				question: questionSchema.describe("The question, in plain language"),
				detail: z
					.enum(["short", "full"])
					.optional()
					.describe(
						'"short" (default): the path through the code and where to look, one chat message; "full": every chain, neighbours and code excerpts',
					),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ question, repo, detail }) =>
			withIndex("ask_codebase", repo, async (reader) => {
				const signal = AbortSignal.timeout(deps.askTimeoutMs);
				try {
					const answer = await deps.ask(reader, question, {
						llm: deps.llm(),
						signal,
						measureMaterial: false,
						...(detail ? { detail } : {}),
					});
					return text(renderAnswer(answer));
				} catch (err) {
					// Said plainly, not "failed unexpectedly": the host can ask again or narrow the question.
					if (signal.aborted) return toolError(`the question took longer than ${deps.askTimeoutMs} ms`);
					throw err;
				}
			}),
	);

	server.registerTool(
		"find_symbol",
		{
			title: "Find a symbol",
			description:
				"Look up definitions (functions, methods, classes, interfaces, types, variables) by name, qualified name (`Class.method`) or words. Returns defIds with file and line range, kind, signature and fan-in; exact name matches first.",
			inputSchema: {
				repo: repoArg,
				query: z.string().trim().min(1).max(300).describe("A name, `Class.method`, a defId, or words"),
				limit: limitArg,
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ query, limit, repo }) =>
			withIndex("find_symbol", repo, (reader) => {
				const hits = findSymbol(reader, query, limit);
				return hits.length ? json(hits) : toolError(`no definition matches "${query}"`);
			}),
	);

	server.registerTool(
		"get_callers",
		{
			title: "Who calls this",
			description:
				"Definitions that call, construct, reference or dispatch to a definition — including code that reaches it through a string-dispatch key (a REST route, a method name, an event). Each result says how (`via`) and where (file:line).",
			inputSchema: { defId: defIdArg, depth: depthArg, limit: limitArg, repo: repoArg },
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ defId, depth, limit, repo }) =>
			withIndex("get_callers", repo, (reader) => json(getCallers(reader, defId, depth, limit))),
	);

	server.registerTool(
		"get_callees",
		{
			title: "What this calls",
			description:
				"Definitions a definition calls, constructs, references or dispatches to — following string-dispatch keys to their registered handlers. Each result says how (`via`) and where (file:line).",
			inputSchema: { defId: defIdArg, depth: depthArg, limit: limitArg, repo: repoArg },
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ defId, depth, limit, repo }) =>
			withIndex("get_callees", repo, (reader) => json(getCallees(reader, defId, depth, limit))),
	);

	server.registerTool(
		"dispatch_key",
		{
			title: "Register and dispatch sites of a key",
			description:
				"Every place a string-dispatch key is registered (its handlers) and dispatched, for one trunk (e.g. rest, meteor-method, callbacks, service-events, api-call, streamer, or a trunk from the repository's own config). A list, one entry per key: an event sent on several named buses or receivers gives one entry each. Suggests similar keys when there is no match.",
			inputSchema: {
				repo: repoArg,
				trunk: z.string().trim().min(1).max(100).describe("Trunk name, as listed by the index"),
				key: z
					.string()
					.trim()
					.min(1)
					.max(500)
					.describe("The key, e.g. a route path, method name or event name"),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ trunk, key, repo }) =>
			withIndex("dispatch_key", repo, (reader) => json(dispatchKey(reader, trunk, key))),
	);

	server.registerTool(
		"get_source",
		{
			title: "Read source lines",
			description: `Lines startLine..endLine (1-based, inclusive; at most ${MAX_SOURCE_LINES}) of a file of the indexed repository, numbered. The path is repo-relative with forward slashes; absolute paths, '..' and symlinks leading out of the repository are refused.`,
			inputSchema: {
				repo: repoArg,
				file: z.string().min(1).max(1000).describe("Repo-relative path, e.g. as returned by find_symbol"),
				startLine: z.number().int().min(1).describe("First line (1-based)"),
				endLine: z.number().int().min(1).describe("Last line (inclusive)"),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ file, startLine, endLine, repo }) =>
			withIndex("get_source", repo, (reader) => {
				const excerpt = readSource(reader, file, startLine, endLine);
				const header = `${excerpt.file}:${excerpt.startLine}-${excerpt.endLine} (of ${excerpt.lineCount} lines)`;
				return text(`${header}\n${excerpt.text}`);
			}),
	);

	server.registerTool(
		"find_path",
		{
			title: "How one definition reaches another",
			description:
				"The cheapest chain of calls, dispatches (REST routes, methods, events, callbacks, …) and handlers from one definition to another, crossing string-dispatch trunks: every hop with the edge kind and the file:line where it is written. Says so when the index has no such path.",
			inputSchema: { from: defIdArg, to: defIdArg, repo: repoArg },
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ from, to, repo }) =>
			withIndex("find_path", repo, (reader) => {
				try {
					return text(formatPath(shortestPath(reader, from, to)));
				} catch (err) {
					if (err instanceof GraphQueryError) {
						const more = err.candidates.length ? ` Candidates: ${err.candidates.join(", ")}` : "";
						return toolError(`${err.message}.${more} Use find_symbol to look up defIds.`);
					}
					throw err;
				}
			}),
	);

	server.registerTool(
		"repository_overview",
		{
			title: "Overview of the repository or of one package",
			description:
				"What the repository (or one package) is made of: its packages and what each is for, their most used symbols, the dependency graph between packages, which packages talk over which string-dispatch trunks (REST, methods, events, …), entry points and feature folders. Structured Markdown, offline.",
			inputSchema: {
				repo: repoArg,
				package: z
					.string()
					.trim()
					.min(1)
					.max(200)
					.optional()
					.describe(
						"A package name (@scope/name or name) or folder (apps/web); omit for the whole repository",
					),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ package: pkg, repo }) =>
			withIndex("repository_overview", repo, async (reader) => {
				try {
					return text((await overview(reader, pkg ? { package: pkg } : {})).markdown);
				} catch (err) {
					if (err instanceof OverviewError) return toolError(err.message);
					throw err;
				}
			}),
	);

	return server;
}
