/** Whether an answer cites a range holding `file:line`. */
export function cited(
	r: { citations: { file: string; startLine: number; endLine: number }[] },
	file: string,
	line: number,
): boolean {
	return r.citations.some((c) => c.file === file && c.startLine <= line && line <= c.endLine);
}
