/**
 * fast-check arbitraries from the JSON Schemas of the service's OpenAPI description (and of MCP
 * tools' inputSchema): each node mostly fits its schema, sometimes breaks a bound or drops a
 * required key or adds an unknown one, and sometimes is any JSON value at all. Used by the
 * OpenAPI fuzzer and its short form in the tests.
 */
import fc from "fast-check";

export type Schema = Record<string, unknown>;
export type OpenApiDoc = {
	paths: Record<string, Record<string, { requestBody?: unknown }>>;
	components: { schemas: Record<string, Schema> };
};

/** A fast-check arbitrary for a JSON Schema node: usually fitting, sometimes off by a bound, sometimes anything. */
export function arbitraryFor(node: Schema, doc: OpenApiDoc, depth = 0): fc.Arbitrary<unknown> {
	const ref = node.$ref as string | undefined;
	if (ref) return arbitraryFor(doc.components.schemas[ref.split("/").pop() ?? ""] ?? {}, doc, depth);
	const anything = fc.jsonValue({ maxDepth: 2 });
	const fitting = fitted(node, doc, depth);
	return fc.oneof({ weight: 8, arbitrary: fitting }, { weight: 1, arbitrary: anything });
}

function fitted(node: Schema, doc: OpenApiDoc, depth: number): fc.Arbitrary<unknown> {
	if (Array.isArray(node.enum))
		return fc.oneof(fc.constantFrom(...(node.enum as unknown[])), fc.string({ maxLength: 8 }));
	if (Array.isArray(node.anyOf))
		return fc.oneof(...(node.anyOf as Schema[]).map((s) => arbitraryFor(s, doc, depth + 1)));
	switch (node.type) {
		case "string": {
			const max = typeof node.maxLength === "number" ? node.maxLength : 300;
			const unit = fc.constantFrom("grapheme", "binary", "grapheme-ascii") as fc.Arbitrary<
				"grapheme" | "binary" | "grapheme-ascii"
			>;
			const text = unit.chain((u) => fc.string({ unit: u, maxLength: Math.min(max + 5, 2100) }));
			if (node.format === "uri") return fc.oneof(fc.webUrl(), text);
			return fc.oneof(
				{ weight: 6, arbitrary: text },
				{ weight: 1, arbitrary: fc.constant("x".repeat(max + 1)) },
			);
		}
		case "integer":
			return fc.oneof(fc.integer({ min: -5, max: 500 }), fc.integer());
		case "number":
			return fc.double();
		case "boolean":
			return fc.boolean();
		case "array":
			return depth > 3
				? fc.constant([])
				: fc.array(arbitraryFor((node.items as Schema) ?? {}, doc, depth + 1), { maxLength: 3 });
		case "object": {
			const props = (node.properties ?? {}) as Record<string, Schema>;
			if (depth > 3 || Object.keys(props).length === 0)
				return fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
			const required = new Set((node.required as string[] | undefined) ?? []);
			const record = fc.record(
				Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, doc, depth + 1)])),
				{ requiredKeys: [...required].filter((k) => k in props) },
			);
			// Now and then a key the schema does not know (strict objects refuse it) or a dropped required one.
			return fc
				.tuple(record, fc.option(fc.string({ minLength: 1, maxLength: 8 }), { freq: 6 }), fc.boolean())
				.map(([r, extra, drop]) => {
					const out: Record<string, unknown> = { ...(r as object) };
					if (extra) out[extra] = 1;
					if (drop && required.size) delete out[[...required][0] as string];
					return out;
				});
		}
		default:
			return fc.jsonValue({ maxDepth: 2 });
	}
}

/** Keep every generated request on this machine: LLMs offline, callbacks to loopback (which the policy refuses). */
export function confine(body: unknown): unknown {
	if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
	const b = { ...(body as Record<string, unknown>) };
	const llm = b.llm;
	if (llm && typeof llm === "object" && !Array.isArray(llm))
		b.llm = { ...(llm as object), provider: "none", baseUrl: undefined };
	const cb = b.callback;
	if (cb && typeof cb === "object" && !Array.isArray(cb)) {
		const url = (cb as { url?: unknown }).url;
		if (typeof url === "string" && /^https?:/i.test(url))
			(b.callback as Record<string, unknown>).url = "http://127.0.0.1:9/cb";
	}
	if (typeof b.origin === "string" && /^https?:/i.test(b.origin)) b.origin = "http://127.0.0.1:9";
	return b;
}
