import { describe, expect, it } from "vitest";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { defRow, type edgeGraph, hopLineGraph } from "../support/defs.js";

/** Every hop written on its source's first line, whose text names the callee. */
const graph = hopLineGraph;

const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
const words = conceptVector({ concepts: ["send", "message"].map(concept) });

describe("the short answer's places: where the flow goes on", () => {
	// A service sends a message through a method and a function; the method checks the sender in
	// another file; bridges only named for messages rank after the path.
	const service = defRow("services/messages.ts", "MessagingService.sendMessage", "method");
	const method = defRow("methods/sendMessage.ts", "performSendMessage");
	const send = defRow("functions/sendMessage.ts", "sendMessage");
	const check = defRow("auth/maySendMessage.ts", "maySendMessageAsync");
	const log = defRow("lib/logger.ts", "logLine");
	const bridges = Array.from({ length: 7 }, (_, i) =>
		defRow(`bridges/b${i}.ts`, `Bridge${i}.onMessage`, "method"),
	);
	const edges: Parameters<typeof edgeGraph>[1] = [
		[service, method, "call"],
		[method, send, "call"],
		[method, check, "call"],
		[method, log, "call"],
	];
	const ranking = { order: [service, method, send, ...bridges], fileScore: new Map<string, number>() };
	const ask = (index: PathIndex) => shortAnswer(index, "how is a message sent?", [], ranking, words).body;

	it("gives the check a step calls the weakest place that only matches the question's words", () => {
		const body = ask(graph([service, method, send, check, log, ...bridges], edges));
		expect(body).toMatch(
			/^- `performSendMessage` also calls `maySendMessageAsync` in `auth\/maySendMessage\.ts` \[\d+\]$/m,
		);
		// It takes the last bridge's place; the logger matches none of the question's words.
		expect(body).toContain("`Bridge5.onMessage`");
		expect(body).not.toContain("`Bridge6.onMessage`");
		expect(body).not.toContain("also calls `logLine`");
	});

	it("leaves out a callee in a module of shared helpers", () => {
		const callers = Array.from({ length: 12 }, (_, i) => defRow(`app/c${i}.ts`, `caller${i}`));
		const shared = defRow("auth/maySendMessage.ts", "hasPermission", "function", { fanIn: 12 });
		const index = graph(
			[service, method, send, check, log, shared, ...callers, ...bridges],
			[...edges, ...callers.map((c) => [c, shared, "call"] as (typeof edges)[number])],
		);
		const body = ask(index);
		expect(body).not.toContain("also calls");
		expect(body).toContain("`Bridge6.onMessage`");
	});
});
