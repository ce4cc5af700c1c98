/**
 * Events scoped to the receiver they are sent on (examples/discovery/created-objects: `this.socket =
 * new net.Socket(); this.socket.on('error', …)` beside a scheduler's own `error`), indexed with the
 * presets and discovery: every text shows the literal the code writes and names the receiver apart.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { keyLiteral, receiverKey, scopeWords, splitReceiverKey } from "../../src/bus-key.js";
import { formatListeners } from "../../src/graph/format.js";
import { listeners } from "../../src/graph/queries.js";
import { keyInCode } from "../../src/pipeline/markdown.js";
import { presetIndexForSuite } from "../support/preset-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/created-objects");

describe("a receiver-scoped key", () => {
	it("splits back into the literal and its receiver; a literal written with parentheses is no scoped key", () => {
		expect(splitReceiverKey(receiverKey("error", "socket"))).toEqual({ key: "error", receiver: "socket" });
		expect(keyLiteral(receiverKey("error", "socket"))).toBe("error");
		expect(keyInCode(receiverKey("error", "socket"))).toBe("`error` on `socket`");
		expect(keyInCode(receiverKey("ready", "socket, peer #2"))).toBe("`ready` on socket, peer #2");
		// `saved (draft)` can be an event name as written: shown whole, never split into a receiver.
		expect(splitReceiverKey("saved (draft)")).toBeNull();
		expect(keyLiteral("saved (draft)")).toBe("saved (draft)");
		expect(keyInCode("saved (draft)")).toBe("`saved (draft)`");
		expect(scopeWords("saved (draft)")).toBe("");
	});
});

describe("queries naming an event scoped to its receiver", () => {
	const index = presetIndexForSuite(REPO);

	it("find the literal on its own and on each receiver, and print each with its receiver", () => {
		expect(index().dispatchSites("events", receiverKey("error", "socket")).length).toBeGreaterThan(0);
		const found = listeners(index(), "error", { trunk: "events" });
		expect(found.map((f) => f.key)).toEqual(["error", receiverKey("error", "socket")]);
		const text = formatListeners(found);
		expect(text).toContain('events "error": 1 handler(s), 1 dispatch site(s)');
		expect(text).toContain('events "error" on socket: 1 handler(s), 0 dispatch site(s)');
		expect(text).not.toMatch(/⟨|\(socket\)/);
	});
});
