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
		firstSchemaProblem ??= result.error.issues
			.slice(0, 8)
			.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
			.join("; ");
	}
	if (firstSchemaProblem)
		return { ok: false, problem: `the JSON does not match the schema (${firstSchemaProblem})` };
	return { ok: false, problem: text.trim() === "" ? "the reply was empty" : "the reply was not valid JSON" };
}

/** The follow-up turn asking the model to fix its own output (one repair attempt). */
export function repairInstruction(problem: string, jsonSchema: Record<string, unknown>): string {
	return [
		`Your previous reply could not be used: ${problem}.`,
		"Reply again with only the corrected JSON value, no prose and no code fences, matching this JSON Schema:",
		JSON.stringify(jsonSchema),
	].join("\n");
}
