/**
 * Temporal activities with no preset: the modules a workflow names in `proxyActivities<typeof acts>()`
 * register their exports, an `activities/` folder elsewhere does not; with no module named, the folder
 * rule stands.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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

const scratch: string[] = [];
afterAll(() => {
	for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** `side key file` of the activity trunk's sites, sorted (`onDisk`: written to a real folder, for package.json). */
const activitySites = (
	files: Record<string, string>,
	paths: Record<string, string[]> = {},
	onDisk = false,
) => {
	const root = onDisk ? mkdtempSync(join(tmpdir(), "codeask-activities-")) : undefined;
	if (root) scratch.push(root);
	return extractSites(files, NO_PRESET, paths, root)
		.filter((s) => s.trunk === "activities")
		.map((s) => `${s.side} ${s.key} ${s.file}`)
		.sort();
};

/** The order workflow's two activity calls, in every case below. */
const ORDER_DISPATCHES = [
	"dispatch bookCourier worker/src/workflows/order.ts",
	"dispatch chargeCard worker/src/workflows/order.ts",
];

describe("Temporal activity modules", () => {
	it("registers the exports of the module a workflow names, not another package's activities/ folder", () => {
		expect(
			activitySites({
				"worker/src/workflows/order.ts": WORKFLOW("<typeof acts>", "../activities"),
				"worker/src/activities/index.ts": ACTIVITIES,
				"web/src/activities/feed.ts": FEED,
			}),
		).toEqual([
			...ORDER_DISPATCHES,
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
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/activities/courier.ts",
			"register chargeCard worker/src/activities/billing.ts",
		]);
	});

	it("takes an interface-typed proxy as naming no module: the folder rule stands", () => {
		expect(
			activitySites({
				"worker/src/types.ts":
					"export interface OrderActivities { chargeCard(id: string): Promise<boolean>; bookCourier(id: string): Promise<string> }",
				"worker/src/workflows/order.ts": WORKFLOW("<OrderActivities>", "").replace(
					'import { proxyActivities } from "@temporalio/workflow";',
					'import { proxyActivities } from "@temporalio/workflow";\nimport type { OrderActivities } from "../types";',
				),
				"worker/src/activities/index.ts": ACTIVITIES,
			}),
		).toEqual([
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/activities/index.ts",
			"register chargeCard worker/src/activities/index.ts",
		]);
	});

	it("restricts the folder rule per package: a typed worker's naming leaves an untyped worker's activities", () => {
		const pkg = (name: string) => JSON.stringify({ name, private: true });
		expect(
			activitySites(
				{
					"billing/src/workflows/charge.ts": WORKFLOW("<typeof acts>", "../activities"),
					"billing/src/activities/index.ts": ACTIVITIES,
					"billing/src/activities/unused.ts": "export async function refundCard(id: string) { return id; }",
					"mail/src/workflows/send.ts": `
import { proxyActivities } from "@temporalio/workflow";
const { sendMail, queueMail } = proxyActivities({ startToCloseTimeout: "1 minute" });
export async function sendWorkflow(to: string) { await queueMail(to); return sendMail(to); }`,
					"mail/src/activities/mail.ts":
						"export async function sendMail(to: string) { return to; }\nexport async function queueMail(to: string) { return to; }",
					"web/src/activities/feed.ts": FEED,
					"billing/package.json": pkg("billing"),
					"mail/package.json": pkg("mail"),
					"web/package.json": pkg("web"),
				},
				{},
				true,
			),
		).toEqual([
			"dispatch bookCourier billing/src/workflows/charge.ts",
			"dispatch chargeCard billing/src/workflows/charge.ts",
			"dispatch queueMail mail/src/workflows/send.ts",
			"dispatch sendMail mail/src/workflows/send.ts",
			"register bookCourier billing/src/activities/index.ts",
			"register chargeCard billing/src/activities/index.ts",
			"register queueMail mail/src/activities/mail.ts",
			"register sendMail mail/src/activities/mail.ts",
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
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/activities/index.ts",
			"register chargeCard web/src/activities/feed.ts",
			"register chargeCard worker/src/activities/index.ts",
			"register recordActivity web/src/activities/feed.ts",
		]);
	});
	// The SDK's dependency-injection shape: activities are the functions a factory returns.
	const FACTORY_WORKFLOW = WORKFLOW("<ReturnType<typeof createActivities>>", "").replace(
		'import { proxyActivities } from "@temporalio/workflow";',
		'import { proxyActivities } from "@temporalio/workflow";\nimport type { createActivities } from "../activities";',
	);

	it("registers the functions a factory of activities returns, not the factory", () => {
		const files = {
			"worker/src/workflows/order.ts": FACTORY_WORKFLOW,
			"worker/src/activities.ts": `
export const createActivities = (db: { ok: boolean }) => ({
	async chargeCard(id: string) { return db.ok && id.length > 0; },
	bookCourier: async (id: string) => \`c-\${id}\`,
});`,
			"web/src/activities/feed.ts": FEED,
		};
		expect(activitySites(files)).toEqual([
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/activities.ts",
			"register chargeCard worker/src/activities.ts",
		]);
		// Each has a handler: the member, or the factory holding it (a factory's object is no definition of the index).
		const handlers = extractSites(files, NO_PRESET)
			.filter((s) => s.trunk === "activities" && s.side === "register")
			.map((s) => s.handlerDefId?.startsWith("worker/src/activities.ts#createActivities"));
		expect(handlers).toEqual([true, true]);
	});

	it("reads a block-bodied factory's returned shorthand members and an exported object of activities", () => {
		expect(
			activitySites({
				"worker/src/workflows/order.ts": FACTORY_WORKFLOW,
				"worker/src/activities.ts": `
async function chargeCard(id: string) { return id.length > 0; }
export function createActivities(prefix: string) {
	const bookCourier = async (id: string) => prefix + id;
	const retries = 3;
	return { chargeCard, bookCourier, retries };
}`,
			}),
		).toEqual([
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/activities.ts",
			"register chargeCard worker/src/activities.ts",
		]);
		expect(
			activitySites({
				"worker/src/workflows/order.ts": WORKFLOW("<typeof activities>", "").replace(
					'import { proxyActivities } from "@temporalio/workflow";',
					'import { proxyActivities } from "@temporalio/workflow";\nimport type { activities } from "../activities";',
				),
				"worker/src/activities.ts": `
export const activities = {
	async chargeCard(id: string) { return id.length > 0; },
	bookCourier: (id: string) => \`c-\${id}\`,
};`,
				"web/src/activities/feed.ts": FEED,
			}),
		).toEqual([
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/activities.ts",
			"register chargeCard worker/src/activities.ts",
		]);
	});

	it("takes a module using the activity API as an activities module wherever it lies", () => {
		const billing = `
import { Context } from "@temporalio/activity";
export async function chargeCard(id: string) { Context.current().heartbeat(); return id.length > 0; }
export async function bookCourier(id: string) { return \`c-\${id}\`; }`;
		expect(
			activitySites({
				"worker/src/workflows/order.ts": WORKFLOW("<typeof acts>", "../billing/charge"),
				"worker/src/billing/charge.ts": billing,
				// A helper module the workflow does not name, with no activity API: no activities.
				"worker/src/billing/format.ts": "export function chargeCard(id: string) { return '#' + id; }",
			}),
		).toEqual([
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/billing/charge.ts",
			"register chargeCard worker/src/billing/charge.ts",
		]);
	});
	it("takes an import of the activity API's types only as no activities module", () => {
		const module = (importLine: string) => ({
			// No module named: every activities module stands (the folder rule's fallback); with none, no
			// activity registers and the calls join nothing (no trunk).
			"worker/src/workflows/order.ts": WORKFLOW("", ""),
			"worker/src/billing/charge.ts": `${importLine}
export async function chargeCard(id: string) { return id.length > 0; }
export async function bookCourier(id: string) { return id; }`,
		});
		expect(activitySites(module('import { Context } from "@temporalio/activity";'))).toEqual([
			...ORDER_DISPATCHES,
			"register bookCourier worker/src/billing/charge.ts",
			"register chargeCard worker/src/billing/charge.ts",
		]);
		expect(activitySites(module('import { type Context } from "@temporalio/activity";'))).toEqual([]);
		expect(activitySites(module('import type { Context } from "@temporalio/activity";'))).toEqual([]);
	});
});
