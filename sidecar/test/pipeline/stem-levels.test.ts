import { describe, expect, it } from "vitest";
import { conceptMatch, scoreUnit, stemsMeet, wordStems } from "../../src/pipeline/match.js";
import { analyzeQuestion, type Concept, type QueryAnalysis, SEGMENT } from "../../src/pipeline/query.js";
import { DIRECT, PIECE, RELATED, StemTable, stemBits, stemTable } from "../../src/pipeline/stem-levels.js";

/** conceptMatch as it was written before the stems' bits were kept: the rule the bits must give. */
function matchByComparison(concept: Concept, stems: readonly string[]): number {
	const pieces = concept.pieces;
	const whole = (s: string) => !pieces?.includes(s) || pieces.every((p) => stems.includes(p));
	if (concept.technology)
		return concept.stems.some((c) => stems.includes(c) || stems.includes(`${SEGMENT}${c}`)) ? 1 : 0;
	if (stems.some((s) => whole(s) && concept.stems.some((c) => stemsMeet(s, c)))) return 1;
	if (concept.layer) return 0;
	if (
		concept.word.length >= 6 &&
		stems.some(
			(s) =>
				!s.startsWith(SEGMENT) && (s.includes(concept.word) || (concept.word.includes(s) && s.length >= 5)),
		)
	)
		return 0.8;
	if (stems.some((s) => concept.related.some((c) => stemsMeet(s, c)))) return 0.5;
	return 0;
}

function scoreByComparison(
	q: QueryAnalysis,
	groups: readonly { stems: readonly string[]; factor: number }[],
) {
	let score = 0;
	let matched = 0;
	for (const c of q.concepts) {
		let best = 0;
		for (const g of groups) best = Math.max(best, matchByComparison(c, g.stems) * g.factor);
		if (best > 0) {
			matched++;
			score += best * c.weight;
		}
	}
	const coverage = matched > 1 ? 1 + 0.6 * (matched - 1) : 1;
	return { score: score * coverage, matched };
}

const RULES = { segment: SEGMENT, meet: stemsMeet };

const concept = (c: Partial<Concept> & { word: string }): Concept => ({
	stems: [c.word],
	related: [],
	weight: 1,
	...c,
});

/** Concepts of every kind the analysis makes: plain, related words, compound pieces, layer, technology. */
const CONCEPTS: Concept[] = [
	...analyzeQuestion("How are push notifications sent to a room's users when a message is saved?").concepts,
	...analyzeQuestion("How does the client side reconnect, and what do React components render?").concepts,
	concept({ word: "database", stems: ["database"], pieces: ["data", "base"] }),
	concept({ word: "realtime", stems: ["realtime"], pieces: ["real", "time"], related: ["live"] }),
	concept({ word: "autotranslate", stems: ["autotranslate"], related: ["translat"] }),
	concept({ word: "client", stems: [`${SEGMENT}client`], layer: true }),
	concept({ word: "react", technology: true }),
];

const TEXTS = [
	"apps/server/services/push/PushService.ts",
	"PushService.sendNotification",
	"sendNotification(roomId: string, users: IUser[]): Promise<void>",
	"packages/database/src/dataStore.ts",
	"DatabaseBase.baseData",
	"realTimeMonitoring",
	"RealtimeTimer.time",
	"apps/web/client/lib/reconnect.ts",
	"packages/ddp-client/src/DDPClient.ts",
	"packages/react/src/ReactRenderer.tsx",
	"AutoTranslateService.translateMessage",
	"autotranslateRoom",
	"TranslationQueue.run",
	"liveUpdates",
	"saveMessage(message: IMessage)",
	"",
];

describe("stem levels", () => {
	it("give conceptMatch the value comparing every stem with the concept's words gave", () => {
		let nonZero = 0;
		for (const c of CONCEPTS) {
			for (const t of TEXTS) {
				const stems = wordStems(t);
				const want = matchByComparison(c, stems);
				expect(conceptMatch(c, stems), `${c.word} / ${t}`).toBe(want);
				if (want > 0) nonZero++;
			}
		}
		// Every level is met somewhere: direct, compound inside a word, related, a compound's pieces.
		expect(nonZero).toBeGreaterThan(20);
		const all = CONCEPTS.flatMap((c) => TEXTS.map((t) => matchByComparison(c, wordStems(t))));
		expect(new Set(all)).toEqual(new Set([0, 0.5, 0.8, 1]));
	});

	it("give scoreUnit the score and count of the comparisons, to the last bit", () => {
		const q = { ...analyzeQuestion("How is a push notification sent?"), concepts: CONCEPTS };
		for (const t of TEXTS) {
			const groups = [
				{ stems: wordStems(t), factor: 1 },
				{ stems: wordStems(TEXTS[0] as string), factor: 0.6 },
				{ stems: wordStems(`${t} ${TEXTS[2]}`), factor: 0.25 },
			];
			expect(scoreUnit(q, groups), t).toEqual(scoreByComparison(q, groups));
		}
	});

	it("tell a compound's piece from a direct stem: one piece alone is no match of the whole", () => {
		const db = CONCEPTS.find((c) => c.word === "database") as Concept;
		expect(stemBits(db, "data", RULES) & PIECE).toBe(PIECE);
		expect(stemBits(db, "data", RULES) & DIRECT).toBe(0);
		expect(stemBits(db, "database", RULES) & DIRECT).toBe(DIRECT);
		expect(conceptMatch(db, ["data"])).toBe(0);
		expect(conceptMatch(db, ["data", "base"])).toBe(1);
	});

	it("keep a table per concept list and make it again when a concept's words change", () => {
		const concepts = [concept({ word: "notify", related: [] }), concept({ word: "room" })];
		const table = stemTable(concepts, RULES);
		expect(stemTable(concepts, RULES)).toBe(table);
		expect(table.of("live")[0]).toBe(0);
		// The question is weighed (pieces set) or extended (related words, a concept pushed) after a first use.
		(concepts[0] as Concept).related = ["live"];
		const again = stemTable(concepts, RULES);
		expect(again).not.toBe(table);
		expect((again.of("live")[0] as number) & RELATED).toBe(RELATED);
		concepts.push(concept({ word: "live" }));
		const third = stemTable(concepts, RULES);
		expect(third).not.toBe(again);
		expect(third.of("live")).toHaveLength(3);
		(concepts[1] as Concept).pieces = ["ro", "om"];
		expect(stemTable(concepts, RULES)).not.toBe(third);
		// Another list of the same concepts (a question narrowed to its rare concepts) has its own table.
		expect(stemTable([...concepts], RULES)).not.toBe(stemTable(concepts, RULES));
		expect(new StemTable(concepts, RULES).fits(concepts)).toBe(true);
	});
});
