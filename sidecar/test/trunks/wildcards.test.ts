import { describe, expect, it } from "vitest";
import { isPattern, shapeMatches, templatePattern } from "../../src/trunks/wildcards.js";
import { extractSites, summary } from "./in-memory.js";

describe("wildcard subscriptions", () => {
	it("joins literal, template and typed senders to the pattern listeners of their trunk, and nothing else", () => {
		const sites = extractSites({
			"src/topics.ts": `export type Topic = \`tenant.\${string}.\${string}\` | "*";
export type Anything = string;
export declare function topicOf(e: { id: string }): Topic;
export declare function nameOf(e: { id: string }): Anything;`,
			"src/bus.ts": `import type { Topic } from "./topics";
export interface Inner { publish(t: Topic, m: unknown): void; subscribe(t: Topic, h: (m: unknown) => void): void }
export class Hub {
	constructor(private readonly pubsub: Inner) {}
	publish(topic: Topic, m: unknown) {
		this.pubsub.publish(topic, m);
	}
}`,
			"src/sender.ts": `import { nameOf, type Topic, topicOf } from "./topics";
declare const pubsub: { publish(t: string, m: unknown): void };
declare const topicPubsub: { publish(t: Topic, m: unknown): void };
declare const outbox: any;
export function send(e: { id: string }, table: string) {
	pubsub.publish("tenant.acme.record.created", e);
	pubsub.publish(\`tenant.\${table}.record.updated\`, e);
	pubsub.publish(topicOf(e), e);
	pubsub.publish(\`billing.\${table}.paid\`, e);
	pubsub.publish(nameOf(e), e);
	topicPubsub.publish(outbox.next().topic, e);
	pubsub.publish(outbox.next().name, e);
}`,
			"src/listener.ts": `declare const pubsub: { subscribe(t: string, h: (m: unknown) => void): void };
export function onRecord(m: unknown) {}
export function onTable(m: unknown) {}
export function onAll(m: unknown) {}
export function listen(tableId: string) {
	pubsub.subscribe("tenant.*.record.*", onRecord);
	pubsub.subscribe(\`tenant.\${tableId}.record.*\`, onTable);
	pubsub.subscribe("*", onAll);
}`,
		});
		expect(summary(sites, "pubsub")).toEqual([
			// The wrapper's own parameter and a plain \`string\` say nothing of the topic; billing is another shape.
			"pubsub dispatch UNBOUND(`billing.${table}.paid`)",
			"pubsub dispatch UNBOUND(nameOf(e))",
			"pubsub dispatch UNBOUND(outbox.next().name)",
			"pubsub dispatch UNBOUND(topic)",
			"pubsub dispatch tenant.*.record.*",
			"pubsub dispatch tenant.*.record.*",
			"pubsub dispatch tenant.*.record.*",
			"pubsub dispatch tenant.*.record.*",
			"pubsub dispatch tenant.acme.record.created",
			"pubsub register *",
			"pubsub register tenant.*.record.*",
			"pubsub register tenant.*.record.*",
		]);
		const typed = sites.find((s) => s.trunk === "pubsub" && s.expression === "topicOf(e)");
		expect(typed?.rawKey).toBe("topicOf(e)");
	});

	it("reads patterns and shapes segment by segment", () => {
		expect(isPattern("tenant.*.record.*")).toBe(true);
		expect(isPattern("user:*")).toBe(true);
		expect(isPattern("orders.>")).toBe(true);
		expect(isPattern("sensors/+/temp")).toBe(true);
		expect(isPattern("*")).toBe(false);
		expect(isPattern("*.*")).toBe(false);
		expect(isPattern("user:created")).toBe(false);
		expect(templatePattern("`tenant.${id}.record.*`")).toBe("tenant.*.record.*");
		expect(templatePattern("`tenant.${id}.record`")).toBeNull();
		expect(shapeMatches("orders.eu.created", "orders.>")).toBe(true);
		expect(shapeMatches("sensors/kitchen/temp", "sensors/+/temp")).toBe(true);
		expect(shapeMatches("sensors/kitchen/door/temp", "sensors/+/temp")).toBe(false);
		expect(shapeMatches("user:42", "user:*")).toBe(true);
		expect(shapeMatches("account:42", "user:*")).toBe(false);
		// A run-time part may stand for several segments (`${string}`), a literal never for a wildcard's neighbour.
		expect(shapeMatches("tenant.\u0000.\u0000", "tenant.*.record.*")).toBe(true);
		expect(shapeMatches("tenant.\u0000.record.deleted", "tenant.*.record.*")).toBe(true);
		expect(shapeMatches("tenant.\u0000.file.deleted", "tenant.*.record.*")).toBe(false);
	});
});
