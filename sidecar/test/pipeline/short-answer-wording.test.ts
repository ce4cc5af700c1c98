/**
 * What the short answer says of what it found, so that it reads right to a newcomer (session 17 blind
 * readers): a key fired on a side branch is said to be one; an empty listener's doc comment is not
 * quoted as what it does; a weak lead is called the closest match, with the question's words nothing
 * in it matches; a strong one is said how long it is and what it matches.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { branchOf, isEmptyFunction, isGuardCondition } from "../../src/pipeline/branch.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { defRow, edgeGraph } from "../support/defs.js";

const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
const ranking = (order: DefRow[]) => ({ order, fileScore: new Map<string, number>() });
/** A one-line function, and where a tiny graph's hops are written: its first line. */
const oneLine = (file: string, name: string, extra: Partial<DefRow> = {}) =>
	defRow(file, name, "function", { startLine: 1, endLine: 1, ...extra });
const atLine1 = (s: DefRow) => ({ file: s.file, line: 1 });

/** An index whose stored file text is `text[file]` (line 1 first), edges written where `at` says. */
function withText(
	defs: DefRow[],
	edges: Parameters<typeof edgeGraph>[1],
	at: Parameters<typeof edgeGraph>[2],
	text: Record<string, string[]>,
): PathIndex {
	const g = edgeGraph(defs, edges, at);
	return {
		...g,
		fileLines: (file, start, end) =>
			Array.from({ length: end - start + 1 }, (_, i) => text[file]?.[start + i - 1] ?? "x"),
	};
}

/** `createRequest` (lines 1–8 of `core/service.ts`) fires the hook `keyName` on line 5 of `body`. */
function firing(body: string[], keyName = "requestCreated", words = ["request", "created"]) {
	const resolver = defRow("api/resolver.ts", "resolveRequest", "function", { startLine: 1, endLine: 3 });
	const service = defRow("core/service.ts", "createRequest", "function", { startLine: 1, endLine: 8 });
	const key = defRow(null, keyName, "dispatch-key");
	const publish = defRow("bus/pubsub.ts", "publish", "function", { startLine: 1, endLine: 3 });
	const index = withText(
		[resolver, service, key, publish],
		[
			[resolver, service, "call"],
			[service, publish, "call"],
			[service, key, "dispatch"],
		],
		(src) => ({ file: src.file, line: src === resolver ? 2 : 5 }),
		{
			"api/resolver.ts": ["function resolveRequest(input) {", "\treturn createRequest(input);", "}"],
			"core/service.ts": body,
		},
	);
	const vector = conceptVector({ concepts: words.map(concept) });
	return shortAnswer(index, "how is a request created?", [], ranking([resolver, service]), vector).body;
}

describe("a hop across a key written on the line after its call", () => {
	it("is cited at the call and the key, and the sentence names the call the cited lines hold", () => {
		const resolver = defRow("api/resolver.ts", "resolveRequest", "function", { startLine: 1, endLine: 3 });
		const service = defRow("core/service.ts", "createRequest", "function", { startLine: 1, endLine: 9 });
		const key = defRow(null, "team/:param/created", "dispatch-key");
		const publish = defRow("bus/pubsub.ts", "publish", "function", { startLine: 1, endLine: 3 });
		const handler = defRow("api/subscriptions.ts", "requestAdded", "function", { startLine: 1, endLine: 3 });
		const lineOf = new Map<DefRow, number>([
			[service, 2],
			[publish, 5],
			[key, 6],
			[handler, 1],
		]);
		const index = withText(
			[resolver, service, key, publish, handler],
			[
				[resolver, service, "call"],
				[service, publish, "call"],
				[service, key, "dispatch"],
				[key, handler, "handler"],
			],
			(src, dst) => ({ file: src.file, line: src.file ? (lineOf.get(dst) ?? null) : null }),
			{
				"api/resolver.ts": ["function resolveRequest(input) {", "\treturn createRequest(input);", "}"],
				"core/service.ts": [
					"async function createRequest(input) {",
					"\tconst saved = await save(input);",
					"\tif (!saved) return null;",
					"\tlog(saved);",
					"\tawait this.bus.publish(",
					"\t\t`team/${saved.teamId}/created`,",
					"\t\tsaved,",
					"\t);",
					"}",
				],
				"api/subscriptions.ts": ["function requestAdded() {", "\treturn listen();", "}"],
			},
		);
		const vector = conceptVector({ concepts: ["request", "created"].map(concept) });
		const draft = shortAnswer(
			index,
			"how is a request created?",
			[],
			ranking([resolver, service, handler]),
			vector,
		);
		expect(draft.body).toMatch(/runs the hook `team\/\$\{…\}\/created` with `publish`/);
		const cited = draft.drafts.find((d) => d.file === "core/service.ts");
		expect(cited).toMatchObject({ startLine: 5, endLine: 6, symbol: "publish" });
	});
});

