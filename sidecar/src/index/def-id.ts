/**
 * A definition's id is `<repo-relative file>#<qualified name>` (a dispatch key's is `trunk:<trunk>#<key>`).
 * The qualified name may itself hold `#`: an ES private member is `Class.#method`. So the separator is the
 * first `#` that does not open a name segment (one right after a `.` or at the start is a private name).
 */
export function defIdHash(id: string): number {
	for (let i = id.indexOf("#"); i >= 0; i = id.indexOf("#", i + 1)) {
		if (i > 0 && id[i - 1] !== ".") return i;
	}
	return -1;
}

/** `a/b.ts#Push.send` → `Push.send`, `a/b.ts#Run.#start` → `Run.#start`; a bare name is returned as it is. */
export function defIdName(id: string): string {
	const hash = defIdHash(id);
	return hash >= 0 ? id.slice(hash + 1) : id;
}

/** `a/b.ts#Push.send` → `a/b.ts`; null for a bare name. */
export function defIdPrefix(id: string): string | null {
	const hash = defIdHash(id);
	return hash >= 0 ? id.slice(0, hash) : null;
}

/**
 * The dotted segments of a qualified name, with dots inside a key's parentheses kept:
 * `Job.run.metrics.measure(jobs.v2/run)` → `Job`, `run`, `metrics`, `measure(jobs.v2/run)`.
 */
export function nameSegments(name: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let start = 0;
	for (let i = 0; i < name.length; i++) {
		const ch = name[i];
		if (ch === "(") depth++;
		else if (ch === ")") depth = Math.max(0, depth - 1);
		else if (ch === "." && depth === 0) {
			parts.push(name.slice(start, i));
			start = i + 1;
		}
	}
	parts.push(name.slice(start));
	return parts.filter(Boolean);
}
