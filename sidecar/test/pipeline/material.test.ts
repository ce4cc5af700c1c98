/**
 * The context assembler (pipeline/material/): slices of long definitions, module-level blocks,
 * both ends of key hops, honest source units, the budget, and an impact question's complete
 * listing — on the mini-chat fixture index and on small synthetic inputs.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import type { DefRow, DispatchSiteRow } from "../../src/index/types.js";
import { ask } from "../../src/pipeline/ask.js";
import { moduleBlocks } from "../../src/pipeline/material/modules.js";
import { CITATION_REACH, MATERIAL_REACH, type MapReach } from "../../src/pipeline/material/reach.js";
import { sliceDefinition } from "../../src/pipeline/material/slices.js";
import { sourceTokens } from "../../src/pipeline/material/source-tokens.js";
import { scanTestFiles } from "../../src/pipeline/material/test-scan.js";
import { fuseRoutes, type RouteResult } from "../../src/pipeline/route.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { tightBudgetSources } from "../support/fake-material-index.js";
import { fixtureIndexPath, MINI_CHAT_DIR } from "../support/fixture-index.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

let index: IndexReader;
beforeAll(async () => {
	index = IndexReader.open(await fixtureIndexPath());
});
afterAll(() => index.close());

describe("sliceDefinition", () => {
	// A 200-line function: the hop sits at line 150, inside an `if` opened at line 140.
	const lines = Array.from({ length: 200 }, (_, i) => `\t\tconst x${i} = ${i};`);
	lines[0] = "export async function deliver(message: Message): Promise<void> {";
	lines[139] = "\tif (message.urgent) {";
	lines[149] = "\t\tawait gateway.send(message);";
	lines[170] = "\t// the retry budget is spent here";
	lines[199] = "}";
	const slices = sliceDefinition({ lines, startLine: 101, sites: [250], words: ["retry"], maxLines: 30 });
	const inside = (l: number) => slices.some(([s, e]) => s <= l && l <= e);

	it("reads the signature, the hop with its enclosing condition and the question's words, not a head window", () => {
		expect(inside(101)).toBe(true); // signature
		expect(inside(250)).toBe(true); // the hop
		expect(inside(240)).toBe(true); // `if (message.urgent)` deciding it
		expect(inside(271)).toBe(true); // the line with the question's word
		expect(inside(110)).toBe(false); // no first-N-lines window
		const total = slices.reduce((n, [s, e]) => n + e - s + 1, 0);
		expect(total).toBeLessThanOrEqual(30);
	});
});

describe("sliceDefinition: a last slice a few lines short of the end", () => {
	// A 60-line function: its hop at line 50, its result and an after-hook at 57-59.
	const lines = Array.from({ length: 60 }, (_, i) => `\tconst x${i} = ${i};`);
	lines[0] = "export async function create(room: Room): Promise<Room> {";
	lines[49] = "\tawait rooms.insert(room);";
	lines[56] = "\tvoid apps.trigger('postCreate', room);";
	lines[58] = "\treturn room;";
	lines[59] = "}";
	const slice = (tailLines?: number) =>
		sliceDefinition({
			lines,
			startLine: 1,
			sites: [50],
			words: [],
			maxLines: 30,
			...(tailLines ? { tailLines } : {}),
		});

	it("runs to the definition's end when it stops at most tailLines short of it", () => {
		expect(slice().at(-1)).toEqual([44, 56]);
		expect(slice(8).at(-1)).toEqual([44, 60]);
		// Farther from the end than that, it stops where it did.
		expect(slice(3).at(-1)).toEqual([44, 56]);
	});
});

describe("sliceDefinition: what decides a hop deep in a long function", () => {
	// A 400-line handler: the hop at line 300 sits in the `else` of a condition written over three
	// lines, after an early return; a question word sits far from both.
	const lines = Array.from({ length: 400 }, (_, i) => `\t\tdoOther${i}();`);
	lines[0] = "function onTick(event: TickEvent) {";
	lines[20] = "\tif (event.skipped) {";
	lines[21] = "\t\treturn;";
	lines[22] = "\t}";
	lines[250] = "\tif (";
	lines[251] = "\t\tstate.isPaused &&";
	lines[252] = "\t\t!state.frozen";
	lines[253] = "\t) {";
	lines[270] = "\t} else if (state.ready) {";
	lines[280] = "\t\tif (state.draining) return;";
	lines[299] = "\t\tapplyUpdate(state, event);";
	lines[340] = "\t}";
	lines[360] = "\t\t// batching keeps updates in order";
	lines[399] = "}";
	const slices = sliceDefinition({ lines, startLine: 1, sites: [300], words: ["batching"], maxLines: 40 });
	const inside = (l: number) => slices.some(([s, e]) => s <= l && l <= e);

	it("keeps the else-if branch, the if it is the other side of (all its lines) and the early exits before the hop", () => {
		expect(inside(300)).toBe(true); // the hop
		expect(inside(271)).toBe(true); // `} else if (state.ready)`
		for (const l of [251, 252, 253, 254]) expect(inside(l)).toBe(true); // the multi-line `if` it is the else of
		expect(inside(281)).toBe(true); // `if (state.draining) return;` guard in the branch
		expect(inside(21)).toBe(true); // the function's early return before the branch
		expect(inside(22)).toBe(true);
		expect(inside(361)).toBe(true); // the question's word
		expect(inside(150)).toBe(false); // nothing unrelated
		expect(slices.reduce((n, [s, e]) => n + e - s + 1, 0)).toBeLessThanOrEqual(40 + 3 * 2);
	});

	it("for a definition asked for, also reads the declarations its decision and its first hop use", () => {
		const withInputs = [...lines];
		withInputs[200] = "\tconst isReady = jobs.some(";
		withInputs[201] = "\t\t(j) => j.done,";
		withInputs[202] = "\t);";
		withInputs[270] = "\t} else if (isReady) {";
		withInputs[230] = "\tconst delta = now - started;";
		withInputs[299] = "\t\tapplyUpdate(state, delta);";
		const args = { lines: withInputs, startLine: 1, sites: [300], words: [], maxLines: 60 };
		const plain = sliceDefinition(args);
		const deep = sliceDefinition({ ...args, inputs: true });
		const has = (s: [number, number][], l: number) => s.some(([a, b]) => a <= l && l <= b);
		for (const l of [201, 202, 203, 231]) {
			expect(has(deep, l), `line ${l}`).toBe(true);
			expect(has(plain, l), `line ${l}`).toBe(false);
		}
	});
});

describe("moduleBlocks", () => {
	const text = [
		"/**",
		" * Do not change the key format without a migration: stored documents depend on it.",
		" */",
		"import { callbacks } from './callbacks';",
		"",
		"export function handler() {",
		"\treturn 1;",
		"}",
		"",
		"callbacks.add('afterMessageSave', handler, 1);",
		"",
		"Meteor.startup(() => {",
		"\tinit();",
		"});",
		"export const LIMIT = Number(process.env.LIMIT ?? 10);",
	];
	const def = (id: number, name: string, kind: DefRow["kind"], start: number, end: number): DefRow =>
		defRow("f.ts", name, kind, { id, name, startLine: start, endLine: end });
	const blocks = moduleBlocks(text, [
		def(1, "(module)", "module", 1, 15),
		def(2, "handler", "function", 6, 8),
		def(3, "LIMIT", "variable", 15, 15),
	]);

	it("finds the header warning, the top-level register call, the start-up block and config from the environment", () => {
		expect(blocks.map((b) => [b.kind, b.startLine, b.endLine])).toEqual([
			["header", 1, 3],
			["register", 10, 10],
			["startup", 12, 14],
			["env", 15, 15],
		]);
		expect(blocks[1]?.label).toBe("callbacks.add('afterMessageSave', …)");
	});
});

describe("moduleBlocks wiring", () => {
	it("groups side-effect imports and re-exports into one block; imports with bindings are not wiring", () => {
		const lines = [
			"import { a } from './a';",
			"import './v1/chat';",
			"import './v1/rooms';",
			"",
			"export * from './helpers';",
			"a();",
		];
		const blocks = moduleBlocks(lines, []);
		expect(blocks.filter((b) => b.kind === "wiring").map((b) => [b.startLine, b.endLine])).toEqual([[2, 5]]);
	});
});

