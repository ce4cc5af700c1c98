/**
 * Trunk discovery on small repositories written for it (examples/discovery), indexed with no preset:
 * each idiom is found, its sites are joined right, and string-literal calls that are not dispatch
 * (logging, i18n, config, test names, DOM events) discover nothing.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { busKey, receiverKey } from "../../src/bus-key.js";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { CANDIDATE, type CandidateInfo, rootFields } from "../../src/trunks/discover/candidates.js";
import { discoveredSites } from "../../src/trunks/discover/index.js";
import { inferTrunks, type Sited } from "../../src/trunks/discover/infer.js";
import { discoverFromIndex } from "../../src/trunks/discover/report.js";
import {
	builtinPresets,
	createSiteExtractor,
	loadTrunkConfig,
	parseTrunkConfig,
	type TrunkConfig,
} from "../../src/trunks/index.js";
import { withIndexAt } from "../support/open-index.js";

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery");
const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/cli/main.js");
const NO_PRESET: TrunkConfig = { extends: [], presets: [], discover: true };

/** Scratch folders of this file's indexes, removed when it is done (a run left ~20 of them behind). */
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	scratch.push(dir);
	return dir;
};
afterAll(() => {
	for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Index an example (by name) or a folder (an absolute path) with `config`. */
async function indexed(name: string, config: TrunkConfig = NO_PRESET, includeTests = false) {
	const out = join(scratchDir(`codeask-discover-${basename(name)}-`), "index.db");
	const siteExtractor = createSiteExtractor(config);
	await indexRepository({
		repo: isAbsolute(name) ? name : join(EXAMPLES, name),
		out,
		full: true,
		includeTests,
		siteExtractor,
		trunkConfig: config,
	});
	return { out, discovered: siteExtractor.discovered };
}

/** `sides` with each list in order. */
const sorted = (s: { handlers: (string | null)[]; callers: (string | null)[] }) => ({
	handlers: [...s.handlers].sort(),
	callers: [...s.callers].sort(),
});

/** `file#def` of each register site's handler and each dispatch site's caller, per key. */
function sides(index: IndexReader, trunk: string, key: string) {
	const sites = index.dispatchSites(trunk, key);
	return {
		handlers: sites.filter((s) => s.side === "register").map((s) => s.handlerDefId),
		callers: sites.filter((s) => s.side === "dispatch").map((s) => s.enclosingDefId),
	};
}

describe("trunk discovery with no preset", () => {
	it("joins slash-less Koa routes to the client wrapper's calls, followed through two calls to fetch, keyed by method", async () => {
		const { out, discovered } = await indexed("koa-api");
		expect(discovered.map((t) => t.spec.name)).toEqual(["router"]);
		const [router] = discovered;
		expect(router?.dispatches.map((d) => [d.pattern, d.connection, d.via])).toEqual([
			["client.post(key)", "http transport", ["this.request", "fetch"]],
		]);
		expect(router?.bothSides).toBe(5);
		await withIndexAt(out, (index) => {
			expect(sides(index, "router", "POST /documents.create")).toEqual({
				handlers: ["src/server/documents.ts#createDocument"],
				callers: ["src/client/DocumentMenu.ts#newDocument"],
			});
			expect(sides(index, "router", "POST /shares.create")).toEqual({
				handlers: ["src/server/router.ts#router.post(shares.create)"],
				callers: ["src/client/SharePopover.ts#shareDocument"],
			});
			// The trunk is in the graph: caller -> key -> handler.
			const key = index.def("trunk:router#POST /shares.revoke");
			const from = index.edgesTo(key?.id ?? -1).map((e) => index.defById(e.src)?.defId);
			expect(from).toContain("src/client/SharePopover.ts#unshare");
		});
	});

	it("completes a key given to a wrapper that sends it inside a template (`` client.post(`/items.${kind}`) ``)", async () => {
		const { out, discovered } = await indexed("wrapper-templates");
		expect(discovered.map((t) => t.spec.name)).toEqual(["router"]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "router", "POST /items.archived")).toEqual({
				handlers: ["src/server/router.ts#router.post(items.archived)"],
				callers: ["src/client/ItemsStore.ts#ItemsStore.fetchArchived"],
			});
			expect(sides(index, "router", "POST /items.list").callers).toEqual([
				"src/client/ItemsStore.ts#ItemsStore.fetchAll",
			]);
			// `'/users.' + action` too; `jobs.add(`users.${action}`)` puts nothing on the wire: its callers stay apart.
			expect(sides(index, "router", "POST /users.suspend")).toEqual({
				handlers: ["src/server/router.ts#router.post(users.suspend)"],
				callers: ["src/client/UsersStore.ts#UsersStore.suspend"],
			});
			expect(sides(index, "router", "POST /users.activate").callers).toEqual([
				"src/client/UsersStore.ts#UsersStore.activate",
			]);
		});
		// A preset's call idiom would read the bare `'archived'`: those callers stay discovery's, said so.
		expect(discovered[0]?.unexpressed).toEqual(["this.fetchList(key)", "this.setUserState(key)"]);
	});

	it("pairs socket.io listeners with the other side's emits, across server and client", async () => {
		const { out, discovered } = await indexed("socketio");
		expect(discovered.map((t) => t.spec.name)).toEqual(["socket"]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection]).sort()).toEqual([
			["io.to().emit(key)", "listener pair"],
			["socket.emit(key)", "same receiver"],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "socket", "message:new")).toEqual({
				handlers: ["src/client/listeners.ts#showMessage"],
				// Emitted inside the server's `message:send` listener, itself a definition.
				callers: ["src/server/index.ts#socket.on(message:send)"],
			});
			expect(sides(index, "socket", "room:join").callers).toEqual(["src/client/socket.ts#enter"]);
		});
	});

	it("takes a bridge destructured from the global object (`const { ipcRenderer } = window`) for the global's property, and names the bridge", async () => {
		const { out, discovered } = await indexed("electron-ipc");
		// Both ends of Electron's IPC (`ipcMain`, `ipcRenderer`) are one trunk, named after the words they share.
		expect(discovered.map((t) => t.spec.name)).toEqual(["ipc"]);
		// `ipcRenderer.send` on the destructured local and `window.ipcRenderer.send` are one dispatcher:
		// together distinctive keys enough to join `ipcMain.on` on overlap.
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection]).sort()).toEqual([
			["ipcMain.emit(key)", "same receiver"],
			["mainWindow.webContents.send(key)", "overlap"],
			["window.ipcRenderer.invoke(key)", "listener pair"],
			["window.ipcRenderer.send(key)", "overlap"],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "ipc", "renderer:stop-assistant")).toEqual({
				handlers: ["src/main/ipc.js#registerNoteIpc.ipcMain.on(renderer:stop-assistant)"],
				callers: ["src/renderer/assistant.js#stop"],
			});
			expect(sides(index, "ipc", "renderer:remove-note").callers).toEqual([
				"src/renderer/notes.js#deleteNote",
			]);
			expect(sides(index, "ipc", "main:watch-ready").handlers).toEqual([
				"src/renderer/events.js#listenToMain.ipcRenderer.on(main:watch-ready)",
			]);
		});
	});

	it("keys a discovered emit by the labels of the switch on its key (`case 'a': emit(change.name)`)", async () => {
		const { out, discovered } = await indexed("socket-relay");
		expect(discovered.map((t) => t.spec.name)).toEqual(["socket"]);
		await withIndexAt(out, (index) => {
			const relay = "src/server/relay.ts#ChangeRelay.relay";
			expect(sides(index, "socket", "notes.update")).toEqual({
				handlers: ["src/client/live.ts#onNoteSaved"],
				callers: [relay],
			});
			expect(sides(index, "socket", "notes.delete").callers).toEqual([relay]);
			// A clause a non-empty one falls into names no key.
			expect(sides(index, "socket", "boards.move").callers).toEqual([]);
		});
	});

	it("joins BullMQ workers to their queues and to the producers adding to them", async () => {
		const { out, discovered } = await indexed("bullmq");
		expect(discovered.map((t) => t.spec.name)).toEqual(["worker"]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "worker", "emails")).toEqual({
				handlers: ["src/workers.ts#sendEmail"],
				callers: expect.arrayContaining(["src/producer.ts#welcome", "src/queues.ts#emailQueue"]),
			});
		});
	});

	it("joins sharded queues: a shard family's key computed at the worker's loop and at the queue's getter", async () => {
		const { out, discovered } = await indexed("sharded-queues");
		const trunk = discovered.find((t) => t.spec.name === "worker-pool");
		expect(trunk?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([["new Queue(key)", "wrapper"]]);
		await withIndexAt(out, (index) => {
			// `renderShards.forEach((shardName) => register(shardName, renderProcessor))` over `Array.from(…)` ↔
			// `new Queue(`${QueueId.Render}${i > 0 ? `-${i}` : ''}`)` in the getter producers call.
			expect(sorted(sides(index, "worker-pool", "render-queue"))).toEqual({
				handlers: ["src/worker/processors.ts#renderProcessor"],
				callers: [
					"src/api/documents.ts#publishDocument",
					"src/queues/renderQueue.ts#RenderQueue.getInstance",
				],
			});
			// `for (const shardName of ReportQueue.getShardNames())` over `SHARDS.map(…)`, its processor built by a
			// factory, ↔ `${QueueId.Report}-${shard}` with `shard = 0` a parameter's default.
			expect(sorted(sides(index, "worker-pool", "report-queue"))).toEqual({
				handlers: ["src/worker/processors.ts#reportProcessorBuilder"],
				callers: ["src/api/documents.ts#requestReport", "src/queues/reportQueue.ts#ReportQueue.getInstance"],
			});
			expect(sides(index, "worker-pool", "mail-queue").handlers).toEqual([
				"src/worker/processors.ts#mailProcessor",
			]);
			// A producer's send on what the getter hands out dispatches the getter's key at the send's own line.
			// … and a send on a factory choosing the getter by a constant (`queueFor(QueueId.Mail)?.add`), through
			// its `case QueueId.Mail: return MailQueue.getInstance()`; a run-time name (`retryAny`) sends nothing.
			expect(sides(index, "worker-pool", "mail-queue").callers.sort()).toEqual([
				"src/api/documents.ts#notifyOwner",
				"src/api/maintenance.ts#retryMail",
				"src/queues/mailQueue.ts#MailQueue.getInstance",
			]);
			expect(sides(index, "worker-pool", "cleanup-queue").callers.sort()).toEqual([
				"src/api/maintenance.ts#scheduleCleanup",
				"src/queues/mailQueue.ts#CleanupQueue.getInstance",
			]);
			const sends = index
				.dispatchSites("worker-pool")
				.filter((s) => s.file.startsWith("src/api/"))
				.map((s) => [s.enclosingDefId, s.key, s.line, s.resolution]);
			expect(sends.sort()).toEqual([
				["src/api/documents.ts#notifyOwner", "mail-queue", 15, "checker"],
				["src/api/documents.ts#publishDocument", "render-queue", 7, "checker"],
				["src/api/documents.ts#requestReport", "report-queue", 11, "checker"],
				["src/api/maintenance.ts#retryMail", "mail-queue", 23, "checker"],
				["src/api/maintenance.ts#scheduleCleanup", "cleanup-queue", 19, "checker"],
			]);
			expect([...new Set(index.dispatchSites("worker-pool").map((s) => s.key))].sort()).toEqual([
				"cleanup-queue",
				"mail-queue",
				"render-queue",
				"report-queue",
			]);
		});
	});

	it("joins GraphQL operations' root fields to their resolvers", async () => {
		const { out, discovered } = await indexed("graphql");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["graphql", 4]]);
		await withIndexAt(out, (index) => {
			// The constant holding the document, and the hook given it (`useMutation(ADD_BOOK)`, imported).
			expect(sides(index, "graphql", "addBook")).toEqual({
				handlers: ["src/server/resolvers.ts#resolvers.Mutation.addBook"],
				callers: ["src/client/BookPage.ts#useAddBook", "src/client/operations.ts#ADD_BOOK"],
			});
			// `client.query({ query: AUTHOR })` with a constant of its own file; `db.query(COUNT_SQL)` sends nothing.
			expect(sides(index, "graphql", "author").callers).toEqual([
				"src/client/authors.ts#AUTHOR",
				"src/client/authors.ts#loadAuthor",
			]);
			expect(
				index
					.dispatchSites("graphql")
					.filter((s) => s.enclosingDefId === "src/client/authors.ts#countAuthors"),
			).toEqual([]);
			// A map served beside the others (`resolvers: [resolvers, adminResolvers]`), called by no document.
			expect(sides(index, "graphql", "resetLibrary")).toEqual({
				handlers: ["src/server/admin.ts#adminResolvers.Mutation.resetLibrary"],
				callers: [],
			});
		});
	});

	it("keeps a schema-first server's resolver maps as a trunk with no document: the maps given to the server only", async () => {
		const { out, discovered } = await indexed("graphql-yoga");
		expect(discovered.map((t) => [t.spec.name, t.registers[0]?.keys, t.dispatches.length])).toEqual([
			["graphql", 4, 0],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "graphql", "publishPost").handlers).toEqual([
				"src/posts.ts#postResolvers.Mutation.publishPost",
			]);
			// Written in place in `createSchema({ resolvers: { … } })`.
			expect(index.dispatchSites("graphql", "health")).toHaveLength(1);
			// `menu = { Query: { open, close } }` is given to no server.
			expect(index.dispatchSites("graphql", "open")).toEqual([]);
		});
	});

	it("makes the resolvers of a map built inside a method definitions: each root field joins its own resolver", async () => {
		const { out } = await indexed("graphql-built-resolvers");
		await withIndexAt(out, (index) => {
			expect(sides(index, "graphql", "invoice").handlers).toEqual([
				"src/server.ts#InvoiceGraphql.route.Query.invoice",
			]);
			expect(sides(index, "graphql", "payInvoice").handlers).toEqual([
				"src/server.ts#InvoiceGraphql.route.Mutation.payInvoice",
			]);
			// What a resolver calls is its own, no longer the building method's.
			const callees = (defId: string) =>
				index.edgesFrom(index.def(defId)?.id ?? -1).map((e) => index.defById(e.dst)?.defId);
			expect(callees("src/server.ts#InvoiceGraphql.route.Query.invoice")).toContain(
				"src/invoices.ts#InvoiceService.find",
			);
			expect(callees("src/server.ts#InvoiceGraphql.route")).not.toContain(
				"src/invoices.ts#InvoiceService.find",
			);
			// A `resolvers` option with no root type in it is no resolver map.
			expect(index.defsInFile("src/server.ts").map((d) => d.qualifiedName)).not.toContain(
				"InvoiceGraphql.tracing.sample",
			);
		});
	});

	it("takes NestJS code-first resolvers as the GraphQL registry: name option or method name, joined to gql documents", async () => {
		const { out, discovered } = await indexed("nest-graphql");
		// `team`, `createTeam`, and `Team.members` (`team { members }`, `team` returning `Team`).
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["graphql", 3]]);
		await withIndexAt(out, (index) => {
			const keys = index
				.dispatchSites("graphql")
				.filter((s) => s.side === "register")
				.map((s) => s.key)
				.sort();
			// `@Query(() => Team, { name: 'team' })` on `findTeam`; a `@ResolveField` is `Type.field`; a common
			// word (`users`) is an operation of the schema like any other; the `Query` decorator imported from
			// the repository's own module registers nothing.
			expect(keys).toEqual(["Team.members", "createTeam", "team", "teamUpdated", "teams", "users"]);
			expect(sides(index, "graphql", "team")).toEqual({
				handlers: ["src/server/team.resolver.ts#TeamsResolver.findTeam"],
				callers: ["src/client/operations.ts#GET_TEAM"],
			});
			expect(sides(index, "graphql", "createTeam")).toEqual({
				handlers: ["src/server/team.resolver.ts#TeamsResolver.createTeam"],
				callers: ["src/client/operations.ts#CREATE_TEAM"],
			});
			// Called by no document in the repository, still the handler of its key.
			expect(sides(index, "graphql", "teamUpdated")).toEqual({
				handlers: ["src/server/team.resolver.ts#TeamsResolver.teamUpdated"],
				callers: [],
			});
			expect(index.dispatchSites("graphql", "summary")).toEqual([]);
			expect(index.dispatchSites("graphql", "range")).toEqual([]);
		});
	});

	it("joins documents written as calls (`graphql(`…`, [fragment])`, gql.tada / codegen's client preset) and the code sending them", async () => {
		const { out, discovered } = await indexed("graphql-calls");
		// `orders` and `cancelOrder`; `refundOrder` is sent by no document.
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["graphql", 2]]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "graphql", "orders")).toEqual({
				handlers: ["src/server/order.resolver.ts#OrderResolver.orders"],
				callers: ["src/client/documents.ts#orderListDocument", "src/client/orders-page.ts#loadOrders"],
			});
			expect(sides(index, "graphql", "cancelOrder")).toEqual({
				handlers: ["src/server/order.resolver.ts#OrderResolver.cancelOrder"],
				callers: ["src/client/documents.ts#cancelOrderDocument", "src/client/orders-page.ts#cancelOrder"],
			});
			expect(sides(index, "graphql", "refundOrder").callers).toEqual([]);
		});
	});

	it("joins .graphql documents, and code sending them by their generated or imported names, to code-first resolvers", async () => {
		const { out, discovered } = await indexed("graphql-documents");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["graphql", 5]]);
		await withIndexAt(out, (index) => {
			const at = (trunk: string, key: string) =>
				index
					.dispatchSites(trunk, key)
					.map(
						(s) =>
							`${s.side} ${s.file}:${s.line} ${s.side === "register" ? s.handlerDefId : s.enclosingDefId}`,
					)
					.sort();
			// The document's operation, and the function sending codegen's `CreateProjectDocument`.
			expect(at("graphql", "createProject")).toEqual([
				"dispatch src/client/gql/mutations/CreateProject.graphql:1 src/client/gql/mutations/CreateProject.graphql#CreateProject",
				"dispatch src/client/projects.ts:6 src/client/projects.ts#createProject",
				"register src/server/project.resolver.ts:19 src/server/project.resolver.ts#ProjectResolver.createProject",
			]);
			// An alias (`archived: archiveProject`) in a `.gql` file imported by the operation's name.
			expect(at("graphql", "archiveProject")).toEqual([
				"dispatch src/client/archive.ts:5 src/client/archive.ts#archiveProject",
				"dispatch src/client/gql/mutations/ArchiveProject.gql:1 src/client/gql/mutations/ArchiveProject.gql#ArchiveProject",
				"register src/server/project.resolver.ts:23 src/server/project.resolver.ts#ProjectResolver.archive",
			]);
			// After a comment line; the fragment spread and its fields are not root fields.
			expect(at("graphql", "project")).toEqual([
				"dispatch src/client/gql/queries/Project.graphql:2 src/client/gql/queries/Project.graphql#Project",
				"dispatch src/client/projects.ts:11 src/client/projects.ts#loadProject",
				"register src/server/project.resolver.ts:8 src/server/project.resolver.ts#ProjectResolver.findProject",
			]);
			// `project { owner }`: `project` returns `Project` (`@Query(() => Project)`), whose `owner` is a
			// `@ResolveField` of `@Resolver(() => Project)`; `id`/`name` are plain fields, no keys.
			expect(sides(index, "graphql", "Project.owner")).toEqual({
				handlers: ["src/server/project.resolver.ts#ProjectResolver.owner"],
				callers: ["src/client/gql/queries/Project.graphql#Project", "src/client/projects.ts#loadProject"],
			});
			expect(index.dispatchSites("graphql", "Project.name")).toEqual([]);
			// A generated hook (`useProjectCreatedSubscription`).
			expect(sides(index, "graphql", "projectCreated").callers).toEqual([
				"src/client/gql/subscriptions/ProjectCreated.graphql#ProjectCreated",
				"src/client/live.ts#useNewProjects",
			]);
			// `PDFDocument` names no operation: the export function sends nothing.
			const callers = index
				.dispatchSites("graphql")
				.filter((s) => s.side === "dispatch")
				.map((s) => s.file);
			expect(callers).not.toContain("src/client/export.ts");
			expect(index.dispatchSites("graphql", "ProjectFields")).toEqual([]);
		});
	});

	it("keeps code-first resolvers as a trunk of their own when no document in the repository calls them", () => {
		const resolver = (key: string, declared: boolean): Sited<CandidateInfo> => ({
			info: {
				form: "graphql",
				receiver: "graphql",
				name: "(resolver)",
				arg: 0,
				keys: [key],
				handlerArg: null,
				handler: `src/team.resolver.ts#TeamsResolver.${key}`,
				callee: null,
				...(declared ? { declared: true as const } : {}),
			},
			site: {
				trunk: CANDIDATE,
				side: "register",
				key: null,
				rawKey: null,
				expression: key,
				file: "src/team.resolver.ts",
				line: 1,
				enclosingDefId: null,
				handlerDefId: null,
				resolution: "syntactic",
				inScope: true,
			},
		});
		const decorated = inferTrunks([resolver("team", true), resolver("createTeam", true)], []);
		expect(
			decorated.map((t) => [t.spec.name, t.registers[0]?.keys, t.dispatches.length, t.bothSides]),
		).toEqual([["graphql", 2, 0, 0]]);
		// A resolver map alone (`{ Query: { … } }`) is only a guess at GraphQL: it needs its documents.
		expect(inferTrunks([resolver("team", false), resolver("createTeam", false)], [])).toEqual([]);
	});

	it("keeps a registry's getter (`editor.commands.get('bold')`) out of its dispatch sites: a lookup, not an execution", () => {
		const call = (
			receiver: string,
			name: string,
			key: string,
			handler: string | null,
		): Sited<CandidateInfo> => ({
			info: {
				form: "call",
				receiver,
				name,
				arg: 0,
				keys: [key],
				handlerArg: handler ? 1 : null,
				handler,
				callee: null,
			},
			site: {
				trunk: CANDIDATE,
				side: "register",
				key: null,
				rawKey: null,
				expression: key,
				file: `src/${key}.ts`,
				line: 1,
				enclosingDefId: null,
				handlerDefId: null,
				resolution: "syntactic",
				inScope: true,
			},
		});
		const keys = [
			"alignLeft",
			"blockQuote",
			"codeBlock",
			"fontSize",
			"insertTable",
			"numberedList",
			"undoStep",
			"removeFormat",
		];
		const found = inferTrunks(
			keys.flatMap((k) => [
				call("editor.commands", "add", k, `src/${k}.ts#${k}Command.execute`),
				call("editor", "execute", k, null),
				call("editor.commands", "get", k, null),
				call("this.editor.commands", "get", k, null),
			]),
			[],
		);
		expect(found.map((t) => [t.spec.name, t.bothSides])).toEqual([["editor-commands", 8]]);
		const [trunk] = found;
		expect(trunk?.dispatches.map((d) => d.pattern)).toEqual(["editor.execute(key)"]);
		expect(trunk?.lookups.map((l) => [l.pattern, l.joined])).toEqual([
			["editor.commands.get(key)", 8],
			["this.editor.commands.get(key)", 8],
		]);
		expect(discoveredSites(found).filter((x) => x.side === "dispatch")).toHaveLength(8);
		// A getter whose result is called at once (`commands.get('bold')()`) runs the command: a dispatcher.
		const invoked = (k: string) => {
			const c = call("editor.commands", "get", k, null);
			return { ...c, info: { ...c.info, invoked: true as const } };
		};
		const run = inferTrunks(
			keys.flatMap((k) => [call("editor.commands", "add", k, `src/${k}.ts#${k}Command.execute`), invoked(k)]),
			[],
		);
		expect(run.map((t) => [t.spec.name, t.bothSides, t.lookups.length])).toEqual([["editor-commands", 8, 0]]);
		expect(run[0]?.dispatches.map((d) => d.pattern)).toEqual(["editor.commands.get(key)"]);
	});

	it("joins keyed channels (instances created with a name and emitted on) to the calls subscribing by that name", async () => {
		const { out, discovered } = await indexed("channels");
		expect(discovered.map((t) => t.spec.name)).toEqual(["channel"]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection]).sort()).toEqual([
			["client.subscribe(key)", "keyed instance"],
			["useChannel(key)", "keyed instance"],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "channel", "user-alerts")).toEqual({
				handlers: [null],
				callers: expect.arrayContaining([
					"src/client/board.ts#useBoardAlerts",
					"src/client/presence.ts#watchAlerts",
				]),
			});
			expect(
				index.dispatchSites("channel", "user-alerts").find((s) => s.side === "register")?.enclosingDefId,
			).toBe("src/server/hub.ts#Hub.constructor");
			// `client.unsubscribe('board-updates')` manages a subscription: no dispatch.
			expect(sides(index, "channel", "board-updates").callers).toEqual(["src/client/board.ts#watchBoard"]);
		});
	});

	it("joins named services registered with a broker to their facades and to string calls on the broker", async () => {
		const { out, discovered } = await indexed("services");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["broker", 5]]);
		expect(discovered[0]?.dispatches.map((d) => d.connection).sort()).toEqual([
			"named service",
			"same receiver",
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "broker", "billing.charge")).toEqual({
				handlers: ["src/services/billing.ts#BillingService.charge"],
				callers: ["src/app/checkout.ts#checkout"],
			});
			// A service named by `super('mailer')`, called by string.
			expect(sides(index, "broker", "mailer.sendDigest")).toEqual({
				handlers: ["src/services/mailer.ts#MailerService.sendDigest"],
				callers: ["src/app/jobs.ts#nightly"],
			});
			// Registered through a dynamic import's binding: the instance's type names the class.
			expect(sides(index, "broker", "inventory.reserve")).toEqual({
				handlers: ["src/services/inventory.ts#InventoryService.reserve"],
				callers: ["src/app/checkout.ts#checkout"],
			});
			// Private methods are no keys; a named class nothing registers is no service.
			expect(index.dispatchSites("broker", "billing.ledger")).toEqual([]);
			expect(index.dispatchSites("broker", "audit.record")).toEqual([]);
		});
	});

	it("joins tRPC client proxy calls to router procedures by their full path, through mounted routers", async () => {
		const { out, discovered } = await indexed("trpc");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["router", 9]]);
		expect(discovered[0]?.dispatches.map((d) => d.connection)).toEqual(["proxy"]);
		await withIndexAt(out, (index) => {
			// `user: userRouter` mounts the procedure at `user.byId`; `post.create` is no common word `create`.
			// A procedure written inline (`byId: publicProcedure.input(…).query((…) => …)`) is a definition of
			// its own under the router variable, not the whole router.
			expect(sides(index, "router", "user.byId")).toEqual({
				handlers: ["src/server/routers/user.ts#userRouter.byId"],
				callers: ["src/client/Profile.tsx#Profile"],
			});
			expect(sides(index, "router", "post.create")).toEqual({
				handlers: ["src/server/routers/post.ts#postRouter.create"],
				callers: ["src/client/Feed.tsx#Feed"],
			});
			// Inline with a block body over several lines: the definition spans the property, the
			// call in its body is its own edge (not the router's), and the key reaches that call only.
			const archive = index.def("src/server/routers/post.ts#postRouter.archive");
			expect(archive && [archive.kind, archive.startLine, archive.endLine]).toEqual(["method", 8, 12]);
			expect(archive?.parentId).toBe(index.def("src/server/routers/post.ts#postRouter")?.id);
			const callsTo = (defId: string) =>
				index
					.edgesTo(index.def(defId)?.id ?? -1)
					.filter((e) => e.kind === "call")
					.map((e) => e.srcDefId);
			expect(callsTo("src/server/db.ts#archivePost")).toEqual([
				"src/server/routers/post.ts#postRouter.archive",
			]);
			expect(callsTo("src/server/db.ts#publishPost")).toEqual([
				"src/server/routers/post.ts#postRouter.create",
			]);
			expect(sides(index, "router", "post.archive")).toEqual({
				handlers: ["src/server/routers/post.ts#postRouter.archive"],
				callers: ["src/client/Feed.tsx#ArchiveButton"],
			});
			const key = index.def("trunk:router#post.archive");
			expect(index.edgesFrom(key?.id ?? -1).map((e) => [e.kind, e.dstDefId])).toEqual([
				["handler", "src/server/routers/post.ts#postRouter.archive"],
			]);
			// Nested inline: `admin: router({ stats })`, named by its path under the variable.
			expect(sides(index, "router", "admin.stats")).toEqual({
				handlers: ["src/server/app.ts#appRouter.admin.stats"],
				callers: ["src/client/Feed.tsx#AdminBar"],
			});
			expect(index.dispatchSites("router", "byId")).toEqual([]);
			// A procedure defined in its own file and named in the router (`get: getSettingsRoute`) is the
			// handler itself; a plain object (`theme: { update }`) nests its keys.
			expect(sides(index, "router", "settings.get")).toEqual({
				handlers: ["src/server/routers/settings/get-settings.ts#getSettingsRoute"],
				callers: ["src/client/Settings.tsx#Settings"],
			});
			expect(sides(index, "router", "settings.theme.update")).toEqual({
				handlers: ["src/server/routers/settings/update-theme.ts#updateThemeRoute"],
				callers: ["src/client/Settings.tsx#Settings"],
			});
			expect(index.dispatchSites("router", "get")).toEqual([]);
			// A path longer than other calls' receivers may be (60 characters) is a key all the same.
			expect(sides(index, "router", "settings.notificationPreferences.weeklyEmailDigestFrequency")).toEqual({
				handlers: ["src/server/routers/settings/update-digest.ts#updateDigestFrequencyRoute"],
				callers: ["src/client/Settings.tsx#Settings"],
			});
		});
	});

	it("joins Redux action types: reducer cases and slice reducers to action objects and slice creators", async () => {
		const { out, discovered } = await indexed("redux");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["actions", 8]]);
		await withIndexAt(out, (index) => {
			// A hand-written reducer's `case` (a const key), reached by the action creator returning it.
			expect(sides(index, "actions", "filters/statusChanged")).toEqual({
				handlers: ["src/store/filters.ts#filtersReducer"],
				callers: ["src/store/filters.ts#statusChanged"],
			});
			expect(sides(index, "actions", "filters/reset").callers).toEqual(["src/ui/TodoList.ts#resetFilters"]);
			// A slice reducer, reached by its generated creator (destructured, or through `slice.actions`).
			expect(sides(index, "actions", "todos/todoAdded")).toEqual({
				handlers: ["src/store/todos.ts#todosSlice"],
				callers: ["src/ui/TodoList.ts#addTodo"],
			});
			expect(sides(index, "actions", "todos/todosCleared").callers).toEqual(["src/ui/TodoList.ts#clearAll"]);
			// An AST walker's `switch (node.type)` and form field objects are no actions.
			expect(index.dispatchSites("actions", "text")).toEqual([]);
			// Nor is a cell formatter's `switch (column.type)` (no state, no action parameter) a reducer:
			// the column objects its factories return stay unjoined.
			expect(sides(index, "actions", "timestamp").handlers).toEqual([]);
			expect(sides(index, "actions", "number").handlers).toEqual([]);
			// Returned `{ type }` objects no reducer handles and nothing dispatches are data, no sites at all: the
			// column factories, a field's default state, a DNS record.
			for (const key of ["timestamp", "number", "signature", "email", "TXT"])
				expect(index.dispatchSites("actions", key)).toEqual([]);
			// A creator whose type no reducer has is one all the same when its result is dispatched.
			expect(sides(index, "actions", "session/expired")).toEqual({
				handlers: [],
				callers: ["src/store/session.ts#sessionExpired"],
			});
			// A reducer handed to `useReducer` inline is one whatever its parameters are called.
			expect(sides(index, "actions", "counter/increment")).toEqual({
				handlers: ["src/ui/Counter.ts#useCounter"],
				callers: ["src/ui/Counter.ts#useCounter"],
			});
		});
	});

	it("joins queue job processors named in a decorator object to producers naming the job through a wrapper", async () => {
		const { out, discovered } = await indexed("nest-queue");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["process", 3]]);
		// Three producers, one job each: together they make the processor registry an idiom.
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection, d.via]).sort()).toEqual([
			["this.media.addJob(key)", "wrapper", ["this.mediaQueue.add"]],
			["this.mediaService.addJob(key)", "wrapper", ["this.mediaQueue.add"]],
			["this.mediaService.addJobs(key)", "wrapper", ["this.mediaQueue.addBulk"]],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "process", "media.transcode")).toEqual({
				handlers: ["src/media.processor.ts#MediaProcessor.transcode"],
				callers: ["src/videos.ts#Videos.uploaded"],
			});
			expect(sides(index, "process", "media.resize").callers).toEqual(["src/uploads.ts#Uploads.uploaded"]);
			// A bulk list built by `.map` names its job in each returned object.
			expect(sides(index, "process", "media.thumbnail")).toEqual({
				handlers: ["src/media.processor.ts#MediaProcessor.thumbnail"],
				callers: ["src/uploads.ts#Uploads.galleryUploaded"],
			});
		});
	});

	it("joins methods decorated with a job's name in an object to calls naming it in theirs, enum and `as const` members as keys", async () => {
		const { out, discovered } = await indexed("enum-jobs");
		// `@Permission({ name: "admin" })` and `roles.findOne({ name: "admin" })`: plain literal words join nothing.
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["on-task", 4]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection]).sort()).toEqual([
			["this.tasks.queue(key)", "named object"],
			["this.tasks.queueAll(key)", "named object"],
		]);
		await withIndexAt(out, (index) => {
			// `TaskName.ResizeImage = "resize-image"`: the enum member's value is the key on both sides.
			expect(
				index
					.dispatchSites("on-task", "resize-image")
					.map((s) => [
						s.side,
						`${s.file}:${s.line}`,
						s.side === "register" ? s.handlerDefId : s.enclosingDefId,
					]),
			).toEqual([
				["dispatch", "src/uploads.ts:8", "src/uploads.ts#Uploads.uploaded"],
				["register", "src/handlers.ts:5", "src/handlers.ts#MediaHandlers.resize"],
			]);
			// The graph: dispatching definition -> key -> decorated method.
			const key = index.def("trunk:on-task#resize-image");
			expect(index.edgesTo(key?.id ?? -1).map((e) => index.defById(e.src)?.defId)).toContain(
				"src/uploads.ts#Uploads.uploaded",
			);
			expect(index.edgesFrom(key?.id ?? -1).map((e) => [e.kind, index.defById(e.dst)?.defId])).toContainEqual(
				["handler", "src/handlers.ts#MediaHandlers.resize"],
			);
			// An `as const` object member, and a list built by `.map` for the bulk call.
			expect(sides(index, "on-task", "user.signed-up")).toEqual({
				handlers: ["src/handlers.ts#MailHandlers.welcome"],
				callers: ["src/uploads.ts#Uploads.signedUp"],
			});
			expect(sides(index, "on-task", "send-digest")).toEqual({
				handlers: ["src/handlers.ts#MailHandlers.digest"],
				callers: ["src/uploads.ts#Uploads.nightly"],
			});
			expect(index.trunkNames()).toEqual(["on-task"]);
		});
		// Saved, the key is the `name` of the object argument on both sides; the `.map` list is not expressible.
		const dir = scratchDir("codeask-discover-enum-jobs-");
		const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
		const saved = join(dir, "found.json");
		const shown = run("trunks", "--discover", "--index", out, "--save", saved);
		expect(shown.stdout).toContain(
			"not expressible as a preset, kept at index time: this.tasks.queueAll(key)",
		);
		const preset = parseTrunkConfig(JSON.parse(readFileSync(saved, "utf8"))).presets[0];
		expect(preset?.trunks[0]?.idioms.map((i) => [i.side, "key" in i ? i.key.property : null])).toEqual([
			["register", "name"],
			["dispatch", "name"],
		]);
		const pinned = join(dir, "pinned.db");
		const repo = join(EXAMPLES, "enum-jobs");
		expect(run("index", repo, "--out", pinned, "--full", "--trunks", saved).status).toBe(0);
		const table = JSON.parse(run("trunks", "--index", pinned, "--json").stdout).trunks["on-task"];
		expect([table.bothSides, table.unbound]).toEqual([3, 0]);
	}, 180_000);

	it("joins a worker's job catalogue (new Worker({ jobs: { name: fn } })) to the calls enqueueing a job by name", async () => {
		const { out, discovered } = await indexed("job-catalogue");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["jobs", 3]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["worker.enqueue(key)", "job definition"],
		]);
		await withIndexAt(out, (index) => {
			// An inline arrow or method (no definition of its own: the worker holding it), and a reference
			// to a function of another file.
			expect(sides(index, "jobs", "sendEmail")).toEqual({
				handlers: ["src/worker.ts#worker"],
				callers: ["src/app/signup.ts#signUp"],
			});
			expect(sides(index, "jobs", "resizeImage").callers).toEqual(["src/app/uploads.ts#uploaded"]);
			expect(sides(index, "jobs", "purgeCache")).toEqual({
				handlers: ["src/jobs/cache.ts#purgeCache"],
				callers: ["src/app/uploads.ts#published"],
			});
		});
	});

	it("joins job definitions ({ id, trigger: { name }, handler }) to method calls naming the job in their object argument", async () => {
		const { out, discovered } = await indexed("jobs");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["jobs", 2]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["jobs.triggerJob(key)", "job definition"],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "jobs", "send.invite.email")).toEqual({
				handlers: ["src/jobs/definitions/send-invite.ts#SEND_INVITE_JOB_DEFINITION.handler"],
				callers: ["src/app/documents.ts#completeDocument", "src/app/members.ts#inviteMember"],
			});
			// A handler given by reference is the function itself.
			expect(sides(index, "jobs", "internal.seal-document")).toEqual({
				handlers: ["src/jobs/definitions/seal-document.handler.ts#sealDocument"],
				callers: ["src/app/documents.ts#completeDocument"],
			});
			// Definitions no call triggers and no schedule runs (palette commands) register nothing; a sent key with no definition joins nothing.
			expect(sides(index, "jobs", "internal.purge-drafts").handlers).toEqual([]);
			// A scheduled definition (`trigger: { name, cron }`) registers though no call names it.
			expect(sides(index, "jobs", "internal.seal-sweep")).toEqual({
				handlers: ["src/jobs/definitions/seal-sweep.ts#SEAL_SWEEP_JOB_DEFINITION.handler"],
				callers: [],
			});
			expect(sides(index, "jobs", "palette.open").handlers).toEqual([]);
			expect(sides(index, "jobs", "internal.usage-report")).toEqual({
				handlers: [],
				callers: ["src/app/members.ts#reportUsage"],
			});
		});
	});

	it("joins a job table ({ name: JOB_NAMES.x, handle }) to a sending function given the same constant", async () => {
		const { out, discovered } = await indexed("job-table");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["jobs", 3]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["enqueueBackgroundJob(key)", "job name constant"],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "jobs", "response-pipeline.process")).toEqual({
				handlers: ["src/processors/all.ts#processResponsePipelineJob"],
				callers: ["src/queue.ts#enqueueResponsePipelineJob"],
			});
			// `sendMetric("system.test-log", 1)` names the key in a literal, not the table's constant: no caller.
			expect(sides(index, "jobs", "system.test-log").callers).toEqual(["src/queue.ts#enqueueTestLogJob"]);
		});
	});

	it("joins a queue a factory made ({ name, process }) to sends on the instance the class holds", async () => {
		const { out, discovered } = await indexed("factory-queues");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["jobs", 2]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["createQueue().add(key)", "job definition"],
		]);
		await withIndexAt(out, (index) => {
			// `this.outbox.add(…)` names no key: the held instance was created with `name: "deliver-mail"`.
			expect(sides(index, "jobs", "deliver-mail")).toEqual({
				handlers: ["src/mail/mail-service.ts#MailService.onStart"],
				callers: ["src/mail/mail-service.ts#MailService.sendWelcome"],
			});
			// The key read from a constant, the factory reached through another field name.
			expect(sides(index, "jobs", "render-invoice")).toEqual({
				handlers: ["src/billing/invoice-service.ts#InvoiceService.init"],
				callers: ["src/billing/invoice-service.ts#InvoiceService.issue"],
			});
		});
	});

	it("joins sends on a module constant a factory made for a literal name (XQueue.enqueue) to the runner given it (createRunner(XQueue, { run }))", async () => {
		const { out, discovered } = await indexed("module-queues");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["jobs", 2]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["createDeferredQueue().enqueue(key)", "job definition"],
		]);
		await withIndexAt(out, (index) => {
			// `MailQueue` is imported from queues.ts, made there by `createDeferredQueue("mail_queue")`; the runner's
			// `run` is seen through the shared tracing wrapper it is handed to.
			expect(sides(index, "jobs", "mail_queue")).toEqual({
				handlers: ["src/workers/mail-worker.ts#runMail"],
				callers: ["src/api/signup.ts#signUp"],
			});
			// An inline `run` is held by the function creating the runner.
			expect(sides(index, "jobs", "search_indexing")).toEqual({
				handlers: ["src/workers/search-worker.ts#startSearchWorker"],
				callers: ["src/queues.ts#triggerReindex"],
			});
		});
	});

	it("joins a tRPC client held in a field, and its send handed uncalled to a query library, to the procedures", async () => {
		const { out, discovered } = await indexed("trpc-vanilla");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["t", 3]]);
		await withIndexAt(out, (index) => {
			// `this.trpc.note.add.mutate(…)`: the proxy is the field, the procedure the path below it.
			expect(sides(index, "t", "note.add")).toEqual({
				handlers: ["src/server/router.ts#noteRouter.add"],
				callers: ["src/client/note-service.ts#NoteService.add"],
			});
			expect(sides(index, "t", "note.list")).toEqual({
				handlers: ["src/server/router.ts#noteRouter.list"],
				callers: ["src/client/note-service.ts#NoteService.list"],
			});
			// `mutationFn: trpc.note.remove.mutate`: sent when the library calls it.
			expect(sides(index, "t", "note.remove")).toEqual({
				handlers: ["src/server/router.ts#noteRouter.remove"],
				callers: ["src/client/note-list.ts#removeButton"],
			});
			expect(index.dispatchSites("t", "changes")).toEqual([]);
		});
	});

	it("joins the procedures' options handed to a query library (trpc.x.y.queryOptions()) to the procedures, not their cache keys", async () => {
		const { out, discovered } = await indexed("trpc-options");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["t", 3]]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "t", "task.list")).toEqual({
				handlers: ["src/server/router.ts#taskRouter.list"],
				callers: ["src/client/task-list.ts#TaskList"],
			});
			expect(sides(index, "t", "task.add")).toEqual({
				handlers: ["src/server/router.ts#taskRouter.add"],
				callers: ["src/client/task-list.ts#TaskList"],
			});
			// `trpc.task.byId.queryKey()` in TaskList names the cache entry only: TaskPage alone sends it.
			expect(sides(index, "t", "task.byId")).toEqual({
				handlers: ["src/server/router.ts#taskRouter.byId"],
				callers: ["src/client/task-page.ts#TaskPage"],
			});
			expect(index.dispatchSites("t", "settings")).toEqual([]);
		});
	});

	it("takes an SWR hook given an in-repo fetcher (useSWR(url, fetcher)) for a request to the route, not a registry of its own", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out, discovered } = await indexed("swr-fetcher", config);
		// The fetcher is a function handed with a key, the shape of `on(key, handler)`: the hook still only sends,
		// and the route files it reaches go to the preset's HTTP route trunk.
		expect(discovered.map((t) => t.spec.name)).toEqual(["file-routes"]);
		// (`fetch` is the preset's own client.)
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["useSWR(key, handler)", "http transport"],
		]);
		await withIndexAt(out, (index) => {
			// The hook names no method: its path reaches the one verb's route that fits (`/api/links` has a GET only).
			expect(sides(index, "http-route", "GET /api/links")).toEqual({
				handlers: ["app/api/links/route.ts#GET"],
				callers: ["lib/swr/use-links.ts#useLinks"],
			});
			expect(sides(index, "http-route", "DELETE /api/folders/:folderId")).toEqual({
				handlers: ["app/api/folders/[folderId]/route.ts#DELETE"],
				callers: ["ui/delete-folder.ts#deleteFolder"],
			});
			// Nothing registers under a hook's URL.
			const registered = index.dispatchSites("http-route").filter((s) => s.side === "register");
			expect(registered.map((s) => s.handlerDefId).sort()).toEqual([
				"app/api/folders/[folderId]/route.ts#DELETE",
				"app/api/folders/[folderId]/route.ts#GET",
				"app/api/links/route.ts#GET",
			]);
		});
	});

	it("joins handler classes a class decorator ties to a command class (@commandHandler(C)) to bus.execute(new C(…))", async () => {
		const { out, discovered } = await indexed("command-handlers");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["event-classes", 2]]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "event-classes", "CreateInvoiceCommand")).toEqual({
				handlers: ["src/handlers/create-invoice.handler.ts#CreateInvoiceHandler.execute"],
				callers: ["src/api/invoices.ts#InvoiceController.create"],
			});
			expect(sides(index, "event-classes", "CancelInvoiceCommand")).toEqual({
				handlers: ["src/handlers/cancel-invoice.handler.ts#CancelInvoiceHandler.execute"],
				callers: ["src/api/invoices.ts#InvoiceController.cancel"],
			});
			// `@useGuard(ReadOnlyGuard)` on a class with no execute/handle method registers nothing.
			expect(
				index.dispatchSites("event-classes", "ReadOnlyGuard").filter((s) => s.side === "register"),
			).toEqual([]);
		});
	});

	it("joins listeners selecting an event class (bus.ofType(E)) to the code publishing its instances", async () => {
		const { out, discovered } = await indexed("event-classes");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["event-classes", 3]]);
		expect(discovered[0]?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["this.eventBus.publish(new EventClass(…))", "event class"],
		]);
		await withIndexAt(out, (index) => {
			// An inline callback is its holder's code; a named one given to `.subscribe` is the handler.
			expect(sides(index, "event-classes", "OrderPlacedEvent")).toEqual({
				handlers: ["src/notify/order-mailer.ts#OrderMailer.listen"],
				callers: ["src/orders/order-service.ts#OrderService.place"],
			});
			expect(sides(index, "event-classes", "StockLowEvent")).toEqual({
				handlers: ["src/search/search-indexer.ts#SearchIndexer.markLow"],
				callers: ["src/orders/order-service.ts#OrderService.reserve"],
			});
			// `publish(new Date())`: no class of the repository, no key.
			expect(index.dispatchSites("event-classes", "Date")).toEqual([]);
		});
	});

	it("joins file-convention subscribers (a default export beside `config = { event }`) to emits naming the event", async () => {
		const { out, discovered } = await indexed("subscribers");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["jobs", 3]]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "jobs", "order.placed")).toEqual({
				handlers: ["src/subscribers/order-placed.ts#orderPlacedHandler"],
				callers: ["src/api/orders.ts#placeOrder"],
			});
			// `export default syncCustomer` names the function; an array of events registers each.
			expect(sides(index, "jobs", "customer.created")).toEqual({
				handlers: ["src/subscribers/customer-sync.ts#syncCustomer"],
				callers: ["src/api/customers.ts#createCustomer"],
			});
			// Events listed after a spread: the site's key expression is the literal that named the key.
			const invoice = index
				.dispatchSites("jobs")
				.filter((s) => s.key === "invoice.paid" && s.side === "register");
			expect(invoice.map((s) => [s.handlerDefId, s.expression])).toEqual([
				["src/subscribers/invoice-mail.ts#mailInvoice", '"invoice.paid"'],
			]);
			// Emitted with no subscriber: dispatch-only; a page's `config = { runtime }` registers nothing.
			expect(sides(index, "jobs", "order.canceled").handlers).toEqual([]);
			const handlers = index.dispatchSites("jobs").map((s) => s.handlerDefId);
			expect(handlers).not.toContain("src/app/page-config.ts#Page");
		});
	});

	it("joins file-based routes (verb-named exports of route.ts / +server.ts) to client fetch calls, templates as parameters", async () => {
		const { out, discovered } = await indexed("file-routes");
		expect(discovered.map((t) => t.spec.name)).toEqual(["file-routes"]);
		const [routes] = discovered;
		expect(routes?.dispatches.map((d) => [d.pattern, d.connection, d.prefix]).sort()).toEqual([
			["$fetch(key)", "http transport", ""],
			["fetch(key)", "http transport", ""],
			["this.client.fetch(key)", "http transport", ""],
			["useRequestFetch()(key)", "http transport", ""],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "file-routes", "POST /orders")).toEqual({
				handlers: ["server/src/api/orders/route.ts#POST"],
				callers: ["sdk/src/orders.ts#Orders.create"],
			});
			expect(sides(index, "file-routes", "GET /orders").callers).toEqual(["sdk/src/orders.ts#Orders.list"]);
			// `/orders/${id}` meets the `[id]` folder; the method tells GET from DELETE; a re-exported handler is the function.
			expect(sides(index, "file-routes", "GET /orders/:id")).toEqual({
				handlers: ["server/src/api/orders/[id]/route.ts#GET"],
				callers: ["sdk/src/orders.ts#Orders.retrieve"],
			});
			expect(sides(index, "file-routes", "DELETE /orders/:id")).toEqual({
				handlers: ["server/src/api/orders/[id]/route.ts#remove"],
				callers: ["sdk/src/orders.ts#Orders.delete"],
			});
			// A query after the path is no part of the key.
			expect(sides(index, "file-routes", "POST /orders/:id/cancel").callers).toEqual([
				"sdk/src/orders.ts#Orders.cancel",
			]);
			// SvelteKit: `[id=integer]` is a parameter; the folders below `routes` are the path.
			expect(sides(index, "file-routes", "PUT /api/items/:id")).toEqual({
				handlers: ["web/src/routes/api/items/[id=integer]/+server.ts#PUT"],
				callers: ["web/src/lib/items.ts#renameItem"],
			});
			// A route group `(internal)` is no path segment; private folders and helpers named `route.ts` elsewhere are no routes.
			const registered = index
				.dispatchSites("file-routes")
				.filter((s) => s.side === "register")
				.map((s) => s.key);
			expect(registered).toContain("GET /health");
			// Default-export routes: Nuxt's `server/api/todos/[id].patch.ts`, Next's `pages/api/users/[id].ts` (any method).
			expect(sides(index, "file-routes", "PATCH /api/todos/:id")).toEqual({
				handlers: ["nuxt/server/api/todos/[id].patch.ts#default"],
				callers: ["nuxt/app/todos.ts#toggleTodo"],
			});
			expect(sides(index, "file-routes", "GET /api/todos")).toEqual({
				handlers: ["nuxt/server/api/todos/index.get.ts#listTodos"],
				callers: ["nuxt/app/todos.ts#loadTodos"],
			});
			expect(sides(index, "file-routes", "ALL /api/users/:id").handlers).toEqual([
				"next/pages/api/users/[id].ts#handler",
			]);
			// A plain server folder's default-exported router object is no route, nor a function
			// registering routes on the app it is given (an Express layout's `server/routes/members.ts`).
			expect(registered.some((k) => k?.includes("legacy"))).toBe(false);
			expect(registered).not.toContain("ALL /members");
			expect(registered.some((k) => k?.includes("_lib") || k?.includes("lib/"))).toBe(false);
			expect(registered.some((k) => k?.includes("AUTHENTICATE"))).toBe(false);
		});
	});

	it("joins Remix flat routes and Next.js route modules to clients building URLs on a base URL", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("file-routes-base-url", config);
		await withIndexAt(out, (index) => {
			// `api.v1.runs.$runId/route.ts` exports `action`: any method but a loader's GET, here DELETE; and
			// through the schema-first wrapper (URL in argument 2, `zodfetch(Schema, url, init)`) with no
			// method named, the one route of that path.
			expect(sides(index, "http-route", "ALL /api/v1/runs/:runId")).toEqual({
				handlers: ["remix/app/routes/api.v1.runs.$runId/route.ts#action"],
				callers: ["remix/sdk/client.ts#ApiClient.cancelRun", "remix/sdk/client.ts#ApiClient.retrieveRun"],
			});
			// The wrapper's `{ method: "POST" }` reaches the action (any method).
			expect(sides(index, "http-route", "ALL /api/v1/tasks/:taskId/trigger")).toEqual({
				handlers: ["remix/app/routes/api.v1.tasks.$taskId.trigger.ts#action"],
				callers: ["remix/sdk/client.ts#ApiClient.triggerTask"],
			});
			// `api.v1.tasks.$taskId.ts` exports `loader`: GET; `` `${this.baseUrl}/api/v1/tasks/${taskId}` `` meets it.
			expect(sides(index, "http-route", "GET /api/v1/tasks/:taskId")).toEqual({
				handlers: ["remix/app/routes/api.v1.tasks.$taskId.ts#loader"],
				callers: ["remix/sdk/client.ts#ApiClient.retrieveTask"],
			});
			// A route a factory built: the function given to the factory handles it, whether the module exports
			// the constant's members (`export const action = route.action`) or destructured names (`export { action }`).
			expect(sides(index, "http-route", "ALL /api/v1/queues/:queueParam/pause")).toEqual({
				handlers: ["remix/app/routes/api.v1.queues.$queueParam.pause.ts#route"],
				callers: ["remix/sdk/client.ts#ApiClient.pauseQueue"],
			});
			expect(sides(index, "http-route", "ALL /api/v1/batches")).toEqual({
				handlers: ["remix/app/routes/api.v1.batches.ts#createActionApiRoute"],
				callers: ["remix/sdk/client.ts#ApiClient.createBatch"],
			});
			expect(sides(index, "http-route", "GET /api/projects/:projectId/members")).toEqual({
				handlers: ["next/app/api/projects/[projectId]/members/route.ts#GET"],
				callers: ["next/lib/api.ts#listMembers"],
			});
			expect(sides(index, "http-route", "POST /api/projects/:projectId/members")).toEqual({
				handlers: ["next/app/api/projects/[projectId]/members/route.ts#POST"],
				callers: ["next/lib/api.ts#addMember"],
			});
			// remix-flat-routes' `+` folders are flattened into the name: `api+/preferred-team.ts` is
			// `api.preferred-team`, its action reached by `fetch('/api/preferred-team', { method: 'POST' })`.
			const at = (key: string) =>
				index
					.dispatchSites("http-route", key)
					.map((s) => `${s.side} ${s.file}:${s.line} ${s.handlerDefId ?? ""}`);
			expect(at("ALL /api/preferred-team")).toEqual([
				"dispatch remix/app/components/team-switcher.ts:4 ",
				"register remix/app/routes/api+/preferred-team.ts:2 remix/app/routes/api+/preferred-team.ts#action",
			]);
			// `_authenticated+` is pathless, `t.$teamUrl+` two segments; a template path meets the loader.
			expect(sides(index, "http-route", "GET /t/:teamUrl/settings")).toEqual({
				handlers: ["remix/app/routes/_authenticated+/t.$teamUrl+/settings.tsx#loader"],
				callers: ["remix/app/components/team-switcher.ts#loadSettings"],
			});
			const registered = index
				.dispatchSites("http-route")
				.filter((s) => s.side === "register")
				.map((s) => s.key);
			// Pathless layouts, trailing underscores and `_index` spell no segment; `.server` modules are no routes.
			expect(registered).toEqual(expect.arrayContaining(["GET /settings/:section", "GET /"]));
			expect(registered.some((k) => k?.includes("lib"))).toBe(false);
			// A `+` folder's `_layout` is its own route; a plain folder inside one is a flat-folder route
			// whose colocated modules are none.
			expect(registered).toEqual(expect.arrayContaining(["GET /t/:teamUrl", "GET /admin/users/:userId"]));
			expect(registered.filter((k) => k === "GET /admin/users/:userId")).toHaveLength(1);
			expect(registered.some((k) => k?.includes("+") || k?.includes("columns"))).toBe(false);
		});
	});

	it("joins an SDK's request helper (endpoint appended to a base in a URL object, method an argument) to the routes", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("url-helpers", config);
		await withIndexAt(out, (index) => {
			// `makeRequest(appUrl, endpoint, method)` sends `new URL(appUrl + endpoint).toString()` through
			// `wrapThrowsAsync(fetch)`: the caller's endpoint is the key, the base before it is not, and its
			// "GET"/"PUT" argument the method (each route also answers OPTIONS).
			expect(sides(index, "http-route", "GET /api/v1/client/:workspaceId/environment")).toEqual({
				handlers: ["web/app/api/v1/client/[workspaceId]/environment/route.ts#GET"],
				callers: ["sdk/src/api-client.ts#ApiClient.getEnvironmentState"],
			});
			expect(sides(index, "http-route", "PUT /api/v1/client/:workspaceId/responses/:responseId")).toEqual({
				handlers: ["web/app/api/v1/client/[workspaceId]/responses/[responseId]/route.ts#PUT"],
				callers: ["sdk/src/api-client.ts#ApiClient.updateResponse"],
			});
			// `` `/api/${fromV1 ? "v1" : "v2"}/client/…` ``: both versions' routes are called.
			for (const version of ["v1", "v2"])
				expect(sides(index, "http-route", `POST /api/${version}/client/:workspaceId/responses`)).toEqual({
					handlers: [`web/app/api/${version}/client/[workspaceId]/responses/route.ts#POST`],
					callers: ["sdk/src/api-client.ts#ApiClient.createResponse"],
				});
			expect(
				index
					.dispatchSites("http-route")
					.filter((s) => s.key?.startsWith("OPTIONS") && s.side === "dispatch"),
			).toEqual([]);
			// A route module re-exporting a handler another module builds with a call (`export const POST =
			// withApiLogging({ handler })`), imported then exported or `export { … } from`: that constant handles it.
			expect(sides(index, "http-route", "POST /api/v2/client/:workspaceId/user")).toEqual({
				handlers: ["web/lib/user-route.ts#POST"],
				callers: ["sdk/src/api-client.ts#ApiClient.identifyUser"],
			});
			expect(sides(index, "http-route", "POST /api/v1/client/:workspaceId/user").handlers).toEqual([
				"web/lib/user-route.ts#POST",
			]);
			// The module it re-exports from, a `route.ts` in `modules/api/…`, below no routes root at the
			// package's top, is no route of its own (it would serve `/v2/me`).
			expect(sides(index, "http-route", "GET /api/v2/me").handlers).toEqual([
				"web/modules/api/v2/me/route.ts#GET",
			]);
			const registered = index.dispatchSites("http-route").filter((s) => s.side === "register");
			expect(registered.filter((s) => s.file.includes("/modules/"))).toEqual([]);
		});
	});

	it("reads no file-name routes where no package depends on their framework", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("file-routes", config);
		await withIndexAt(out, (index) => {
			const handlers = index.dispatchSites("http-route").map((s) => s.handlerDefId ?? "");
			expect(handlers.some((h) => h.endsWith("#loader") || h.endsWith("#action"))).toBe(false);
		});
	});

	it("puts file routes in the preset's route trunk, where its bare fetch calls meet them", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out, discovered } = await indexed("file-routes", config);
		expect(discovered.map((t) => t.spec.name)).toEqual(["file-routes"]);
		await withIndexAt(out, (index) => {
			expect(index.trunkNames()).not.toContain("file-routes");
			// `trunks --discover` says where the index holds them.
			expect(discoverFromIndex(index, config).report.idioms.map((i) => [i.trunk, i.foldedInto])).toEqual([
				["file-routes", "http-route"],
			]);
			// `fetch(\`/api/items/${id}\`, { method: 'PUT' })` is the preset's site, bound to the route's `[id=integer]`.
			expect(sides(index, "http-route", "PUT /api/items/:id")).toEqual({
				handlers: ["web/src/routes/api/items/[id=integer]/+server.ts#PUT"],
				callers: ["web/src/lib/items.ts#renameItem"],
			});
			// Any method reaches a route taking every method (`pages/api`): `fetch(u, { method: 'DELETE' })`.
			expect(sides(index, "http-route", "ALL /api/users/:id")).toEqual({
				handlers: ["next/pages/api/users/[id].ts#handler"],
				callers: ["next/components/user.ts#deleteUser", "next/components/user.ts#loadUser"],
			});
			expect(sides(index, "http-route", "POST /orders/:id/cancel")).toEqual({
				handlers: ["server/src/api/orders/[id]/cancel/route.ts#POST"],
				callers: ["sdk/src/orders.ts#Orders.cancel"],
			});
		});
	});

	it("keeps a repository's one file route: the convention declares it, one path is evidence enough", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("file-routes-single", config);
		await withIndexAt(out, (index) => {
			expect(sides(index, "http-route", "POST /api/chat")).toEqual({
				handlers: ["app/api/chat/route.ts#POST"],
				callers: ["lib/chat.ts#ask"],
			});
		});
	});

	it("joins an HTTP client no preset takes to the preset's routes, its base path stripped", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("preset-clients", config);
		await withIndexAt(out, (index) => {
			expect(sides(index, "http-route", "GET /users/:id")).toEqual({
				handlers: ["server/app.js#getUser"],
				callers: ["web/users.ts#loadUser"],
			});
			expect(sides(index, "http-route", "POST /users").callers).toEqual(["web/users.ts#addUser"]);
			expect(sides(index, "http-route", "DELETE /users/:id").callers).toEqual(["web/users.ts#removeUser"]);
			// The client's own key with no route stays, as an asymmetry.
			expect(sides(index, "http-route", "GET /stats").callers).toEqual(["web/users.ts#loadStats"]);
			// One key in four meeting a route is no client of this API.
			const callers = index.dispatchSites("http-route").map((s) => s.enclosingDefId);
			expect(callers).not.toContain("web/other.ts#syncCatalog");
		});
	});

	it("joins relative template paths, SWR keys and factory-made clients to routes, each inline handler its own", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("relative-clients", config);
		await withIndexAt(out, (index) => {
			const at = (key: string) => sides(index, "http-route", key);
			const routes = "server/routes/items.ts#itemRoutes.router";
			expect(at("GET /items/:id")).toEqual({
				handlers: [`${routes}.get(\${itemsPrefix}/:id)`],
				callers: [
					"web/src/items.ts#useItem",
					"web/src/items.ts#useReadyItem",
					"web/src/items.ts#useFrozenItem",
					"web/src/items.ts#fetchSigned",
				],
			});
			expect(at("PATCH /items/:id")).toEqual({
				handlers: [`${routes}.patch(\${itemsPrefix}/:id)`],
				callers: ["web/src/items.ts#renameItem"],
			});
			expect(at("GET /items/:id/tags")).toEqual({
				handlers: [`${routes}.get(tagsPath)`],
				callers: ["web/src/items.ts#useItemTags", "web/src/items.ts#useMaybeTags"],
			});
			expect(at("PUT /items/:id/tags")).toEqual({
				handlers: [`${routes}.put(tagsPath)`],
				callers: ["web/src/items.ts#tagItem", "web/src/items.ts#replaceTags"],
			});
			// Both sides read the path from a constant map (the server's imported, the client's lower-case); a
			// map's member names no handler definition (an enum's would split tracing callbacks off their code).
			expect(at("POST /items/search")).toEqual({
				handlers: ["server/routes/items.ts#itemRoutes"],
				callers: ["web/src/items.ts#searchItems"],
			});
			expect(at("DELETE /items/:id")).toEqual({
				handlers: [`${routes}.delete(/items/:id)`],
				callers: ["web/src/items.ts#removeItem", "web/src/items.ts#dropSigned"],
			});
			const callers = index.dispatchSites("http-route").map((s) => s.enclosingDefId);
			expect(callers).not.toContain("web/src/items.ts#openItem");
			expect(callers.filter((c) => c?.includes("PartnerClient"))).toEqual([]);
			const defs = index.defsInFile("server/routes/items.ts").map((d) => d.qualifiedName);
			expect(defs.filter((d) => d.includes("eachOf(") || d.includes("traced("))).toEqual([]);
		});
	});

	it("joins a Nest controller's routes to fetch calls with query strings, never by a run-time method", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out, discovered } = await indexed("nest-http", config);
		// The preset registers the controller: no second, discovered `@Get` trunk beside it (it joined
		// `fetch('/posts/list', { method: id ? 'PUT' : 'POST' })` to the GET route).
		expect(discovered.map((t) => t.spec.name)).toEqual([]);
		await withIndexAt(out, (index) => {
			expect(index.trunkNames()).toEqual(["http-route"]);
			const at = (key: string) => sides(index, "http-route", key);
			// The query (`?${params}`, `?page=${p}`, `${preview ? '?preview=true' : ''}`) is cut from the path.
			expect(at("GET /posts")).toEqual({
				handlers: ["api/src/posts.controller.ts#ArticlesController.listPosts"],
				callers: ["web/src/posts.ts#loadWeek"],
			});
			expect(at("GET /posts/list").callers).toEqual([
				"web/src/posts.ts#loadList",
				"web/src/posts.ts#saveAndReload",
				"web/src/posts.ts#loadFrom",
			]);
			expect(at("GET /posts/:id").callers).toEqual(["web/src/posts.ts#openPost"]);
			expect(at("PUT /posts/:id").callers).toEqual(["web/src/posts.ts#movePost"]);
			// `{ method: id ? 'PUT' : 'POST' }` names no one route: joined to none.
			expect(at("POST /posts").callers).toEqual([]);
			const keyed = index
				.dispatchSites("http-route")
				.filter((s) => s.side === "dispatch" && s.key !== null)
				.map((s) => s.enclosingDefId);
			expect(keyed).not.toContain("web/src/posts.ts#savePost");
			// saveAndReload's save (method decided at run time) joins nothing; its reload joins the list.
			expect(keyed.filter((c) => c === "web/src/posts.ts#saveAndReload")).toHaveLength(1);
		});
	});

	it("joins Temporal workflow starts by name to the functions workflow modules export", async () => {
		const { out, discovered } = await indexed("temporal");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([
			["activities", 4],
			["signals", 2],
			["workflows", 3],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "workflows", "orderWorkflow")).toEqual({
				handlers: ["worker/src/workflows/order.workflow.ts#orderWorkflow"],
				callers: ["api/src/orders.service.ts#OrdersService.place"],
			});
			// A child workflow started from its parent, and an arrow-function workflow by `signalWithStart`.
			expect(sides(index, "workflows", "shipmentWorkflow")).toEqual({
				handlers: ["worker/src/workflows/shipment.workflow.ts#shipmentWorkflow"],
				callers: ["worker/src/workflows/order.workflow.ts#orderWorkflow"],
			});
			expect(sides(index, "workflows", "reminderWorkflow").callers).toEqual([
				"api/src/orders.service.ts#OrdersService.remind",
			]);
			// `runner.start('orderWorkflow')` and `wizard.workflow.next(…)` start nothing; a function of a
			// module that imports no workflow API is no workflow.
			const all = index.dispatchSites("workflows");
			expect(all.map((s) => s.enclosingDefId)).not.toContain("api/src/unrelated.ts#startAll");
			expect(all.map((s) => s.key)).not.toContain("billingWorkflow");
			// Activities: names bound from proxyActivities (directly, through a local factory, or a held proxy).
			expect(sides(index, "activities", "chargeCard")).toEqual({
				handlers: ["worker/src/activities.ts#chargeCard"],
				callers: ["worker/src/workflows/order.workflow.ts#orderWorkflow"],
			});
			expect(sides(index, "activities", "sendMail")).toEqual({
				handlers: ["worker/src/mail.activity.ts#MailActivity.sendMail"],
				callers: ["worker/src/workflows/mail.workflow.ts#mailWorkflow"],
			});
			expect(sides(index, "activities", "countQueued").callers).toEqual([
				"worker/src/workflows/mail.workflow.ts#mailWorkflow",
			]);
			// A private helper of an activity class is no activity.
			expect(index.dispatchSites("activities").map((s) => s.key)).not.toContain("log");
			// The workflows name their activity modules: another package's `activities/` folder (a feed,
			// with a `chargeCard` of its own) registers nothing.
			expect(index.dispatchSites("activities").map((s) => s.file)).not.toContain(
				"api/src/activities/audit.ts",
			);
			// Signals by name: `signalWithStart(…, { signal: 'nudge' })` and `handle.signal('cancel')` reach
			// the `setHandler` of the definition carrying that name (`cancel`, a common word, joins too).
			expect(sides(index, "signals", "nudge")).toEqual({
				handlers: ["worker/src/workflows/shipment.workflow.ts#remind"],
				callers: ["api/src/orders.service.ts#OrdersService.remind"],
			});
			// An inline handler is no handler of its own: its code is the workflow's (which the start reaches).
			expect(sides(index, "signals", "cancel")).toEqual({
				handlers: [null],
				callers: ["api/src/orders.service.ts#OrdersService.cancel"],
			});
			expect(
				index.dispatchSites("signals", "cancel").find((s) => s.side === "register")?.enclosingDefId,
			).toBe("worker/src/workflows/order.workflow.ts#orderWorkflow");
		});
	});

	it("joins a Nest microservice's @EventPattern to emits on a ClientProxy subclass of any name", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out } = await indexed("nest-microservices", config);
		await withIndexAt(out, (index) => {
			expect(sides(index, "events", "post.publish")).toEqual({
				handlers: ["src/worker/posts.controller.ts#PostsWorker.publish"],
				callers: ["src/posts/posts.service.ts#ArticlesService.schedule"],
			});
			// `this._mailer.send('digest.send')`: a Mailer is no ClientProxy.
			expect(sides(index, "events", "digest.send")).toEqual({
				handlers: ["src/worker/posts.controller.ts#PostsWorker.sendDigest"],
				callers: ["src/posts/posts.service.ts#ArticlesService.digest"],
			});
		});
	});

	it("joins Bull/BullMQ queues by name and Nest gateway messages, with the built-in presets alone", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out, discovered } = await indexed("nest-gateway", config);
		// The preset keys `this.digestQueue.add('weekly')` by its queue; its job name stays discovery's.
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["process", 2]]);
		await withIndexAt(out, (index) => {
			// BullMQ: `@Processor('mail')` on a WorkerHost, handled by its `process` method.
			expect(sides(index, "queue", "mail")).toEqual({
				handlers: ["src/mail/mail.processor.ts#MailProcessor.process"],
				callers: ["src/signup/signup.service.ts#SignupService.register"],
			});
			// Bull: `@Processor({ name: 'digest' })` with no `process` method: the class; the handle a field.
			expect(sides(index, "queue", "digest")).toEqual({
				handlers: ["src/digest/digest.processor.ts#DigestProcessor"],
				callers: [
					"src/digest/digest.service.ts#DigestService.subscribe",
					"src/digest/digest.service.ts#DigestService.subscribeDaily",
				],
			});
			expect(sides(index, "process", "weekly")).toEqual({
				handlers: ["src/digest/digest.processor.ts#DigestProcessor.weekly"],
				callers: ["src/digest/digest.service.ts#DigestService.subscribe"],
			});
			// The graph walks from the producer through the key to the processor.
			const key = index.def("trunk:queue#mail");
			const from = index.edgesTo(key?.id ?? -1).map((e) => index.defById(e.src)?.defId);
			expect(from).toContain("src/signup/signup.service.ts#SignupService.register");
			// `this.cart.add('starter-kit')`: a receiver with no queue decorator is no queue.
			const queueCallers = index.dispatchSites("queue").map((s) => s.enclosingDefId);
			expect(queueCallers).not.toContain("src/signup/signup.service.ts#SignupService.addStarterKit");
			expect(sides(index, "events", "chat.send")).toEqual({
				handlers: ["src/chat/chat.gateway.ts#ChatGateway.onSend"],
				callers: ["web/chat.ts#sendMessage"],
			});
		});
	});

	it("leaves a queue family off where no package depends on NestJS", async () => {
		const dir = scratchDir("codeask-nest-off-");
		cpSync(join(EXAMPLES, "nest-gateway"), dir, { recursive: true });
		writeFileSync(
			join(dir, "package.json"),
			JSON.stringify({ name: "plain", dependencies: { bullmq: "^5.0.0" } }),
		);
		const { out } = await indexed(dir, loadTrunkConfig(null, dir));
		await withIndexAt(out, (index) => {
			expect(index.dispatchSites("queue")).toEqual([]);
			expect(index.dispatchSites("events", "chat.send").filter((s) => s.side === "register")).toEqual([]);
		});
	});

	it("keeps a job's name discovery's where the preset keys the same call by its queue", async () => {
		const config: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
		const { out, discovered } = await indexed("nest-queue", config);
		// As with no preset: the producers' wrappers still reach `this.mediaQueue.add(name)`.
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["process", 3]]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "queue", "media")).toEqual({
				handlers: ["src/media.processor.ts#MediaProcessor"],
				callers: ["src/media.service.ts#MediaService.addJob", "src/media.service.ts#MediaService.addJobs"],
			});
		});
	});

	it("joins command registries to the calls executing a command by its id (editor extension, app plugins)", async () => {
		const { out, discovered } = await indexed("commands");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([
			["app-commands", 2],
			["editor-commands", 2],
			["vscode-commands", 2],
		]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "vscode-commands", "notes.openPanel")).toEqual({
				handlers: ["src/extension/panel.ts#openPanel"],
				callers: ["src/extension/panel.ts#refreshTree"],
			});
			// Ids from a namespace's constants, executed on the registry itself and on one destructured from the app.
			expect(sides(index, "app-commands", "files:open").callers.sort()).toEqual([
				"src/plugins/files.ts#activateFiles",
				"src/plugins/launcher.ts#activateLauncher",
			]);
			// Command objects (`commands.add('bold', new AttributeCommand(…))`) are handled by their `execute`,
			// inherited or not; plain values kept under names (`palettes.set('warm', new Palette())`) are no registry.
			expect(sides(index, "editor-commands", "underline")).toEqual({
				handlers: ["src/editor/bold.ts#AttributeCommand.execute"],
				callers: ["src/editor/toolbar.ts#onUnderlineKey"],
			});
			const allKeys = index.trunkNames().flatMap((t) => index.dispatchSites(t).map((s) => s.key));
			expect(allKeys).toContain("underline");
			expect(allKeys).not.toContain("warm");
			// The editor's own command: dispatch-only.
			expect(sides(index, "vscode-commands", "workbench.action.files.save").handlers).toEqual([]);
		});
	});

	it("keeps a queue whose payloads are objects with an execute method a queue (the payload is no handler)", async () => {
		const { out, discovered } = await indexed("class-payloads");
		expect(discovered.map((t) => [t.spec.name, t.bothSides])).toEqual([["worker", 3]]);
		await withIndexAt(out, (index) => {
			expect(sides(index, "worker", "send-mail")).toEqual({
				handlers: ["src/worker.ts#sendMail"],
				callers: ["src/api.ts#inviteUser"],
			});
		});
	});

	it("finds nothing in logging, i18n keys, config reads, test names, DOM events and schema migrations", async () => {
		const { out, discovered } = await indexed("negative", NO_PRESET, true);
		expect(discovered).toEqual([]);
		await withIndexAt(out, (index) => {
			expect(index.trunkNames()).toEqual([]);
		});
	});

	it("leaves calls a preset takes to the preset", async () => {
		const { discovered } = await indexed("socketio", {
			extends: [],
			presets: builtinPresets(),
			discover: true,
		});
		expect(discovered).toEqual([]);
	});
});

