/**
 * `codeask feedback export`: users' votes (stored by `codeask serve`, POST /v1/feedback) as a
 * benchmark question set (`codeask-questions/1`, like eval/*.json), so real questions grow the
 * benchmark. Up-voted answers give gold files; down-voted questions go to a review list.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { questionSetSchema } from "../../bench/questions.js";
import { type FeedbackExport, feedbackToQuestions } from "../../feedback/export.js";
import { FeedbackStore } from "../../feedback/store.js";
import { UsageError } from "../errors.js";
import { defaultIndexPath } from "../find-index.js";

const optionsSchema = z.object({
	db: z.string().min(1).optional(),
	out: z.string().min(1).optional(),
	review: z.string().min(1).optional(),
	set: z
		.string()
		.regex(/^[A-Za-z0-9._-]+$/, "--set: letters, digits, '.', '_' and '-'")
		.default("feedback"),
	commit: z
		.string()
		.regex(/^[0-9a-f]{7,40}$/, "--commit must be a hex git commit")
		.optional(),
	repository: z.string().min(1).optional(),
	json: z.boolean().default(false),
});
type Options = z.infer<typeof optionsSchema>;

export function feedbackExportMain(
	o: Options,
	defaultIndex: string | null = null,
): FeedbackExport & { db: string } {
	const db = o.db ?? (defaultIndex ? join(dirname(defaultIndex), "feedback.db") : null);
	if (!db)
		throw new UsageError(
			"no feedback store: give --db FILE (default: feedback.db beside the nearest .codeask/index.db)",
		);
	let store: FeedbackStore;
	try {
		store = FeedbackStore.open(db, { readonly: true });
	} catch (err) {
		throw new UsageError(`cannot read the feedback store ${db}: ${(err as Error).message}`);
	}
	try {
		const result = feedbackToQuestions(store.all(), {
			set: o.set,
			...(o.commit ? { commit: o.commit } : {}),
			...(o.repository ? { repository: o.repository } : {}),
		});
		if (result.questionSet.questions.length === 0) {
			throw new UsageError(
				`no up-voted answer to export from ${db} (${result.review.length} question(s) for review, ${result.skipped.otherCommit} about another commit, ${result.skipped.unknownAnswer} with an answer the sidecar no longer knew)`,
			);
		}
		// The same check as `codeask bench` applies when it reads the file.
		const checked = questionSetSchema.safeParse(result.questionSet);
		if (!checked.success) {
			throw new UsageError(
				`the exported set does not validate: ${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
			);
		}
		return { ...result, db };
	} finally {
		store.close();
	}
}

export function register(program: Command): void {
	const feedback = program
		.command("feedback")
		.description("Users' votes on answers (stored by codeask serve)");
	feedback
		.command("export")
		.description("Write the votes as a benchmark question set (codeask-questions/1, like eval/*.json)")
		.option(
			"--db <file>",
			"the feedback store (default: feedback.db beside the nearest .codeask/index.db, where serve writes it unless CODEASK_FEEDBACK_DB says otherwise)",
		)
		.option("-o, --out <file>", "write the question set here (default: stdout)")
		.option("--review <file>", "write the down-voted questions (with comments) here, for hand labelling")
		.option("--set <name>", "the set's name", "feedback")
		.option("--commit <sha>", "only answers made from this commit (default: the one most up-votes are about)")
		.option("--repository <url>", "the repository the set is about (default: what the answers recorded)")
		.option("--json", "print a summary as JSON (with --out)", false)
		.addHelpText(
			"after",
			`
Example:
  codeask feedback export --db .codeask/feedback.db --out eval/feedback.json --review feedback-review.json
  codeask bench --questions eval/feedback.json

Exit codes: 0 written, 2 no store, nothing to export or bad options.`,
		)
		.action((raw: Record<string, unknown>) => {
			const parsed = optionsSchema.safeParse(raw);
			if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join("; "));
			const o = parsed.data;
			const result = feedbackExportMain(o, defaultIndexPath(process.cwd(), process.env));
			const text = `${JSON.stringify(result.questionSet, null, 2)}\n`;
			if (o.review) writeFileSync(o.review, `${JSON.stringify(result.review, null, 2)}\n`);
			if (!o.out) {
				process.stdout.write(text);
				return;
			}
			writeFileSync(o.out, text);
			const summary = {
				out: o.out,
				questions: result.questionSet.questions.length,
				review: result.review.length,
				skipped: result.skipped,
				commit: result.questionSet.commit,
			};
			process.stdout.write(
				o.json
					? `${JSON.stringify(summary, null, 2)}\n`
					: `${summary.questions} question(s) written to ${o.out} (commit ${summary.commit ?? "none"}); ${summary.review} for review; skipped ${summary.skipped.otherCommit} of another commit, ${summary.skipped.unknownAnswer} unknown answers\n`,
			);
		});
}
