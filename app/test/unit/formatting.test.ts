import { describe, expect, it } from "vitest";
import type { AskResponse } from "../../../shared/src/contract";
import { formatFullAnswer, formatQuestion, formatShortAnswer } from "../../lib/formatAnswer";
import { splitMessage } from "../../lib/splitMessage";
import { doneJob } from "../support/fakes";

const result = doneJob("j").result as AskResponse;

describe("formatShortAnswer", () => {
	const links = {
		webUrl: "https://github.com/acme/repo",
		forge: "github" as const,
		ref: "abc123",
		subdir: "",
	};

	it("links [n] markers to the cited lines and lists only verified sources in the attachment", () => {
		const answer = formatShortAnswer(result, { links }, 3500);
		expect(answer.text).toContain(
			"Push notifications go through `PushService.sendNotification` [[1]](https://github.com/acme/repo/blob/abc123/apps/server/src/push.ts#L10-L20).",
		);
		expect(answer.sources?.text).toBe(
			"[1] [apps/server/src/push.ts:10-20](https://github.com/acme/repo/blob/abc123/apps/server/src/push.ts#L10-L20) — `PushService.sendNotification`",
		);
		expect(answer.text).toContain("1 unverifiable citation removed");
		expect(answer.text).toContain("offline answer");
		expect(answer.shortened).toBe(false);
	});

	it("shows citations as code without a repository URL, and mentions the asker outside the italics", () => {
		const answer = formatShortAnswer(result, { asker: "alice" }, 3500);
		expect(answer.sources?.text).toContain("[1] `apps/server/src/push.ts:10-20`");
		expect(answer.text).not.toContain("](");
		expect(answer.text).toMatch(/_ · for @alice$/);
	});

	it("cuts a 1 MB answer to one message", () => {
		const paragraph = "The handler [1] validates the request and stores it. ".repeat(6).trim();
		const huge = { ...result, answer: Array.from({ length: 3200 }, () => paragraph).join("\n\n") };
		expect(huge.answer.length).toBeGreaterThan(1_000_000);
		const answer = formatShortAnswer(huge, { links, asker: "alice" }, 3500);
		expect(answer.shortened).toBe(true);
		expect(answer.text.length).toBeLessThanOrEqual(3500);
		expect(answer.text).toContain("Show the full answer");
		expect(answer.text).toMatch(/for @alice$/);
	});

	it("does not repeat the question the chat already shows (the sidecar's **Question:** line)", () => {
		const asked = {
			...result,
			answer:
				"**Question:** How are push notifications sent?\n\n**In short**\n\nPush goes through `PushService.sendNotification` [1].",
		};
		const short = formatShortAnswer(asked, { links }, 3500);
		expect(short.text).not.toContain("Question:");
		expect(short.text).toMatch(/^\*\*In short\*\*/);
		const full = formatFullAnswer(asked, { links }, 5000, 0).join("\n");
		expect(full).not.toContain("Question:");
		expect(full).toMatch(/^\*\*In short\*\*/);
		// An answer that merely mentions the word keeps it.
		const plain = { ...result, answer: "The **Question:** label is rendered by `QuestionHeader` [1]." };
		expect(formatShortAnswer(plain, { links }, 3500).text).toContain("**Question:** label");
	});

	it("formats the thread root as a quote of the question, mentioning nobody", () => {
		expect(formatQuestion("bob", " where is @all X? ")).toBe("*bob* asked:\n> where is @\u2060all X?");
	});

	it("posts the full form as messages under the limit, its sources once at the end", () => {
		const long = {
			...result,
			answer: Array.from({ length: 30 }, (_, i) => `Step ${i} [1]: ${"word ".repeat(30)}`).join("\n\n"),
		};
		const parts = formatFullAnswer(long, { links }, 1000, 0);
		expect(parts.length).toBeGreaterThan(3);
		expect(parts.join("\n").match(/\*Sources\*/g)).toHaveLength(1);
		expect(parts.at(-1)).toContain("[1] [apps/server/src/push.ts:10-20]");
		const cut = formatFullAnswer(long, { links }, 1000, 3);
		expect(cut).toHaveLength(3);
		expect(cut[1]).toContain("left out");
	});
});

describe("splitMessage", () => {
	it("leaves a short message alone", () => {
		expect(splitMessage("hello", 5000)).toEqual(["hello"]);
	});

	it("splits a long text into parts under the limit without losing a line, preferring paragraphs", () => {
		const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}\n${"word ".repeat(30).trim()}`);
		const text = paragraphs.join("\n\n");
		const parts = splitMessage(text, 1000);
		expect(parts.length).toBeGreaterThan(1);
		for (const part of parts) {
			expect(part.length).toBeLessThanOrEqual(1000);
			expect(part.startsWith("Paragraph")).toBe(true);
		}
		expect(parts.join("\n\n")).toBe(text);
	});

	it("closes a code fence cut in two and reopens it with its language", () => {
		const code = Array.from({ length: 80 }, (_, i) => `const line${i} = ${i};`).join("\n");
		const parts = splitMessage(`Intro\n\n\`\`\`ts\n${code}\n\`\`\`\n\nOutro`, 800);
		expect(parts.length).toBeGreaterThan(1);
		for (const part of parts) {
			expect(part.length).toBeLessThanOrEqual(800);
			expect((part.match(/```/g) ?? []).length % 2, part).toBe(0);
		}
		expect(parts[1]?.startsWith("```ts\n")).toBe(true);
		expect(parts.join("\n")).toContain("const line79 = 79;");
	});

	it("cuts a single line longer than the limit", () => {
		const parts = splitMessage("x".repeat(2500), 1000);
		expect(parts.length).toBe(3);
		expect(parts.join("")).toBe("x".repeat(2500));
	});
});
