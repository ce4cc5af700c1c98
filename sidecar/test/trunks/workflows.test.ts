/**
 * Temporal activities with no preset: the modules a workflow names in `proxyActivities<typeof acts>()`
 * register their exports, an `activities/` folder elsewhere does not; with no module named, the folder
 * rule stands.
 */
import { describe, expect, it } from "vitest";
import type { TrunkConfig } from "../../src/trunks/config.js";
import { extractSites } from "./in-memory.js";

const NO_PRESET: TrunkConfig = { extends: [], presets: [], discover: true };

const WORKFLOW = (typeArg: string, from: string) => `
import { proxyActivities } from "@temporalio/workflow";
${from ? `import type * as acts from "${from}";` : ""}
const { chargeCard, bookCourier } = proxyActivities${typeArg}({ startToCloseTimeout: "1 minute" });
export async function orderWorkflow(id: string) {
	await chargeCard(id);
	return bookCourier(id);
}`;

const ACTIVITIES = `
export async function chargeCard(id: string) { return id.length > 0; }
export async function bookCourier(id: string) { return \`c-\${id}\`; }`;

// Another package's activity feed: exports under an `activities/` folder, one sharing a name.
const FEED = `
export function chargeCard(id: string) { return \`audit \${id}\`; }
export function recordActivity(user: string) { return user; }`;

/** `side key file` of the activity trunk's sites, sorted. */
const activitySites = (files: Record<string, string>, paths: Record<string, string[]> = {}) =>
	extractSites(files, NO_PRESET, paths)
		.filter((s) => s.trunk === "activities")
		.map((s) => `${s.side} ${s.key} ${s.file}`)
		.sort();

describe("Temporal activity modules", () => {
	it("registers the exports of the module a workflow names, not another package's activities/ folder", () => {
		expect(
			activitySites({
				"worker/src/workflows/order.ts": WORKFLOW("<typeof acts>", "../activities"),
				"worker/src/activities/index.ts": ACTIVITIES,
				"web/src/activities/feed.ts": FEED,
			}),
		).toEqual([
			"dispatch bookCourier worker/src/workflows/order.ts",
			"dispatch chargeCard worker/src/workflows/order.ts",
			"register bookCourier worker/src/activities/index.ts",
			"register chargeCard worker/src/activities/index.ts",
		]);
	});

	it("follows a path alias and a barrel to the files declaring the module's exports", () => {
		expect(
			activitySites(
				{
					"worker/src/workflows/order.ts": WORKFLOW("<typeof acts>", "@worker/activities"),
					"worker/src/activities/index.ts": 'export * from "./billing";\nexport * from "./courier";',
					"worker/src/activities/billing.ts":
						"export async function chargeCard(id: string) { return id.length > 0; }",
					"worker/src/activities/courier.ts":
						"export async function bookCourier(id: string) { return 'c' + id; }",
					"web/src/activities/feed.ts": FEED,
				},
				{ "@worker/*": ["worker/src/*"] },
			),
		).toEqual([
			"dispatch bookCourier worker/src/workflows/order.ts",
			"dispatch chargeCard worker/src/workflows/order.ts",
			"register bookCourier worker/src/activities/courier.ts",
			"register chargeCard worker/src/activities/billing.ts",
		]);
	});

	it("falls back to the folder rule when no workflow names a module", () => {
		expect(
			activitySites({
				"worker/src/workflows/order.ts": WORKFLOW("", ""),
				"worker/src/activities/index.ts": ACTIVITIES,
				"web/src/activities/feed.ts": FEED,
			}),
		).toEqual([
			"dispatch bookCourier worker/src/workflows/order.ts",
			"dispatch chargeCard worker/src/workflows/order.ts",
			"register bookCourier worker/src/activities/index.ts",
			"register chargeCard web/src/activities/feed.ts",
			"register chargeCard worker/src/activities/index.ts",
			"register recordActivity web/src/activities/feed.ts",
		]);
	});
});
