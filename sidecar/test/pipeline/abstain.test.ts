import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { BODY_FILES, conceptStats, coverage, offTopic } from "../../src/pipeline/abstain.js";
import { ask } from "../../src/pipeline/ask.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { openIndexOf } from "../support/open-index.js";

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

	it("does not count an adverb placing a step in time as a word the code never writes", () => {
		// Three topic words the code writes and two adverbs of time it never does.
		const q = analyzeQuestion(
			"What happens to the digest emails of later notifications afterwards?",
			new Set(),
		);
		expect(q.concepts.map((c) => c.word)).toEqual(expect.arrayContaining(["later", "afterwards"]));
		const stats = conceptStats(q, df, 1000);
		expect(stats.map((s) => s.concept.word)).not.toContain("later");
		expect(stats.map((s) => s.concept.word)).not.toContain("afterwards");
		const c = coverage(stats, defs);
		expect(c.absent).toBe(0);
		expect(offTopic(c, false)).toBe(false);
		// The adverbs alone, with words the code never writes, are still off topic.
		const off = analyzeQuestion("How do pilots land later in fog?", new Set());
		expect(offTopic(coverage(conceptStats(off, df, 1000), defs), false)).toBe(true);
	});

	it("does not count a passive participle the code never writes, after its auxiliary", () => {
		// `notified` is written by no definition; the question's nouns (digest, emails) are.
		const q = analyzeQuestion("How are the digest emails notified?", new Set());
		expect(q.concepts.map((c) => c.word)).toContain("notified");
		const stats = conceptStats(q, df, 1000);
		expect(stats.map((s) => s.concept.word)).not.toContain("notified");
		expect(offTopic(coverage(stats, defs), false)).toBe(false);
		// The same word with no auxiliary before it still counts as one the code never writes.
		const plain = analyzeQuestion("Which notified digest emails exist?", new Set());
		expect(conceptStats(plain, df, 1000).map((s) => s.concept.word)).toContain("notified");
	});

	it("keeps a participle the code writes, and still finds a question of absent nouns off topic", () => {
		const q = analyzeQuestion("How are the digest emails notified?", new Set());
		const writes = (w: string) => (w === "notified" ? 3 : df(w));
		expect(conceptStats(q, writes, 1000).map((s) => s.concept.word)).toContain("notified");
		const garden = analyzeQuestion(
			"In which season should tomatoes be planted in a vegetable garden?",
			new Set(),
		);
		const stats = conceptStats(garden, df, 1000);
		expect(stats.map((s) => s.concept.word)).not.toContain("planted");
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

describe("a word only function bodies write", () => {
	// 1,000 made-up definitions name reminders and imports; none names `ics` or `feed`.
	const named = new Map([
		["reminders", 12],
		["reminder", 12],
		["imported", 20],
		["import", 20],
		["client", 300],
	]);
	const dfNamed = (word: string) => named.get(word) ?? 0;
	const seeds = [
		{ qualifiedName: "ReminderService.importAll", file: "src/reminders/import.service.ts" },
		{ qualifiedName: "ReminderList", file: "src/ui/reminder-list.tsx" },
	];
	const question = analyzeQuestion("How are reminders imported from an ICS feed?", new Set());

	it("counts as matched when a file whose path carries a matched concept uses it", () => {
		const inBodies = new Map([
			["ics", ["src/reminders/import.service.ts"]],
			["feed", ["src/reminders/import.service.ts", "src/ui/news.tsx"]],
		]);
		const stats = conceptStats(question, dfNamed, 1000, (w) => inBodies.get(w) ?? []);
		const c = coverage(stats, seeds);
		expect(c.absent).toBe(0);
		expect(c.missing).toEqual([]);
		expect(offTopic(c, false)).toBe(false);
		// Without the files' text the same question reads as off topic (words the code never writes).
		expect(offTopic(coverage(conceptStats(question, dfNamed, 1000), seeds), false)).toBe(true);
	});

	it("stays absent when only unrelated or commonly named files use it, or many files do", () => {
		const unrelated = (w: string) => (w === "ics" || w === "feed" ? ["src/emoji/words.ts"] : []);
		const apart = coverage(conceptStats(question, dfNamed, 1000, unrelated), seeds);
		expect(apart.missing).toEqual(["ics", "feed"]);
		expect(offTopic(apart, false)).toBe(true);
		// A file under a common folder word (`src`, `app`, `client` name most paths) is not named for the topic.
		const common = analyzeQuestion("How does the client import an ICS feed?", new Set());
		for (const c of common.concepts) c.fileShare = c.word === "client" ? 0.4 : 0.01;
		const clientSeeds = [{ qualifiedName: "ClientShell", file: "src/client/shell.ts" }];
		const underClient = (w: string) => (w === "ics" || w === "feed" ? ["src/client/words.ts"] : []);
		const viaCommon = coverage(conceptStats(common, dfNamed, 1000, underClient), clientSeeds);
		expect(viaCommon.missing).toEqual(expect.arrayContaining(["ics", "feed"]));
		const many = Array.from({ length: BODY_FILES + 1 }, (_, i) => `src/reminders/part${i}.ts`);
		const spread = (w: string) => (w === "ics" || w === "feed" ? many : []);
		const thin = coverage(conceptStats(question, dfNamed, 1000, spread), seeds);
		expect(thin.missing).toEqual(["ics", "feed"]);
		expect(offTopic(thin, false)).toBe(true);
	});

	describe("on an indexed repository", () => {
		let index: IndexReader;
		let repo = "";
		beforeAll(async () => {
			repo = mkdtempSync(join(tmpdir(), "codeask-body-words-"));
			const write = (path: string, lines: string[]) => {
				mkdirSync(join(repo, path, ".."), { recursive: true });
				writeFileSync(join(repo, path), lines.join("\n"));
			};
			write("package.json", ['{ "name": "planner-app" }']);
			write("src/reminders/import.service.ts", [
				"export class ReminderService {",
				"\tasync importAll(url: string): Promise<string[]> {",
				"\t\tconst ics = await fetch(url).then((r) => r.text());",
				"\t\tconst feed = ics.split('BEGIN:VEVENT');",
				"\t\treturn feed.map((entry) => entry.trim());",
				"\t}",
				"}",
			]);
			write("src/reminders/store.ts", [
				"export function saveReminder(title: string): void {",
				"\tconsole.log(title);",
				"}",
			]);
			write("src/emoji/words.ts", [
				"export function emojiNames(): string[] {",
				"\treturn ['pancake', 'waffle', 'sourdough'];",
				"}",
			]);
			// Enough other files that the reminders folder is not a word most files use.
			for (let i = 0; i < 20; i++)
				write(`src/tools/tool${i}.ts`, [
					`export function tool${i}(n: number): number {`,
					`\treturn n + ${i};`,
					"}",
				]);
			index = await openIndexOf(repo);
		});
		afterAll(() => {
			index?.close();
			rmSync(repo, { recursive: true, force: true });
		});

		it("answers a question whose distinctive words only a reminders file's body writes", async () => {
			const r = await ask(index, "How are reminders imported from an ICS feed?");
			expect(r.abstained).toBe(false);
			expect(r.trace.abstention?.absent).toBe(0);
		});

		it("still says I don't know when only an unrelated file's body writes them", async () => {
			const r = await ask(index, "How long should sourdough and waffles bake before reminders?");
			expect(r.abstained).toBe(true);
		});
	});
});