describe("assembled material on mini-chat", () => {
	it("holds honest units, both ends of a key hop and module-level register calls, within the budget", async () => {
		const r = await ask(index, "How are push notifications sent when a new message is posted?");
		const m = r.trace.material;
		expect(m).toBeDefined();
		expect(m?.tokens).toBeLessThanOrEqual(m?.budget ?? 0);
		expect(m?.budget).toBe(16_000);
		// Every range read lies inside the definition it is labelled with (or is a module-level block),
		// or starts at the head of the register call the definition is written into.
		const { registerHead } = await import("../../src/pipeline/material/call-heads.js");
		let headed = 0;
		for (const range of r.trace.read) {
			if (!range.defId || range.defId.endsWith("#(module)")) continue;
			const d = index.def(range.defId);
			expect(d, range.defId).toBeDefined();
			expect(range.file).toBe(d?.file);
			const start = d?.startLine ?? 0;
			if (range.startLine < start) {
				expect(range.startLine, range.defId).toBe(d ? registerHead(index, d) : null);
				headed++;
			} else expect(range.startLine).toBe(Math.max(range.startLine, start));
			expect(range.endLine).toBeLessThanOrEqual(d?.endLine ?? 0);
		}
		// mini-chat registers callbacks and methods with their handlers written into the call.
		expect(headed).toBeGreaterThan(0);
		const holds = (file: string, line: number) =>
			r.trace.read.some((x) => x.file === file && x.startLine <= line && line <= x.endLine);
		// The top-level `callbacks.add('afterMessageSave', sendNotificationsForMessage, …)` is material.
		const hookFile = "apps/server/src/lib/sendNotificationsForMessage.ts";
		const hookLine =
			readFileSync(join(MINI_CHAT_DIR, hookFile), "utf8")
				.split("\n")
				.findIndex((l) => l.startsWith("callbacks.add(")) + 1;
		expect(hookLine).toBeGreaterThan(0);
		expect(holds(hookFile, hookLine)).toBe(true);
		expect(m?.roles["key-hop"] ?? 0).toBeGreaterThan(0);
	});

	it("a smaller budget gives less material, and never more than the budget", async () => {
		const r = await ask(index, "How are push notifications sent when a new message is posted?", {
			config: { tokenBudget: 900 },
		});
		expect(r.trace.material?.tokens).toBeLessThanOrEqual(900);
		expect(r.trace.material?.sources).toBeGreaterThan(0);
	});

	it("an impact question carries every use of its subject, with exact counts by package", async () => {
		const r = await ask(index, "What would break if the `afterMessageSave` callback changed?");
		const impact = r.trace.material?.impact;
		expect(impact?.target).toBe("afterMessageSave");
		// Count the literal uses in the fixture's indexed files by hand (a comment naming it is no use).
		const files = index.files().filter((f) => (index.fileContent(f.path) ?? "").includes("afterMessageSave"));
		const uses = files.flatMap((f) =>
			(index.fileContent(f.path) ?? "")
				.split("\n")
				.map((l, i) => ({ f: f.path, i: i + 1, l }))
				.filter((x) => /(?<![\w$])afterMessageSave(?![\w$])/.test(x.l) && !/^\s*(?:\*|\/\/|\/\*)/.test(x.l)),
		);
		expect(impact?.sites).toBeGreaterThanOrEqual(uses.length);
		expect(impact?.files).toBe(new Set(uses.map((u) => u.f)).size);
		for (const u of uses) {
			expect(r.trace.read.some((x) => x.file === u.f && x.startLine <= u.i && u.i <= x.endLine)).toBe(true);
		}
	});
});

describe("uses in test files the index leaves out", () => {
	it("an impact listing counts them from the tree, as a whole word, by package", async () => {
		// mini-chat's sendMessage.test.ts calls performSendMessage; the default index skips it.
		expect(index.file("apps/server/src/methods/sendMessage.test.ts")).toBeUndefined();
		const r = await ask(index, "What would break if `performSendMessage` changed?");
		const impact = r.trace.material?.impact;
		expect(impact?.target).toBe("performSendMessage");
		expect(impact?.testSites).toBe(2); // the import and the call
		const test = readFileSync(join(MINI_CHAT_DIR, "apps/server/src/methods/sendMessage.test.ts"), "utf8")
			.split("\n")
			.findIndex((l) => l.includes("await performSendMessage("));
		expect(
			r.trace.read.some(
				(x) => x.file === "apps/server/src/methods/sendMessage.test.ts" && x.startLine === test + 1,
			),
		).toBe(true);
	});

	const tree = mkdtempSync(join(tmpdir(), "codeask-test-scan-"));
	const put = (path: string, text: string) => {
		mkdirSync(join(tree, path, ".."), { recursive: true });
		writeFileSync(join(tree, path), text);
	};
	put("src/send.ts", "export function send() {}\n");
	put("src/send.test.ts", "import { send } from './send';\nsend();\nresend();\n");
	put("tests/e2e/flow.ts", "// send a message\nawait send();\n");
	put("tests/indexed.spec.ts", "send();\n");
	put("node_modules/lib/send.test.ts", "send();\n");
	put(".cache/send.test.ts", "send();\n");

	it("reads test files only, skips indexed ones and dependency folders, and matches whole words", () => {
		const scan = scanTestFiles(tree, "send", {
			indexed: (p) => p === "tests/indexed.spec.ts",
			probe: "src/send.ts",
		});
		expect(scan.available).toBe(true);
		expect(scan.complete).toBe(true);
		expect(scan.sites.map((s) => `${s.file}:${s.line}`).sort()).toEqual([
			"src/send.test.ts:1",
			"src/send.test.ts:2",
			"tests/e2e/flow.ts:1",
			"tests/e2e/flow.ts:2",
		]);
	});

	it("says when it could not read every test file, or when the tree is not at hand", () => {
		const cut = scanTestFiles(tree, "send", {
			indexed: () => false,
			limits: { files: 1, bytes: 1_000_000, entries: 1000 },
		});
		expect(cut.complete).toBe(false);
		expect(cut.scanned).toBe(1);
		// The walk is bounded by entries looked at (in name order: `.cache`, `node_modules`, `src`, …).
		const early = scanTestFiles(tree, "send", {
			indexed: () => false,
			limits: { files: 100, bytes: 1_000_000, entries: 2 },
		});
		expect(early.complete).toBe(false);
		expect(early.scanned).toBe(0);
		// Files are read in name order, whatever order the file system lists them in.
		const files = scanTestFiles(tree, "send", { indexed: () => false }).sites.map((s) => s.file);
		expect(files).toEqual([...files].sort());
		expect(new Set(files).size).toBe(3);
		expect(scanTestFiles(tree, "send", { indexed: () => false, probe: "src/missing.ts" }).available).toBe(
			false,
		);
	});
});

describe("where an entry is called from", () => {
	it("shows the lines around the call in a caller the chains do not hold, not the caller's body", async () => {
		// A budget with no room left for the caller's body: read later, it takes the glimpse back.
		const r = await ask(index, "How does a user leave a room?", { config: { tokenBudget: 1_500 } });
		expect(r.trace.material?.roles.caller).toBeGreaterThan(0);
		const seeds = new Set(r.trace.seeds.map((s) => s.defId));
		// Each caller source: within its caller's definition, at a call of a seed, a few lines long
		// and shorter than the caller's body (a glimpse of the call, not the caller read whole).
		const callers = r.trace.read.filter((x) => x.defId && x.endLine - x.startLine <= 4);
		const atCall = callers.filter((x) => {
			const def = index.def(x.defId as string);
			return (
				def &&
				x.endLine - x.startLine < (def.endLine ?? 0) - (def.startLine ?? 0) &&
				(def.startLine ?? 0) <= x.startLine &&
				x.endLine <= (def.endLine ?? 0) &&
				index
					.edgesFrom(def.id)
					.some(
						(e) =>
							e.kind === "call" &&
							e.line !== null &&
							x.startLine <= e.line &&
							e.line <= x.endLine &&
							seeds.has(index.defById(e.dst)?.defId ?? ""),
					)
			);
		});
		expect(atCall.length).toBeGreaterThan(0);
	});
});

describe("impact subject", () => {
	it("is the definition the question names as a capitalised word when it names none in code form", async () => {
		const r = await ask(index, "What would break if the Streamer class changed?");
		expect(r.trace.material?.impact?.target).toBe("Streamer");
		expect(r.trace.material?.impact?.sites).toBeGreaterThan(0);
	});
});

describe("fuseRoutes", () => {
	const section = (id: string, path: string) => ({
		section: {
			id: 0,
			sectionId: id,
			kind: "folder" as const,
			title: id,
			path,
			packageName: null,
			parent: null,
			summary: "",
			files: [],
			topSymbols: [],
			keys: [],
		},
		score: 1,
		chain: "c1",
	});
	it("keeps every section the offline route found, in a related chain or one of its own", () => {
		const llm: RouteResult = {
			sections: [section("a", "apps/x")],
			chains: [{ id: "c1", title: "X", paths: ["apps/x"], score: 1 }],
			fixed: true,
		};
		const offline: RouteResult = {
			sections: [section("a", "apps/x"), section("b", "apps/x/sub"), section("c", "packages/y")],
			chains: [],
			fixed: false,
		};
		const fused = fuseRoutes(llm, offline, 5);
		expect(fused.sections.map((s) => [s.section.sectionId, s.chain])).toEqual([
			["a", "c1"],
			["b", "c1"],
			["c", "c2"],
		]);
		expect(fused.fixed).toBe(true);
	});
});

/** The offline route, seeds and skeletons of a question on mini-chat, for the assembler alone. */
async function fixtureSkeletons(question: string) {
	const { analyzeQuestion } = await import("../../src/pipeline/query.js");
	const { routeOffline } = await import("../../src/pipeline/route.js");
	const { seed } = await import("../../src/pipeline/seed.js");
	const { buildSkeletons } = await import("../../src/pipeline/skeleton.js");
	const { parsePipelineConfig } = await import("../../src/pipeline/config.js");
	const config = parsePipelineConfig({});
	const q = analyzeQuestion(question);
	const seeded = seed(index, q, routeOffline(index, q, config), config, index.outlineSections());
	const relevance = (d: DefRow) => seeded.relevance.get(d.id) ?? 0;
	const skeletons = buildSkeletons(index, seeded, q.intent, relevance, config);
	return { config, skeletons, relevance };
}

/** Every token counted four times over: the small fixture then fills a budget as a large repository does. */
/** One downstream chain holding `nodes`, as the assembler's input takes it. */
const oneChain = (title: string, nodes: readonly unknown[]) =>
	[
		{ chain: { id: "c1", title, paths: [title], score: 1 }, direction: "downstream" as const, nodes },
	] as unknown as Skeleton[];