describe("event keys scoped by channel and receiver family (the generic preset's events)", () => {
	const PRESETS: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };

	it("joins a socket.io namespace's emits only to that namespace's handlers", async () => {
		const { out } = await indexed("socket-namespaces", PRESETS);
		await withIndexAt(out, (index) => {
			// `io('http://…/chat')` and `io.of('/chat')` are one channel; `io('/game')` and `io.of('/game')` another.
			expect(sides(index, "events", receiverKey("message", "/chat"))).toEqual({
				handlers: ["src/server/handlers.ts#onChatMessage"],
				callers: ["src/client/chat.ts#say"],
			});
			expect(sides(index, "events", receiverKey("message", "/game"))).toEqual({
				handlers: ["src/server/handlers.ts#onGameMessage"],
				callers: ["src/client/game.ts#GameClient.move"],
			});
			expect(sides(index, "events", receiverKey("join", "/game")).callers).toEqual([
				"src/client/game.ts#GameClient.sit",
			]);
			expect(index.dispatchSites("events", "message")).toEqual([]);
			// A key with one channel (or none known) stays bare: the default namespace's `ping`, a server's `seated`.
			expect(sides(index, "events", "ping").callers).toEqual(["src/client/ping.ts#ping"]);
			expect(sides(index, "events", "seated").handlers).toHaveLength(1);
		});
	});

	it("joins a relay's `socketio.to(rooms()).emit(change.name)` to the listeners of the names its switch narrows it to", async () => {
		const { out } = await indexed("socket-relay", PRESETS);
		await withIndexAt(out, (index) => {
			const relay = "src/server/relay.ts#ChangeRelay.relay";
			// `case 'notes.create': case 'notes.update':` — the emit's key is either label.
			expect(sides(index, "events", "notes.create")).toEqual({
				handlers: ["src/client/live.ts#onNoteSaved"],
				callers: [relay],
			});
			expect(sides(index, "events", "notes.update").callers).toEqual([relay]);
			expect(sides(index, "events", "notes.delete")).toEqual({
				handlers: ["src/client/live.ts#onNoteDeleted"],
				callers: [relay],
			});
			// A clause a non-empty one falls into, and a switch on `change.type`: no key.
			expect(sides(index, "events", "boards.move").callers).toEqual([]);
			expect(sides(index, "events", "boards.archive").callers).toEqual([]);
			const emits = index.dispatchSites("events").filter((s) => s.side === "dispatch");
			expect(emits.filter((s) => s.key === null).map((s) => s.line)).toEqual(
				expect.arrayContaining([31, 41]),
			);
			// `default:` is left to the checker: the one name no case took.
			expect(sides(index, "events", "boards.pin")).toEqual({
				// The arrow inside `action(…)` is the listener's own definition, not the whole `watchBoard`.
				handlers: ["src/client/live.ts#watchBoard.socket.on(boards.pin)"],
				callers: [relay],
			});
			// `seen.map((id) => …)` handed to a keyed call computes a value: no definition of its own.
			expect(index.def("src/client/live.ts#watchBoard.socket.emit(boards.seen)")).toBeUndefined();
			expect(index.def("src/client/live.ts#watchBoard.timers.set(boards.seen)")).toBeUndefined();
		});
	});

	it("joins an emitter class's events to listeners on its instances, subclasses included, not to another class's", async () => {
		const { out } = await indexed("emitter-classes", PRESETS);
		await withIndexAt(out, (index) => {
			expect(sides(index, "events", receiverKey("updated", "CartStore"))).toEqual({
				handlers: ["src/views.ts#renderCart"],
				callers: ["src/stores.ts#CartStore.add", "src/stores.ts#SavedCartStore.restore"],
			});
			expect(sides(index, "events", receiverKey("updated", "UserStore"))).toEqual({
				handlers: ["src/views.ts#renderUser"],
				callers: ["src/stores.ts#UserStore.login"],
			});
		});
	});

	it("joins the events of an object the code created only to sites on that object", async () => {
		const { out } = await indexed("created-objects", PRESETS);
		await withIndexAt(out, (index) => {
			// `this.socket = new net.Socket()`: its `error` is the socket's, not the scheduler's. The part
			// keeping the join keeps the key's name; what leaves it is named by its object or class.
			expect(sides(index, "events", "error")).toEqual({
				handlers: ["src/jobs.ts#reportJobError"],
				callers: ["src/scheduler.ts#Scheduler.tick"],
			});
			expect(sides(index, "events", receiverKey("error", "socket"))).toEqual({
				handlers: ["src/peer.ts#logSocketError"],
				callers: [],
			});
			// A module's own `new Emitter()` and a store class both say `update`: two objects.
			expect(sides(index, "events", receiverKey("update", "emitter"))).toEqual({
				handlers: ["src/uploads.ts#refreshUploads"],
				callers: ["src/uploads.ts#addUpload"],
			});
			expect(sides(index, "events", "update")).toEqual({
				handlers: ["src/modals.ts#renderModals"],
				callers: ["src/modals.ts#ModalStore.open"],
			});
			// `this` in `new (class extends Emitter { … })()` is the object the `const` holds.
			expect(sides(index, "events", "change")).toEqual({
				handlers: ["src/views.ts#refreshIcons"],
				callers: ["src/icons.ts#iconManager"],
			});
			expect(sides(index, "events", receiverKey("change", "RoleStore"))).toEqual({
				handlers: ["src/views.ts#refreshRoles"],
				callers: ["src/icons.ts#RoleStore.grant"],
			});
			// An emitter subclass overriding `emit` is a family of its own, and its `this.emit` still emits
			// (the library's emitter is not installed: the override is all the checker sees).
			expect(sides(index, "events", receiverKey("ready", "Scheduler"))).toEqual({
				handlers: ["src/subprocess.ts#onSchedulerReady"],
				callers: ["src/subprocess.ts#schedulerStarted"],
			});
			expect(sides(index, "events", receiverKey("ready", "Subprocess"))).toEqual({
				handlers: ["src/subprocess.ts#onSubprocessReady"],
				callers: ["src/subprocess.ts#Subprocess.receive"],
			});
		});
	});

	it("joins the callers of a wrapper whose event parameter reaches an emit to the preset's listeners", async () => {
		const { out, discovered } = await indexed("wrapped-emits", PRESETS);
		// The listeners are the preset's (`socket.on`): no discovered trunk, the callers join the preset's.
		expect(discovered).toEqual([]);
		await withIndexAt(out, (index) => {
			const sites = index.dispatchSites("events");
			const keysOf = (side: "register" | "dispatch") =>
				new Set(sites.filter((s) => s.side === side && s.key !== null).map((s) => s.key));
			const registered = keysOf("register");
			// `clientSend(event, room)` → `this.server.to(room).emit(event)` (the preset's, unbound) and
			// `clientBroadcast(event)` → `this.server.emit(event)`: their callers' literal keys are dispatches.
			expect([...keysOf("dispatch")].filter((k) => registered.has(k)).sort()).toEqual([
				"on_asset_delete",
				"on_asset_trash",
				"on_upload_success",
				"on_user_delete",
			]);
			const trash = sites.filter((s) => s.key === "on_asset_trash");
			expect(trash.filter((s) => s.side === "dispatch").map((s) => `${s.file}:${s.line}`)).toEqual([
				"server/assets.ts:7",
			]);
			expect(sides(index, "events", "on_asset_trash")).toEqual({
				handlers: ["web/socket.ts#onTrash"],
				callers: ["server/assets.ts#AssetNotifier.trash"],
			});
			expect(sides(index, "events", "on_user_delete").callers).toEqual([
				"server/assets.ts#AssetNotifier.userDeleted",
			]);
			// A key no listener has stays the wrapper's asymmetry; a call whose parameter reaches no emit is no dispatch.
			expect(sides(index, "events", "on_asset_stack_update").callers).toEqual([
				"server/assets.ts#AssetNotifier.stacked",
			]);
			expect(sides(index, "events", "on_asset_restore")).toEqual({
				handlers: ["web/socket.ts#onRestore"],
				callers: [],
			});
			// `trunks --discover` shows the join in the preset trunk.
			const { report } = discoverFromIndex(index, PRESETS);
			expect(report.presetWrappers.map((j) => [j.trunk, j.pattern, j.sites, j.joined])).toEqual([
				["events", "this.gateway.clientSend(key)", 4, 3],
				["events", "this.gateway.clientBroadcast(key)", 1, 1],
			]);
		});
	});

	it("joins a common event name across workspace packages only where one package imports the other", async () => {
		const { out } = await indexed("package-events", PRESETS);
		await withIndexAt(out, (index) => {
			// The web app imports @demo/core's bus; it only declares the widget it bundles (a devDependency).
			expect(sides(index, "events", receiverKey("change", "core"))).toEqual({
				handlers: ["apps/web/src/app.js#renderDocument"],
				callers: ["packages/core/src/bus.js#saveDocument"],
			});
			expect(sides(index, "events", receiverKey("change", "widget"))).toEqual({
				handlers: ["packages/widget/src/view.js#renderWidget"],
				callers: ["packages/widget/src/bus.js#toggleWidget"],
			});
			expect(index.dispatchSites("events", "change")).toEqual([]);
			// A composed name is a protocol: its ends meet over a socket with no import between them.
			expect(sides(index, "events", "job:start")).toEqual({
				handlers: ["packages/core/src/server.js#onJobStart"],
				callers: ["packages/widget/src/link.js#startJob"],
			});
		});
	});
});

