/**
 * A question asking how a whole feature works ("How does the billing system work?", "What is the
 * workflow for exporting a report?", "… from sign-up to the first login?"), told from its
 * wording as impact and pattern questions are: its core files span several layers (the client and
 * the server, a registry and its consumers, a storage strategy and its callers), where a question
 * about one step or one place has them along one flow.
 */
const HOW_IT_WORKS = /\bhow\s+(?:does|do|is|are)\b[^?]*\bwork(?:s|ing)?\b/i;
/** A span the question asks to be followed end to end: "from sign-up to the first login". */
const FROM_TO = /\bfrom\s+[\w-]+(?:\s+[\w-]+){0,3}\s+to\s+[\w-]+/i;
/** A noun naming the whole process. */
const WHOLE = /\b(?:workflow|lifecycle|life cycle|architecture)\b/i;

export function asksHowFeatureWorks(question: string): boolean {
	return HOW_IT_WORKS.test(question) || FROM_TO.test(question) || WHOLE.test(question);
}