const costly = (text: string) => text.length;

/** A call edge from `src` to `dst` written at `line` of `file`, shaped like the index's. */
const callEdge = (src: DefRow, dst: DefRow, file: string, line: number) => ({
	src: src.id,
	dst: dst.id,
	kind: "call",
	file,
	line,
	srcDefId: "",
	dstDefId: "",
	resolution: "exact",
});

/** A material index over a few definitions whose files all read `lines`; `edgesFrom` gives each one's edges out. */
const linesIndex = (
	defs: readonly DefRow[],
	lines: readonly string[],
	edgesFrom: (id: number) => unknown[] = () => [],
) => ({
	fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
	fileContent: () => lines.join("\n"),
	edgesFrom,
	edgesTo: () => [],
	defById: (id: number) => defs.find((d) => d.id === id),
	def: () => undefined,
	dispatchSitesInFile: () => [],
	defsInFile: (f: string) => defs.filter((d) => d.file === f),
	packages: () => [],
});

type Assemble = typeof import("../../src/pipeline/material/assemble.js");

/**
 * The material's sources for one synthetic chain (folder `chat` unless `title` says) over a `linesIndex`,
 * with the material's or the citations' reach; `picks` and `words` as the select stage and the question give them.
 */
const chainSources = async (
	mIndex: ReturnType<typeof linesIndex>,
	nodes: readonly unknown[],
	config: { tokenBudget: number; wholeDefLines: number; sliceLines: number },
	reach: "material" | "citation",
	{ title = "chat", picks, words = [] }: { title?: string; picks?: string[]; words?: string[] } = {},
) => {
	const m: Assemble = await import("../../src/pipeline/material/assemble.js");
	const skeletons = oneChain(title, nodes) as unknown as Parameters<
		Assemble["assembleMaterial"]
	>[1]["skeletons"];
	return m.assembleMaterial(
		mIndex as unknown as Parameters<Assemble["assembleMaterial"]>[0],
		{ skeletons, ...(picks ? { picks } : {}), words, relevance: () => 0 },
		config,
		() => 1,
		reach === "material" ? MATERIAL_REACH : CITATION_REACH,
	).sources;
};

describe("the signature map", () => {
	it("lists a definition as its first line without leading modifiers or return type, cut at 40 characters", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const { config, skeletons, relevance } = await fixtureSkeletons(
			"How are push notifications sent when a new message is posted?",
		);
		const m = assembleMaterial(index, { skeletons, words: ["push", "notif"], relevance }, config);
		const signatures = m.sources.filter((s) => s.unit === "signature");
		expect(signatures.length).toBeGreaterThan(5);
		for (const s of signatures) {
			// A handler written into a register call is listed from the call's head (tested below).
			if (s.range.startLine < (s.node.def.startLine ?? 0)) continue;
			expect(s.text.length, s.text).toBeLessThanOrEqual(40);
			expect(s.text).not.toMatch(/^(?:export|default|public|private|protected|static|readonly)\s/);
			expect(s.text).not.toMatch(/\{$/);
			// What is left is the line's own text, from its first word on (cut with an ellipsis when long;
			// an arrow function keeps its `=>` past the return type it loses).
			const line = (index.fileLines(s.range.file, s.range.startLine, s.range.startLine)?.[0] ?? "").trim();
			expect(line).toContain(s.text.replace(/…$/, "").replace(/ =>$/, ""));
		}
		// Some line of the fixture did start with a modifier (`export function …`), so the rule was exercised.
		expect(
			signatures.some((s) =>
				/^export\s/.test(
					(index.fileLines(s.range.file, s.range.startLine, s.range.startLine)?.[0] ?? "").trim(),
				),
			),
		).toBe(true);
	});

	it("outlines a file whose chain steps are only signatures: its other functions, one line each", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const { config, skeletons, relevance } = await fixtureSkeletons(
			"How are push notifications sent when a new message is posted?",
		);
		const m = assembleMaterial(
			index,
			{ skeletons, words: ["push", "notif"], relevance },
			{ ...config, tokenBudget: 24_000 },
			costly,
		);
		// Bodies and blocks are listed in reading order: those up to the last module-level block came
		// before the signature map (the bodies after it are read with what the map left).
		const bodies = m.sources.filter((s) => s.unit !== "signature");
		const lastBlock = bodies.map((s) => s.role).lastIndexOf("module");
		expect(lastBlock).toBeGreaterThan(0);
		const readFiles = new Set(bodies.slice(0, lastBlock + 1).map((s) => s.range.file));
		const outlined = m.sources.filter(
			(s) => s.unit === "signature" && s.node.via === "outline" && !readFiles.has(s.range.file),
		);
		expect(outlined.length).toBeGreaterThan(0);
		for (const s of outlined) {
			// Each such file holds a chain step listed as a signature (or read with what the map left,
			// in place of its signature); the outline names other definitions.
			const steps = m.sources.filter(
				(x) => x.range.file === s.range.file && x.node.via !== "outline" && x.node.via !== "parent",
			);
			expect(steps.length, s.range.file).toBeGreaterThan(0);
			expect(steps.some((x) => x.node.def.id === s.node.def.id)).toBe(false);
		}
	});
});