describe("named in-process buses (a getter handing out one emitter per name)", () => {
	it("keys each event within its bus, so a common word joins on its own bus only", async () => {
		const { out, discovered } = await indexed("named-buses");
		expect(discovered.map((t) => t.spec.name)).toEqual(["bus-name"]);
		const [bus] = discovered;
		expect(bus?.dispatches.map((d) => [d.pattern, d.connection])).toEqual([
			["bus(name).emit(key)", "same receiver"],
		]);
		expect(bus?.bothSides).toBe(6);
		// Keyed within a bus, no call idiom of a preset reads it: kept at index time only.
		expect(bus?.spec.idioms).toEqual([]);
		await withIndexAt(out, (index) => {
			// `created` on the orders bus (held in a field) and on the customers bus (inline, held in a local).
			expect(sides(index, "bus-name", busKey("orders", "created"))).toEqual({
				handlers: ["src/services/mailer.js#exports.sendReceipt"],
				callers: ["src/services/orders.js#OrderService.place"],
			});
			expect(sides(index, "bus-name", busKey("customers", "created"))).toEqual({
				handlers: ["src/services/mailer.js#exports.sendWelcome"],
				callers: ["src/services/customers.js#exports.signUp"],
			});
			expect(sides(index, "bus-name", busKey("orders", "updated")).callers).toEqual([
				"src/services/orders.js#OrderService.amend",
			]);
			// Emitted on the customers bus, listened to on the orders bus only: no join.
			expect(sides(index, "bus-name", busKey("customers", "updated"))).toEqual({
				handlers: [],
				callers: ["src/services/customers.js#exports.rename"],
			});
			const keys = new Set(index.dispatchSites("bus-name").map((s) => s.key));
			expect(keys.has("created")).toBe(false);
			// A selector getter's results (`$('#save').on('click', …)`) are no bus: nothing emits on them.
			expect([...keys].some((k) => k?.startsWith("#"))).toBe(false);
			// A bus read from the getter's store (`app.buses.orders`, held or inline) is the getter's bus.
			expect(sides(index, "bus-name", busKey("orders", "cancelled"))).toEqual({
				handlers: ["src/services/ledger.js#Ledger.constructor.this.orders.on(cancelled)"],
				callers: ["src/services/orders.js#OrderService.cancel"],
			});
			expect(sides(index, "bus-name", busKey("stock", "released")).handlers).toEqual([
				"src/services/ledger.js#Ledger.constructor.app.buses['stock'].on(released)",
			]);
			// Another store (`app.caches`) and a bus the getter never hands out (`payments`): no bus, no join.
			expect(
				index
					.dispatchSites("bus-name", busKey("orders", "cancelled"))
					.map((s) => `${s.file}:${s.line}`)
					.sort(),
			).toEqual(["src/services/ledger.js:6", "src/services/orders.js:19"]);
			expect(keys.has(busKey("payments", "cancelled"))).toBe(false);
		});
	});

	it("keys a listener a preset took (an emitter's name) on the named bus it is on", async () => {
		const { out } = await indexed("named-buses", { extends: [], presets: builtinPresets(), discover: true });
		await withIndexAt(out, (index) => {
			expect(sides(index, "bus-name", busKey("stock", "reserved")).handlers).toContain(
				"src/services/ledger.js#Ledger.constructor.this.emitter.on(reserved)",
			);
			// The preset's bare `reserved` site is replaced, not doubled.
			expect(index.dispatchSites("events").filter((s) => s.file === "src/services/ledger.js")).toEqual([]);
		});
	});
});

