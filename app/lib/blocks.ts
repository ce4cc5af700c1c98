import type { ActionsBlock, ButtonElement } from "@rocket.chat/ui-kit";

/** Action ids of the buttons under an answer; the button's value is the answer's job id. */
export enum AnswerAction {
	Full = "codeask-full-answer",
	VoteUp = "codeask-vote-up",
	VoteDown = "codeask-vote-down",
}

const BLOCK_ID = "codeask-answer-actions";

function button(appId: string, actionId: AnswerAction, text: string, value: string): ButtonElement {
	return {
		type: "button",
		appId,
		blockId: BLOCK_ID,
		actionId,
		text: { type: "plain_text", text, emoji: true },
		value,
	};
}

/** "Show the full answer" (only when there is more to show), 👍 and 👎. */
export function answerActions(appId: string, jobId: string, withFull: boolean): ActionsBlock {
	return {
		type: "actions",
		appId,
		blockId: BLOCK_ID,
		elements: [
			...(withFull ? [button(appId, AnswerAction.Full, "Show the full answer", jobId)] : []),
			button(appId, AnswerAction.VoteUp, "👍", jobId),
			button(appId, AnswerAction.VoteDown, "👎", jobId),
		],
	};
}
