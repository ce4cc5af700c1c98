/**
 * Real token counts for what a model reads. The character estimate (4 per token) undercounts the
 * LLM material by 7–18% under o200k_base (session 37, tok37: signature lines ~3.4 characters a
 * token, bodies ~3.8), so the material's budget and the reported sizes count with a tokenizer.
 * o200k_base (OpenAI's GPT-4o/5 vocabulary, pure JS) stands in for every provider: Gemini's own
 * tokenizer is not available offline. Loaded on first use (~0.5 s), each text's count cached.
 */
import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";

/** The vocabulary `countTokens` counts with, as bench and traces name it. */
export const TOKENIZER = "o200k_base";

type Counter = (text: string, options: { disallowedSpecial: Set<string> }) => number;

let counter: Counter | null = null;
/** The material counts each candidate entry once per question, many twice (fit checks): cache by text. */
const cache = new LRUCache<string, number>({ max: 50_000 });
/** Special-token markers in code are text here, never control tokens. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

function load(): Counter {
	if (!counter) {
		const require = createRequire(import.meta.url);
		counter = (require("gpt-tokenizer/cjs/encoding/o200k_base") as { countTokens: Counter }).countTokens;
	}
	return counter;
}

/** Tokens `text` costs a model (o200k_base). */
function count(text: string): number {
	if (text.length === 0) return 0;
	const hit = cache.get(text);
	if (hit !== undefined) return hit;
	const n = load()(text, AS_TEXT);
	cache.set(text, n);
	return n;
}

/** `count`, with what a printed line break and its indentation cost beyond the lines (measured: ~1). */
export const countTokens = Object.assign(count, { lineBreak: 1 });
