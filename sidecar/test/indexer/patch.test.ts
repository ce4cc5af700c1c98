/**
 * Incremental runs patch a copy of the previous index: after each change below, the patched index
 * must hold exactly what a full run over the same tree writes (definitions, edges in both
 * directions, dispatch sites and their cross-file joins, full-text rows, outline), and pass
 * SQLite's own consistency checks.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { patchIndex } from "../../src/index/patch.js";
import { indexRepository } from "../../src/indexer/index.js";
import type { IndexOptions } from "../../src/indexer/index-types.js";
import { createSiteExtractor, loadTrunkConfig } from "../../src/trunks/index.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";
import { changeMiniChat, editFile } from "../support/mini-chat-changes.js";
import { withIndexAt } from "../support/open-index.js";
import { writeRepoFile } from "../support/repo-with.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

function tempDir(prefix: string): string {
	return mkdtempSync(join(tmpdir(), prefix));
}

/** Index `repo` with its trunks (as `codeask index` does): incrementally into `out`, or fully. */
function indexWithTrunks(repo: string, out: string, extra: Partial<IndexOptions> = {}) {
	const trunkConfig = loadTrunkConfig(null, repo);
	return indexRepository({
		repo,
		out,
		siteExtractor: createSiteExtractor(trunkConfig),
		trunkConfig,
		...extra,
	});
}

/** Run incrementally into `out`, then fully into a fresh file, and compare the two. */
async function expectSameAsFullRun(repo: string, out: string) {
	const incremental = await indexWithTrunks(repo, out);
	const fullOut = join(tempDir("codeask-full-"), "full.db");
	const full = await indexWithTrunks(repo, fullOut, { full: true });
	expect(integrityProblems(out)).toEqual([]);
	const patched = snapshotIndex(out);
	const reference = snapshotIndex(fullOut);
	for (const key of Object.keys(reference) as (keyof typeof reference)[]) {
		expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
	}
	// Sites are numbered in site order, as a full write numbers them (the outline lists keys in that order).
	expect(sitesInOrder(out)).toEqual(sitesInOrder(fullOut));
	expect(incremental.stats.definitions).toBe(full.stats.definitions);
	expect(incremental.stats.edges).toBe(full.stats.edges);
	expect(incremental.stats.crossPackageEdges).toBe(full.stats.crossPackageEdges);
	return { incremental, full, patched };
}

/** The dispatch sites by id, as defIds and paths. */
function sitesInOrder(path: string): string[] {
	const db = new Database(path, { readonly: true });
	try {
		return (
			db
				.prepare(
					`SELECT ds.id, ds.trunk, ds.side, ds.key, f.path, ds.line, en.def_id, h.def_id, k.def_id
           FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id LEFT JOIN defs en ON en.id = ds.enclosing
           LEFT JOIN defs h ON h.id = ds.handler LEFT JOIN defs k ON k.id = ds.key_def ORDER BY ds.id`,
				)
				.raw()
				.all() as unknown[][]
		).map((r) => r.join("|"));
	} finally {
		db.close();
	}
}

/** The folder sections of an index: path and summary. */
function outlineFolders(path: string): { path: string; summary: string }[] {
	const db = new Database(path, { readonly: true });
	try {
		return db
			.prepare("SELECT path, summary FROM outline_sections WHERE kind = 'folder' ORDER BY id")
			.all() as {
			path: string;
			summary: string;
		}[];
	} finally {
		db.close();
	}
}