describe("a signature without its return type", () => {
	it("drops the return type and the opening brace; an arrow keeps its arrow", async () => {
		const { compactSignature } = await import("../../src/pipeline/material/signature-text.js");
		expect(compactSignature("async nodeList(): Promise<IBrokerNode[]> {")).toBe("async nodeList()");
		expect(compactSignature("const isAgent = (p: any): p is Agent => {")).toBe("const isAgent = (p: any) =>");
		expect(compactSignature("onBroadcastEvent(cb: (name: string) => void): void {")).toBe(
			"onBroadcastEvent(cb: (name: string) => void)",
		);
		expect(compactSignature("class InProcessBroker implements IServiceBroker {")).toBe(
			"class InProcessBroker implements IServiceBroker",
		);
		expect(compactSignature("const api = new Api();")).toBe("const api = new Api();");
	});

	it("in the material's map only: the citation pool keeps the line as written", async () => {
		const file = "chat/broker.ts";
		const step = defRow(file, "nodeList", "method", { startLine: 1, endLine: 200 });
		const lines = Array.from({ length: 200 }, (_, i) => `\t\tstep${i}();`);
		lines[0] = "nodeList(): Promise<Node[]> {";
		const mIndex = linesIndex([step], lines);
		const node = { def: step, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
		const config = { tokenBudget: 3, wholeDefLines: 150, sliceLines: 60 };
		const texts = async (reach: "material" | "citation") =>
			(await chainSources(mIndex, [node], config, reach))
				.filter((s) => s.unit === "signature")
				.map((s) => s.text);
		expect(await texts("material")).toEqual(["nodeList()"]);
		expect(await texts("citation")).toEqual(["nodeList(): Promise<Node[]> {"]);
	});
});

describe("the definitions the question's words find that no stage reached", () => {
	const handler = defRow("chat/send.ts", "send", "function", { startLine: 1, endLine: 3 });
	const named = defRow("chat/stream.ts", "emitMessage", "method", { startLine: 1, endLine: 3 });
	const other = defRow("chat/other.ts", "unrelated", "function", { startLine: 1, endLine: 3 });
	const lines = ["function x() {", "  return 1;", "}"];
	const base = linesIndex([handler, named, other], lines);
	const mIndex = { ...base, searchDefs: () => [named, other].map((def) => ({ def, score: 1 })) };
	const seed = { def: handler, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
	const listed = async (reach: "material" | "citation") => {
		const m: Assemble = await import("../../src/pipeline/material/assemble.js");
		const skeletons = oneChain("chat", [seed]) as unknown as Parameters<
			Assemble["assembleMaterial"]
		>[1]["skeletons"];
		return m
			.assembleMaterial(
				mIndex as unknown as Parameters<Assemble["assembleMaterial"]>[0],
				{ skeletons, words: ["emit"], relevance: (d) => (d.id === named.id ? 2 : 0) },
				{ tokenBudget: 2_000, wholeDefLines: 150, sliceLines: 60 },
				() => 1,
				reach === "material" ? MATERIAL_REACH : CITATION_REACH,
			)
			.sources.filter((s) => s.unit === "signature" && s.node.via === "question-words")
			.map((s) => s.node.def.name);
	};

	it("lists the full-text hits the question rates best, one line each, before the neighbours", async () => {
		expect(await listed("material")).toEqual(["emitMessage", "unrelated"]);
	});

	it("not in the citation pool", async () => {
		expect(await listed("citation")).toEqual([]);
	});
});

describe("the signature map grouped by folder", () => {
	it("costs a file's path once per folder, so the material's map lists more than the citation pool's", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const sig = {
			range: { file: "apps/server/src/services/push/gateway.ts", startLine: 3, endLine: 3, defId: "x" },
			label: "send",
			text: "function send(token: string)",
			unit: "signature" as const,
		};
		const line = costly("[000] 3: function send(token: string)");
		expect(sourceTokens(sig, costly, false)).toBe(line + costly(sig.range.file));
		expect(sourceTokens(sig, costly, "folder")).toBe(line + costly("gateway.ts"));
		expect(sourceTokens(sig, costly, "file")).toBe(line);

		const { config, skeletons, relevance } = await fixtureSkeletons(
			"How are push notifications sent when a new message is posted?",
		);
		const input = { skeletons, words: ["push", "notif"], relevance };
		const budget = { ...config, tokenBudget: 12_000 };
		const material = assembleMaterial(index, input, budget, costly, MATERIAL_REACH);
		const pool = assembleMaterial(index, input, budget, costly, CITATION_REACH);
		const signatures = (m: typeof material) => m.sources.filter((s) => s.unit === "signature");
		// The same budget: the citation pool pays every file's path, the material each folder's once.
		expect(material.tokens).toBeLessThanOrEqual(12_000);
		expect(pool.tokens).toBeLessThanOrEqual(12_000);
		expect(signatures(material).length).toBeGreaterThan(signatures(pool).length);
	});

	it("prints each folder once in the answer prompt, its files' names under it, then their signatures", async () => {
		const { buildAnswerPrompt } = await import("../../src/prompts/answer.js");
		const sig = (n: number, file: string, line: number, text: string) => ({
			n,
			file,
			startLine: line,
			endLine: line,
			label: text,
			role: "neighbour",
			unit: "signature",
			text,
		});
		const { prompt } = buildAnswerPrompt("How is a push sent?", "", [
			sig(1, "src/push/gateway.ts", 3, "function send()"),
			sig(2, "src/push/queue.ts", 9, "function enqueue()"),
			sig(3, "src/push/gateway.ts", 20, "function retry()"),
			sig(4, "main.ts", 1, "function main()"),
			// A handler listed from its register call's head: the text joins its lines.
			{ ...sig(5, "main.ts", 7, "app.get('/push', async function handler(…"), endLine: 8 },
		]);
		const map = prompt.slice(prompt.indexOf("Signatures only"));
		expect(map.split("\n").slice(1)).toEqual([
			"src/push/",
			"  gateway.ts:",
			// No line numbers: the appended sources list gives a cited entry's lines.
			"    [1] function send()",
			"    [3] function retry()",
			"  queue.ts:",
			"    [2] function enqueue()",
			"./",
			"  main.ts:",
			"    [4] function main()",
			"    [5] app.get('/push', async function handler(…",
		]);
	});
});

describe("a chain step listed only as a signature", () => {
	it("comes with the lines where it fires a key, in the material and not in the citation pool", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const { config, skeletons, relevance } = await fixtureSkeletons(
			"How are push notifications sent when a new message is posted?",
		);
		const input = { skeletons, words: ["push", "notif"], relevance };
		const budget = { ...config, tokenBudget: 24_000 };
		const hopLines = (reach: typeof MATERIAL_REACH) =>
			assembleMaterial(index, input, budget, costly, reach).sources.filter((s) =>
				s.label.endsWith("its key hop)"),
			);
		const lines = hopLines(MATERIAL_REACH);
		expect(lines.length).toBeGreaterThan(0);
		for (const s of lines) {
			const d = s.node.def;
			// The key's line, from the line its call opens on when the key is written below it.
			expect(s.range.endLine - s.range.startLine).toBeLessThanOrEqual(2);
			expect(s.range.startLine).toBeGreaterThan(d.startLine ?? 0);
			expect(s.range.endLine).toBeLessThanOrEqual(d.endLine ?? 0);
			expect(
				index
					.edgesFrom(d.id)
					.some((e) => (e.kind === "dispatch" || e.kind === "register") && e.line === s.range.endLine),
			).toBe(true);
		}
		expect(hopLines(CITATION_REACH)).toEqual([]);
	});

	it("lists its key lines right after the chain steps' signatures, ahead of outlines, when leadHopSteps says so", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const { config, skeletons, relevance } = await fixtureSkeletons(
			"How are push notifications sent when a new message is posted?",
		);
		const input = { skeletons, words: ["push", "notif"], relevance };
		const signatures = (tokenBudget: number, leadHopSteps: number) =>
			assembleMaterial(index, input, { ...config, tokenBudget }, costly, { ...MATERIAL_REACH, leadHopSteps })
				.sources.filter((s) => s.unit === "signature")
				.map((s) => s.label);
		const isHop = (label: string) => label.endsWith("its key hop)");
		const roomy = signatures(24_000, MATERIAL_REACH.leadHopSteps);
		const firstHop = roomy.findIndex(isHop);
		expect(firstHop).toBeGreaterThan(0);
		// Led: the hop lines sit among the first entries of the map, not after the outlines.
		expect(firstHop).toBeLessThan(signatures(24_000, 0).findIndex(isHop));
		// Under a budget the map's tail does not reach, only the led hop lines survive.
		const tight = [4_000, 6_000, 8_000, 10_000, 12_000].find(
			(b) => signatures(b, 0).filter(isHop).length < signatures(b, 30).filter(isHop).length,
		);
		expect(tight).toBeDefined();
	});
});

