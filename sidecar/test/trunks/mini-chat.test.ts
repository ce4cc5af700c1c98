/**
 * The trunks end to end on the mini-chat example, as a user runs them: the built CLI indexes it
 * (picking up its codeask.trunks.json), `codeask trunks` reports the table, and the index holds
 * the key pseudo-nodes with register, handler and dispatch edges.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import type { TrunksReport } from "../../src/trunks/reconcile.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/cli/main.js");

function codeask(...args: string[]) {
	const r = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
let out: string;
let report: TrunksReport;

beforeAll(() => {
	if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
	dir = mkdtempSync(join(tmpdir(), "codeask-trunks-"));
	cpSync(MINI_CHAT_DIR, join(dir, "mini-chat"), { recursive: true });
	out = join(dir, "index.db");
	const indexed = codeask("index", join(dir, "mini-chat"), "--out", out, "--json");
	expect(indexed.code).toBe(0);
	const r = codeask("trunks", "--index", out, "--json");
	expect(r.code).toBe(0);
	report = JSON.parse(r.stdout) as TrunksReport;
});

describe("codeask trunks on mini-chat", () => {
	it("reports every trunk of the preset with sites joined by key", () => {
		expect(Object.keys(report.trunks).sort()).toEqual([
			"api-call",
			"callbacks",
			"meteor-method",
			"rest",
			"service-events",
			"slash-command",
			"streamer",
		]);
		const rest = report.trunks.rest;
		expect(rest).toMatchObject({
			inScope: true,
			registerSites: 9,
			dispatchSites: 12,
			bothSides: 7,
			unbound: 3,
		});
		expect(report.trunks["slash-command"]).toMatchObject({ inScope: false, bothSides: 1 });
		for (const name of ["api-call", "callbacks", "meteor-method", "service-events", "streamer"]) {
			expect(report.trunks[name]?.bothSides, name).toBeGreaterThan(0);
		}
	});

	it("categorises every asymmetric key", () => {
		const all = Object.values(report.trunks).flatMap((t) =>
			t.asymmetries.map((a) => `${a.key}: ${a.category}`),
		);
		expect(all).toEqual(
			expect.arrayContaining([
				"hooks/:integrationId/:token: registered for external clients",
				"chat.history: dynamic key",
				"groups.members: unexplained",
				"beforeLeaveRoom: extension point never registered in-repo",
				"presence.getStatus: dead code",
				"stream-room-messages: framework built-in",
			]),
		);
		const counts = Object.values(report.trunks).map((t) => t.registerOnly + t.dispatchOnly);
		expect(Object.values(report.trunks).map((t) => t.asymmetries.length)).toEqual(counts);
	});

	it("stores key pseudo-nodes with register, handler and dispatch edges", () => {
		const reader = IndexReader.open(out);
		try {
			const key = reader.def("trunk:rest#rooms/:roomId/members");
			expect(key?.kind).toBe("dispatch-key");
			const into = reader.edgesTo(key?.id as number).map((e) => `${e.kind} ${e.srcDefId}`);
			expect(into.sort()).toEqual([
				"dispatch apps/client/src/views/room/roomInfoEndpoints.ts#fetchGeneralMembers",
				"dispatch apps/client/src/views/room/roomInfoEndpoints.ts#useRoomInfoEndpoints",
				"register apps/server/src/api/v1/rooms.ts#(module)",
			]);
			const handlers = reader.edgesFrom(key?.id as number).filter((e) => e.kind === "handler");
			expect(handlers.map((e) => e.dstDefId)).toEqual([
				expect.stringMatching(/^apps\/server\/src\/api\/v1\/rooms\.ts#/),
			]);

			// The Settings facade of core-services binds to the settings service; the Settings model does not.
			const settings = reader.dispatchSites("api-call", "settings.get");
			expect(settings.map((s) => `${s.side} ${s.file}`).sort()).toEqual([
				"dispatch apps/server/src/lib/siteName.ts",
				"register apps/server/src/services/settings/SettingsService.ts",
			]);
			expect(reader.dispatchSitesInFile("apps/server/src/services/settings/SettingsService.ts")).toHaveLength(
				1,
			);
			// A Set called `callbacks` and an unrelated `add` register nothing.
			expect(reader.dispatchSitesInFile("apps/server/src/lib/hookAudit.ts")).toEqual([]);
			// A key built at run time is unbound, with its expression.
			const unbound = reader.dispatchSites("callbacks").filter((s) => s.key === null);
			expect(unbound.map((s) => s.expression)).toContain(
				"`after${reason === 'kicked' ? 'Kick' : 'Leave'}Audit:${roomId}`",
			);
		} finally {
			reader.close();
		}
	});

	it("joins service calls queued by name, facades outside core-services, DDP server methods and action settings", () => {
		const reader = IndexReader.open(out);
		try {
			const sites = (trunk: string, key: string) =>
				reader
					.dispatchSites(trunk, key)
					.map((s) => `${s.side} ${s.file}:${s.line}`)
					.sort();
			// `${this.name}.renderPdf` queued with queueWork, the facade reference handed to withRetry,
			// and the enterprise service's literal target all reach the transcript service's method.
			expect(sites("api-call", "transcript.renderPdf")).toEqual([
				"dispatch apps/server/src/methods/requestTranscript.ts:29",
				"dispatch apps/server/src/services/transcript/TranscriptService.ts:10",
				"dispatch apps/server/src/services/transcript/TranscriptService.ts:26",
				"register apps/server/src/services/transcript/TranscriptService.ts:13",
			]);
			// A const holding either facade (sdk facades made with core-services' proxify) reaches both services.
			for (const key of ["transcript.requestTranscript", "transcript-enterprise.requestTranscript"]) {
				expect(sites("api-call", key)[0]).toBe("dispatch apps/server/src/methods/requestTranscript.ts:11");
			}
			// A subclass redeclares `name`: the exporter's template stays unbound; an unrelated queueWork is no site.
			const exporter = reader.dispatchSitesInFile("apps/server/src/services/export/RoomExporter.ts");
			const exporterKeys = exporter.filter((s) => s.side === "dispatch").map((s) => s.key ?? s.expression);
			expect(exporterKeys.sort()).toEqual(["`${this.name}.writeFile`", "queue-worker.queueWork"]);
			expect(reader.dispatchSitesInFile("apps/server/src/services/export/retries.ts")).toEqual([]);
			// The DDP streamer's server registers setUserStatus; the health check's `methods` is not DDP.
			expect(sites("meteor-method", "setUserStatus")).toEqual([
				"register apps/server/src/ddp/configureServer.ts:9",
				"register apps/server/src/methods/setUserStatus.ts:5",
			]);
			expect(reader.dispatchSitesInFile("apps/server/src/ddp/healthcheck.ts")).toEqual([]);
			// The action setting's value is the method its button calls; a string setting's value is not.
			expect(sites("meteor-method", "sendSMTPTestEmail")).toEqual([
				"dispatch apps/server/src/settings/email.ts:6",
				"register apps/server/src/methods/sendSMTPTestEmail.ts:4",
			]);
			expect(reader.dispatchSitesInFile("apps/server/src/settings/email.ts")).toHaveLength(1);
		} finally {
			reader.close();
		}
	});

	it("filters by trunk and category, and exits 2 on an unknown trunk or a bad configuration", () => {
		const r = codeask("trunks", "--index", out, "--trunk", "callbacks", "--category", "unexplained");
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/^trunk\s+keys/);
		expect(r.stdout).not.toContain("rest");
		expect(codeask("trunks", "--index", out, "--trunk", "nope").code).toBe(2);
		const bad = join(dir, "bad.json");
		writeFileSync(bad, JSON.stringify({ name: "x", trunks: [{ name: "t", idioms: [{ kind: "call" }] }] }));
		const failed = codeask("index", join(dir, "mini-chat"), "--out", join(dir, "other.db"), "--trunks", bad);
		expect(failed.code).toBe(2);
		expect(failed.stderr).toContain("trunks.0.idioms.0");
	});
});