describe("incremental runs patch the previous index", () => {
	it("match a full run after changed, renamed, added and deleted definitions and files", async () => {
		const repo = join(tempDir("codeask-patch-"), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, ".codeask", "index.db");
		const first = await indexWithTrunks(repo, out);
		expect(first.extractedFiles).toBe(first.stats.files);

		// The mini-chat changes (a method inserted mid-class, a definition renamed under its
		// importers, a new file, a deleted file), and a facade call re-extracted while the facade's
		// definition file is reused.
		changeMiniChat(repo);
		editFile(repo, "apps/server/src/methods/setUserStatus.ts", (t) => `// Sets the caller's presence.\n${t}`);

		const { incremental, patched } = await expectSameAsFullRun(repo, out);
		// The four changed files, and sendMessage.ts: it imports the renamed function.
		expect(incremental.extractedFiles).toBe(5);
		expect(patched.defs.some((d) => d.startsWith("packages/models/src/Users.ts#UsersRaw.findOnline|"))).toBe(
			true,
		);
		expect(patched.defs.some((d) => d.startsWith("apps/server/src/lib/format.ts#formatMessage|"))).toBe(
			false,
		);
		expect(patched.edges.some((e) => e.includes("hookAudit.ts"))).toBe(false);
		expect(
			patched.edges.some((e) =>
				e.startsWith(
					"apps/server/src/lib/siteBanner.ts#siteBanner|apps/server/src/lib/siteName.ts#getSiteName|call|",
				),
			),
		).toBe(true);
		// The facade call still binds to its service method (the gap this closes).
		expect(
			patched.sites.some(
				(s) => s.startsWith("api-call|dispatch|presence.setStatus|") && s.includes("setUserStatus.ts"),
			),
		).toBe(true);
		await withIndexAt(out, (reader) => {
			expect(reader.searchDefs(["find", "online"], 5).map((r) => r.def.defId)).toContain(
				"packages/models/src/Users.ts#UsersRaw.findOnline",
			);
		});

		// Then the facade's definition file changes while its callers are reused.
		editFile(repo, "packages/core-services/src/proxify.ts", (t) => `// Service facades.\n\n${t}`);
		const second = await expectSameAsFullRun(repo, out);
		expect(second.incremental.extractedFiles).toBe(1);
	});

	it("rewrite only the outline sections whose inputs changed, as a full run writes them", async () => {
		const repo = join(tempDir("codeask-outline-"), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		const folders = outlineFolders(out);
		expect(folders.length).toBeGreaterThan(1);
		// No file added or removed (the outline is patched in place): a new caller of a definition
		// in another folder (its fan-in changes there), and a README in a folder section that had none.
		editFile(repo, "apps/server/src/services/roles/RolesService.ts", (t) =>
			t.replace(
				"\tprivate getRolesCached",
				"\tasync probeOffline(): Promise<void> {\n\t\tawait Users.findOffline([]);\n\t}\n\n\tprivate getRolesCached",
			),
		);
		const folder = folders.find((f) => !f.summary.includes("Outline probe")) as { path: string };
		writeRepoFile(
			repo,
			join(folder.path, "README.md"),
			"# Notes\n\nOutline probe: what this folder holds.\n",
		);
		const { patched } = await expectSameAsFullRun(repo, out);
		expect(patched.outline.some((row) => row.includes("Outline probe"))).toBe(true);
	});

	it("refuse a patch of a prepared copy that is not there, leaving the index as it was", async () => {
		const repo = join(tempDir("codeask-prepared-"), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		const before = readFileSync(out);
		const empty = {
			meta: {},
			packages: [],
			files: [],
			removedFiles: [],
			defs: [],
			edges: [],
			sites: [],
			rawSites: new Map<string, string>(),
			unresolved: new Map<string, number>(),
		};
		expect(() => patchIndex(out, out, empty, undefined, undefined, true)).toThrow(/prepared .* is gone/);
		expect(readFileSync(out).equals(before)).toBe(true);
		expect(readdirSync(dirname(out)).filter((f) => f.includes(".tmp"))).toEqual([]);
	});

	it("resolve a changed file as a full run does: globals from files nothing imports, imports their types need", async () => {
		const repo = tempDir("codeask-globals-");
		writeRepoFile(repo, "package.json", JSON.stringify({ name: "globals-app", private: true }));
		writeRepoFile(
			repo,
			"src/registry.ts",
			[
				"export interface Methods {\n\tbase(): string;\n}",
				"export function call<K extends keyof Methods>(name: K): ReturnType<Methods[K]> {",
				"\treturn (globalThis as never as Record<string, () => never>)[name]();\n}\n",
			].join("\n"),
		);
		writeRepoFile(repo, "src/room.ts", "export class Room {\n\topen(): void {}\n}\n");
		writeRepoFile(repo, "src/heavy.ts", "export function heavy(): number {\n\treturn 1;\n}\n");
		// A module augmentation in a file nothing imports; its top-level call needs nothing typed.
		writeRepoFile(
			repo,
			"src/augment.ts",
			[
				"import { heavy } from './heavy';",
				"import type { Room } from './room';",
				"declare module './registry' {\n\tinterface Methods {\n\t\tgetRoom(): Room;\n\t}\n}",
				"console.log(heavy());\n",
			].join("\n"),
		);
		// A script: its top-level declarations are global.
		writeRepoFile(repo, "src/script.ts", "function globalHelper(): number {\n\treturn 2;\n}\n");
		// A dependency whose annotated body is all that uses `heavy`.
		writeRepoFile(
			repo,
			"src/make.ts",
			[
				"import { heavy } from './heavy';",
				"import { Room } from './room';",
				"export function make(): Room {\n\theavy();\n\treturn new Room();\n}\n",
			].join("\n"),
		);
		writeRepoFile(
			repo,
			"src/use.ts",
			[
				"import { make } from './make';",
				"import { call } from './registry';",
				"export function run(): number {\n\tcall('getRoom').open();\n\tmake().open();\n\treturn globalHelper();\n}\n",
			].join("\n"),
		);
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		editFile(repo, "src/use.ts", (t) => `${t}\nexport const later = 1;\n`);
		const { incremental, patched } = await expectSameAsFullRun(repo, out);
		expect(incremental.extractedFiles).toBe(1);
		const from = "src/use.ts#run|";
		expect(patched.edges.filter((e) => e.startsWith(from)).map((e) => e.split("|")[1])).toEqual(
			expect.arrayContaining(["src/room.ts#Room.open", "src/script.ts#globalHelper", "src/make.ts#make"]),
		);
	});

	it("re-extract unchanged files whose types flow through a changed or deleted file, not the importers of an appended function", async () => {
		const repo = join(tempDir("codeask-ripple-"), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		const facade = "packages/core-services/src/settingsFacade.ts";
		const call =
			"apps/server/src/lib/siteName.ts#getSiteName|packages/core-services/src/types/ISettingsService.ts#ISettingsService.get";

		// A new function: no old declaration's type moved, so only the file itself is re-extracted.
		editFile(
			repo,
			facade,
			(t) => `${t}\nexport function settingsNamespace(): string {\n\treturn 'settings';\n}\n`,
		);
		const appended = await expectSameAsFullRun(repo, out);
		expect(appended.incremental.extractedFiles).toBe(1);
		expect(appended.patched.edges.some((e) => e.startsWith(call))).toBe(true);

		// The facade's type is now `any`: its importer (through the package's index) loses the call.
		editFile(repo, facade, (t) => t.replace("export const Settings = ", "export const Settings: any = "));
		const retyped = await expectSameAsFullRun(repo, out);
		expect(retyped.patched.edges.some((e) => e.startsWith(call))).toBe(false);

		// Deleted: `Push`/`Presence` callers and, through facades typed by `proxify<T>`, their callers.
		editFile(repo, facade, (t) => t.replace("export const Settings: any = ", "export const Settings = "));
		await expectSameAsFullRun(repo, out);
		rmSync(join(repo, "packages/core-services/src/proxify.ts"));
		await expectSameAsFullRun(repo, out);
	});

	it("keep a wrapper's body for its call sites' inline functions, and re-extract them when only what it calls changes", async () => {
		const repo = tempDir("codeask-wrapper-patch-");
		writeRepoFile(repo, "package.json", JSON.stringify({ name: "wrapped" }));
		writeRepoFile(
			repo,
			"src/wrap.ts",
			"export function withAuth(handler: (req: string) => string): (req: string) => string {\n\treturn (req) => handler(req);\n}\n",
		);
		writeRepoFile(
			repo,
			"src/route.ts",
			"import { withAuth } from './wrap';\nwithAuth((req) => {\n\treturn req.trim();\n});\n",
		);
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		const runs = (edges: string[]) =>
			edges.some((e) => e.startsWith("src/wrap.ts#withAuth|src/route.ts#withAuth|call|src/route.ts|2|"));

		// Only the call site changes: the wrapper's file is read for its declarations, its body whole.
		editFile(repo, "src/route.ts", (t) => t.replace("req.trim()", "req.trim().toLowerCase()"));
		const callSite = await expectSameAsFullRun(repo, out);
		expect(callSite.incremental.extractedFiles).toBe(1);
		expect(runs(callSite.patched.edges)).toBe(true);

		// Only the wrapper's body changes, and it no longer calls what it is handed: the edge written
		// at the call site goes with it, though no type moved.
		editFile(repo, "src/wrap.ts", (t) => t.replace("handler(req)", "req"));
		const stopped = await expectSameAsFullRun(repo, out);
		expect(stopped.incremental.extractedFiles).toBe(2);
		expect(runs(stopped.patched.edges)).toBe(false);

		// And back.
		editFile(repo, "src/wrap.ts", (t) => t.replace("(req) => req", "(req) => handler(req)"));
		const again = await expectSameAsFullRun(repo, out);
		expect(runs(again.patched.edges)).toBe(true);

		// A body edit that keeps what the wrapper calls re-extracts the wrapper alone.
		editFile(repo, "src/wrap.ts", (t) => t.replace("handler(req)", "handler(req.trim())"));
		const kept = await expectSameAsFullRun(repo, out);
		expect(kept.incremental.extractedFiles).toBe(1);
		expect(runs(kept.patched.edges)).toBe(true);
	});

	it("skips reading files whose size and times are unchanged, yet notices a same-size edit", async () => {
		const repo = join(tempDir("codeask-stat-"), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, ".codeask", "index.db");
		await indexRepository({ repo, out });
		const file = join(repo, "apps/server/src/lib/siteName.ts");
		const later = new Date(Date.now() + 60_000);
		utimesSync(file, later, later);
		const touched = await indexRepository({ repo, out });
		expect(touched.extractedFiles).toBe(0);
		editFile(repo, "apps/server/src/lib/siteName.ts", (t) => t.replace("'Mini Chat'", "'Maxi Chat'"));
		utimesSync(file, later, later); // same size and mtime as the touch: only ctime moved
		const edited = await indexRepository({ repo, out });
		expect(edited.extractedFiles).toBe(1);
		expect(snapshotIndex(out).files.some((f) => f.includes("'Maxi Chat'"))).toBe(true);
	});

	it("re-joins router mounts when only the router or only the mounting file changed", async () => {
		const repo = tempDir("codeask-mounts-");
		writeRepoFile(
			repo,
			"package.json",
			JSON.stringify({ name: "shop", dependencies: { express: "^4.0.0" } }),
		);
		writeRepoFile(
			repo,
			"src/routes/users.ts",
			"import { Router } from 'express';\nconst router = Router();\nrouter.get('/:id', function getUser() {});\nexport default router;\n",
		);
		writeRepoFile(
			repo,
			"src/app.ts",
			"import { Router } from 'express';\nimport users from './routes/users';\nexport const app = Router();\napp.use('/users', users);\n",
		);
		writeRepoFile(
			repo,
			"web/client.ts",
			`export async function removeUser(id: string) {
	await fetch(\`/users/\${id}\`, { method: 'DELETE' });
}
`,
		);
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		const registered = (sites: string[]) =>
			sites.filter((s) => s.startsWith("http-route|register|")).map((s) => s.split("|")[2]);

		// The router gains a route; the mounting file is reused.
		editFile(repo, "src/routes/users.ts", (t) =>
			t.replace("export default", "router.delete('/:id', function deleteUser() {});\nexport default"),
		);
		const routerChanged = await expectSameAsFullRun(repo, out);
		expect(registered(routerChanged.patched.sites).sort()).toEqual(["DELETE /users/:id", "GET /users/:id"]);
		// The client's template call (method known only at extraction) binds to the new route.
		expect(
			routerChanged.patched.sites.some((s) => s.startsWith("http-route|dispatch|DELETE /users/:id|")),
		).toBe(true);

		// The mount moves; the router file is reused.
		editFile(repo, "src/app.ts", (t) => t.replace("'/users'", "'/people'"));
		const mountChanged = await expectSameAsFullRun(repo, out);
		expect(registered(mountChanged.patched.sites).sort()).toEqual(["DELETE /people/:id", "GET /people/:id"]);
	});

	it("keep the previous index's sites when the changed file's sites are as they were, and join them again when they move", async () => {
		const repo = join(tempDir("codeask-patch-"), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, ".codeask", "index.db");
		await indexWithTrunks(repo, out);
		const file = "apps/server/src/methods/sendMessage.ts";
		const db = new Database(out, { readonly: true });
		const saved = db
			.prepare("SELECT s.sites FROM file_sites s JOIN files f ON f.id = s.file_id WHERE f.path = ?")
			.pluck()
			.get(file) as string | undefined;
		db.close();
		expect(saved).toContain('"side":"register"');
		/** An incremental run counting the joins of the repository's sites (`finalize`). */
		const run = async () => {
			const trunkConfig = loadTrunkConfig(null, repo);
			const siteExtractor = createSiteExtractor(trunkConfig);
			const finalize = siteExtractor.finalize?.bind(siteExtractor);
			if (!finalize) throw new Error("a trunk config's site extractor joins sites (finalize)");
			let joins = 0;
			siteExtractor.finalize = (sites) => {
				joins++;
				return finalize(sites);
			};
			const result = await indexRepository({ repo, out, siteExtractor, trunkConfig });
			expect(result.extractedFiles).toBe(1);
			return joins;
		};

		// A function below the file's sites, calling into another file: new edges, the same sites.
		editFile(
			repo,
			file,
			(t) => `${t}\nexport function appended(): string {\n\treturn String(Date.now());\n}\n`,
		);
		expect(await run()).toBe(0);
		await expectSameAsFullRun(repo, out);
		// A line above them: every site of the file moves down one line.
		editFile(repo, file, (t) => `// Sending.\n${t}`);
		expect(await run()).toBe(1);
		await expectSameAsFullRun(repo, out);
		// The function holding them renamed: its trunk edges go with the old definition (and the
		// edge counts, kept as the patch goes, with them).
		editFile(repo, file, (t) => t.replaceAll("performSendMessage", "executeSend"));
		const { incremental, full } = await expectSameAsFullRun(repo, out);
		expect(incremental.stats.edges).toBe(full.stats.edges);
	});
});
