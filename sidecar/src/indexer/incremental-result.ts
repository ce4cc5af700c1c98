/**
 * The incremental thread's result, checked where it enters the calling thread (zod, as at every
 * boundary): a thread's message is structured-cloned data, not the typed object it was. Loaded by
 * the calling side only (indexer/index.ts), never by the thread, which would pay ~0.06 s of CPU to
 * load zod on the one-file path.
 */
import { z } from "zod";
import { DEF_KINDS, EDGE_KINDS } from "../index/schema.js";
import { IMPORT_KINDS, type ImportKind } from "./import-kinds.js";
import type { IncrementalResult } from "./incremental-protocol.js";

const defRecord = z.object({
	defId: z.string(),
	name: z.string(),
	qualifiedName: z.string(),
	kind: z.enum(DEF_KINDS),
	startLine: z.number().int(),
	endLine: z.number().int(),
	signature: z.string().nullable(),
	doc: z.string().nullable(),
	description: z.string().nullable(),
	exported: z.boolean(),
	parentDefId: z.string().nullable(),
});

const edgeRecord = z.object({
	src: z.string(),
	dst: z.string(),
	kind: z.enum(EDGE_KINDS),
	line: z.number().int(),
});

const countPair = z.tuple([z.number(), z.number()]);

const fileCounts = z.object({
	sites: z.tuple([z.number(), z.number(), z.number(), z.record(z.string(), z.number())]),
	imports: z.tuple([z.number(), z.number()]),
	importKinds: z
		.object(
			Object.fromEntries(IMPORT_KINDS.map((k) => [k, countPair])) as Record<ImportKind, typeof countPair>,
		)
		.optional(),
	modules: z.record(z.string(), z.tuple([z.number(), z.union([z.literal(0), z.literal(1)])])).optional(),
});

/** One extracted file: its sites travel as their saved text (`sites` is null). */
const fileExtract = z.object({
	path: z.string(),
	defs: z.array(defRecord),
	edges: z.array(edgeRecord),
	sites: z.null(),
	savedSites: z.string().nullable(),
	counts: fileCounts.nullable(),
	problems: z.array(z.string()),
	unresolvedImports: z.array(z.string()),
	bodies: z.string().nullable(),
	imports: z.string().nullable(),
});

const incrementalResult = z.object({
	type: z.literal("done"),
	dependents: z.array(z.string()),
	globalFiles: z.array(z.string()),
	resolverProblems: z.array(
		z.object({ file: z.string(), reason: z.string(), missingExtends: z.boolean().optional() }),
	),
	extracted: z.object({
		files: z.array(fileExtract),
		timings: z.object({ program: z.number(), defs: z.number(), edges: z.number() }),
		shares: z
			.array(
				z.object({
					files: z.number(),
					program: z.number(),
					defs: z.number(),
					edges: z.number(),
					cpu: z.number().optional(),
				}),
			)
			.optional(),
	}),
	cpu: z.number().optional(),
	warmCpu: z.number().optional(),
	waitMs: z.number().optional(),
	processCpu: z.number().optional(),
	snapshot: z.boolean().optional(),
});

/**
 * Exact type equality: `satisfies` only catches a field the schema lacks that the type requires;
 * a new optional field of IncrementalResult missing here would be stripped by z.object silently.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Parsed = z.infer<typeof incrementalResult>;
type ParsedFile = Parsed["extracted"]["files"][number];
type ResultFile = IncrementalResult["extracted"]["files"][number];
// Level by level; a file's `sites` is narrowed on purpose (null: they travel as saved text).
const schemaIsResult: [
	Equal<Omit<Parsed, "extracted">, Omit<IncrementalResult, "extracted">>,
	Equal<Omit<Parsed["extracted"], "files">, Omit<IncrementalResult["extracted"], "files">>,
	Equal<Omit<ParsedFile, "sites">, Omit<ResultFile, "sites">>,
] = [true, true, true];
void schemaIsResult;

/** The thread's result as sent, or an error naming what is wrong with it. */
export function checkIncrementalResult(message: unknown): IncrementalResult {
	const parsed = incrementalResult.safeParse(message);
	if (parsed.success) return parsed.data satisfies IncrementalResult;
	const issue = parsed.error.issues[0];
	throw new Error(
		`the incremental indexing thread sent a malformed result (${issue?.path.join(".") || "message"}: ${issue?.message})`,
	);
}
