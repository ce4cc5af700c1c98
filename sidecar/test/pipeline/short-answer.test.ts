import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { SHORT_ANSWER_CHARS } from "../../src/pipeline/short/fit.js";
import { citationHolds, namesIn } from "../../src/pipeline/verify.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

/** The numbered steps under "**The flow, step by step**". */
const pathSteps = (answer: string) => {
	const m = answer.match(/\*\*The flow, step by step\*\*\n((?:\d+\. .*\n)+)/);
	return (m?.[1] ?? "").trim().split("\n");
};

describe("the short offline answer (default) on the mini-chat index", () => {
	const index = indexForSuite(openFixtureIndex);

	it("is one chat message: In short, the path, where to look; bold labels, no headings", async () => {
		const r = await ask(index(), "How are push notifications sent when a new message is posted?");
		expect(r.answer.length).toBeLessThanOrEqual(SHORT_ANSWER_CHARS);
		expect(r.answer).not.toMatch(/^#{1,6} /m);
		const at = (label: string) => r.answer.indexOf(label);
		expect(at("**In short**")).toBeGreaterThan(0);
		expect(at("**The flow, step by step**")).toBeGreaterThan(at("**In short**"));
		expect(at("**Where to look**")).toBeGreaterThan(at("**The flow, step by step**"));
		expect(r.abstained).toBe(false);
		expect(r.droppedCitations).toBe(0);
		const inShort = r.answer.slice(at("**In short**"), at("**The flow, step by step**"));
		expect(
			inShort.split(/(?<=[.!?])\s+(?=[`A-Z])/).filter((s) => s.trim().length > 0).length,
		).toBeLessThanOrEqual(6);
		expect(pathSteps(r.answer).length).toBeLessThanOrEqual(10);
		const places = r.answer.slice(at("**Where to look**")).split("\n**Sources**")[0] ?? "";
		expect(places.split("\n").filter((l) => l.startsWith("- ")).length).toBeLessThanOrEqual(8);
	});

	it("follows the flow in the order the code runs, across the callbacks key, to the push service", async () => {
		const r = await ask(index(), "How are push notifications sent when a new message is posted?");
		const steps = pathSteps(r.answer);
		const step = (name: string) =>
			steps.findIndex((s) => s.startsWith(`${steps.indexOf(s) + 1}. \`${name}\``));
		const save = step("performSendMessage");
		const notify = step("sendNotificationsForMessage");
		const push = step("PushService.sendNotification");
		expect(save).toBeGreaterThanOrEqual(0);
		expect(notify).toBeGreaterThan(save);
		expect(push).toBeGreaterThan(notify);
		// The hop from saving to notifying is the dispatch of the callbacks key (a hook, in words), quoted from the code.
		expect(steps[save]).toContain("runs the hook `afterMessageSave` → `sendNotificationsForMessage`");
		expect(steps[save]).toContain("`await callbacks.runAsync('afterMessageSave', saved);`");
	});

	it("cites each hop at the one line that makes it, quoted from the index's stored text", async () => {
		const r = await ask(index(), "How are push notifications sent when a new message is posted?");
		const byN = new Map(r.citations.map((c) => [c.n, c]));
		let hopLines = 0;
		for (const s of pathSteps(r.answer)) {
			const m = s.match(/\[(\d+)\]: `(.+)`$/);
			if (!m) continue;
			const c = byN.get(Number(m[1]));
			expect(c).toBeDefined();
			if (!c) continue;
			hopLines++;
			expect(c.startLine).toBe(c.endLine);
			const line = index().fileLines(c.file, c.startLine, c.endLine)?.[0]?.trim() ?? "";
			expect(m[2]?.replace(/…$/, "")).toBe(
				line.slice(0, (m[2]?.length ?? 0) - (m[2]?.endsWith("…") ? 1 : 0)),
			);
			expect(namesIn(line, c.symbol.split(/[#.]/).pop() ?? "")).toBe(true);
		}
		expect(hopLines).toBeGreaterThanOrEqual(3);
		for (const c of r.citations) expect(citationHolds(index(), c)).toBe(true);
	});

	it("keeps the long form behind detail: full", async () => {
		const r = await ask(index(), "How are push notifications sent when a new message is posted?", {
			detail: "full",
		});
		expect(r.answer).toContain("### Key places");
		expect(r.answer).toContain("### How it connects");
		expect(r.answer.length).toBeGreaterThan(SHORT_ANSWER_CHARS);
	});

	it("says it does not know, in two sentences naming what it looked for, when nothing distinctive matches", async () => {
		for (const question of [
			"What is the meaning of life?",
			"How do I bake sourdough bread at home?",
			"Who won the football World Cup in 2018?",
		]) {
			const r = await ask(index(), question);
			expect(r.abstained).toBe(true);
			expect(r.citations).toEqual([]);
			const body = r.answer.replace(/^\*\*Question:\*\*.*\n\n/, "").trim();
			expect(body).toMatch(/^I don't know/);
			expect(body.split(/(?<=[.;])\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2);
			expect(body.length).toBeLessThan(500);
		}
	});

	it("decides to abstain before the skeleton and the material: nothing is walked, read or cited", async () => {
		const r = await ask(index(), "How long should sourdough bread proof before baking?");
		expect(r.abstained).toBe(true);
		expect(r.trace.skeleton).toEqual([]);
		expect(r.trace.read).toEqual([]);
		expect(r.trace.material?.tokens).toBe(0);
		expect(r.chains).toEqual([]);
		// The closest matches it names are real definitions of the index.
		const named = [...r.answer.matchAll(/`([^`]+)` in `([^`]+)`/g)];
		for (const [, name, file] of named) {
			expect(
				index()
					.defsInFile(file ?? "")
					.some((d) => d.qualifiedName === name),
			).toBe(true);
		}
	});

	it("answers a question that names a definition in code form, whatever its other words", async () => {
		// "break" and "changed" are words mini-chat never writes: without the name, this would abstain.
		const r = await ask(index(), "What would break if the `afterMessageSave` callback changed?");
		expect(r.abstained).toBe(false);
		expect(r.answer).not.toMatch(/I don't know/);
		expect(r.trace.material?.impact?.target).toBe("afterMessageSave");
		const named = await ask(index(), "What would break if the Streamer class changed?");
		expect(named.abstained).toBe(false);
	});

	it("answers every question of the mini-chat set (none abstains)", async () => {
		const set = JSON.parse(
			readFileSync(new URL("../../../eval/mini-chat.json", import.meta.url), "utf8"),
		) as { questions: { question: string }[] };
		for (const { question } of set.questions) {
			const r = await ask(index(), question);
			expect(r.abstained, question).toBe(false);
			expect(r.citations.length, question).toBeGreaterThan(0);
		}
	});
});
