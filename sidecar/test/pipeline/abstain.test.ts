import { describe, expect, it } from "vitest";
import { conceptStats, coverage, offTopic } from "../../src/pipeline/abstain.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";

/** Document frequency over a made-up index of 1,000 definitions that name only these words. */
const written = new Map([
	["notification", 40],
	["notifications", 40],
	["digest", 5],
	["email", 30],
	["emails", 30],
]);
const df = (word: string) => written.get(word) ?? 0;
const defs = [
	{ qualifiedName: "NotificationService.sendDigestEmail", file: "src/notifications/digest.ts" },
	{ qualifiedName: "EmailProvider.send", file: "src/email/provider.ts" },
];

describe("the off-topic test", () => {
	it("does not count a verb framing a transition as a word the code never writes", () => {
		const q = analyzeQuestion("How are notifications turned into digest emails?", new Set());
		expect(q.concepts.map((c) => c.word)).toContain("turned");
		const stats = conceptStats(q, df, 1000);
		expect(stats.map((s) => s.concept.word)).not.toContain("turned");
		const c = coverage(stats, defs);
		expect(c.absent).toBe(0);
		expect(offTopic(c, false)).toBe(false);
	});

	it("also for the present tense, and judges a question of framing words alone on them", () => {
		const q = analyzeQuestion("What turns notifications into digest emails?", new Set());
		expect(coverage(conceptStats(q, df, 1000), defs).absent).toBe(0);
		const bare = analyzeQuestion("What becomes of it?", new Set());
		expect(bare.concepts.map((c) => c.word)).toEqual(["becomes"]);
		const stats = conceptStats(bare, df, 1000);
		expect(stats).toHaveLength(1);
		expect(offTopic(coverage(stats, defs), false)).toBe(true);
	});

	it("still finds a question about words the code never writes off topic", () => {
		const q = analyzeQuestion(
			"How long should sourdough bread proof before it is turned into a loaf?",
			new Set(),
		);
		const c = coverage(conceptStats(q, df, 1000), defs);
		expect(offTopic(c, false)).toBe(true);
	});
});