describe("a key the path fires on a side branch", () => {
	const around = (open: string, close: string[]) => [
		"async function createRequest(input) {",
		"\tconst saved = await save(input);",
		open,
		"\t\tlog(saved);",
		"\t\tthis.bus.publish('requestCreated', saved);",
		...close,
	];

	it("is told on the way when the code goes on after it", () => {
		const body = firing(around("\tif (saved.notify) {", ["\t}", "\treturn saved;", "}"]));
		expect(body).toContain(
			"On the way, `createRequest` runs the hook `requestCreated` (the last place below).",
		);
		expect(body).toMatch(/^- `createRequest` runs the hook `requestCreated` \[\d+\]: `this\.bus/m);
	});

	it("is told as what happens when an error is caught", () => {
		const body = firing(around("\t} catch (err) {", ["\t\tthrow err;", "\t}", "}"]));
		expect(body).not.toContain("On the way");
		expect(body).toContain(
			"When `createRequest` catches an error, it runs the hook `requestCreated` (the last place below).",
		);
		expect(body).toMatch(
			/^- `createRequest`, when it catches an error, runs the hook `requestCreated` \[\d+\]/m,
		);
	});

	it("is told with the condition of a guard that returns after it", () => {
		const body = firing(around("\tif (!saved.ok) {", ["\t\treturn null;", "\t}", "}"]));
		expect(body).toContain(
			"Only when `!saved.ok`, `createRequest` runs the hook `requestCreated` and returns early (the last place below).",
		);
		expect(body).toMatch(/^- `createRequest`, only when `!saved\.ok` \(then it returns\), runs the hook/m);
	});

	it("counts a key fired on the way toward the lead's match, and not one fired on a failure branch", () => {
		// Step names match "request" only (a third of the question); the key names the other two words.
		const body = (open: string, close: string[]) =>
			firing(
				[
					"async function createRequest(input) {",
					"\tconst saved = await save(input);",
					open,
					"\t\tlog(saved);",
					"\t\tthis.bus.publish('invoiceMailed', saved);",
					...close,
				],
				"invoiceMailed",
				["request", "invoice", "mailed"],
			);
		const onTheWay = body("\tif (saved.notify) {", ["\t}", "\treturn saved;", "}"]);
		expect(onTheWay).toContain("Best match in the code: the flow from `resolveRequest` to `createRequest`");
		expect(onTheWay).not.toContain("Closest match");
		const onFailure = body("\t} catch (err) {", ["\t\tthrow err;", "\t}", "}"]);
		expect(onFailure).toContain(
			"Closest match found (not a sure answer: its names and files do not mention the question's “invoice” or “mailed”)",
		);
	});

	it("says a step of the path made on a guard branch only happens then", () => {
		const caller = defRow("api/resolver.ts", "resolveRequest", "function", { startLine: 1, endLine: 8 });
		const callee = defRow("core/service.ts", "createRequest", "function", { startLine: 1, endLine: 1 });
		const body = (lines: string[]) =>
			shortAnswer(
				withText([caller, callee], [[caller, callee, "call"]], () => ({ file: "api/resolver.ts", line: 4 }), {
					"api/resolver.ts": lines,
				}),
				"how is a request created?",
				[],
				ranking([caller, callee]),
				conceptVector({ concepts: [concept("request"), concept("created")] }),
			).body;
		const head = ["function resolveRequest(input) {", "\tconst r = check(input);"];
		const guarded = body([
			...head,
			"\tif (r.failed) {",
			"\t\tcreateRequest(input);",
			"\t\treturn null;",
			"\t}",
			"\treturn r;",
			"}",
		]);
		expect(guarded).toContain("which calls `createRequest` [1], only when `r.failed`.");
		expect(guarded).toContain(
			"1. `resolveRequest` calls `createRequest` [1], only when `r.failed`: `createRequest(input);`",
		);
		const plain = body([
			...head,
			"\tif (r.ok) {",
			"\t\tcreateRequest(input);",
			"\t}",
			"\treturn r;",
			"}",
			"",
		]);
		expect(plain).toContain("1. `resolveRequest` calls `createRequest` [1]: `createRequest(input);`");
		expect(plain).not.toContain("only when");
	});

	/** A function `f` of lines 1–7 of `a.ts`, and an index whose `a.ts` holds `lines`. */
	const def = defRow("a.ts", "f", "function", { startLine: 1, endLine: 7 });
	const index = (lines: string[]) => ({
		fileLines: (_: string, s: number, e: number) => lines.slice(s - 1, e),
	});

	it("reads the branch from the enclosing block: catch, a guard that throws, or none", () => {
		const guard = [
			"function f(x) {",
			"\tif (x.missing ||",
			"\t\tx.bad) {",
			"\t\tnotify(x);",
			"\t\tthrow new Error();",
			"\t}",
			"}",
		];
		expect(branchOf(index(guard), def, 4)).toEqual({
			kind: "guard",
			condition: "x.missing || x.bad",
			exit: "throw",
		});
		const loop = [
			"function f(xs) {",
			"\tfor (const x of xs) {",
			"\t\tnotify(x);",
			"\t\treturn;",
			"\t}",
			"}",
			"",
		];
		expect(branchOf(index(loop), def, 3)).toBeNull();
		const plain = ["function f(x) {", "\tnotify(x);", "\treturn x;", "}", "", "", ""];
		expect(branchOf(index(plain), def, 2)).toBeNull();
	});

	it("takes a guard whose block ends on the hop's own line for the side branch it is", () => {
		const braced = [
			"function f(x) {",
			"\tif (x.failed) {",
			"\t\treturn notify(x);",
			"\t}",
			"\tsave(x);",
			"}",
			"",
		];
		expect(branchOf(index(braced), def, 3)).toEqual({ kind: "guard", condition: "x.failed", exit: "return" });
		const bare = ["function f(x) {", "\tif (!x.ok)", "\t\tthrow report(x);", "\tsave(x);", "}", "", ""];
		expect(branchOf(index(bare), def, 3)).toEqual({ kind: "guard", condition: "!x.ok", exit: "throw" });
		// The line goes on after the block: no side branch.
		const through = [
			"function f(x) {",
			"\tif (x.ok) {",
			"\t\tnotify(x);",
			"\t}",
			"\treturn save(x);",
			"}",
			"",
		];
		expect(branchOf(index(through), def, 3)).toBeNull();
	});
});

describe("a guard's condition", () => {
	const def = defRow("a.ts", "f", "function", { startLine: 1, endLine: 8 });
	const index = (lines: string[]) => ({
		fileLines: (_: string, s: number, e: number) => lines.slice(s - 1, e),
	});

	it("is an `if` header whose block ends the function early: a multi-line throw, a one-line return", () => {
		const thrown = [
			"function f(x) {",
			"\tif (!valid(x)) {",
			"\t\tthrow new Error('invalid', {",
			"\t\t\twhere: 'f',",
			"\t\t});",
			"\t}",
			"\treturn save(x);",
			"}",
		];
		expect(isGuardCondition(index(thrown), def, 2)).toBe(true);
		expect(isGuardCondition(index(thrown), def, 7)).toBe(false);
		const oneLine = [
			"function f(x) {",
			"\tif (!valid(x)) return null;",
			"\treturn save(x);",
			"}",
			"",
			"",
			"",
			"",
		];
		expect(isGuardCondition(index(oneLine), def, 2)).toBe(true);
		const bare = [
			"function f(x) {",
			"\tif (!valid(x))",
			"\t\tthrow report(x);",
			"\tsave(x);",
			"}",
			"",
			"",
			"",
		];
		expect(isGuardCondition(index(bare), def, 2)).toBe(true);
	});

	it("is not an `if` that goes on after its block, nor one with an else (a fork of the flow)", () => {
		const goesOn = [
			"function f(x) {",
			"\tif (ready(x)) {",
			"\t\tnotify(x);",
			"\t}",
			"\treturn save(x);",
			"}",
			"",
			"",
		];
		expect(isGuardCondition(index(goesOn), def, 2)).toBe(false);
		const fork = [
			"function f(x) {",
			"\tif (ready(x)) {",
			"\t\treturn send(x);",
			"\t} else {",
			"\t\treturn queue(x);",
			"\t}",
			"}",
			"",
		];
		expect(isGuardCondition(index(fork), def, 2)).toBe(false);
	});
});

describe("an empty function's doc comment", () => {
	it("is not quoted as what it does: the place says it does nothing", () => {
		const resolver = defRow("api/resolver.ts", "resolveRequest", "function", { startLine: 1, endLine: 1 });
		const service = defRow("core/service.ts", "createRequest", "function", { startLine: 1, endLine: 1 });
		const doc = "Fired when a request is created by a member of the team.";
		const empty = defRow("bus/listeners.ts", "onCreated", "function", { startLine: 2, endLine: 2, doc });
		const busy = defRow("bus/handlers.ts", "onCreatedRequest", "function", { startLine: 2, endLine: 2, doc });
		const notify = defRow("bus/notify.ts", "notify", "function", { startLine: 1, endLine: 1 });
		const index = withText(
			[resolver, service, empty, busy, notify],
			[
				[resolver, service, "call"],
				[busy, notify, "call"],
			],
			(src) => ({ file: src.file, line: src.startLine }),
			{
				"api/resolver.ts": ["return createRequest(input);"],
				"bus/listeners.ts": ["/** doc */", "bus.on('created', () => {});"],
				"bus/handlers.ts": ["/** doc */", "bus.on('created', (r) => notify(r));"],
			},
		);
		expect(isEmptyFunction(index, empty)).toBe(true);
		expect(isEmptyFunction(index, busy)).toBe(false);
		const words = conceptVector({ concepts: [concept("request"), concept("created")] });
		const body = shortAnswer(
			index,
			"how is a request created?",
			[],
			ranking([resolver, service, empty, busy]),
			words,
		).body;
		expect(body).toMatch(
			/^- `onCreated` in `bus\/listeners\.ts` \[\d+\] — an empty function: it does nothing$/m,
		);
		expect(body).toMatch(
			/^- `onCreatedRequest` in `bus\/handlers\.ts` \[\d+\] — Fired when a request is created/m,
		);
	});
});

describe("the first line", () => {
	const start = defRow("api/posts.ts", "editTag", "function", { startLine: 1, endLine: 1 });
	const end = defRow("db/posts.ts", "saveTag", "function", { startLine: 1, endLine: 1 });
	const index = withText([start, end], [[start, end, "call"]], (s) => ({ file: s.file, line: 1 }), {
		"api/posts.ts": ["return saveTag(tag);"],
	});
	const ask = (words: string[]) =>
		shortAnswer(
			index,
			"how is a post scheduled?",
			[],
			ranking([start, end]),
			conceptVector({ concepts: words.map(concept) }),
		).body.split("\n")[2];

	it("calls a lead matching less than half of the question the closest match, naming the question words its names and files do not mention", () => {
		expect(ask(["tag", "schedule", "calendar"])).toBe(
			"Closest match found (not a sure answer: its names and files do not mention the question's “schedule” or “calendar”): the flow from `editTag` to `saveTag` in `db/posts.ts`.",
		);
	});

	it("keeps the hedge when the flow is told from a caller the walk up prepended for naming the question", () => {
		// `editTag`'s one caller `runTagEdits` is its way in; that one's one caller, outside the
		// candidates and named for "schedule", is where the walk up tells the flow from. The flow found
		// (`runTagEdits` → `editTag` → `saveTag`) still matches a third of the question.
		const runner = oneLine("jobs/runner.ts", "runTagEdits");
		const job = oneLine("jobs/schedule.ts", "scheduleJob");
		const walked = withText(
			[job, runner, start, end],
			[
				[job, runner, "call"],
				[runner, start, "call"],
				[start, end, "call"],
			],
			atLine1,
			{
				"jobs/schedule.ts": ["return runTagEdits(tag);"],
				"jobs/runner.ts": ["return editTag(tag);"],
				"api/posts.ts": ["return saveTag(tag);"],
			},
		);
		const first = shortAnswer(
			walked,
			"how is a post scheduled?",
			[],
			ranking([start, end]),
			conceptVector({ concepts: ["tag", "schedule", "calendar"].map(concept) }),
		).body.split("\n")[2];
		expect(first).toBe(
			"Closest match found (not a sure answer: its names and files do not mention the question's “schedule” or “calendar”): the flow from `scheduleJob` to `saveTag` in `db/posts.ts`.",
		);
	});

	it("says a weak match of one step is the closest found, after naming it", () => {
		// No caller to lead in: the match is one step.
		const alone = withText([end], [], (s) => ({ file: s.file, line: 1 }), {});
		const lone = shortAnswer(
			alone,
			"how is a post scheduled?",
			[],
			ranking([end]),
			conceptVector({ concepts: ["tag", "schedule", "calendar"].map(concept) }),
		).body;
		expect(lone).toMatch(
			/^The closest match found is `saveTag` \(`db\/posts\.ts`\) \[1\]; it is not a sure answer: its names and files do not mention the question's “schedule” or “calendar”\.$/m,
		);
		const sure = shortAnswer(
			alone,
			"how is a tag saved?",
			[],
			ranking([end]),
			conceptVector({ concepts: [concept("tag")] }),
		);
		expect(sure.body).toMatch(/^The best match is `saveTag` \(`db\/posts\.ts`\) \[1\]\.$/m);
	});

	it("quotes the question's words as the question writes them (a compound with its hyphen)", () => {
		const body = shortAnswer(
			index,
			"how is a Two-Factor tag saved?",
			[],
			ranking([start, end]),
			conceptVector({ concepts: ["twofactor", "calendar", "tag"].map(concept) }),
		).body;
		expect(body.split("\n")[2]).toContain(
			"its names and files do not mention the question's “Two-Factor” or “calendar”",
		);
	});

	it("says how long a strong lead is and which of the question's words it matches", () => {
		expect(ask(["tag", "posts"])).toBe(
			"Best match in the code: the flow from `editTag` to `saveTag` in `db/posts.ts` (2 steps over 2 files; its names and files mention the question's “tag” and “posts”).",
		);
	});
});

describe("where to look", () => {
	it("says how a place touches the flow told above: called by a step, or calling one", () => {
		// `logTag` is called by `saveTag` from many places (a shared helper the path does not end at);
		// `bulkEdit` calls `editTag` but names nothing the flow does not; `tagColours` touches neither.
		const start = oneLine("api/posts.ts", "editTag");
		const end = oneLine("db/posts.ts", "saveTag");
		const log = oneLine("lib/log.ts", "logTag", { fanIn: 30 });
		const bulk = oneLine("jobs/bulk.ts", "bulkEdit");
		const colours = oneLine("ui/colours.ts", "tagColours");
		const index = withText(
			[start, end, log, bulk, colours],
			[
				[start, end, "call"],
				[end, log, "call"],
				[bulk, start, "call"],
			],
			atLine1,
			{ "api/posts.ts": ["return saveTag(tag);"], "db/posts.ts": ["return logTag(tag);"] },
		);
		const body = shortAnswer(
			index,
			"how is a post tag saved?",
			[],
			ranking([start, end, log, colours, bulk]),
			conceptVector({ concepts: ["tag", "posts"].map(concept) }),
		).body;
		expect(body).toMatch(/^- `logTag` in `lib\/log\.ts` \[\d+\] — called by step 2 \(`saveTag`\)$/m);
		expect(body).toMatch(/^- `bulkEdit` in `jobs\/bulk\.ts` \[\d+\] — calls step 1 \(`editTag`\)$/m);
		expect(body).toMatch(/^- `tagColours` in `ui\/colours\.ts` \[\d+\]$/m);
	});
});

describe("a message the places fill", () => {
	it("keeps its first line, shortening code quotes and leaving out the closing line, when that costs no citation", () => {
		const dir = `packages/${"deeply-nested-folder/".repeat(6)}`;
		const steps = ["sendThing", "storeThing", "writeThing", "flushThing"].map((n, i) =>
			defRow(`${dir}steps/s${i}.ts`, n, "function", { startLine: 1, endLine: 1 }),
		);
		const places = Array.from({ length: 9 }, (_, i) =>
			defRow(`${dir}places/thing${i}.ts`, `thingPlace${i}`, "function", { startLine: 1, endLine: 1 }),
		);
		const text: Record<string, string[]> = {};
		steps.forEach((s, i) => {
			const next = steps[i + 1];
			if (s.file && next) text[s.file] = [`await ${next.name}(${"argument, ".repeat(20)}thing);`];
		});
		const index = withText(
			[...steps, ...places],
			steps.slice(1).map((s, i) => [steps[i] as DefRow, s, "call"] as [DefRow, DefRow, "call"]),
			(s) => ({ file: s.file, line: 1 }),
			text,
		);
		const answer = (n: number) =>
			shortAnswer(
				index,
				"how is a thing sent?",
				[],
				ranking([...steps, ...places.slice(0, n)]),
				conceptVector({ concepts: [concept("thing")] }),
			).body;
		const full = answer(9);
		const placesShown = full.split("\n").filter((l) => l.startsWith("- ")).length;
		// The places fill the message (some are left out) ...
		expect(placesShown).toBeLessThan(7);
		// ... and the first line is still there, with shorter quotes and no closing line.
		expect(full.split("\n")[2]).toMatch(/^Best match in the code: the flow from `sendThing` to `flushThing`/);
		expect(full).not.toContain("_Offline answer");
		expect(full).toMatch(/^1\. `sendThing` calls `storeThing` \[1\]: `.{50,60}…`$/m);
		// A message with room keeps the long quotes and the closing line.
		const roomy = answer(1);
		expect(roomy).toContain("_Offline answer");
		expect(roomy).toMatch(/`await storeThing\((argument, ){8}/);
	});
});
