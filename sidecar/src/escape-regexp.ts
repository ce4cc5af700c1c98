/** `s` as a literal inside a regular expression (Node 20 has no `RegExp.escape`). */
export function escapeRegExp(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
