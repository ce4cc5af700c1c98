/**
 * Events on named buses (examples/discovery/named-buses: `app.bus('orders').emit('updated')`), indexed with
 * the built-in presets and discovery on: the index keys them within their bus, and every place that
 * shows the key shows what the code writes and its bus — never the composite key, which no line holds.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { busKey, busWords, keyLiteral, splitBusKey } from "../../src/bus-key.js";
import { formatListeners, formatNeighbours } from "../../src/graph/format.js";
import { callees, listeners } from "../../src/graph/queries.js";
import { ask } from "../../src/pipeline/ask.js";
import { citationHolds } from "../../src/pipeline/verify.js";
import { presetIndexForSuite } from "../support/preset-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/named-buses");

describe("a bus-scoped key", () => {
	it("splits back into its bus and the event as written; a literal with a colon is no bus key", () => {
		expect(splitBusKey(busKey("orders", "updated"))).toEqual({ bus: "orders", event: "updated" });
		expect(keyLiteral(busKey("orders", "a:b"))).toBe("a:b");
		expect(splitBusKey("orders:updated")).toBeNull();
		expect(keyLiteral("orders:updated")).toBe("orders:updated");
		expect(busWords("orders:updated")).toBe("");
	});
});

describe("answers naming an event on a named bus", () => {
	const index = presetIndexForSuite(REPO);

	it("say the event as the code writes it and its bus, quoting and citing the line that emits it", async () => {
		expect(index().dispatchSites("bus-name", busKey("orders", "updated")).length).toBe(2);
		const r = await ask(index(), "What happens when an order is amended?");
		expect(r.answer).toContain("emits the event `updated` on the `orders` bus");
		expect(r.answer).not.toMatch(/orders(:|∷)updated/);
		// The step quotes the emitting line and is cited there, by the event it writes.
		expect(r.answer).toContain("`this.orderEvent.emit('updated', order);`");
		const emit = r.citations.find((c) => c.file === "src/services/orders.js" && c.startLine === 15);
		expect(emit?.symbol).toBe("updated");
		expect(emit && citationHolds(index(), emit)).toBe(true);
		expect(r.droppedCitations).toBe(0);
	});

	it("find an event typed as written on each bus it is sent on, and print it with its bus", () => {
		const found = listeners(index(), "updated");
		expect(found.map((f) => f.key)).toEqual([busKey("customers", "updated"), busKey("orders", "updated")]);
		const text = formatListeners(found);
		expect(text).toContain('bus-name "updated" on the orders bus: 1 handler(s), 1 dispatch site(s)');
		expect(text).toContain('bus-name "updated" on the customers bus: 0 handler(s), 1 dispatch site(s)');
		const hops = formatNeighbours(callees(index(), "src/services/orders.js#OrderService.amend"));
		expect(hops).toContain('"updated" on the orders bus] at src/services/orders.js:15');
		expect(hops).not.toContain("∷");
	});
});
