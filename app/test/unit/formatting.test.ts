import { describe, expect, it } from "vitest";
import type { AskResponse } from "../../../shared/src/contract";
import { citationLink, formatAnswer, formatQuestion } from "../../lib/formatAnswer";
import { splitMessage } from "../../lib/splitMessage";
import { doneJob } from "../support/fakes";

const result = doneJob("j").result as AskResponse;
const citation = { n: 1, file: "apps/my dir/a.ts", startLine: 3, endLine: 9, symbol: "a", verified: true };

describe("citation links", () => {
	it("link to <repo>/blob/<index commit>/<path>#L<start>-L<end>", () => {
		expect(citationLink(citation, { repoUrl: "https://github.com/acme/repo", repoRef: "" }, "abc123")).toBe(
			"https://github.com/acme/repo/blob/abc123/apps/my%20dir/a.ts#L3-L9",
		);
	});

	it("use the configured branch or commit over the index commit, and HEAD without either", () => {
		expect(citationLink(citation, { repoUrl: "https://x.test/r", repoRef: "develop" }, "abc")).toContain(
			"/blob/develop/",
		);
		expect(citationLink(citation, { repoUrl: "https://x.test/r", repoRef: "" }, null)).toContain(
			"/blob/HEAD/",
		);
	});

	it("are absent without a repository URL", () => {
		expect(citationLink(citation, { repoUrl: "", repoRef: "" }, "abc")).toBeUndefined();
	});
});

describe("formatAnswer", () => {
	it("shows the answer and only verified citations, as links", () => {
		const text = formatAnswer(result, { repoUrl: "https://github.com/acme/repo", repoRef: "" });
		expect(text).toContain("Push notifications go through `PushService.sendNotification` [1].");
		expect(text).toContain(
			"[1] [apps/server/src/push.ts:10-20](https://github.com/acme/repo/blob/0123456789abcdef0123456789abcdef01234567/apps/server/src/push.ts#L10-L20) — `PushService.sendNotification`",
		);
		expect(text).not.toContain("gone.ts");
		expect(text).toContain("1 unverifiable citation removed");
		expect(text).toContain("offline extractive answer");
	});

	it("shows citations as plain text without a repository URL, and quotes the question when asked", () => {
		const text = formatAnswer(
			result,
			{ repoUrl: "", repoRef: "" },
			{ username: "alice", question: "how?\nreally?" },
		);
		expect(text.startsWith("@alice asked:\n> how?\n> really?\n\n")).toBe(true);
		expect(text).toContain("[1] `apps/server/src/push.ts:10-20`");
		expect(text).not.toContain("](");
	});

	it("formats the thread root as a quote of the question", () => {
		expect(formatQuestion("bob", " where is X? ")).toBe("@bob asked:\n> where is X?");
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
