/**
 * Typed maps of the keys: an interface or type literal whose members are named by the trunk keys (an
 * endpoint map, an event map). Each string-keyed member is a definition named by its key, and one whose
 * key (normalised as the trunk normalises its own) is a key with both sides declares it: a `declares`
 * edge into the key's node, which the pattern answer for keyed registrations reads.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { ask } from "../../src/pipeline/ask.js";
import { defLabel } from "../../src/pipeline/labels.js";
import { loadTrunkConfig } from "../../src/trunks/index.js";
import { indexForSuite, openIndexWithTrunks, trunkOptions, withIndexAt } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const routes = (area: string, routes: [verb: string, name: string][]) =>
	[
		'import { router } from "../router";',
		...routes.map(
			([v, n]) => `router.${v}("/${area}/${n}", async (req, res) => {\n\tres.json({ ${n}: req.body });\n});`,
		),
	].join("\n");

const FILES: Record<string, string> = {
	"package.json": '{ "name": "notes", "private": true, "dependencies": { "express": "^4.0.0" } }',
	"server/router.ts": 'import express from "express";\nexport const router = express.Router();\n',
	"server/routes/documents.ts": routes("documents", [
		["post", "create"],
		["post", "update"],
		["get", "list"],
	]),
	"server/routes/shares.ts": routes("shares", [
		["post", "grant"],
		["post", "revoke"],
	]),
	"server/routes/index.ts": [
		'import "./documents";',
		'import "./shares";',
		'export { router } from "../router";',
	].join("\n"),
	"server/app.ts": [
		'import express from "express";',
		'import { router } from "./routes";',
		"const app = express();",
		'app.use("/", router);',
	].join("\n"),
	"web/documents.ts": [
		"export async function createDocument(title: string) {",
		'\treturn fetch("/documents/create", { method: "POST", body: JSON.stringify({ title }) });',
		"}",
		"export async function listDocuments() {",
		'\treturn fetch("/documents/list");',
		"}",
		"export async function grantShare(id: string) {",
		'\treturn fetch("/shares/grant", { method: "POST", body: id });',
		"}",
	].join("\n"),
	// The typed endpoint map: each member named by a route, its methods inside.
	"shared/endpoints.ts": [
		"export type DocumentEndpoints = {",
		"\t'/documents/create': {",
		"\t\tPOST: (params: { title: string }) => { id: string };",
		"\t};",
		"\t'/documents/list': {",
		"\t\tGET: () => { ids: string[] };",
		"\t};",
		"\t'/documents/archive': {",
		"\t\tPOST: (params: { id: string }) => void;",
		"\t};",
		"};",
		"export type ShareEndpoints = {",
		"\t'/shares/grant': {",
		"\t\tPOST: (params: { id: string }) => void;",
		"\t};",
		"};",
	].join("\n"),
	"shared/index.ts": [
		'import type { DocumentEndpoints } from "./endpoints";',
		'import type { ShareEndpoints } from "./endpoints";',
		"export interface Endpoints",
		"\textends DocumentEndpoints,",
		"\t\tShareEndpoints {}",
	].join("\n"),
	// The typed event map: a string key, a key held by a constant, and a plain word.
	"shared/events.ts": [
		'export const USER_DELETED = "user.deleted";',
		"export interface ServerEvents {",
		"\t'user.created': (user: { id: string }) => void;",
		"\t[USER_DELETED](id: string): void;",
		"\t'shutdown'(): void;",
		"}",
	].join("\n"),
	"server/bus.ts": [
		'import { USER_DELETED } from "../shared/events";',
		"export const bus = { on(e: string, f: (...a: unknown[]) => void) {}, emit(e: string, ...a: unknown[]) {} };",
		"export function wire() {",
		"\tbus.on('user.created', (u) => console.log(u));",
		"\tbus.on(USER_DELETED, (id) => console.log(id));",
		"\tbus.on('shutdown', () => console.log('bye'));",
		"}",
		"export function createUser(id: string) {",
		"\tbus.emit('user.created', { id });",
		"}",
		"export function deleteUser(id: string) {",
		"\tbus.emit(USER_DELETED, id);",
		"\tbus.emit('shutdown');",
		"}",
	].join("\n"),
	// A string-keyed type whose keys are no trunk's keys: members, and no join.
	"shared/labels.ts": [
		"export type Labels = {",
		"\t'greeting.hello': string;",
		"\t'farewell.bye': string;",
		"};",
	].join("\n"),
};

describe("string-keyed members of interfaces and type literals", () => {
	const index = indexForSuite(() => openIndexWithTrunks(repoWith(FILES, "codeask-typed-maps-")), 120_000);

	const def = (defId: string) => index().def(defId);
	const declared = (defId: string) => {
		const d = def(defId);
		return d
			? index()
					.edgesFrom(d.id)
					.filter((e) => e.kind === "declares")
					.map((e) => e.dstDefId)
			: null;
	};

	it("makes a definition of each, named by its key in parentheses, over its own lines", () => {
		expect(def("shared/endpoints.ts#DocumentEndpoints(/documents/create)")).toMatchObject({
			name: "/documents/create",
			kind: "property",
			startLine: 2,
			endLine: 4,
			parentId: def("shared/endpoints.ts#DocumentEndpoints")?.id,
		});
		expect(def("shared/endpoints.ts#DocumentEndpoints(/documents/list)")).toMatchObject({
			startLine: 5,
			endLine: 7,
		});
		expect(def("shared/events.ts#ServerEvents(user.created)")).toMatchObject({
			name: "user.created",
			kind: "method",
			startLine: 3,
			endLine: 3,
		});
		// A member named by a constant is named as written, like a key built from a constant.
		expect(def("shared/events.ts#ServerEvents(USER_DELETED)")).toMatchObject({
			kind: "method",
			startLine: 4,
		});
		expect(def("shared/labels.ts#Labels(greeting.hello)")).toMatchObject({ kind: "property", startLine: 2 });
		// A type literal's members named by identifiers stay no definitions.
		expect(def("shared/endpoints.ts#DocumentEndpoints(/documents/create).POST")).toBeUndefined();
	});

	it("shows such a member as TypeScript writes its type", () => {
		const parentOf = (id: number) => index().defById(id);
		const created = def("shared/endpoints.ts#DocumentEndpoints(/documents/create)");
		const deleted = def("shared/events.ts#ServerEvents(USER_DELETED)");
		expect(created && defLabel(created, parentOf)).toBe("`DocumentEndpoints['/documents/create']`");
		expect(deleted && defLabel(deleted, parentOf)).toBe("`ServerEvents[USER_DELETED]`");
	});

	it("joins a member to the trunk key it declares, normalised as the trunk's sites are (the method in front)", () => {
		expect(declared("shared/endpoints.ts#DocumentEndpoints(/documents/create)")).toEqual([
			"trunk:http-route#POST /documents/create",
		]);
		expect(declared("shared/endpoints.ts#DocumentEndpoints(/documents/list)")).toEqual([
			"trunk:http-route#GET /documents/list",
		]);
		expect(declared("shared/endpoints.ts#ShareEndpoints(/shares/grant)")).toEqual([
			"trunk:http-route#POST /shares/grant",
		]);
		const events = declared("shared/events.ts#ServerEvents(user.created)");
		expect(events).toHaveLength(1);
		expect(events?.[0]).toMatch(/^trunk:[\w-]+#user\.created$/);
		// The constant's value is the key.
		expect(declared("shared/events.ts#ServerEvents(USER_DELETED)")?.[0]).toMatch(
			/^trunk:[\w-]+#user\.deleted$/,
		);
	});

	it("joins nothing where the key is no key with both sides, or a plain word unrelated maps share", () => {
		expect(declared("shared/labels.ts#Labels(greeting.hello)")).toEqual([]);
		expect(declared("shared/labels.ts#Labels(farewell.bye)")).toEqual([]);
		// Declared, never registered.
		expect(declared("shared/endpoints.ts#DocumentEndpoints(/documents/archive)")).toEqual([]);
		// Both sides, but a plain word.
		expect(def("shared/events.ts#ServerEvents(shutdown)")).toBeDefined();
		expect(declared("shared/events.ts#ServerEvents(shutdown)")).toEqual([]);
	});

	it("writes no dispatch site for a declaration: the trunk census stays as it was", () => {
		for (const trunk of index().trunkNames())
			for (const s of index().dispatchSites(trunk)) expect(["register", "dispatch"]).toContain(s.side);
		expect(
			index()
				.dispatchSites("http-route", "POST /documents/create")
				.map((s) => s.side)
				.sort(),
		).toEqual(["dispatch", "register"]);
	});

	it("tells where a new key's type is declared in the pattern answer, and where the map is taken in", async () => {
		const result = await ask(index(), "How do I add a new endpoint?");
		expect(result.answer).toMatch(
			/\d\. Declare its type, as `shared\/endpoints\.ts` does for `\/documents\/(create|list)` \[\d+\]: `'\/documents\/(create|list)': \{`; `Endpoints` in `shared\/index\.ts` takes `DocumentEndpoints` in \[\d+\]/,
		);
		expect(result.droppedCitations).toBe(0);
		expect(result.answer.length).toBeLessThanOrEqual(4000);
		// Cited at the member's line.
		const cited = result.citations.find((c) => c.file === "shared/endpoints.ts");
		expect(cited?.startLine).toBeGreaterThanOrEqual(2);
		expect(cited?.startLine).toBeLessThanOrEqual(5);
	});
});

describe("declarations in an incremental run", () => {
	it("follows the member to its new lines when only the map's file changed, as a full run would", async () => {
		const repo = repoWith(FILES, "codeask-typed-maps-patch-");
		const out = join(repo, "index.db");
		const trunkConfig = loadTrunkConfig(null, repo);
		const run = (full: boolean) => indexRepository({ repo, out, full, ...trunkOptions(trunkConfig) });
		await run(true);
		writeFileSync(
			join(repo, "shared/endpoints.ts"),
			`// The REST contract.\n\n${FILES["shared/endpoints.ts"]}`,
		);
		await run(false);
		await withIndexAt(out, (index) => {
			const member = index.def("shared/endpoints.ts#DocumentEndpoints(/documents/create)");
			expect(member).toMatchObject({ startLine: 4, endLine: 6 });
			const edges = member ? index.edgesFrom(member.id).filter((e) => e.kind === "declares") : [];
			expect(edges.map((e) => [e.dstDefId, e.line])).toEqual([
				["trunk:http-route#POST /documents/create", 4],
			]);
		});
	}, 120_000);
});