describe("codeask trunks --discover", () => {
	it("prints the idioms and saves a preset that indexes the same keys", async () => {
		const dir = scratchDir("codeask-discover-cli-");
		const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
		const repo = join(EXAMPLES, "koa-api");
		// Built as `codeask index` builds it (the default configuration); the CLI reads it.
		const a = (await indexed("koa-api", loadTrunkConfig(null, repo))).out;
		const shown = run("trunks", "--discover", "--index", a, "--save", join(dir, "found.json"));
		expect(shown.status).toBe(0);
		expect(shown.stdout).toContain("router: 5 keys with both sides");
		expect(shown.stdout).toContain("dispatch  client.post(key)");
		const preset = JSON.parse(readFileSync(join(dir, "found.json"), "utf8"));
		expect(parseTrunkConfig(preset).presets[0]?.trunks.map((t) => t.name)).toEqual(["router"]);
		// Pinned: the saved preset alone (discovery finds nothing left) gives the same table.
		expect(
			run("index", repo, "--out", join(dir, "b.db"), "--full", "--trunks", join(dir, "found.json")).status,
		).toBe(0);
		const table = (db: string) => JSON.parse(run("trunks", "--index", db, "--json").stdout).trunks.router;
		const pinned = table(join(dir, "b.db"));
		expect(pinned.bothSides).toBe(5);
		expect({ ...pinned, asymmetries: [] }).toEqual({ ...table(a), asymmetries: [] });
		// Pinned, discovery finds nothing more: it says so, beside what the preset trunk joined.
		const again = run("trunks", "--discover", "--index", join(dir, "b.db"));
		expect(again.stdout).toContain("preset trunks: router joined 5 keys with both sides");
		expect(again.stdout).toContain("discovery found no further string-dispatch idiom");
		// `index --no-discover`: the built-in presets alone, no discovery (and no candidates kept for it).
		expect(run("index", repo, "--out", join(dir, "c.db"), "--full", "--no-discover").status).toBe(0);
		expect(
			JSON.parse(run("trunks", "--index", join(dir, "c.db"), "--json").stdout).trunks.router,
		).toBeUndefined();
		expect(run("trunks", "--discover", "--index", join(dir, "c.db")).stdout).toContain(
			"no discovery candidates",
		);
	}, 180_000);
	it("saves workflows, activities and signals as pinned families that index the same sites", async () => {
		const dir = scratchDir("codeask-discover-temporal-");
		const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
		const a = (await indexed("temporal")).out;
		const saved = join(dir, "found.json");
		expect(run("trunks", "--discover", "--index", a, "--save", saved).status).toBe(0);
		const preset = parseTrunkConfig(JSON.parse(readFileSync(saved, "utf8"))).presets[0];
		expect(preset?.trunks.map((t) => [t.name, t.idioms])).toEqual(
			["activities", "signals", "workflows"].map((name) => [
				name,
				["register", "dispatch"].map((side) => ({ kind: "family", side, family: name })),
			]),
		);
		// A family takes only its own sites: a preset asking it for more fails at the boundary.
		expect(() =>
			parseTrunkConfig({
				presets: [
					{
						name: "x",
						trunks: [
							{
								name: "w",
								idioms: [
									{
										kind: "family",
										side: "register",
										family: "workflows",
										also: [{ trunk: "w2", side: "dispatch", template: "{key}" }],
									},
								],
							},
						],
					},
				],
			}),
		).toThrow();
		// Pinned with discovery off: every site of the three trunks as discovery had it.
		const config = parseTrunkConfig({ presets: [JSON.parse(readFileSync(saved, "utf8"))], discover: false });
		const b = (await indexed("temporal", config)).out;
		const rows = (db: string, trunk: string) => {
			const index = IndexReader.open(db);
			try {
				return index
					.dispatchSites(trunk)
					.map((s) => [s.side, s.key, s.file, s.line, s.handlerDefId, s.enclosingDefId].join(" "))
					.sort();
			} finally {
				index.close();
			}
		};
		for (const trunk of ["activities", "signals", "workflows"]) {
			expect(rows(b, trunk).length).toBeGreaterThan(0);
			expect(rows(b, trunk)).toEqual(rows(a, trunk));
		}
	}, 180_000);
});

describe("GraphQL documents", () => {
	it("lists each operation's root fields, aliases resolved and fragments skipped", () => {
		expect(rootFields("`query Q($id: ID!) { me { id } b: book(id: $id) { ...F } }`")).toEqual(["me", "book"]);
		expect(rootFields('`mutation { addBook(title: "x") { id } } fragment F on Book { id }`')).toEqual([
			"addBook",
		]);
		expect(rootFields("`{ books { id } }`")).toEqual(["books"]);
	});
});
