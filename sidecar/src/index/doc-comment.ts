/** The first sentence of a definition's description as stored in the index (comment markers and tags removed). */
export function firstSentence(doc: string | null, maxChars: number): string {
	if (!doc) return "";
	const clean = doc
		.replace(/^\s*\/\*\*?|\*\/\s*$/g, "")
		.replace(/^\s*\*\s?/gm, "")
		.replace(/^\s*\/\/\s?/gm, "")
		.replace(/@\w+.*$/gms, "")
		.replace(/\s+/g, " ")
		.trim();
	const m = clean.match(new RegExp(`^(.{10,${maxChars}}?[.!?])(\\s|$)`));
	return m?.[1] ?? clean.slice(0, maxChars);
}
