/** Hand-made labels and answers for scorer tests. */
import type { Citation } from "@codeask/shared";
import type { QuestionLabel, QuestionSet } from "../../../src/bench/questions.js";
import type { AskResult, AskTrace } from "../../../src/pipeline/types.js";

export function label(over: Partial<QuestionLabel> = {}): QuestionLabel {
	return {
		id: "q-push",
		question: "How are push notifications sent?",
		type: "architecture",
		expect: "answer",
		core: ["src/push/push.ts", "src/net/send.ts"],
		supporting: [],
		chain: [
			{ file: "src/push/push.ts", symbol: "PushSender.sendNativeNotification", line: 4 },
			{ file: "src/net/send.ts", symbol: "send", line: 1 },
		],
		keySymbols: ["PushSender", "send"],
		trunks: ["callbacks"],
		mechanism: "PushSender.sendNativeNotification calls send.",
		...over,
	};
}

export function questionSet(questions: QuestionLabel[], over: Partial<QuestionSet> = {}): QuestionSet {
	return {
		schema: "codeask-questions/1",
		repository: "https://example.com/tiny",
		commit: "abcdef1234567890abcdef1234567890abcdef12",
		set: "tiny",
		questions,
		...over,
	};
}

export function citation(
	n: number,
	file: string,
	startLine: number,
	endLine: number,
	symbol: string,
): Citation {
	return { n, file, startLine, endLine, symbol, verified: true };
}

export function emptyTrace(over: Partial<AskTrace> = {}): AskTrace {
	return { routedSections: [], seeds: [], skeleton: [], read: [], requests: [], ...over };
}

export function askResult(over: Partial<AskResult> = {}): AskResult {
	return {
		answer: "",
		citations: [],
		chains: [],
		usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
		indexCommit: null,
		timings: { total: 1 },
		provider: "none",
		droppedCitations: 0,
		trace: emptyTrace(),
		...over,
	};
}
