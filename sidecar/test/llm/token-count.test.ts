/** Real token counts (o200k_base) for the LLM material's budget, and the map's line breaks. */
import { describe, expect, it } from "vitest";
import { countTokens, TOKENIZER } from "../../src/llm/token-count.js";
import { sourceTokens } from "../../src/pipeline/material/source-tokens.js";
import { estimateTokens } from "../../src/pipeline/read.js";

describe("countTokens", () => {
	it("counts o200k_base tokens, which dense code lines spend faster than four characters each", () => {
		expect(TOKENIZER).toBe("o200k_base");
		expect(countTokens("")).toBe(0);
		expect(countTokens("hello world")).toBe(2);
		// A signature-map line: brackets, digits and a colon are tokens of their own.
		const line = "[12] 4: x";
		expect(countTokens(line)).toBe(7);
		expect(countTokens(line)).toBeGreaterThan(estimateTokens(line));
	});

	it("reads special-token markers in code as text, and counts a text the same when asked again", () => {
		const text = 'const END = "<|endoftext|>";';
		const first = countTokens(text);
		expect(first).toBeGreaterThan(5);
		expect(countTokens(text)).toBe(first);
	});
});

describe("sourceTokens with a tokenizer's count", () => {
	const sig = {
		range: { file: "src/push/gateway.ts", startLine: 3, endLine: 3, defId: "src/push/gateway.ts#send" },
		label: "send",
		text: "function send(token: string)",
		unit: "signature" as const,
	};
	// Printed without its line number (`[n] text`); the estimate's shape keeps `[000] line: text`.
	const line = "[100] function send(token: string)";
	const estimated = "[000] 3: function send(token: string)";

	it("adds the map's line breaks: the entry's own, and its file's and folder's lines where it opens them", () => {
		expect(countTokens.lineBreak).toBe(1);
		expect(sourceTokens(sig, countTokens, "file")).toBe(countTokens(line) + 1);
		expect(sourceTokens(sig, countTokens, "folder")).toBe(countTokens(line) + countTokens("gateway.ts") + 2);
		expect(sourceTokens(sig, countTokens, false)).toBe(countTokens(line) + countTokens(sig.range.file) + 3);
	});

	it("leaves the character estimate as it was: its rounding up pays for a newline", () => {
		expect(sourceTokens(sig, estimateTokens, "file")).toBe(estimateTokens(estimated));
		expect(sourceTokens(sig, estimateTokens, false)).toBe(
			estimateTokens(estimated) + estimateTokens(sig.range.file),
		);
	});
});

describe("the answer prompt's signature map under a tokenizer's count", () => {
	it("costs, as printed, what the material counted for it", async () => {
		const { buildAnswerPrompt } = await import("../../src/prompts/answer.js");
		const { splitPath } = await import("../../src/pipeline/material/source-tokens.js");
		const files = ["src/push/gateway.ts", "src/push/queue.ts", "src/auth/login.ts"];
		const sources = Array.from({ length: 60 }, (_, i) => ({
			n: i + 1,
			file: files[i % 3] as string,
			startLine: 10 * i + 1,
			endLine: 10 * i + 1,
			label: `step${i}`,
			role: "neighbour",
			unit: "signature",
			// Cut as the material cuts a long signature: with an ellipsis.
			text: `async function step${i}(message: Message, options…`,
		}));
		const { prompt } = buildAnswerPrompt("How is a push sent?", "", sources);
		const map = prompt.slice(prompt.indexOf("\n", prompt.indexOf("Signatures only")) + 1);
		// What the assembly counts: each entry, its file's name where the file opens, its folder's path
		// where the folder opens (sorted as the prompt groups them).
		const seenFolders = new Set<string>();
		const seenFiles = new Set<string>();
		let counted = 0;
		for (const folder of ["src/push/", "src/auth/"]) {
			for (const s of sources.filter((x) => splitPath(x.file).folder === folder)) {
				const listed = seenFiles.has(s.file) ? "file" : seenFolders.has(folder) ? "folder" : false;
				counted += sourceTokens(
					{
						range: {
							file: s.file,
							startLine: s.startLine,
							endLine: s.endLine,
							defId: `${s.file}#${s.label}`,
						},
						label: s.label,
						text: s.text,
						unit: "signature",
					},
					countTokens,
					listed,
				);
				seenFiles.add(s.file);
				seenFolders.add(folder);
			}
		}
		const printed = countTokens(map);
		expect(Math.abs(printed - counted) / printed).toBeLessThan(0.03);
	});
});
