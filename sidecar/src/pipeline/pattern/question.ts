/**
 * Whether a question asks how to add a new X, and which noun X is: the active form ("how do I add a new
 * service?"), the developer's own ("where would I add a new payment provider?") and the passive one
 * ("how are new endpoints registered?").
 */
import pluralize from "pluralize";

/**
 * "How do I add a new service?", "how would one create a new database model in X?", "what are the
 * steps to add another exporter", "what would I have to write to add a new provider?", "the
 * convention for adding a new kind of job": the noun after "new" / "another" is group 1. The
 * gerund asks the same as the verb; "kind of" / "type of" name the noun, not a noun of their own.
 */
const PATTERN_QUESTION =
	/\b(?:how (?:do|can|would|should|could|does|to)\b|steps? to\b|what (?:would|do|does|should|must|will) (?:i|we|you|one)\b|conventions?\b|process (?:for|of)\b)[^?]*?\b(?:creat(?:e|ing)|add(?:ing)?|writ(?:e|ing)|mak(?:e|ing)|defin(?:e|ing)|implement(?:ing)?|build(?:ing)?|register(?:ing)?|introduc(?:e|ing)|set(?:ting)? up)\s+(?:(?:a|an|one)\s+)?(?:new|another|additional)\s+(?:(?:kind|type|sort|form)s? of\s+)?([a-z0-9][\w\s-]*?)(?=\s+(?:in|for|to|so|that|with|on|inside|within|into)\b|\s*[?.!]|\s*$)/i;

/**
 * The looser form, when the question is the developer's own ("where would I add a new payment
 * provider?", "which files do I touch to add a new setting?", "what do I need to implement to
 * support a new storage backend?"): "<verb> a new X" anywhere, with I / we / you / one in the
 * question, and not inside a clause of something happening ("when you create a new room, …" asks
 * what runs). Group 1 is the noun.
 */
const ADD_NEW =
	/\b(?:creat(?:e|ing)|add(?:ing)?|writ(?:e|ing)|mak(?:e|ing)|defin(?:e|ing)|implement(?:ing)?|build(?:ing)?|register(?:ing)?|introduc(?:e|ing)|set(?:ting)? up|support(?:ing)?|plug(?:ging)? in)\s+(?:(?:a|an|one)\s+)?(?:new|another|additional)\s+(?:(?:kind|type|sort|form)s? of\s+)?([a-z0-9][\w\s-]*?)(?=\s+(?:in|for|to|so|that|with|on|inside|within|into|what|which|where|how)\b|\s*[?.!,;]|\s*$)/i;
/** "Extend the editor with a new tool": the noun after "with a new". */
const EXTEND_WITH_NEW =
	/\bextend(?:ing)?\b[^?]*?\bwith\s+(?:(?:a|an|one)\s+)?(?:new|another|additional)\s+([a-z0-9][\w\s-]*?)(?=\s+(?:in|for|to|so|that|on|inside|within|into)\b|\s*[?.!,;]|\s*$)/i;
const DEVELOPER = /\b(?:i|we|you|one)\b/i;
const HAPPENING = /\b(?:when|whenever|after|before|once)\b/i;

/** The noun of the looser, developer's form (ADD_NEW, EXTEND_WITH_NEW), or null. */
function developerSubject(question: string): string | null {
	if (!DEVELOPER.test(question)) return null;
	for (const form of [ADD_NEW, EXTEND_WITH_NEW]) {
		const m = form.exec(question);
		if (m?.[1] && !HAPPENING.test(question.slice(0, m.index))) return m[1].trim();
	}
	return null;
}

/**
 * "How are new endpoints registered in the REST API?", "how is a new hook added": the passive form,
 * noun (group 1) before a verb of declaring. Creating and sending verbs are left out: "how are new
 * rooms created" asks what happens at run time, not how code adds a kind of room.
 */
const PASSIVE_PATTERN_QUESTION =
	/\bhow (?:are|is) (?:(?:a|an)\s+)?(?:new|additional)\s+([a-z0-9][\w\s-]*?)\s+(?:registered|added|defined|declared|wired(?: up)?|hooked up)\b/i;

/** The noun a pattern question asks to add ("REST API endpoint", "database model"), or null. */
export function patternSubject(question: string): string | null {
	return patternQuestion(question)?.subject ?? null;
}

/**
 * A pattern question's noun and its form. A passive one ("how are new users added?") also reads as
 * a flow question, so it is taken as a pattern only when the noun names a keyed family (patternFamily).
 */
export function patternQuestion(question: string): { subject: string; passive: boolean } | null {
	const active = PATTERN_QUESTION.exec(question)?.[1]?.trim() || developerSubject(question);
	if (active) return { subject: active, passive: false };
	const passive = PASSIVE_PATTERN_QUESTION.exec(question)?.[1]?.trim();
	return passive ? { subject: singularHead(passive), passive: true } : null;
}

/** "REST endpoints" → "REST endpoint": the passive form asks of the plural, the answer tells of one. */
function singularHead(phrase: string): string {
	const words = phrase.split(/\s+/);
	words.push(pluralize.singular(words.pop() ?? ""));
	return words.join(" ");
}
