/** Structured output: zod schema → JSON Schema for the provider, and model text → validated value. */
import { type ZodType, z } from "zod";

/** JSON Schema for a zod schema, as providers accept it (no `$schema`; unrepresentable parts left open). */
export function toProviderJsonSchema(schema: ZodType): Record<string, unknown> {
	const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
	delete json.$schema;
	return json;
}

/**
 * Candidate JSON texts in `text`, most likely first: the whole reply, each fenced block
 * (```json … ```), then the widest {…} or […] span (models sometimes wrap JSON in prose).
 */
export function jsonCandidates(text: string): string[] {
	const out: string[] = [text.trim()];
	for (const m of text.matchAll(/```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)```/g)) out.push((m[1] ?? "").trim());
	for (const [open, close] of [
		["{", "}"],
		["[", "]"],
	] as const) {
		const start = text.indexOf(open);
		const end = text.lastIndexOf(close);
		if (start !== -1 && end > start) out.push(text.slice(start, end + 1));
	}
	return [...new Set(out.filter((c) => c !== ""))];
}

export type ParsedOutput<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Parses and validates model output; `problem` says what was wrong, for the repair prompt. */
export function parseJsonOutput<T>(text: string, schema: ZodType<T>): ParsedOutput<T> {
	let firstSchemaProblem: string | undefined;
	for (const candidate of jsonCandidates(text)) {
		let raw: unknown;
		try {
			raw = JSON.parse(candidate);
		} catch {
			continue;
		}
		const result = schema.safeParse(raw);
		if (result.success) return { ok: true, value: result.data };
		// Lists are asked for best first: one longer than the schema allows keeps its first items,
		// rather than spending a request of the question's three on a repair.
		let issues = result.error.issues;
		// A nested list's issue shows only once its parent is short enough: a few rounds.
		for (let round = 0; round < 4 && clampLongArrays(raw, issues); round++) {
			const again = schema.safeParse(raw);
			if (again.success) return { ok: true, value: again.data };
			issues = again.error.issues;
		}
		firstSchemaProblem ??= result.error.issues
			.slice(0, 8)
			.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
			.join("; ");
	}
	if (firstSchemaProblem)
		return { ok: false, problem: `the JSON does not match the schema (${firstSchemaProblem})` };
	return { ok: false, problem: text.trim() === "" ? "the reply was empty" : "the reply was not valid JSON" };
}

/** Truncates in place every array an issue says is too long; false when another kind of issue is there. */
function clampLongArrays(raw: unknown, issues: readonly z.core.$ZodIssue[]): boolean {
	if (issues.length === 0) return false;
	for (const issue of issues) {
		if (issue.code !== "too_big" || issue.origin !== "array") return false;
		let at: unknown = raw;
		for (const key of issue.path) at = (at as Record<PropertyKey, unknown> | undefined)?.[key];
		if (!Array.isArray(at)) return false;
		at.length = Math.min(at.length, Number(issue.maximum));
	}
	return true;
}

/** The follow-up turn asking the model to fix its own output (one repair attempt). */
export function repairInstruction(problem: string, jsonSchema: Record<string, unknown>): string {
	return [
		`Your previous reply could not be used: ${problem}.`,
		"Reply again with only the corrected JSON value, no prose and no code fences, matching this JSON Schema:",
		JSON.stringify(jsonSchema),
	].join("\n");
}
