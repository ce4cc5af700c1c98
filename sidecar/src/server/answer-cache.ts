/**
 * An LRU cache of answers, keyed by the normalised question, the index identity and the LLM
 * settings that shape the answer. Bounded by entry count and by serialised size, so memory stays
 * flat under load. A per-request API key is deliberately not part of the key (it changes who
 * pays, not the answer), but degraded answers (an LLM that failed and fell back) are not stored.
 */
import type { AskResponse } from "@codeask/shared";
import { LRUCache } from "lru-cache";

export interface AnswerCacheOptions {
	entries: number;
	maxBytes: number;
	ttlMs: number;
}

export interface CacheKeyParts {
	question: string;
	indexIdentity: string;
	provider: string;
	model?: string | null;
	baseUrl?: string | null;
	/** The answer's form ("short" default, or "full"). */
	detail?: "short" | "full";
}

/** Case, spacing, Unicode form and trailing punctuation do not change a question. */
export function normaliseQuestion(question: string): string {
	return question
		.normalize("NFKC")
		.toLowerCase()
		.replace(/\s+/g, " ")
		.trim()
		.replace(/[\s?!.。？！]+$/u, "");
}

export class AnswerCache {
	private readonly lru: LRUCache<string, AskResponse> | null;
	hits = 0;
	misses = 0;

	constructor(options: AnswerCacheOptions) {
		this.lru =
			options.entries > 0
				? new LRUCache<string, AskResponse>({
						max: options.entries,
						maxSize: options.maxBytes,
						// UTF-16 length of the JSON: close enough to bytes held to bound memory.
						sizeCalculation: (value) => Math.max(1, JSON.stringify(value).length * 2),
						ttl: options.ttlMs,
					})
				: null;
	}

	static key(parts: CacheKeyParts): string {
		return JSON.stringify([
			normaliseQuestion(parts.question),
			parts.indexIdentity,
			parts.provider,
			parts.model ?? null,
			parts.baseUrl ?? null,
			parts.detail ?? "short",
		]);
	}

	get(key: string): AskResponse | undefined {
		const hit = this.lru?.get(key);
		if (hit) this.hits++;
		else this.misses++;
		return hit;
	}

	set(key: string, answer: AskResponse): void {
		if (!this.lru || answer.fallbackReason) return;
		this.lru.set(key, answer);
	}

	get size(): number {
		return this.lru?.size ?? 0;
	}

	get bytes(): number {
		return this.lru?.calculatedSize ?? 0;
	}
}