describe("a handler written into a module-level register call", () => {
	const lines = [
		"import { API } from '../api';", // 1
		"",
		"callbacks.add('afterSave', notify);", // 3
		"",
		"export function notify() {", // 5
		"\treturn 1;",
		"}",
		"API.v1.addRoute(", // 8
		"\t'chat.sendMessage',",
		"\t{ authRequired: true },",
		"\t{",
		"\t\tasync post() {", // 12
		"\t\t\treturn send(this.bodyParams);",
		"\t\t},",
		"\t},",
		");",
	];
	const file = "api/v1/chat.ts";
	const module = defRow(file, "(module)", "module", { startLine: 1, endLine: lines.length });
	const post = defRow(file, "API.v1.addRoute(chat.sendMessage).post", "method", {
		startLine: 12,
		endLine: 14,
		parentId: module.id,
	});
	const notify = defRow(file, "notify", "function", { startLine: 5, endLine: 7, parentId: module.id });
	const index = {
		fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
		defById: (id: number) => [module, post, notify].find((d) => d.id === id),
	};

	it("starts at the call's head, which holds its key; a statement of its own has no head", async () => {
		const { registerHead } = await import("../../src/pipeline/material/call-heads.js");
		expect(registerHead(index, post)).toBe(8);
		// `notify` is at column 0 after a complete register statement: that call is not its head.
		expect(registerHead(index, notify)).toBeNull();
	});

	it("starts at the call's head above a key and an options object written over several lines", async () => {
		const { registerHead } = await import("../../src/pipeline/material/call-heads.js");
		const long = [
			"API.v1.addRoute(", // 1
			"	'e2e.offerGroupKeys',",
			"	{",
			"		authRequired: true,",
			"		validateParams: isProvideParams,",
			"		permissionsRequired: ['view-e2e'],",
			"	},",
			"	{",
			"		async post() {", // 9
			"			return provide(this.bodyParams);",
			"		},",
			"	},",
			");",
		];
		const m = defRow(file, "(module)", "module", { startLine: 1, endLine: long.length });
		const handler = defRow(file, "API.v1.addRoute(e2e.offerGroupKeys).post", "method", {
			startLine: 9,
			endLine: 11,
			parentId: m.id,
		});
		const longIndex = {
			fileLines: (_f: string, s: number, e: number) => long.slice(s - 1, e),
			defById: (id: number) => [m, handler].find((d) => d.id === id),
		};
		expect(registerHead(longIndex, handler)).toBe(1);
	});

	it("is listed in the material's map from that head, and in the citation pool's from its own line", async () => {
		const node = { def: post, depth: 1, via: "call", from: null, nodeClass: "major" as const, relevance: 1 };
		const seedNode = { ...node, def: notify, via: "seed", depth: 0 };
		const skeletons = oneChain("api", [seedNode, node]);
		// A budget that reads the seed's body and leaves the handler to the map.
		const listed = (reach: typeof MATERIAL_REACH) =>
			tightBudgetSources(lines, [module, notify, post], skeletons, 70, reach).find(
				(s) => s.node.def.id === post.id,
			);
		const material = listed(MATERIAL_REACH);
		expect(material?.unit).toBe("signature");
		expect(material?.range).toMatchObject({ startLine: 8, endLine: 12 });
		expect(material?.text).toMatch(/^API\.v1\.addRoute\('chat\.sendMessage'/);
		const pool = listed(CITATION_REACH);
		expect(pool?.range).toMatchObject({ startLine: 12, endLine: 12 });
	});
});

describe("a decorated definition", () => {
	const lines = [
		"@Resolver(() => Team)", // 1
		"export class TeamsResolver {", // 2
		"\t@Subscription(() => TeamMember, {", // 3
		"\t\tdescription: 'Listen to a member (added)',",
		"\t\tresolve: (value) => value,",
		"\t})",
		"\t@UseGuards(GraphqlAuthGuard)", // 7
		"\tmemberJoinedTeam(", // 8
		"\t\t@Args('teamID') teamID: string,",
		"\t) {",
		"\t\treturn this.pubsub.asyncIterator('team_member_added');",
		"\t}",
		"\t@Get() list() {", // 13
		"\t\treturn [];",
		"\t}",
		"}",
	];
	const file = "team/team.resolver.ts";
	const module = defRow(file, "(module)", "module", { startLine: 1, endLine: lines.length });
	const cls = defRow(file, "TeamsResolver", "class", { startLine: 1, endLine: 16, parentId: module.id });
	const added = defRow(file, "TeamsResolver.memberJoinedTeam", "method", {
		startLine: 3,
		endLine: 12,
		parentId: cls.id,
	});

	it("is declared on the line past its decorators, or on a decorator's own line when it follows them", async () => {
		const { declarationStart } = await import("../../src/pipeline/material/slices.js");
		expect(declarationStart(lines.slice(2, 12))).toBe(5); // line 8, past a decorator written over 4 lines
		expect(declarationStart(lines)).toBe(1); // the class, past `@Resolver(() => Team)`
		// A generator method is a declaration, not a comment line; a block comment's lines are skipped.
		expect(declarationStart(["*items() {", "\tyield 1;", "}"])).toBe(0);
		expect(declarationStart(["/**", " * Items.", " */", "*items() {"])).toBe(3);
		expect(declarationStart(lines.slice(12, 15))).toBe(0); // `@Get() list() {`
		expect(declarationStart(lines.slice(13, 15))).toBe(0); // no decorator
	});

	it("is listed in the material's map by its declaration line, in the citation pool's by its first decorator", async () => {
		const node = { def: added, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
		const skeletons = oneChain("team", [node]);
		// Too small a budget for the body: the method is named in the map only.
		const listed = (reach: typeof MATERIAL_REACH) =>
			tightBudgetSources(lines, [module, cls, added], skeletons, 40, reach).find(
				(s) => s.node.def.id === added.id,
			);
		const material = listed(MATERIAL_REACH);
		expect(material?.unit).toBe("signature");
		expect(material?.range).toMatchObject({ startLine: 8, endLine: 8 });
		expect(material?.text).toBe("memberJoinedTeam(");
		expect(listed(CITATION_REACH)?.range).toMatchObject({ startLine: 3, endLine: 3 });
	});

	it("is sliced with its decorators down to its declaration line", () => {
		const body = lines.slice(2, 12);
		const sliced = (decorated: boolean) =>
			sliceDefinition({ lines: body, startLine: 3, sites: [], words: [], maxLines: 8, decorated })[0];
		expect(sliced(true)).toEqual([3, 8]);
		expect(sliced(false)).toEqual([3, 3]);
	});
});

describe("a key written on a line of its own", () => {
	const lines = [
		"async function create(id) {", // 1
		"\tthis.pubsub.publish(", // 2
		"\t\t`team/added`,", // 3
		"\t\tteam,",
		"\t);",
		"\tawait sdk.call('sendMessage', message);", // 6
		"}",
	];
	const index = { fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e) };

	it("is listed from the line its call opens on, within two lines and below the definition's first", async () => {
		const { callHead } = await import("../../src/pipeline/material/call-heads.js");
		expect(callHead(index, "a.ts", 3, 1)).toBe(2);
		expect(callHead(index, "a.ts", 6, 1)).toBe(6); // the key on the call's own line
		expect(callHead(index, "a.ts", 3, 2)).toBe(2); // the call on the definition's own first line
		expect(callHead(index, "a.ts", 3, 3)).toBe(3); // not above the definition's first line
	});
});

describe("the definitions of a held file", () => {
	// A class of 30 methods; the first is read whole. The question names the 28th; the first calls the 29th.
	const file = "chat/service.ts";
	const module = defRow(file, "(module)", "module", { startLine: 1, endLine: 400 });
	const cls = defRow(file, "Service", "class", { startLine: 1, endLine: 400, parentId: module.id });
	const methods = Array.from({ length: 30 }, (_, i) =>
		defRow(file, `Service.m${i}`, "method", {
			startLine: 10 + i * 10,
			endLine: 14 + i * 10,
			parentId: cls.id,
		}),
	);
	const [first, , , , , , , , , , , , , , , , , , , , , , , , , , , named, called] = methods as DefRow[];
	const lines = Array.from({ length: 400 }, (_, i) => `\t\tstep${i}();`);
	for (const m of methods) lines[(m.startLine ?? 1) - 1] = `\t${m.name}() {`;
	const all = [module, cls, ...methods];
	const mIndex = linesIndex(all, lines, (id) =>
		id === first?.id ? [callEdge(first as DefRow, called as DefRow, file, 12)] : [],
	);

	it("are rated by the question's words and the bodies' calls before the outline, in the material only", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const node = { def: first, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
		const skeletons = oneChain("chat", [node]) as unknown as Parameters<
			typeof assembleMaterial
		>[1]["skeletons"];
		const input = { skeletons, words: [], relevance: (d: DefRow) => (d.id === named?.id ? 1 : 0) };
		// Room for the body read and a few one-line entries: not for the whole outline.
		const config = { tokenBudget: 16, wholeDefLines: 150, sliceLines: 60 };
		const listed = (reach: typeof MATERIAL_REACH) =>
			assembleMaterial(
				mIndex as unknown as Parameters<typeof assembleMaterial>[0],
				input,
				config,
				() => 1,
				reach,
			)
				.sources.filter((s) => s.unit === "signature")
				.map((s) => s.node.def.id);
		const material = listed(MATERIAL_REACH);
		expect(material).toContain(named?.id);
		expect(material).toContain(called?.id);
		const pool = listed(CITATION_REACH);
		expect(pool).not.toContain(named?.id);
		expect(pool).not.toContain(called?.id);
	});
});

describe("the neighbours of a body read", () => {
	// A class of 25 methods; the first is read whole and calls a function of another file.
	const file = "chat/models.ts";
	const cls = defRow(file, "Messages", "class", { startLine: 1, endLine: 300 });
	const methods = Array.from({ length: 25 }, (_, i) =>
		defRow(file, `Messages.find${i}`, "method", {
			startLine: 10 + i * 10,
			endLine: 14 + i * 10,
			parentId: cls.id,
		}),
	);
	const first = methods[0] as DefRow;
	const loader = defRow("chat/load.ts", "fetchHistory", "function", { startLine: 1, endLine: 5 });
	const lines = Array.from({ length: 300 }, (_, i) => `\t\tstep${i}();`);
	for (const m of methods) lines[(m.startLine ?? 1) - 1] = `\t${m.name}() {`;
	const all = [cls, ...methods, loader];
	const mIndex = linesIndex(all, lines, (id) => (id === first.id ? [callEdge(first, loader, file, 12)] : []));

	it("are listed before the read file's outline in the material, after it in the citation pool", async () => {
		const node = { def: first, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
		// Room for the body, the class head and a few one-line entries: not for the whole outline.
		const config = { tokenBudget: 12, wholeDefLines: 150, sliceLines: 60 };
		const listed = async (reach: "material" | "citation") =>
			(await chainSources(mIndex, [node], config, reach))
				.filter((s) => s.unit === "signature")
				.map((s) => s.node.def.id);
		const material = await listed("material");
		expect(material).toContain(loader.id);
		expect(material.filter((id) => methods.some((m) => m.id === id)).length).toBeGreaterThan(0);
		expect(await listed("citation")).not.toContain(loader.id);
	});
});

describe("a long definition the budget cannot hold whole", () => {
	// A 300-line function: an off-chain call near its head (line 20), the call to the next chain step deep in it (250).
	const file = "chat/deliver.ts";
	const long = defRow(file, "deliver", "function", { startLine: 1, endLine: 300 });
	const next = defRow(file, "sendToGateway", "function", { startLine: 310, endLine: 320 });
	const helper = defRow(file, "logStart", "function", { startLine: 330, endLine: 335 });
	const lines = Array.from({ length: 340 }, (_, i) => `\t\tstep${i}();`);
	lines[0] = "export function deliver() {";
	lines[19] = "\tlogStart();";
	lines[249] = "\tsendToGateway();";
	lines[299] = "}";
	const all = [long, next, helper];
	const mIndex = linesIndex(all, lines, (id) =>
		id === long.id ? [callEdge(long, helper, file, 20), callEdge(long, next, file, 250)] : [],
	);

	it("keeps the slice of its hop on the chain before an earlier one, in the material only, and prints them in line order", async () => {
		const seed = { def: long, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
		const step = {
			def: next,
			depth: 1,
			via: "call",
			from: long.id,
			nodeClass: "major" as const,
			relevance: 0,
		};
		// Each source costs 3 (text, header, fences); the bodies' quarter of 24 holds two slices.
		const config = { tokenBudget: 24, wholeDefLines: 150, sliceLines: 60 };
		const slices = async (reach: "material" | "citation") =>
			(await chainSources(mIndex, [seed, step], config, reach))
				.filter((s) => s.node.def.id === long.id && s.unit === "slice")
				.map((s) => [s.range.startLine, s.range.endLine] as const);
		const holds = (ranges: readonly (readonly [number, number])[], line: number) =>
			ranges.some(([s, e]) => s <= line && line <= e);
		const material = await slices("material");
		expect(holds(material, 1)).toBe(true); // the head
		expect(holds(material, 250)).toBe(true); // the hop on the chain
		expect(holds(material, 20)).toBe(false);
		expect(material.map(([s]) => s)).toEqual([...material.map(([s]) => s)].sort((a, b) => a - b));
		// The citation pool keeps them top to bottom: the budget ends before the deep hop.
		const pool = await slices("citation");
		expect(holds(pool, 20)).toBe(true);
		expect(holds(pool, 250)).toBe(false);
	});
});

describe("a pick the bodies' share holds only in part", () => {
	// A 300-line function calling seven steps far apart (each its own slice): the budget's share for
	// bodies holds its head and the first slices; the rest of them come back after the neighbours.
	const file = "chat/route.ts";
	const long = defRow(file, "routeMessage", "function", { startLine: 1, endLine: 300 });
	const hops = [20, 60, 100, 140, 180, 220, 260];
	const lines = Array.from({ length: 300 }, (_, i) => `\t\tstep${i}();`);
	lines[0] = "export function routeMessage() {";
	lines[299] = "}";
	const edges = hops.map((line, i) => ({ ...callEdge(long, long, file, line), dst: 9000 + i }));
	const mIndex = linesIndex([long], lines, (id) => (id === long.id ? edges : []));
	const seed = { def: long, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
	// Each source costs 3 (text, header, fences): a pick's half of 30 holds five of its eight slices.
	const sources = async (picks: string[], reach: "material" | "citation") =>
		(
			await chainSources(mIndex, [seed], { tokenBudget: 30, wholeDefLines: 150, sliceLines: 60 }, reach, {
				picks,
			})
		).filter((s) => s.node.def.id === long.id);
	const holds = (list: { range: { startLine: number; endLine: number } }[], line: number) =>
		list.some((s) => s.range.startLine <= line && line <= s.range.endLine);

	it("gets the slices it had no room for back, printed beside its others in line order", async () => {
		const material = await sources([long.defId], "material");
		for (const line of [1, ...hops]) expect(holds(material, line)).toBe(true);
		const starts = material.map((s) => s.range.startLine);
		expect(starts).toEqual([...starts].sort((a, b) => a - b));
		// No line twice.
		const lines = material.flatMap((s) =>
			Array.from({ length: s.range.endLine - s.range.startLine + 1 }, (_, i) => s.range.startLine + i),
		);
		expect(new Set(lines).size).toBe(lines.length);
	});

	it("not in the citation pool, nor for a definition no pick names", async () => {
		const pool = await sources([long.defId], "citation");
		const unpicked = await sources([], "material");
		for (const list of [pool, unpicked])
			expect(hops.filter((l) => holds(list, l)).length).toBeLessThan(hops.length);
	});
});

describe("a short pick no share had room for", () => {
	// Two picks: a 100-line one that takes the picks' share, then a 5-line one no share holds; a
	// chain step listed as a signature fires three keys, whose lines take what the map leaves.
	const file = "chat/picks.ts";
	const long = defRow(file, "handle", "function", { startLine: 1, endLine: 100 });
	const short = defRow(file, "check", "function", { startLine: 101, endLine: 105 });
	const step = defRow("chat/step.ts", "publish", "function", { startLine: 1, endLine: 100 });
	const lines = Array.from({ length: 105 }, (_, i) => `\tstep${i}();`);
	const keys = [20, 40, 60].map((line) => ({
		...callEdge(step, step, step.file as string, line),
		dst: 999,
		kind: "dispatch",
	}));
	const mIndex = linesIndex([long, short, step], lines, (id) => (id === step.id ? keys : []));
	const node = (def: DefRow) => ({
		def,
		depth: 0,
		via: "seed",
		from: null,
		nodeClass: "major" as const,
		relevance: 1,
	});
	const read = async (reach: Partial<MapReach>) => {
		const m: Assemble = await import("../../src/pipeline/material/assemble.js");
		const skeletons = oneChain("chat", [node(long), node(short), node(step)]) as unknown as Parameters<
			Assemble["assembleMaterial"]
		>[1]["skeletons"];
		return m
			.assembleMaterial(
				mIndex as unknown as Parameters<Assemble["assembleMaterial"]>[0],
				{ skeletons, picks: [long.defId, short.defId], words: [], relevance: () => 0 },
				{ tokenBudget: 10, wholeDefLines: 150, sliceLines: 60 },
				() => 1,
				{ ...MATERIAL_REACH, ...reach },
			)
			.sources.filter((s) => s.node.def.id === short.id)
			.map((s) => s.unit);
	};

	it("is read whole before the key-hop lines, in place of its signature", async () => {
		expect(await read({})).toEqual(["whole"]);
	});

	it("stays a signature when the key-hop lines come first (the citation pool's order)", async () => {
		expect(await read({ shortPicks: 0, unpickedBelow: 0 })).toEqual(["signature"]);
	});
});

describe("the bodies read with what the map leaves", () => {
	// Deferred in reading order: a long step, a short one, then the short far end of a hop out of a
	// body read (the seed's).
	const seed = defRow("chat/send.ts", "send", "function", { startLine: 1, endLine: 3 });
	const long = defRow("chat/archive.ts", "archive", "function", { startLine: 1, endLine: 200 });
	const note = defRow("chat/note.ts", "note", "function", { startLine: 1, endLine: 3 });
	const check = defRow("chat/check.ts", "check", "function", { startLine: 1, endLine: 5 });
	const candidate = (def: DefRow, from: number | null) => ({
		node: { def, depth: 1, via: "call", from, nodeClass: "major" as const, relevance: 0 },
		chain: "c1",
		role: "chain" as const,
	});
	const deferred = [candidate(long, null), candidate(note, null), candidate(check, seed.id)];
	/** The definitions tried in turn, and those read, when there is room for one body only. */
	const order = async (shortLines: number) => {
		const { readLastBodies } = await import("../../src/pipeline/material/late-bodies.js");
		const bodies = new Set([seed.id]);
		const tried: string[] = [];
		const map = { a: { bodies, markRead: (d: DefRow) => bodies.add(d.id) }, list: () => {} };
		readLastBodies(
			map as unknown as Parameters<typeof readLastBodies>[0],
			deferred,
			(c) => {
				tried.push(c.node.def.name);
				return tried.length === 1;
			},
			shortLines,
		);
		return { tried, read: [...bodies] };
	};

	it("reads the short far end of a body's hop first, then the other short steps, then the long ones", async () => {
		expect(await order(60)).toEqual({ tried: ["check", "note", "archive"], read: [seed.id, check.id] });
	});

	it("counts as short only steps of at most shortLines lines", async () => {
		expect((await order(4)).tried).toEqual(["note", "archive", "check"]);
	});

	it("keeps the reading order without shortLines (the citation pool's)", async () => {
		expect(await order(0)).toEqual({ tried: ["archive", "note", "check"], read: [seed.id, long.id] });
		expect(CITATION_REACH.lastBodyLines).toBe(0);
		expect(CITATION_REACH.sliceTail).toBe(0);
	});

	// A short seed the model passed over, ahead of the steps in reading order.
	const idle = defRow("chat/idle.ts", "idle", "function", { startLine: 1, endLine: 2 });
	const seeded = [{ ...candidate(idle, null), role: "seed" as const }, ...deferred];
	const tried = async (seedsLast: boolean) => {
		const { readLastBodies } = await import("../../src/pipeline/material/late-bodies.js");
		const names: string[] = [];
		const listed: string[] = [];
		const map = {
			a: { bodies: new Set([seed.id]), markRead: () => {} },
			list: (c: { node: { def: DefRow } }) => listed.push(c.node.def.name),
		};
		readLastBodies(
			map as unknown as Parameters<typeof readLastBodies>[0],
			seeded,
			(c) => {
				names.push(c.node.def.name);
				return false;
			},
			60,
			seedsLast,
		);
		return { names, listed };
	};

	it("tries the seeds the model passed over after every other step, still listing their signature", async () => {
		expect(await tried(true)).toEqual({
			names: ["check", "note", "archive", "idle"],
			listed: ["check", "note", "archive", "idle"],
		});
		expect(MATERIAL_REACH.seedsLast).toBe(true);
	});

	it("keeps a short seed among the short steps without seedsLast (the citation pool's)", async () => {
		expect((await tried(false)).names).toEqual(["check", "idle", "note", "archive"]);
		expect(CITATION_REACH.seedsLast).toBe(false);
	});
});

describe("the chain steps the model passed over", () => {
	// One pick read whole; its callee on the chain, a step the question's words rate and one they do
	// not are listed as signatures (their bodies are long); the pick's file has one more function.
	const lines = Array.from({ length: 300 }, (_, i) => `\tstep${i}(${"x".repeat(150)});`);
	const send = defRow("chat/send.ts", "send", "function", { startLine: 1, endLine: 1 });
	const format = defRow("chat/send.ts", "format", "function", { startLine: 3, endLine: 3 });
	const next = defRow("chat/next.ts", "next", "function", { startLine: 1, endLine: 300 });
	const far = defRow("chat/far.ts", "far", "function", { startLine: 1, endLine: 300 });
	const rated = defRow("chat/rated.ts", "rated", "function", { startLine: 1, endLine: 300 });
	const mIndex = linesIndex([send, format, next, far, rated], lines);
	const node = (def: DefRow, from: DefRow | null) => ({
		def,
		depth: from ? 1 : 0,
		via: from ? "call" : "seed",
		from: from?.id ?? null,
		nodeClass: "major" as const,
		relevance: 1,
	});
	const rating = new Map([
		[rated.id, 5],
		[format.id, 3],
	]);
	const listed = async (picks: string[], reach: Partial<MapReach> = {}) => {
		const m: Assemble = await import("../../src/pipeline/material/assemble.js");
		const skeletons = oneChain("chat", [
			node(send, null),
			node(next, send),
			node(far, null),
			node(rated, null),
		]) as unknown as Parameters<Assemble["assembleMaterial"]>[1]["skeletons"];
		return m
			.assembleMaterial(
				mIndex as unknown as Parameters<Assemble["assembleMaterial"]>[0],
				{ skeletons, picks, words: [], relevance: (d) => rating.get(d.id) ?? 0 },
				{ tokenBudget: 700, wholeDefLines: 150, sliceLines: 60 },
				costly,
				{ ...MATERIAL_REACH, ...reach },
			)
			.sources.map((s) => `${s.node.def.name}:${s.unit}`);
	};

	it("with select picks, one the question's words do not rate waits until after the read file's outline", async () => {
		expect(await listed([send.defId])).toEqual([
			"send:whole",
			"next:signature",
			"rated:signature",
			"format:signature",
			"far:signature",
		]);
	});

	it("keeps its place without picks (offline), or when nothing is set to wait", async () => {
		expect(await listed([send.defId], { unpickedBelow: 0 })).toEqual([
			"send:whole",
			"next:signature",
			"far:signature",
			"rated:signature",
			"format:signature",
		]);
		const offline = await listed([]);
		expect(offline.indexOf("far:signature")).toBeLessThan(offline.indexOf("rated:signature"));
	});
});

describe("the root manifests for a question about builds and packages", () => {
	const lines = [
		"{",
		'  "name": "chat",',
		'  "private": true,',
		'  "scripts": {',
		'    "build": "turbo run build"',
		"  },",
		'  "workspaces": [',
		'    "packages/*"',
		"  ]",
		"}",
	];
	const top = defRow("package.json", "chat", "manifest", { startLine: 1, endLine: 10 });
	const scripts = defRow("package.json", "scripts", "manifest", {
		startLine: 4,
		endLine: 6,
		parentId: top.id,
	});
	const workspaces = defRow("package.json", "workspaces", "manifest", {
		startLine: 7,
		endLine: 9,
		parentId: top.id,
	});
	const handler = defRow("src/send.ts", "send", "function", { startLine: 1, endLine: 3 });
	const mIndex = linesIndex([top, scripts, workspaces, handler], lines);
	const seed = { def: handler, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
	const listed = async (words: string[], reach: "material" | "citation") =>
		(
			await chainSources(mIndex, [seed], { tokenBudget: 2_000, wholeDefLines: 150, sliceLines: 60 }, reach, {
				title: "src",
				words,
			})
		)
			.filter((s) => s.range.file === "package.json")
			.map((s) => [s.unit, s.range.startLine]);

	it("lists their sections as signatures, not the whole file's opening line", async () => {
		expect(await listed(["add", "package", "monorepo"], "material")).toEqual([
			["signature", 4],
			["signature", 7],
		]);
	});

	it("not for other questions, nor in the citation pool", async () => {
		expect(await listed(["send", "message"], "material")).toEqual([]);
		expect(await listed(["add", "package"], "citation")).toEqual([]);
	});
});

describe("the select stage's picks in the material", () => {
	it("reads every pick within half the budget, the bodies they lead to within the bodies' quarter", async () => {
		const { assembleMaterial } = await import("../../src/pipeline/material/assemble.js");
		const { config, skeletons, relevance } = await fixtureSkeletons(
			"How are push notifications sent when a new message is posted?",
		);
		const picks = [...new Set(skeletons.flatMap((sk) => sk.nodes.map((n) => n.def.defId)))];
		expect(picks.length).toBeGreaterThan(6);
		const budget = 8_000;
		const m = assembleMaterial(
			index,
			{ skeletons, picks, words: ["push", "notif"], relevance },
			{ ...config, tokenBudget: budget },
			costly,
		);
		// The first pass, in reading order: bodies before the first module-level block or signature.
		const firstPass: typeof m.sources = [];
		for (const s of m.sources) {
			if (s.role === "module" || s.unit === "signature") break;
			firstPass.push(s);
		}
		let spent = 0;
		for (const s of firstPass) {
			spent += s.tokens;
			// A pick (or its wrapper) goes in while the bodies so far fit half; anything else, the quarter.
			const lead = s.role === "pick" || s.role === "wrapper";
			expect(spent, s.label).toBeLessThanOrEqual(lead ? budget / 2 : budget / 4);
		}
		expect(firstPass.filter((s) => s.role === "pick").length).toBeGreaterThan(3);
	});
});

describe("what a pick leads to", () => {
	// Four picks of 5 lines each; the first calls a step on the chain no pick names. Each body costs
	// 3 tokens (text, header, fences): half of 30 holds the four picks, a quarter only two bodies.
	const file = "chat/run.ts";
	const picked = [0, 1, 2, 3].map((i) =>
		defRow(file, `run${i}`, "function", { startLine: 1 + i * 5, endLine: 5 + i * 5 }),
	);
	const [first] = picked as [DefRow];
	const callee = defRow("chat/step.ts", "step", "function", { startLine: 1, endLine: 5 });
	const lines = Array.from({ length: 20 }, (_, i) => `\tline${i}();`);
	const mIndex = linesIndex([...picked, callee], lines, (id) =>
		id === first.id ? [callEdge(first, callee, file, 3)] : [],
	);
	const nodes = [
		...picked.map((def) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 })),
		{ def: callee, depth: 1, via: "call", from: first.id, nodeClass: "major", relevance: 1 },
	];
	const config = { tokenBudget: 30, wholeDefLines: 150, sliceLines: 60 };
	/** The definitions read as bodies, in the order they were read. */
	const bodies = async (picks?: string[]) =>
		(await chainSources(mIndex, nodes, config, "material", picks ? { picks } : {}))
			.filter((s) => s.unit !== "signature")
			.map((s) => s.node.def.name);

	it("waits behind the picks still to read, so a later pick is read whole", async () => {
		const read = await bodies(picked.map((d) => d.defId));
		expect(read.slice(0, 4)).toEqual(["run0", "run1", "run2", "run3"]);
		expect(read.indexOf("step")).not.toBe(1);
	});

	it("without picks (offline), the callee is read right after its caller", async () => {
		expect((await bodies()).slice(0, 2)).toEqual(["run0", "step"]);
	});
});

describe("citing a slice", () => {
	it("holds when the range lies inside the cited definition, and not outside it", async () => {
		const { citationHolds } = await import("../../src/pipeline/verify.js");
		const d = index
			.files()
			.flatMap((f) => index.defsInFile(f.path))
			.find((x) => x.kind === "method" && (x.endLine ?? 0) - (x.startLine ?? 0) >= 3) as DefRow;
		const inner = (
			index.fileLines(d.file as string, (d.endLine as number) - 1, d.endLine as number) ?? []
		).join("\n");
		expect(inner.includes(d.name)).toBe(false); // the slice does not name the method
		const slice = {
			n: 1,
			file: d.file as string,
			startLine: (d.endLine as number) - 1,
			endLine: d.endLine as number,
		};
		expect(citationHolds(index, { ...slice, symbol: d.qualifiedName })).toBe(true);
		expect(
			citationHolds(index, {
				...slice,
				startLine: (d.endLine as number) + 1,
				endLine: (d.endLine as number) + 2,
				symbol: d.qualifiedName,
			}),
		).toBe(false);
	});
});

describe("noise control", () => {
	it("a definition matching only through a word most files use starts no chain; a rare word or a named one does", async () => {
		const { analyzeQuestion } = await import("../../src/pipeline/query.js");
		const { distinctiveMatch } = await import("../../src/pipeline/seed.js");
		const q = analyzeQuestion("How is the userId of a push token changed?");
		for (const c of q.concepts) {
			c.weight = 1;
			c.fileShare = c.word === "push" ? 0.02 : 0.4;
		}
		const def = (name: string, file: string): DefRow =>
			defRow(file, name, "function", { id: 1, startLine: 1, endLine: 2 });
		expect(distinctiveMatch(q, def("pushTokenFor", "src/tokens.ts"), false)).toBe(true);
		expect(distinctiveMatch(q, def("changedUserId", "src/users.ts"), false)).toBe(false);
		expect(distinctiveMatch(q, def("changedUserId", "src/users.ts"), true)).toBe(true);
	});
});

describe("the path's far ends", () => {
	// A wrapper applied where a function is defined decides whether its body runs; the function a
	// read definition calls in another file is read after it (depth first), not as a signature.
	let repoIndex: IndexReader;
	beforeAll(async () => {
		const filler = (n: number) => Array.from({ length: n }, (_, i) => `\tconst step${i} = ${i};`);
		const repo = repoWith(
			{
				"package.json": '{ "name": "relay-app" }',
				"src/guard.ts": [
					'export const relayEnabled = process.env.RELAY === "on";',
					"export function withRelayCheck<T extends (...args: string[]) => Promise<void>>(fn: T): T {",
					"\treturn relayEnabled ? fn : ((() => Promise.resolve()) as T);",
					"}",
				].join("\n"),
				"src/deliver.ts": [
					"export async function deliverEnvelope(id: string): Promise<void> {",
					...filler(30),
					"\tconsole.log(id, step0);",
					"}",
				].join("\n"),
				"src/relay.ts": [
					"import { withRelayCheck } from './guard';",
					"import { deliverEnvelope } from './deliver';",
					"export const relayMessage = withRelayCheck(async (id: string) => {",
					"\tawait deliverEnvelope(id);",
					"});",
				].join("\n"),
			},
			"codeask-far-ends-",
		);
		repoIndex = await openIndexOf(repo);
	});
	afterAll(() => repoIndex?.close());

	it("reads the wrapper's lines and the callee's body", async () => {
		const r = await ask(repoIndex, "How does relayMessage relay a message?");
		const inside = (file: string, line: number) =>
			r.trace.read.some((x) => x.file === file && x.startLine <= line && line <= x.endLine);
		expect(r.trace.material?.roles.wrapper).toBe(2); // withRelayCheck, and the flag it decides on
		expect(inside("src/guard.ts", 1)).toBe(true); // relayEnabled from the environment
		expect(inside("src/guard.ts", 3)).toBe(true); // relayEnabled ? fn : …
		expect(inside("src/deliver.ts", 32)).toBe(true); // the callee's body, not its signature only
	});
});

describe("concept coverage of a file", () => {
	it("counts each concept of the question once, however often a file repeats it", async () => {
		const { analyzeQuestion } = await import("../../src/pipeline/query.js");
		const { fileCoverage } = await import("../../src/pipeline/seed.js");
		const q = analyzeQuestion("How does the settings registry sync to the client?");
		for (const c of q.concepts) c.weight = 1;
		const def = (name: string): DefRow => defRow("x", name, "function", { id: 1, startLine: 1, endLine: 2 });
		// Four names repeating one word cover one concept of four; one name holding two covers two.
		const repeats = fileCoverage(q, "src/pages/RegistryPage.tsx", [
			def("RegistryForm"),
			def("RegistryTemplate"),
			def("useRegistry"),
		]);
		const covers = fileCoverage(q, "server/settings/SettingsRegistry.ts", [def("SettingsRegistry.sync")]);
		expect(q.concepts.map((c) => c.word)).toEqual(["settings", "registry", "sync", "client"]);
		expect(repeats).toBeCloseTo(0.25);
		expect(covers).toBeCloseTo(0.75);
		expect(fileCoverage(q, "client/settings/sync.ts", [def("SettingsRegistry")])).toBeCloseTo(1);
	});
});

describe("a long file's outline", () => {
	it("lists the definitions past the first twenty that the question rates, most relevant first, once", async () => {
		const { pastOutline } = await import("../../src/pipeline/material/map-outline.js");
		// A class file with 30 methods: the question's words rate m5 (inside the cap), m24, m27 and m29.
		const methods = Array.from({ length: 30 }, (_, i) =>
			defRow("src/room.ts", `Room.m${i}`, "method", {
				id: 9000 + i,
				startLine: i * 10 + 1,
				endLine: i * 10 + 8,
			}),
		);
		const rated = new Map([
			["m5", 2],
			["m24", 1],
			["m27", 3],
			["m29", 2],
		]);
		const relevance = (d: DefRow) => rated.get(d.name) ?? 0;
		const known = new Set([9029]); // m29 is already in the material
		const listed = pastOutline(methods, known, relevance).map((d) => d.name);
		expect(listed).toEqual(["m27", "m24"]);
	});
});

describe("an overloaded function", () => {
	const lines = [
		"addRoute(path: string, action: Action): void;", // 1
		"", // 2
		"/** With options. */", // 3
		"addRoute(", // 4
		"\tpath: string,",
		"\toptions: { auth: boolean },",
		"\taction: Action,",
		"): void;", // 8
		"", // 9
		"addRoute(path: string, options: Options | Action, action?: Action): void {", // 10
		"\tconst run = action ?? (options as Action);",
		"\tif (!run) return;",
		"\tthis.routes.set(path, run);", // 13
		"}",
	];

	it("is implemented on the declaration past its overloads; one with a body first is its own implementation", async () => {
		const { implementationStart } = await import("../../src/pipeline/material/slices.js");
		expect(implementationStart(lines, 0, "addRoute")).toBe(9);
		expect(implementationStart(lines.slice(9), 0, "addRoute")).toBe(0);
		// Declarations only (an interface's overloads): no implementation to point at.
		expect(implementationStart(lines.slice(0, 8), 0, "addRoute")).toBe(0);
		// Statements of a body or a module are no overloads: the next one declares another name.
		const hooks = [
			"const a = useMemo(() => x, [x]);",
			"const b = useCallback(() => {",
			"\tgo(a);",
			"}, [a]);",
		];
		expect(implementationStart(hooks, 0, "a")).toBe(0);
		expect(implementationStart(["import { x } from './x';", "export function run() {", "}"], 0, "run")).toBe(
			0,
		);
		// The window runs out inside the overloads: no guess.
		const long = [
			"addRoute(",
			...Array.from({ length: 45 }, (_, i) => `\tp${i}: string,`),
			"): void;",
			"addRoute() {}",
		];
		expect(implementationStart(long, 0, "addRoute")).toBe(0);
	});

	it("is sliced with its implementation's declaration, not only its first overload's", async () => {
		const { sliceDefinition } = await import("../../src/pipeline/material/slices.js");
		const slices = sliceDefinition({
			lines,
			startLine: 101,
			overloadsOf: "addRoute",
			sites: [],
			words: [],
			maxLines: 8,
			decorated: true,
		});
		const covers = (line: number) => slices.some(([s, e]) => s <= line && line <= e);
		expect(covers(101)).toBe(true);
		expect(covers(110)).toBe(true);
		// No hop and no word asked for more: the two declarations are the slices.
		expect(covers(113)).toBe(false);
	});
});

describe("a handler plugged in by name", () => {
	const lines = [
		"import { callbacks } from './callbacks';", // 1
		"", // 2
		"export function onClose(room) {", // 3
		"\tif (!room.open) return;",
		"\tsendTranscript(room);",
		"}", // 6
		"", // 7
		"callbacks.add(", // 8
		"\t'room.close',", // 9
		"\tonClose,",
		"\tcallbacks.priority.HIGH,",
		");", // 12
	];
	const file = "hooks/onClose.ts";
	const module = defRow(file, "(module)", "module", { startLine: 1, endLine: lines.length });
	const onClose = defRow(file, "onClose", "function", { startLine: 3, endLine: 6, parentId: module.id });
	const site = {
		id: 1,
		trunk: "callbacks",
		side: "register",
		key: "room.close",
		rawKey: "'room.close'",
		expression: "callbacks.add",
		file,
		line: 9,
		enclosingDefId: module.defId,
		handlerDefId: onClose.defId,
		resolution: "literal",
		inScope: true,
	};

	it("is listed in the material's map with the register call that names its key, not in the citation pool's", async () => {
		const node = {
			def: onClose,
			depth: 0,
			via: "seed",
			from: null,
			nodeClass: "major" as const,
			relevance: 1,
		};
		const skeletons = oneChain("hooks", [node]);
		// Too small a budget for the body: the handler is named in the map.
		const registered = (reach: typeof MATERIAL_REACH) =>
			tightBudgetSources(lines, [module, onClose], skeletons, 40, reach, [
				site as unknown as DispatchSiteRow,
			]).filter((s) => s.node.def.id === onClose.id && s.range.startLine > 6);
		const [line] = registered(MATERIAL_REACH);
		expect(line?.unit).toBe("signature");
		// From the call's head down to the line holding the key.
		expect(line?.range).toMatchObject({ startLine: 8, endLine: 9 });
		expect(line?.text).toMatch(/^callbacks\.add\( 'room\.close',/);
		expect(registered(CITATION_REACH)).toEqual([]);
	});
});

describe("the far ends of what a body read calls", () => {
	// `fetchHistory` calls `Messages.findVisible`: the call lands on the interface's member, which
	// one class implements; `Messages` is a module-level value of another file; `Config` is only passed.
	const load = defRow("chat/load.ts", "fetchHistory", "function", { startLine: 1, endLine: 5 });
	const iface = defRow("chat/types.ts", "IMessages", "interface", { startLine: 9, endLine: 12 });
	const member = defRow("chat/types.ts", "IMessages.findVisible", "method", {
		startLine: 10,
		endLine: 10,
		parentId: iface.id,
	});
	const impl = defRow("chat/raw.ts", "MessagesCollection.findVisible", "method", {
		startLine: 20,
		endLine: 25,
	});
	const value = defRow("chat/index.ts", "Messages", "variable", { startLine: 30, endLine: 30 });
	const config = defRow("chat/index.ts", "Config", "variable", { startLine: 31, endLine: 31 });
	const lines = Array.from({ length: 40 }, (_, i) => `\t\tstep${i}();`);
	lines[0] = "export function fetchHistory(rid) {";
	lines[2] = "\tconst found = Messages.findVisible(rid);";
	lines[3] = "\treturn format(found, Config);";
	lines[4] = "}";
	const edge = (src: DefRow, dst: DefRow, kind: string, line: number) => ({
		...callEdge(src, dst, src.file as string, line),
		kind,
	});
	const mIndex = linesIndex([load, iface, member, impl, value, config], lines, (id) =>
		id === load.id
			? [edge(load, member, "call", 3), edge(load, value, "reference", 3), edge(load, config, "reference", 4)]
			: id === member.id
				? [edge(member, impl, "implementation", 20)]
				: [],
	);

	it("lists the member's implementation and the value called through, in the material only", async () => {
		const node = { def: load, depth: 0, via: "seed", from: null, nodeClass: "major" as const, relevance: 1 };
		const listed = async (reach: "material" | "citation") =>
			(await chainSources(mIndex, [node], { tokenBudget: 40, wholeDefLines: 150, sliceLines: 60 }, reach))
				.filter((s) => s.unit === "signature")
				.map((s) => s.node.def.id);
		const material = await listed("material");
		expect(material).toContain(member.id);
		expect(material).toContain(impl.id);
		expect(material).toContain(value.id);
		expect(material).not.toContain(config.id);
		const pool = await listed("citation");
		expect(pool).not.toContain(impl.id);
		expect(pool).not.toContain(value.id);
	});

	it("knows a call through a value from a mention of it", async () => {
		const { calledThrough } = await import("../../src/pipeline/material/map-neighbours.js");
		expect(calledThrough("\tawait Team.create(uid, team);", "Team")).toBe(true);
		expect(calledThrough("\tApps.self?.triggerEvent(e);", "Apps")).toBe(true);
		expect(calledThrough("\treturn format(found, Team);", "Team")).toBe(false);
		expect(calledThrough("\tthis.Team.create();", "Team")).toBe(false);
		expect(calledThrough("\tMyTeam.create();", "Team")).toBe(false);
	});
});
