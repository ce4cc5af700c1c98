/**
 * The benchmark question file (`schema: codeask-questions/1`): gold-labelled questions about one
 * pinned commit of a repository. Validated with zod so a malformed file — wherever it lives, in
 * the repository or a held-out set outside it — fails with every bad field named by its path.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

export const QUESTION_TYPES = [
	"architecture",
	"call-chain",
	"locate",
	"impact",
	"pattern",
	"routing",
] as const;

const repoPath = z
	.string()
	.min(1)
	.refine((p) => !p.startsWith("/") && !p.includes("\\") && !p.split("/").includes(".."), {
		message: "must be a repo-relative posix path",
	});

export const chainEntrySchema = z.strictObject({
	file: repoPath,
	symbol: z.string().min(1),
	line: z.number().int().positive(),
});

export const questionLabelSchema = z
	.strictObject({
		id: z.string().regex(/^[A-Za-z0-9._-]+$/, "letters, digits, '.', '_' and '-' only"),
		question: z.string().trim().min(1),
		type: z.enum([...QUESTION_TYPES, "off-topic"]),
		/** "abstain": nothing in any repository answers it; the right answer says so (core stays empty). */
		expect: z.enum(["answer", "abstain"]).default("answer"),
		core: z.array(repoPath),
		supporting: z.array(repoPath).default([]),
		chain: z.array(chainEntrySchema).default([]),
		keySymbols: z.array(z.string().min(1)).default([]),
		/** Trunk names are open-ended: a repository's own trunk config may add more. */
		trunks: z.array(z.string().min(1)).default([]),
		mechanism: z.string().default(""),
	})
	.refine((q) => q.expect === "abstain" || q.core.length > 0, {
		message: "a question that expects an answer names at least one core file",
		path: ["core"],
	});

export const questionSetSchema = z.strictObject({
	schema: z.literal("codeask-questions/1"),
	repository: z.string().min(1),
	/** The commit the labels are for; null for a set that follows a working tree (e.g. a bundled example). */
	commit: z
		.string()
		.regex(/^[0-9a-f]{7,40}$/, "a hex git commit")
		.nullable(),
	description: z.string().optional(),
	set: z.string().min(1),
	questions: z.array(questionLabelSchema).min(1),
});

/** Duplicate ids, checked on the raw data so they are reported together with schema problems. */
function duplicateIdProblems(data: unknown): string[] {
	const questions = (data as { questions?: unknown } | null)?.questions;
	if (!Array.isArray(questions)) return [];
	const seen = new Set<unknown>();
	const problems: string[] = [];
	questions.forEach((q, i) => {
		const id = (q as { id?: unknown } | null)?.id;
		if (typeof id !== "string") return;
		if (seen.has(id)) problems.push(`questions[${i}].id: duplicate id "${id}"`);
		seen.add(id);
	});
	return problems;
}

export type ChainEntry = z.infer<typeof chainEntrySchema>;
export type QuestionLabel = z.infer<typeof questionLabelSchema>;
export type QuestionSet = z.infer<typeof questionSetSchema>;

/** A question file that cannot be used; `problems` lists each one (field path: message). */
export class QuestionSetError extends Error {
	constructor(
		message: string,
		readonly problems: string[] = [],
	) {
		super(problems.length ? `${message}\n${problems.map((p) => `  - ${p}`).join("\n")}` : message);
		this.name = "QuestionSetError";
	}
}

/** Dotted field path of a zod issue, e.g. `questions[3].chain[0].line`. */
function fieldPath(path: readonly PropertyKey[]): string {
	let out = "";
	for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
	return out || "(root)";
}

/** Parse already-loaded JSON as a question set. */
export function parseQuestionSet(data: unknown, source = "questions file"): QuestionSet {
	const parsed = questionSetSchema.safeParse(data);
	const problems = [
		...(parsed.success ? [] : parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`)),
		...duplicateIdProblems(data),
	];
	if (!parsed.success || problems.length) {
		throw new QuestionSetError(`${source} is not a valid codeask-questions/1 file:`, problems);
	}
	return parsed.data;
}

export function loadQuestionSet(path: string): QuestionSet {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (err) {
		throw new QuestionSetError(`cannot read questions file ${path}: ${(err as NodeJS.ErrnoException).code}`);
	}
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (err) {
		throw new QuestionSetError(`questions file ${path} is not JSON: ${(err as Error).message}`);
	}
	return parseQuestionSet(data, path);
}

/** Every repo path a label names (core, supporting, chain), for checking against an index. */
export function labelPaths(q: QuestionLabel): string[] {
	return [...new Set([...q.core, ...q.supporting, ...q.chain.map((c) => c.file)])];
}
