import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { WHERE_TO_LOOK } from "../../src/pipeline/short/places.js";
import { defRow, edgeGraph, hopLineGraph } from "../support/defs.js";

/** Every hop written on its source's first line, whose text names the callee. */
const graph = hopLineGraph;

describe("the short answer's last step", () => {
	it("cites the one implementation of an interface member the path ends at, not the interface", () => {
		const handler = defRow("api/notes.ts", "createNoteRoute");
		const contract = defRow("typings/notes.ts", "INotes", "interface");
		const member = defRow("typings/notes.ts", "INotes.insertNote", "method", { parentId: contract.id });
		const store = defRow("models/notes.ts", "NotesStore", "class");
		const impl = defRow("models/notes.ts", "NotesStore.insertNote", "method", { parentId: store.id });
		const index = graph(
			[handler, contract, member, store, impl],
			[
				[handler, member, "call"],
				[member, impl, "implementation"],
			],
		);
		const ranking = { order: [handler, member], fileScore: new Map<string, number>() };
		const { body, drafts } = shortAnswer(index, "how is a note created?", [], ranking);
		expect(body).toContain("1. `createNoteRoute` calls `INotes.insertNote`");
		// The interface member is the implementation's signature in another file: the code that runs
		// is cited where "implemented by" names it, In short with its file, the step without.
		expect(body).toMatch(/^2\. `INotes\.insertNote`; implemented by `NotesStore\.insertNote` \[\d+\]$/m);
		expect(body).toMatch(
			/It is followed as far as `INotes\.insertNote`, implemented by `NotesStore\.insertNote` \[\d+\] in `models\/notes\.ts`\./,
		);
		expect(drafts.map((d) => d.file)).toContain("models/notes.ts");
		expect(drafts.map((d) => d.file)).not.toContain("typings/notes.ts");

		// A base-class method with one override is no contract: it runs itself, and is cited.
		const base = defRow("models/base.ts", "BaseStore", "class");
		const baseMember = defRow("models/base.ts", "BaseStore.insertNote", "method", { parentId: base.id });
		const overridden = shortAnswer(
			graph(
				[handler, base, baseMember, store, impl],
				[
					[handler, baseMember, "call"],
					[baseMember, impl, "implementation"],
				],
			),
			"how is a note created?",
			[],
			{ order: [handler, baseMember], fileScore: new Map<string, number>() },
		);
		expect(overridden.drafts.map((d) => d.file)).toContain("models/base.ts");
		expect(overridden.drafts.map((d) => d.file)).not.toContain("models/notes.ts");

		// A plain function at the end names nothing more.
		const plain = shortAnswer(
			graph([handler, impl], [[handler, impl, "call"]]),
			"how is a note created?",
			[],
			{ order: [handler, impl], fileScore: new Map() },
		);
		expect(plain.body).not.toContain("implemented by");
	});

	it("names a last step many files call at the call that reaches it, uncited", () => {
		const route = defRow("api/upload.ts", "uploadRoute");
		const batch = defRow("upload/batch.ts", "handleItems");
		const metric = defRow("util/metrics.ts", "recordMetric");
		const users = ["jobs/a.ts", "jobs/b.ts", "jobs/c.ts", "jobs/d.ts"].map((f) => defRow(f, "useMetric"));
		// Files ranked before the helper that fill "Where to look".
		const others = Array.from({ length: WHERE_TO_LOOK }, (_, i) =>
			defRow(`upload/more/m${i}.ts`, `uploadStep${i}`),
		);
		const answer = (callers: number, order = [route, batch, ...others, metric]) => {
			const index = graph(
				[route, batch, metric, ...users, ...others],
				[
					[route, batch, "call"],
					[batch, metric, "call"],
					...users.slice(0, callers).map((u) => [u, metric, "call"] as [DefRow, DefRow, "call"]),
				],
			);
			return shortAnswer(index, "how is an upload batch processed?", [], {
				order,
				fileScore: new Map<string, number>(),
			});
		};
		// Called from three files besides its own (the step before it one of them), ranked below the
		// places: named, cited only at that call.
		const shared = answer(2);
		expect(shared.body).toMatch(/`handleItems` calls `recordMetric` \[\d+\]/);
		expect(shared.body).toContain("Its last step, `recordMetric`, calls no other code in this repository.");
		expect(shared.body).toMatch(/^3\. `recordMetric`$/m);
		// Its description follows its name as before, one space apart.
		metric.description = "Records a metric.";
		expect(answer(2).body).toMatch(/^3\. `recordMetric` — Records a metric\.$/m);
		metric.description = null;
		expect(shared.drafts.map((d) => d.file)).toContain("upload/batch.ts");
		expect(shared.drafts.map((d) => d.file)).not.toContain("util/metrics.ts");
		// From two: the flow's own end, cited at its head.
		const own = answer(1);
		expect(own.body).toMatch(/Its last step, `recordMetric` \[\d+\], calls no other code/);
		expect(own.drafts.map((d) => d.file)).toContain("util/metrics.ts");
	});

	it("adds a shared helper the path ends in to the places when the ranking puts its file within their reach", () => {
		// The helper is what the question is about (an upload library's copy function, called from
		// test scripts and examples too): ranked first, its file is a place besides the others.
		const script = defRow("lib/upload-test.ts", "testUpload");
		const copy = defRow("lib/upload.ts", "Uploader.copyIn", "method");
		const users = ["ex/a.ts", "ex/b.ts", "ex/c.ts"].map((f) => defRow(f, "useCopy"));
		const others = Array.from({ length: WHERE_TO_LOOK }, (_, i) =>
			defRow(`lib/more/m${i}.ts`, `uploadPart${i}`),
		);
		const index = graph(
			[script, copy, ...users, ...others],
			[[script, copy, "call"], ...users.map((u) => [u, copy, "call"] as [DefRow, DefRow, "call"])],
		);
		const { body, drafts } = shortAnswer(index, "how is an upload copied?", [], {
			order: [copy, script, ...others],
			fileScore: new Map<string, number>(),
		});
		// The step is still named at its call, with no marker of its own in the step list.
		expect(body).toMatch(/^2\. `Uploader\.copyIn`$/m);
		expect(body).toMatch(/^- `Uploader\.copyIn` in `lib\/upload\.ts` \[\d+\] — step 2 itself$/m);
		const files = new Set(drafts.map((d) => d.file));
		expect(files.has("lib/upload.ts")).toBe(true);
		// It takes no place's room: every ranked place keeps its file.
		expect(others.filter((d) => files.has(d.file as string))).toEqual(others);
		// Ranked below every place, it stays named only.
		const below = shortAnswer(index, "how is an upload copied?", [], {
			order: [script, ...others, copy],
			fileScore: new Map<string, number>(),
		});
		expect(below.drafts.map((d) => d.file)).not.toContain("lib/upload.ts");
	});

	it("names the implementations of a base-class stub the path ends at, three at most", () => {
		const run = defRow("jobs/run.ts", "runJob");
		const base = defRow("jobs/base.ts", "BaseProvider", "class");
		const stub = defRow("jobs/base.ts", "BaseProvider.trigger", "method", { parentId: base.id });
		const impls = ["Local", "Queue", "Cloud", "Cron"].map((n) => {
			const cls = defRow(`jobs/${n.toLowerCase()}.ts`, `${n}Provider`, "class");
			return defRow(`jobs/${n.toLowerCase()}.ts`, `${n}Provider.trigger`, "method", { parentId: cls.id });
		});
		const edges: Parameters<typeof edgeGraph>[1] = [[run, stub, "call"]];
		const index = (n: number) =>
			graph(
				[run, base, stub, ...impls.slice(0, n)],
				[...edges, ...impls.slice(0, n).map((d) => [stub, d, "implementation"] as (typeof edges)[number])],
			);
		const ranking = { order: [run, stub], fileScore: new Map<string, number>() };
		// Three (strategies) are each cited where In short names them.
		const three = shortAnswer(index(3), "how is a job triggered?", [], ranking);
		expect(three.body).toMatch(
			/implemented by `LocalProvider\.trigger` \[\d+\] in `jobs\/local\.ts`, `QueueProvider\.trigger` \[\d+\] in `jobs\/queue\.ts` and `CloudProvider\.trigger` \[\d+\] in `jobs\/cloud\.ts`/,
		);
		expect(three.drafts.map((d) => d.file)).toEqual(
			expect.arrayContaining(["jobs/local.ts", "jobs/queue.ts", "jobs/cloud.ts"]),
		);
		// One of them also a place keeps its line, under the marker In short gave it.
		const placed = shortAnswer(index(3), "how is a job triggered?", [], {
			order: [run, stub, impls[1] as DefRow],
			fileScore: new Map<string, number>(),
		}).body;
		const marker = placed.match(/`QueueProvider\.trigger` (\[\d+\]) in `jobs\/queue\.ts`/)?.[1];
		expect(marker).toBeDefined();
		expect(placed).toContain(`- \`QueueProvider.trigger\` in \`jobs/queue.ts\` ${marker}`);
		// Four are a family: the first three are named, none cited.
		const four = shortAnswer(index(4), "how is a job triggered?", [], ranking);
		expect(four.body).toContain(
			"implemented by `LocalProvider.trigger` in `jobs/local.ts`, `QueueProvider.trigger` in `jobs/queue.ts`, `CloudProvider.trigger` in `jobs/cloud.ts` and 1 more",
		);
		expect(four.body).not.toContain("CronProvider");
		expect(four.drafts.filter((d) => d.file !== "jobs/run.ts" && d.file !== "jobs/base.ts")).toEqual([]);
	});

	it("names implementations written in one file together, the file once", () => {
		const run = defRow("push/send.ts", "sendPush");
		const base = defRow("push/gateway.ts", "PushGateway", "class");
		const stub = defRow("push/gateway.ts", "PushGateway.send", "method", { parentId: base.id });
		const impl = (cls: string, file: string) => {
			const c = defRow(file, cls, "class");
			return [c, defRow(file, `${cls}.send`, "method", { parentId: c.id })] as const;
		};
		const [apnClass, apn] = impl("ApnGateway", "push/gateways.ts");
		const [fcmClass, fcm] = impl("FcmGateway", "push/gateways.ts");
		const [webClass, web] = impl("WebGateway", "push/web.ts");
		const answer = (impls: DefRow[], classes: DefRow[]) =>
			shortAnswer(
				graph(
					[run, base, stub, ...classes, ...impls],
					[
						[run, stub, "call"],
						...impls.map((d) => [stub, d, "implementation"] as [DefRow, DefRow, "implementation"]),
					],
				),
				"how is a push sent?",
				[],
				{ order: [run, stub], fileScore: new Map<string, number>() },
			).body;
		expect(answer([apn, fcm], [apnClass, fcmClass])).toMatch(
			/implemented by `ApnGateway\.send` \[\d+\] and `FcmGateway\.send` \[\d+\] in `push\/gateways\.ts`\./,
		);
		expect(answer([apn, fcm, web], [apnClass, fcmClass, webClass])).toMatch(
			/implemented by `ApnGateway\.send` \[\d+\] and `FcmGateway\.send` \[\d+\] in `push\/gateways\.ts`, and `WebGateway\.send` \[\d+\] in `push\/web\.ts`/,
		);
	});

	it("names both flows when another one is worth nearly as much, and only one when it is not", () => {
		// "how does a pointer reach the others": a sender pair (ranks 0 and 2) and a receiver pair
		// (1 and 3) sharing no file, close in worth; the ranking cannot tell which one is meant.
		const send = defRow("collab/send.ts", "sendPointer");
		const portal = defRow("collab/portal.ts", "broadcastPointer");
		const move = defRow("canvas/move.ts", "onPointerMove");
		const hit = defRow("canvas/hit.ts", "hitPointer");
		const edges: Parameters<typeof edgeGraph>[1] = [
			[send, portal, "call"],
			[move, hit, "call"],
		];
		const index = graph([send, portal, move, hit], edges);
		const ranking = { order: [send, move, portal, hit], fileScore: new Map<string, number>() };
		const words = conceptVector({
			concepts: [{ word: "pointer", stems: ["pointer"], related: [], weight: 1 }],
		});
		const { body, drafts } = shortAnswer(index, "how does a pointer reach the others?", [], ranking, words);
		// The first line says there are two, with their ends; In short tells the first and names the other.
		expect(body.split("\n")[2]).toBe(
			"Two flows match the question's words about equally well: one from `sendPointer` to `broadcastPointer`, followed step by step below, and one from `onPointerMove` to `hitPointer`.",
		);
		expect(body).toMatch(/It starts in `sendPointer`/);
		// Each marker after the name its range holds; the head of `hitPointer` cited with its own file named.
		expect(body).toMatch(
			/The other flow starts in `onPointerMove` \(`canvas\/move\.ts`\), which calls `hitPointer` \[\d+\], in `canvas\/hit\.ts` \[\d+\]\./,
		);
		// The other flow's files are cited once, in its sentence, not again under "Where to look".
		expect(body).not.toContain("**Where to look**");
		expect(new Set(drafts.map((d) => d.file))).toEqual(
			new Set(["collab/send.ts", "collab/portal.ts", "canvas/move.ts", "canvas/hit.ts"]),
		);

		// The sender publishing a key the receiver handles: one flow (both sides of a queue), not two.
		const key = defRow(null, "pointerMoved", "dispatch-key");
		const sides = graph(
			[send, portal, move, hit, key],
			[...edges, [portal, key, "dispatch"], [key, move, "handler"]],
		);
		const one = shortAnswer(sides, "how does a pointer reach the others?", [], ranking, words);
		expect(one.body).not.toContain("Two flows");

		// Far apart (the receiver pair ranked 20th and 21st): one flow, the other files as places.
		const filler = Array.from({ length: 18 }, (_, i) => defRow(`other/f${i}.ts`, `other${i}`));
		const far = shortAnswer(
			graph([send, portal, ...filler, move, hit], edges),
			"how does a pointer reach the others?",
			[],
			{ order: [send, portal, ...filler, move, hit], fileScore: new Map() },
			words,
		);
		expect(far.body).not.toContain("Two flows");
		expect(far.body).not.toContain("The other flow");
	});

	it("calls a runner-up of one step a place, not a flow, and a flow after a best match of one step", () => {
		// A sender's two steps (its store ranked low, behind unrelated files) and a receiver of one
		// step ranked first, close in worth.
		const send = defRow("collab/send.ts", "sendPointer");
		const store = defRow("collab/store.ts", "storeThing");
		const move = defRow("canvas/move.ts", "onPointerMove");
		const filler = Array.from({ length: 14 }, (_, i) => defRow(`other/f${i}.ts`, `other${i}`));
		const index = graph([send, store, move, ...filler], [[send, store, "call"]]);
		const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
		const ask = (words: string[], behind = filler.length) =>
			shortAnswer(
				index,
				"how does a pointer move?",
				[],
				{ order: [move, send, ...filler.slice(0, behind), store], fileScore: new Map() },
				conceptVector({ concepts: words.map(concept) }),
			).body;
		// "pointer": the sender's flow leads, the receiver is one symbol with no hop, "Also close".
		const lone = ask(["pointer"]);
		expect(lone).not.toContain("flows");
		expect(lone).not.toContain("The other");
		expect(lone).toMatch(/\. Also close: `onPointerMove` in `canvas\/move\.ts` \[\d+\]\.\n/);
		expect(lone.split("\n")[2]).toBe(
			"Best match in the code: the flow from `sendPointer` to `storeThing` in `collab/store.ts` (2 steps over 2 files; its names and files mention the question's “pointer”).",
		);
		// "pointer" and "move": the receiver leads as the best match, the sender is "a flow nearly as close".
		const single = ask(["pointer", "move"], 8);
		expect(single).toMatch(/^The best match is `onPointerMove` \(`canvas\/move\.ts`\) \[\d+\]\./m);
		expect(single).toMatch(
			/A flow nearly as close starts in `sendPointer` \(`collab\/send\.ts`\), which calls `storeThing` \[\d+\]/,
		);
		expect(single).not.toContain("Two flows");
		// No first line for a match of one step: In short opens with it.
		expect(single.split("\n")[2]).toBe("**In short**");
	});

	it("names a key once: its handler, whose label would name it again, is the key's handler", () => {
		// `save` runs the hook `saved`, handled by a callback registered as `callbacks.add('saved', …)`.
		const save = defRow("core/save.ts", "saveThing");
		const key = defRow(null, "saved", "dispatch-key");
		const handler = defRow("hooks/notify.ts", "callbacks.add(saved)", "function", {
			signature: "callbacks.add('saved', async (thing) => {",
		});
		const push = defRow("push/send.ts", "pushThing");
		const words = conceptVector({ concepts: [{ word: "thing", stems: ["thing"], related: [], weight: 1 }] });
		const ask = (steps: DefRow[]) => {
			const edges: Parameters<typeof edgeGraph>[1] = [
				[save, key, "dispatch"],
				[key, handler, "handler"],
				...(steps.includes(push) ? [[handler, push, "call"] as (typeof edges)[number]] : []),
			];
			const g = graph([save, key, handler, ...steps], edges);
			const text = (file: string | null) =>
				file === "core/save.ts" ? "await callbacks.run('saved', t);" : "x";
			return shortAnswer(
				{
					...g,
					fileLines: (file, start) => [
						text(file) === "x" ? (g.fileLines(file, start, start)?.[0] ?? "x") : text(file),
					],
				},
				"how is a thing saved?",
				[],
				{ order: [save, handler, ...steps], fileScore: new Map() },
				words,
			).body;
		};
		const through = ask([push]);
		expect(through).toMatch(
			/runs the hook `saved` \[\d+\]; then the hook's handler calls `pushThing` \[\d+\]/,
		);
		// The step's line names the key; the handler is the next line's subject, not named twice.
		expect(through).toMatch(/1\. `saveThing` runs the hook `saved` \[\d+\]: `await callbacks\.run/);
		// The step itself keeps its own name (labelled after verification: "the `saved` handler (`callbacks.add`)").
		expect(through).toContain("2. `callbacks.add(saved)` calls `pushThing`");
		// Ending at the handler: the first line and In short's last sentence name it by the key.
		const ending = ask([]);
		expect(ending).toContain(
			"the flow from `saveThing`, through the hook `saved`, to the hook's handler in `hooks/notify.ts` (2 steps over 2 files; its names and files mention the question's “thing”).",
		);
		expect(ending).toMatch(
			/runs the hook `saved` \[\d+\]\. Its last step, the hook's handler \[\d+\], calls no other code in this repository\./,
		);
	});

	it("quotes the doc comment of the path's end only when it speaks of the question", () => {
		const route = defRow("auth/controller.ts", "signIn");
		const helper = defRow("utils.ts", "validateEmail", "function", {
			doc: "Checks to see if the email is valid or not.",
		});
		const index = graph([route, helper], [[route, helper, "call"]]);
		const ranking = { order: [route, helper], fileScore: new Map<string, number>() };
		const ask = (word: string, stem: string) =>
			shortAnswer(
				index,
				`how is a ${word} checked?`,
				[],
				ranking,
				conceptVector({
					concepts: [
						{ word, stems: [stem], related: [], weight: 1 },
						{ word: "checked", stems: ["check"], related: [], weight: 1 },
					],
				}),
			).body;
		// "token" and "checked": the doc names one of the two, a helper the path happens to end in.
		expect(ask("token", "token")).toMatch(
			/Its last step, `validateEmail` \[\d+\], calls no other code in this repository\./,
		);
		expect(ask("token", "token")).not.toContain("(“Checks to see");
		// "email" and "checked": it says what the flow does, quoted as the end's comment.
		expect(ask("email", "email")).toMatch(
			/Its last step, `validateEmail` \[\d+\] \(“Checks to see if the email is valid or not”\), calls/,
		);
	});

	it("says whether the chain of calls ends at the last step or the answer stopped following it there", () => {
		// "how is a post scheduled": the controller calls the service, which saves a row (a leaf) and,
		// on a later line, schedules the job; the row store calls nothing of the repository.
		const route = defRow("api/posts.controller.ts", "ArticlesController.create");
		const service = defRow("core/posts.service.ts", "ArticlesService.create");
		const store = defRow("db/posts.repository.ts", "ArticlesRepository.create");
		const schedule = defRow("core/posts.service.ts", "ArticlesService.schedule");
		const helpers = ["hash", "stamp", "clean"].map((n) => defRow(`util/${n}.ts`, n));
		const ask = (edges: Parameters<typeof edgeGraph>[1]) => {
			// The service's call to `schedule` is written two lines below its call to the store.
			const g = edgeGraph([route, service, store, schedule, ...helpers], edges, (src, dst) => ({
				file: src.file,
				line: (src.startLine as number) + (dst === schedule ? 3 : 1),
			}));
			const index: PathIndex = {
				...g,
				fileLines: () => ["await x.create(a);"],
			};
			return shortAnswer(
				index,
				"how is a post created?",
				[],
				{ order: [route, service, store], fileScore: new Map() },
				conceptVector({ concepts: [{ word: "post", stems: ["post"], related: [], weight: 1 }] }),
			).body;
		};
		const path: Parameters<typeof edgeGraph>[1] = [
			[route, service, "call"],
			[service, store, "call"],
			[service, schedule, "call"],
		];
		// A leaf: the chain ends there, and the step before goes on after it returns.
		expect(ask(path)).toMatch(
			/Its last step, `ArticlesRepository\.create` \[\d+\], calls no other code in this repository; after it, `ArticlesService\.create` goes on to call `ArticlesService\.schedule`\./,
		);
		// A store that calls three helpers: the answer stopped there, and says what it did not follow.
		const onward = ask([...path, ...helpers.map((h) => [store, h, "call"] as (typeof path)[number])]);
		expect(onward).toMatch(
			/This answer follows it as far as `ArticlesRepository\.create` \[\d+\]; its calls \(`hash`, `stamp` and 1 more\) are not followed here\./,
		);
		expect(onward).not.toContain("goes on to call");
	});

	it("names with its file a call the last step makes to a function of the same name (a renaming const)", () => {
		// `export const loadOrder = loadOrderFromStore;` in the package's barrel: the alias's one call is to
		// the function it renames, declared under the same name in another file.
		const route = defRow("api/orders.ts", "getOrderRoute");
		const alias = defRow("shared/index.ts", "loadOrder", "variable");
		const real = defRow("shared/store/orders.ts", "loadOrder");
		const index = graph(
			[route, alias, real],
			[
				[route, alias, "call"],
				[alias, real, "call"],
			],
		);
		const { body } = shortAnswer(index, "how is an order loaded?", [], {
			order: [route, alias],
			fileScore: new Map(),
		});
		expect(body).toMatch(
			/This answer follows it as far as `loadOrder` \[\d+\]; its call \(`loadOrder` in `shared\/store\/orders\.ts`\) is not followed here\./,
		);
	});

	it("quotes a place's doc comment only when it names something the question asks about", () => {
		const route = defRow("api/posts.ts", "createPostRoute");
		const service = defRow("core/posts.ts", "createPost");
		const said = defRow("core/drafts.ts", "saveDraft", "function", { doc: "Saves a post as a draft." });
		const noise = defRow("core/time.ts", "TIMEOUTS", "variable", { doc: "Time constants in milliseconds." });
		const index = graph([route, service, said, noise], [[route, service, "call"]]);
		const { body } = shortAnswer(
			index,
			"how is a post created?",
			[],
			{ order: [route, service, said, noise], fileScore: new Map() },
			conceptVector({ concepts: [{ word: "post", stems: ["post"], related: [], weight: 1 }] }),
		);
		expect(body).toMatch(/- `saveDraft` in `core\/drafts\.ts` \[\d+\] — Saves a post as a draft\./);
		// Still a place, cited; only its doc is left out.
		expect(body).toMatch(/- `TIMEOUTS` in `core\/time\.ts` \[\d+\]$/m);
		expect(body).not.toContain("Time constants");
	});

	it("says a step written inside the step it calls calls it again, not as a loop", () => {
		// A retry listener defined inside `loadInitialScene` that runs `loadInitialScene` once more.
		const init = defRow("app/App.tsx", "loadInitialScene");
		const listener = defRow("app/App.tsx", "loadInitialScene.window.addEventListener(focus)", "function", {
			parentId: init.id,
			signature: "window.addEventListener('focus', () =>",
		});
		const load = defRow("data/blob.ts", "loadFromBlob");
		const index = graph(
			[init, listener, load],
			[
				[listener, init, "call"],
				[init, load, "call"],
			],
		);
		const { body } = shortAnswer(index, "how is a scene loaded?", [], {
			order: [listener, init, load],
			fileScore: new Map(),
		});
		expect(body).toMatch(/which calls `loadInitialScene` again \[\d+\]/);
		expect(body).toMatch(
			/1\. `loadInitialScene\.window\.addEventListener\(focus\)` calls `loadInitialScene` again \[\d+\]/,
		);
		// The step it calls is not "again" anywhere else.
		expect(body).toMatch(/2\. `loadInitialScene` calls `loadFromBlob` \[\d+\]/);
	});

	it("says a path ending at an interface member with no implementation ends at a declaration", () => {
		const run = defRow("setup/admin.ts", "insertAdmin");
		const model = defRow("typings/users.ts", "IUsersModel", "interface");
		const create = defRow("typings/users.ts", "IUsersModel.create", "method", { parentId: model.id });
		const index = graph([run, model, create], [[run, create, "call"]]);
		const { body } = shortAnswer(index, "how is the admin user created?", [], {
			order: [run, create],
			fileScore: new Map(),
		});
		expect(body).toMatch(
			/It is followed as far as `IUsersModel\.create` \[\d+\], declared in an interface\./,
		);
		expect(body).not.toContain("calls no other code");
	});

	it("of two close flows, the better-ranked leads even when the other fires a key naming the question", () => {
		// "how is it created": a pricing pair ranked first, and a pair close behind that publishes
		// `orderCreated`; the pricing pair publishes a key naming nothing asked. No step's name says "created".
		const quote = defRow("pricing/quote.ts", "quoteOrder");
		const create = defRow("orders/place.ts", "placeOrder");
		const price = defRow("pricing/price.ts", "priceLines");
		const insert = defRow("orders/store.ts", "insertOrder");
		const created = defRow(null, "orderCreated", "dispatch-key");
		const priced = defRow(null, "linesPriced", "dispatch-key");
		const edges: Parameters<typeof edgeGraph>[1] = [
			[quote, price, "call"],
			[create, insert, "call"],
			[insert, created, "dispatch"],
			[price, priced, "dispatch"],
		];
		const index = graph([quote, create, price, insert, created, priced], edges);
		const words = conceptVector({
			concepts: [{ word: "created", stems: ["creat"], related: [], weight: 1 }],
		});
		const ranking = { order: [quote, create, price, insert], fileScore: new Map<string, number>() };
		const { body } = shortAnswer(index, "how is an order created?", [], ranking, words);
		// Letting the announcing flow lead turned a judged right answer wrong (run 12): both are told, the best leads.
		expect(body).toMatch(/It starts in `quoteOrder`/);
		expect(body).toContain("The other flow starts in `placeOrder`");

		// Neither announcing anything: the better-ranked flow leads.
		const quiet = graph([quote, create, price, insert], edges.slice(0, 2));
		const plain = shortAnswer(quiet, "how is an order created?", [], ranking, words);
		expect(plain.body).toMatch(/It starts in `quoteOrder`/);
	});

	it("names the key the path fires that the question names, cited last, at the dispatching call", () => {
		// "how do clients learn a request was created": the path creates the request, and the
		// service publishes `requestCreated` on the way (the call on one line, the key on the next).
		const resolver = defRow("api/resolver.ts", "createRequestMutation");
		const service = defRow("core/service.ts", "createRequest");
		const topic = defRow(null, "requestCreated", "dispatch-key");
		const publish = defRow("bus/pubsub.ts", "publish");
		const g = edgeGraph(
			[resolver, service, topic, publish],
			[
				[resolver, service, "call"],
				[service, publish, "call"],
				[service, topic, "dispatch"],
			],
			(src, dst) =>
				dst === topic
					? { file: src.file, line: (src.startLine as number) + 2 }
					: { file: src.file, line: (src.startLine as number) + 1 },
		);
		const text = new Map<string, string>([
			[`api/resolver.ts:${(resolver.startLine as number) + 1}`, "return createRequest(input);"],
			[`core/service.ts:${(service.startLine as number) + 1}`, "this.bus.publish("],
			[`core/service.ts:${(service.startLine as number) + 2}`, "`req/${id}/created`,"],
		]);
		const index: PathIndex = {
			...g,
			fileLines: (file, start, end) =>
				Array.from({ length: end - start + 1 }, (_, i) => text.get(`${file}:${start + i}`) ?? "x"),
		};
		const words = conceptVector({
			concepts: [{ word: "created", stems: ["creat"], related: [], weight: 1 }],
		});
		const ranking = { order: [resolver, service], fileScore: new Map<string, number>() };
		const { body, drafts } = shortAnswer(
			index,
			"how do clients learn a request was created?",
			[],
			ranking,
			words,
		);
		// The key in words its trunk gives it (a `callbacks` trunk's key is a hook).
		expect(body).toContain(
			"On the way, `createRequest` runs the hook `requestCreated` (the last place below).",
		);
		expect(body).toMatch(
			/- `createRequest` runs the hook `requestCreated` with `publish` \[(\d+)\]: `this\.bus\.publish\(/,
		);
		const last = drafts.at(-1);
		expect(last).toMatchObject({ file: "core/service.ts", symbol: "publish" });
		expect(last?.endLine).toBe((last?.startLine as number) + 1);
		// Without the question's concepts (an impact question) no key is told.
		expect(shortAnswer(index, "what if createRequest changed?", [], ranking).body).not.toContain(
			"requestCreated",
		);
	});

	it("gives one place to a family of plug-ins the path already holds, each place to a few strategies", () => {
		// "how is a file stored": the path ends at the contract its adapters implement; the ranking
		// then lists adapters' implementations before the job that schedules the storing.
		const job = defRow("jobs/store.ts", "storeJob");
		const contract = defRow("core/storage.ts", "Storage", "interface");
		const member = defRow("core/storage.ts", "Storage.save", "method", { parentId: contract.id });
		const adapters = ["A", "B", "C", "D", "E"].map((n) => {
			const cls = defRow(`adapters/${n}.ts`, `${n}Storage`, "class");
			return defRow(`adapters/${n}.ts`, `${n}Storage.save`, "method", { parentId: cls.id });
		});
		const scheduler = defRow("core/schedule.ts", "scheduleStore");
		const edges = (n: number): Parameters<typeof edgeGraph>[1] => [
			[job, member, "call"],
			...adapters.slice(0, n).map((d) => [member, d, "implementation"] as [DefRow, DefRow, "implementation"]),
		];
		const ranking = (n: number) => ({
			order: [job, member, ...adapters.slice(0, n), scheduler],
			fileScore: new Map<string, number>(),
		});
		const files = (n: number) =>
			new Set(
				shortAnswer(
					graph([job, contract, member, ...adapters.slice(0, n), scheduler], edges(n)),
					"how is a file stored?",
					[],
					ranking(n),
				).drafts.map((d) => d.file),
			);
		// Five implementations: a family; the path's contract holds it, the scheduler is the next place.
		const family = files(5);
		expect(family.has("core/schedule.ts")).toBe(true);
		expect(adapters.filter((d) => family.has(d.file as string))).toEqual([]);
		// Three: strategies, each a place of its own.
		const few = files(3);
		expect(adapters.slice(0, 3).every((d) => few.has(d.file as string))).toBe(true);
	});

	it("spends no place on a file the strategies In short names already cite", () => {
		// The ranking lists the path's strategies before the other places: each keeps its line, and the
		// places still add WHERE_TO_LOOK files beside the flow's.
		const run = defRow("jobs/run.ts", "runJob");
		const base = defRow("jobs/base.ts", "BaseProvider", "class");
		const stub = defRow("jobs/base.ts", "BaseProvider.trigger", "method", { parentId: base.id });
		const impls = ["Local", "Queue", "Cloud"].map((n) => {
			const cls = defRow(`jobs/${n.toLowerCase()}.ts`, `${n}Provider`, "class");
			return defRow(`jobs/${n.toLowerCase()}.ts`, `${n}Provider.trigger`, "method", { parentId: cls.id });
		});
		const rest = Array.from({ length: 9 }, (_, i) => defRow(`jobs/more/m${i}.ts`, `triggerHelper${i}`));
		const index = graph(
			[run, base, stub, ...impls, ...rest],
			[
				[run, stub, "call"],
				...impls.map((d) => [stub, d, "implementation"] as [DefRow, DefRow, "implementation"]),
			],
		);
		const ranking = { order: [run, stub, ...impls, ...rest], fileScore: new Map<string, number>() };
		const { body, drafts } = shortAnswer(index, "how is a job triggered?", [], ranking);
		const cited = new Set(drafts.map((d) => d.file));
		expect(impls.every((d) => cited.has(d.file as string))).toBe(true);
		expect(rest.filter((d) => cited.has(d.file as string))).toEqual(rest.slice(0, WHERE_TO_LOOK));
		expect(body).toMatch(/^- `QueueProvider\.trigger` in `jobs\/queue\.ts` \[\d+\]/m);
	});

	it("gives the caller that enters the flow one of the places, so the answer cites as many files", () => {
		const route = defRow("api/invoices.ts", "postInvoiceRoute");
		const issue = defRow("services/invoice.ts", "issueInvoice");
		const save = defRow("models/invoices.ts", "saveInvoice");
		const rest = Array.from({ length: 9 }, (_, i) => defRow(`other/m${i}.ts`, `invoiceHelper${i}`));
		const ranking = { order: [issue, save, ...rest], fileScore: new Map<string, number>() };
		const words = conceptVector({
			concepts: [{ word: "invoice", stems: ["invoic"], related: [], weight: 1 }],
		});
		const files = (edges: Parameters<typeof edgeGraph>[1]) =>
			new Set(
				shortAnswer(
					graph([route, issue, save, ...rest], edges),
					"how is an invoice issued?",
					[],
					ranking,
					words,
				).drafts.map((d) => d.file),
			);
		const without = files([[issue, save, "call"]]);
		const withRoute = files([
			[route, issue, "call"],
			[issue, save, "call"],
		]);
		expect(without.has("api/invoices.ts")).toBe(false);
		expect(withRoute.has("api/invoices.ts")).toBe(true);
		expect(withRoute.size).toBe(without.size);
		expect(without.has("other/m6.ts")).toBe(true);
		expect(withRoute.has("other/m6.ts")).toBe(false);
	});
	it("gives a contract's place to the implementation that runs; when the path holds it, the contract's own place or none", () => {
		// "how is an order saved": after the path, the ranking lists the store's interface member
		// (a signature) before its one implementation and other matches.
		const route = defRow("api/orders.ts", "postOrderRoute");
		const service = defRow("services/orders.ts", "saveOrder");
		const contract = defRow("typings/store.ts", "IOrderStore", "interface");
		const member = defRow("typings/store.ts", "IOrderStore.insert", "method", { parentId: contract.id });
		const store = defRow("models/orders.ts", "OrderStore", "class");
		const impl = defRow("models/orders.ts", "OrderStore.insert", "method", { parentId: store.id });
		const others = Array.from({ length: 3 }, (_, i) => defRow(`other/o${i}.ts`, `orderHelper${i}`));
		const defs = [route, service, contract, member, store, impl, ...others];
		const cited = (edges: Parameters<typeof edgeGraph>[1], contractBesideImplementation = false) =>
			shortAnswer(
				graph(defs, edges),
				"how is an order saved?",
				[],
				{ order: [route, service, member, ...others, impl], fileScore: new Map<string, number>() },
				undefined,
				{ contractBesideImplementation },
			).drafts.map((d) => d.file);
		const contractEdge: [DefRow, DefRow, "implementation"] = [member, impl, "implementation"];
		// The implementation takes the contract's place, ahead of the files ranked between them.
		const files = cited([[route, service, "call"], contractEdge]);
		expect(files).not.toContain("typings/store.ts");
		expect(files.indexOf("models/orders.ts")).toBeLessThan(files.indexOf("other/o0.ts"));
		// The path runs through the implementation: the contract takes no place, the next file does.
		const through = cited([[route, service, "call"], [service, impl, "call"], contractEdge]);
		expect(through).not.toContain("typings/store.ts");
		expect(through).toContain("other/o2.ts");
		// … unless the contract keeps its place beside the cited implementation (the default).
		const beside = cited([[route, service, "call"], [service, impl, "call"], contractEdge], true);
		expect(beside).toContain("typings/store.ts");
		expect(beside.indexOf("typings/store.ts")).toBeLessThan(beside.indexOf("other/o0.ts"));
		// Not yet cited, the implementation still takes the contract's place with the option on.
		const runs = cited([[route, service, "call"], contractEdge], true);
		expect(runs).not.toContain("typings/store.ts");
		expect(runs.indexOf("models/orders.ts")).toBeLessThan(runs.indexOf("other/o0.ts"));
		// Without the implementation edge the member is a place like any other.
		expect(cited([[route, service, "call"]])).toContain("typings/store.ts");
		// With two implementations (strategies) the contract is what they share: it keeps its place.
		const cache = defRow("models/cache.ts", "CachedOrderStore.insert", "method");
		defs.push(cache);
		expect(cited([[route, service, "call"], contractEdge, [member, cache, "implementation"]])).toContain(
			"typings/store.ts",
		);
	});
});
