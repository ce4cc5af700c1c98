/** Parse a request body with a zod schema; a failure is a 400 listing every field problem. */
import type { ZodType } from "zod";
import { HttpError } from "./http-error.js";

export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
	if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
		throw new HttpError(400, "invalid-body", "the body must be a JSON object", {
			issues: [{ path: "(body)", message: "expected a JSON object" }],
		});
	}
	const parsed = schema.safeParse(body);
	if (parsed.success) return parsed.data;
	const issues = parsed.error.issues.map((i) => ({
		path: i.path.length ? i.path.map(String).join(".") : "(body)",
		message: i.message,
	}));
	throw new HttpError(
		400,
		"invalid-body",
		`invalid request body: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
		{
			issues,
		},
	);
}
