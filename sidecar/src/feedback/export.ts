/**
 * Users' votes → benchmark questions (`codeask-questions/1`, the format of eval/*.json). A
 * question whose answers got more 👍 than 👎 becomes a labelled question: its core files are the
 * first verified citations of the up-voted answer, the rest supporting, its key symbols theirs.
 * Down-voted questions have no gold to offer; they go to a review list with the comments, to be
 * labelled by hand. Everything exported is marked unreviewed in `mechanism`.
 */
import { createHash } from "node:crypto";
import type { FeedbackRow } from "./store.js";

const CORE_FILES = 3;
const SUPPORTING_FILES = 10;

export interface ExportOptions {
	set: string;
	/** Only answers made from this commit (default: the commit most up-votes are about). */
	commit?: string;
	repository?: string;
}

export interface ExportedQuestion {
	id: string;
	question: string;
	type: "architecture" | "call-chain" | "locate" | "impact" | "pattern" | "routing";
	core: string[];
	supporting: string[];
	chain: never[];
	keySymbols: string[];
	trunks: never[];
	mechanism: string;
}

export interface ReviewItem {
	question: string;
	up: number;
	down: number;
	comments: string[];
	/** Files the down-voted answer cited (what the user said was wrong). */
	cited: string[];
}

export interface FeedbackExport {
	questionSet: {
		schema: "codeask-questions/1";
		repository: string;
		commit: string | null;
		description: string;
		set: string;
		questions: ExportedQuestion[];
	};
	review: ReviewItem[];
	skipped: { otherCommit: number; unknownAnswer: number };
}

const normalise = (q: string) =>
	q
		.normalize("NFKC")
		.toLowerCase()
		.replace(/\s+/g, " ")
		.replace(/[?!.\s]+$/, "")
		.trim();

/** A rough type from the wording; the reviewer corrects it. */
function guessType(question: string): ExportedQuestion["type"] {
	const q = question.toLowerCase();
	if (/\b(who|what) (calls|uses|depends)|\bimpact\b|\bbreak\b|\bif i change\b/.test(q)) return "impact";
	if (/\bwhere\b|\bwhich file\b/.test(q)) return "locate";
	if (/\broute|endpoint|\bapi\b/.test(q)) return "routing";
	if (/\barchitecture|overview|structure|main (modules|parts)/.test(q)) return "architecture";
	if (/\bhow\b.*\b(registered|defined|pattern)\b/.test(q)) return "pattern";
	return "call-chain";
}

export function feedbackToQuestions(rows: readonly FeedbackRow[], options: ExportOptions): FeedbackExport {
	const byQuestion = new Map<string, FeedbackRow[]>();
	for (const row of rows) {
		const key = normalise(row.question);
		byQuestion.set(key, [...(byQuestion.get(key) ?? []), row]);
	}
	const commitVotes = new Map<string, number>();
	for (const r of rows) {
		if (r.vote === "up" && r.answer)
			commitVotes.set(r.answer.indexCommit ?? "", (commitVotes.get(r.answer.indexCommit ?? "") ?? 0) + 1);
	}
	const commit = options.commit ?? [...commitVotes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
	const skipped = { otherCommit: 0, unknownAnswer: 0 };
	const questions: ExportedQuestion[] = [];
	const review: ReviewItem[] = [];
	let repository = options.repository ?? null;

	for (const [key, votes] of byQuestion) {
		const up = votes.filter((v) => v.vote === "up").length;
		const down = votes.length - up;
		const comments = votes.map((v) => v.comment).filter((c): c is string => Boolean(c));
		if (up <= down) {
			const last = [...votes].reverse().find((v) => v.vote === "down");
			review.push({
				question: votes[0]?.question ?? key,
				up,
				down,
				comments,
				cited: [...new Set(last?.answer?.citations.map((c) => c.file) ?? [])],
			});
			continue;
		}
		const best = [...votes]
			.reverse()
			.find((v) => v.vote === "up" && v.answer && v.answer.citations.length > 0);
		if (!best?.answer) {
			skipped.unknownAnswer++;
			continue;
		}
		if ((best.answer.indexCommit ?? "") !== commit) {
			skipped.otherCommit++;
			continue;
		}
		repository ||= best.answer.repository;
		const files = [...new Set(best.answer.citations.map((c) => c.file))];
		const symbols = [...new Set(best.answer.citations.slice(0, CORE_FILES).map((c) => c.symbol))].filter(
			Boolean,
		);
		questions.push({
			id: `fb-${createHash("sha1").update(key).digest("hex").slice(0, 10)}`,
			question: best.question,
			type: guessType(best.question),
			core: files.slice(0, CORE_FILES),
			supporting: files.slice(CORE_FILES, CORE_FILES + SUPPORTING_FILES),
			chain: [],
			keySymbols: symbols,
			trunks: [],
			mechanism: `Unreviewed, from user feedback: ${up} up, ${down} down (answer by ${best.answer.provider}${best.answer.model ? ` ${best.answer.model}` : ""}, CodeAsk ${best.answer.version})${comments.length ? `; comments: ${comments.join(" | ")}` : ""}. Type guessed from the wording.`,
		});
	}
	return {
		questionSet: {
			schema: "codeask-questions/1",
			repository: repository || "unknown",
			commit: commit === "" ? null : commit,
			description: `Questions users voted up, with the files the voted answer cited as gold (unreviewed); exported by codeask feedback export.`,
			set: options.set,
			questions,
		},
		review,
		skipped,
	};
}
