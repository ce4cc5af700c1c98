/** Background work: a question asking what runs later or elsewhere (a job, a queue's worker, a schedule), and the code on a key's far side that does it. */
import type { DefRow } from "../../index/types.js";
import type { ConceptVector } from "../concept-vector.js";

/**
 * Question words asking for work done later or elsewhere: "what background work does it start", "how does the
 * worker pick jobs up", "runs every night", "the cron". Matched as the start of a concept word (stems:
 * `schedul`, `period`). Words, not names: no repository's own.
 */
const ASKS_BACKGROUND =
	/^(?:background|job|queue|worker|cron|schedul|periodic|nightly|hourly|daily|weekly|recurr|asynchron)/;

/**
 * Words naming code that consumes background work: a key's trunk (`queue`, `jobs`), its handler's class or
 * method (`DataGatheringProcessor`, `EmailConsumer`, `handleJob`) or a folder of its file (`queues/`, `workers/`,
 * `cron/`). One word of a name split by case, `-`, `_`, `.`, `/` or `#`.
 */
const BACKGROUND_CODE =
	/^(?:queues?|jobs?|workers?|processors?|consumers?|crons?|schedules?|scheduler|scheduled|tasks?)$/;

/** Does the question ask about background work (one of its concept words is one)? */
export function asksBackground(concepts: ConceptVector): boolean {
	return concepts.words.some((w) => ASKS_BACKGROUND.test(w.toLowerCase()));
}

/** The lower-case words of a name or path: `DataGatheringProcessor` → data, gathering, processor. */
function wordsOf(text: string): string[] {
	return text
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((w) => w.length > 0);
}

/**
 * Is the code across a key background work: the key's trunk, or its handler's qualified name or file's folders,
 * name a queue, job, worker, processor, consumer, schedule or task (the handler of `process#GATHER_PROFILE`,
 * `DataGatheringProcessor.gatherProfile` in `services/queues/`). A route or an RPC's handler is not.
 */
export function isBackgroundEnd(key: DefRow, handler: DefRow): boolean {
	const trunk = key.qualifiedName.split("#")[0] ?? "";
	const folders = (handler.file ?? "").split("/").slice(0, -1).join("/");
	return [trunk, handler.qualifiedName, folders].some((t) => wordsOf(t).some((w) => BACKGROUND_CODE.test(w)));
}
