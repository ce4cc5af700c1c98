/**
 * `codeask query callers|callees|path|listeners`: direct graph queries over the index.
 * Text on stdout (JSON with --json). An unknown or ambiguous definition exits 2 and lists
 * candidates; a query that finds nothing (no path, no listener) exits 1.
 */
import type { Command } from "commander";
import { z } from "zod";
import {
	callees,
	callers,
	formatListeners,
	formatNeighbours,
	formatPath,
	GraphQueryError,
	listeners,
	shortestPath,
} from "../../graph/index.js";
import { IndexReader } from "../../index/reader.js";
import { EDGE_KINDS } from "../../index/schema.js";
import { EXIT, UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";

const kindsSchema = z
	.string()
	.transform((s) =>
		s
			.split(",")
			.map((k) => k.trim())
			.filter(Boolean),
	)
	.pipe(z.array(z.enum(EDGE_KINDS, { error: () => `edge kinds are ${EDGE_KINDS.join(", ")}` })).min(1));

const commonSchema = z.strictObject({
	index: z.string().min(1),
	json: z.boolean().default(false),
	kinds: kindsSchema.optional(),
});
const neighbourSchema = commonSchema.extend({
	depth: z.coerce.number().int().min(1).max(10).default(1),
	limit: z.coerce.number().int().min(1).max(10_000).default(100),
});
const pathSchema = commonSchema.extend({
	maxVisited: z.coerce.number().int().min(10).max(5_000_000).default(200_000),
});
const listenersSchema = commonSchema.omit({ kinds: true }).extend({ trunk: z.string().min(1).optional() });

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
	const r = schema.safeParse(raw);
	if (!r.success) {
		throw new UsageError(r.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
	}
	return r.data;
}

/** Open the index, run the query, map lookup errors to usage errors (exit 2 with candidates). */
function withIndex<T>(path: string, run: (index: IndexReader) => T): T {
	const index = IndexReader.open(path);
	try {
		return run(index);
	} catch (err) {
		if (err instanceof GraphQueryError) {
			const more = err.candidates.length
				? `\ncandidates:\n${err.candidates.map((c) => `  ${c}`).join("\n")}`
				: "";
			throw new UsageError(`${err.message}${more}`);
		}
		throw err;
	} finally {
		index.close();
	}
}

/** Print the result (JSON or text); exit code 1 when it found nothing. */
function print(json: boolean, data: unknown, text: string, found: boolean): void {
	process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${text}\n`);
	if (!found) process.exitCode = EXIT.failed;
}

export function register(program: Command): void {
	const query = program
		.command("query")
		.description(
			"Query the definition graph: callers, callees, shortest path across trunks, listeners of a key.",
		)
		.addHelpText(
			"after",
			[
				"",
				"Definitions are named by defId (path#Qualified.name), path-suffix#name, Class.method or a unique name.",
				"Edges followed by default: call, new, jsx, reference, implementation, register, handler, dispatch.",
				"",
				"Examples:",
				"  codeask query callers sendMessage --depth 2",
				"  codeask query callees 'server/post.ts#postMessage' --json",
				"  codeask query path ChatView notifyUsers",
				"  codeask query listeners afterMessageSave --trunk callbacks",
				"",
				"Exit codes: 0 found, 1 nothing found (no path, no listener), 2 unknown/ambiguous name or bad options.",
			].join("\n"),
		);
	const common = (c: Command) =>
		c.option("-i, --index <file>", INDEX_OPTION_HELP).option("--json", "print the result as JSON", false);

	for (const direction of ["callers", "callees"] as const) {
		common(
			query
				.command(direction)
				.description(
					direction === "callers"
						? "definitions that call, reference or dispatch to a definition (through dispatch keys)"
						: "definitions a definition calls, references or dispatches to (handlers of its keys)",
				)
				.argument("<definition>", "defId, path#name, Class.method or name"),
		)
			.option("--depth <n>", "hops to follow (1-10)", "1")
			.option("--limit <n>", "most results", "100")
			.option("--kinds <list>", "edge kinds to follow, comma-separated")
			.action((ref: string, raw: Record<string, unknown>) => {
				const o = parse(neighbourSchema, raw);
				const r = withIndex(o.index, (index) =>
					(direction === "callers" ? callers : callees)(index, ref, {
						depth: o.depth,
						limit: o.limit,
						...(o.kinds ? { kinds: o.kinds } : {}),
					}),
				);
				print(o.json, r, formatNeighbours(r), r.neighbours.length > 0);
			});
	}

	common(
		query
			.command("path")
			.description("shortest path from one definition to another, crossing string-dispatch trunks")
			.argument("<from>", "start definition")
			.argument("<to>", "end definition"),
	)
		.option("--kinds <list>", "edge kinds to follow, comma-separated")
		.option("--max-visited <n>", "stop after visiting this many definitions", "200000")
		.action((from: string, to: string, raw: Record<string, unknown>) => {
			const o = parse(pathSchema, raw);
			const r = withIndex(o.index, (index) =>
				shortestPath(index, from, to, { maxVisited: o.maxVisited, ...(o.kinds ? { kinds: o.kinds } : {}) }),
			);
			print(o.json, r, formatPath(r), r.steps.length > 0);
		});

	common(
		query
			.command("listeners")
			.description("every handler registered under a dispatch key, and where the key is dispatched")
			.argument("<key>", "the key, e.g. afterMessageSave, notes.create or /v1/notes.create"),
	)
		.option(
			"--trunk <name>",
			"only this trunk (rest, meteor-method, callbacks, service-events, api-call, streamer, …)",
		)
		.action((key: string, raw: Record<string, unknown>) => {
			const o = parse(listenersSchema, raw);
			const r = withIndex(o.index, (index) => listeners(index, key, o.trunk ? { trunk: o.trunk } : {}));
			print(
				o.json,
				r,
				formatListeners(r),
				r.some((x) => x.handlers.length + x.registerSites.length > 0),
			);
		});
}
