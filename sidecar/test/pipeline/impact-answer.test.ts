/**
 * The short offline answer to an impact question (impact/answer.ts), on the mini-chat fixture: the
 * impact listing's exact counts, and the register and run sites of a key (the call sites of a
 * function) cited at the lines that make them; a question naming nothing keeps the flow answer.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import type { DefRow } from "../../src/index/types.js";
import { ask } from "../../src/pipeline/ask.js";
import { impactTarget } from "../../src/pipeline/material/impact.js";
import { SHORT_ANSWER_CHARS } from "../../src/pipeline/short/fit.js";
import { citationHolds } from "../../src/pipeline/verify.js";
import { cited } from "../support/cited.js";
import { defRow } from "../support/defs.js";
import { indexForSuite, openFixtureIndex, openIndexOf, openIndexWithTrunks } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const TEST_FILE = /\.(spec|test)\.[jt]sx?$|(^|\/)tests?\//;

describe("the offline answer to an impact question", () => {
	const index = indexForSuite(openFixtureIndex);

	const cites = (
		r: { citations: { file: string; startLine: number; endLine: number }[] },
		file: string,
		line: number,
	) => r.citations.some((c) => c.file === file && c.startLine <= line && line <= c.endLine);

	it("counts a key's sites as the index does and cites where it is run and who registers on it", async () => {
		const r = await ask(index(), "What would break if the `afterMessageSave` callback changed?");
		const impact = r.trace.material?.impact;
		expect(impact?.target).toBe("afterMessageSave");
		const key = index()
			.defsByName("afterMessageSave")
			.find((d) => d.kind === "dispatch-key") as DefRow;
		const trunk = key.defId.slice("trunk:".length, key.defId.indexOf("#"));
		const sites = index().dispatchSites(trunk, "afterMessageSave");
		const runs = sites.filter((s) => s.side === "dispatch");
		const registers = sites.filter((s) => s.side === "register");
		expect(runs.length).toBeGreaterThan(0);
		expect(registers.length).toBeGreaterThan(0);

		// What the key is, in words (its trunk's family), not the index's "key of the callbacks trunk".
		expect(r.answer).toMatch(/The hook `afterMessageSave` is a string name[,.]/);
		expect(r.answer).not.toContain("trunk");
		expect(r.answer).toContain(`touches ${impact?.sites} sites in ${impact?.files} files`);
		expect(r.answer).toContain(`run at ${runs.length} site${runs.length === 1 ? "" : "s"}`);
		expect(r.answer).toContain(
			`${registers.length} handler${registers.length === 1 ? " is" : "s are"} registered`,
		);
		expect(r.answer).toContain("**Where it is run**");
		expect(r.answer).toContain("**Who registers on it**");
		for (const s of [...runs, ...registers])
			expect(cites(r, s.file, s.line), `${s.file}:${s.line}`).toBe(true);
		expect(r.droppedCitations).toBe(0);
		for (const c of r.citations) expect(citationHolds(index(), c)).toBe(true);
		expect(r.answer.length).toBeLessThanOrEqual(SHORT_ANSWER_CHARS);
	});

	it("cites every call site of a function, its declaration first", async () => {
		const r = await ask(index(), "What would break if `performSendMessage` changed?");
		const def = index()
			.defsByName("performSendMessage")
			.find((d) => d.kind === "function") as DefRow;
		const calls = new Set(
			index()
				.edgesTo(def.id)
				.filter((e) => e.kind === "call" && e.file && !TEST_FILE.test(e.file))
				.map((e) => `${e.file}:${e.line}`),
		);
		expect(calls.size).toBeGreaterThan(0);
		expect(r.answer).toContain(`called at ${calls.size} site${calls.size === 1 ? "" : "s"}`);
		expect(r.answer).toContain("**Where it is called**");
		// What it calls is context, not something a change to it reaches (its callers are).
		expect(r.answer).toContain("**What it calls (context: a change to it does not change these)**");
		expect(r.answer).toMatch(/It calls into \d+ places \([^)]*\): context, not changed with it\./);
		expect(r.answer).not.toMatch(/What it runs|a change reaches these/);
		// Definitions sharing only words with it (a push gateway's `send`) are no related places: no
		// contract of its file ties them to it (impact/related.ts; impact-related-contract.test.ts).
		expect(r.answer).not.toContain("**Related by name");
		expect(r.answer).not.toContain("PushGateway.send");
		for (const at of calls) {
			const [file, line] = at.split(":");
			expect(cites(r, file as string, Number(line)), at).toBe(true);
		}
		// Its declaration is cited first.
		expect(r.citations[0]?.file).toBe(def.file);
		expect(r.citations[0]?.startLine).toBe(def.startLine);
		expect(r.droppedCitations).toBe(0);
	});

	it("goes one call further up through a key: who dispatches the route whose handler calls it", async () => {
		const r = await ask(index(), "What would break if `performSendMessage` changed?");
		const key = index()
			.defsByName("chat.sendMessage")
			.find((d) => d.kind === "dispatch-key") as DefRow;
		const trunk = key.defId.slice("trunk:".length, key.defId.indexOf("#"));
		const dispatches = index()
			.dispatchSites(trunk, "chat.sendMessage")
			.filter((s) => s.side === "dispatch");
		expect(dispatches.length).toBeGreaterThan(0);
		expect(r.answer).toMatch(/dispatches the endpoint `chat\.sendMessage`, handled by/);
		for (const s of dispatches) expect(cites(r, s.file, s.line), `${s.file}:${s.line}`).toBe(true);
		for (const c of r.citations) expect(citationHolds(index(), c)).toBe(true);
	});

	it("lists every site it counts in the full answer", async () => {
		const r = await ask(index(), "What would break if the `afterMessageSave` callback changed?", {
			detail: "full",
		});
		const impact = r.trace.material?.impact;
		const section = r.answer.slice(r.answer.indexOf("### Every use of `afterMessageSave`"));
		expect(section.length).toBeGreaterThan(0);
		expect(section.match(/^ {2}- \d+ \[/gm)?.length).toBe(impact?.sites);
	});

	it("keeps the flow answer for an impact question that names no definition", async () => {
		const r = await ask(index(), "What would be affected if message sending changed?");
		expect(r.abstained).toBe(false);
		expect(r.answer).not.toContain("**Where it is run**");
		expect(r.answer).not.toContain("**Where it is called**");
		expect(r.answer).toContain("**In short**");
	});
});

describe("impactTarget", () => {
	const def = (name: string, kind: DefRow["kind"]): DefRow => defRow(`src/${name}.ts`, name, kind);
	const defs = [
		def("Chat", "class"),
		def("Streamer", "class"),
		def("UserService", "class"),
		def("remove", "function"),
	];
	const index = {
		def: () => undefined,
		defsByName: (name: string) => defs.filter((d) => d.name === name),
	};

	it("does not read a product name written with a dot as a member ('Rocket.Chat' is no `Chat`)", () => {
		const t = impactTarget(
			index,
			["Rocket.Chat"],
			[],
			"What is the blast radius of changing the Streamer module in Rocket.Chat?",
		);
		expect(t?.name).toBe("Streamer");
	});

	it("still reads a member access whose head is a definition", () => {
		expect(
			impactTarget(index, ["UserService.remove"], [], "What if I change UserService.remove?")?.name,
		).toBe("remove");
	});
});

describe("an impact question about an event keyed by its class", () => {
	it("lists the class's uses, with the listeners its trunk joins as registrations", async () => {
		const repo = fileURLToPath(new URL("../../../examples/discovery/event-classes", import.meta.url));
		const out = join(mkdtempSync(join(tmpdir(), "codeask-impact-class-key-")), "index.db");
		// Indexed as `codeask index` does: no preset names the idiom, discovery finds it.
		const index = await openIndexWithTrunks(repo, out);
		try {
			const { answer } = await ask(index, "What would break if StockLowEvent changed?");
			// The class, not the trunk's key of the same name (a key has "no declaration of its own").
			expect(answer).toMatch(/`StockLowEvent` \(class\) is defined in `src\/events\/events\.ts`/);
			expect(answer).toMatch(
				/\*\*Where it is registered or handled\*\*[^\n]*\n- `…\/search\/search-indexer\.ts` \[\d+\]: `SearchIndexer\.markLow`/,
			);
		} finally {
			index.close();
			rmSync(dirname(out), { recursive: true, force: true });
		}
	}, 60_000);
});

describe("an impact question about a key no trunk joins", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"package.json": '{ "name": "shop" }',
			"src/bus.ts": [
				"const handlers = new Map<string, (() => void)[]>();",
				"export function notify(topic: string): void {",
				"\tfor (const h of handlers.get(topic) ?? []) h();",
				"}",
				"export function subscribe(topic: string, h: () => void): void {",
				"\thandlers.set(topic, [...(handlers.get(topic) ?? []), h]);",
				"}",
			].join("\n"),
			"src/orders.ts": [
				'import { notify } from "./bus";',
				"export function payOrder(): void {",
				'\tnotify("order.paid");',
				"}",
			].join("\n"),
			"src/mail.ts": [
				'import { subscribe } from "./bus";',
				"export function startMail(): void {",
				'\tsubscribe("order.paid", () => console.log("mail"));',
				"}",
			].join("\n"),
			// A definition named like the key's last word: not what the question asks about.
			"src/status.ts":
				"export function paid(): boolean {\n\treturn true;\n}\nexport const isPaid = () => paid();\n",
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("lists the lines writing the key, not a definition named like its last word", async () => {
		const r = await ask(index, "What would break if I renamed order.paid?");
		expect(r.trace.material?.impact?.target ?? r.answer).not.toBe("paid");
		expect(r.answer).toContain("`order.paid` is no definition");
		expect(r.answer).toContain("**Where it is written** (2 sites in 2 files)");
		expect(cited(r, "src/orders.ts", 3)).toBe(true);
		expect(cited(r, "src/mail.ts", 3)).toBe(true);
		// `paid` is at most related by name, never the subject counted.
		expect(r.answer).not.toContain("`paid` (function) is defined");
		const related = r.answer.indexOf("**Related by name");
		expect(r.answer.indexOf("`paid`")).toSatisfy((i: number) => i === -1 || (related > 0 && i > related));
		expect(r.droppedCitations).toBe(0);
	});

	it("takes a lower-case dotted name as a key, unless a definition is qualified by it", () => {
		expect(impactTarget(index, ["order.paid"], [])?.defId).toBe("literal:order.paid");
		// No definition is qualified `bus.notify` (the function is `notify` of module bus.ts): a key too.
		expect(impactTarget(index, ["bus.notify"], [])?.defId).toBe("literal:bus.notify");
	});
});

describe("an impact question about one of two same-named definitions", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const ui = (n: number) =>
			`import { JobName, send } from "./client";\nexport const b${n} = send(JobName.Thumbs);\n`;
		const repo = repoWith({
			"package.json": '{ "name": "jobs" }',
			"src/server/enum.ts": "export enum JobName {\n\tExtract = 'extract',\n}\n",
			"src/server/use.ts": 'import { JobName } from "./enum";\nexport const a = JobName.Extract;\n',
			"src/sdk/client.ts":
				"export enum JobName {\n\tThumbs = 'thumbs',\n}\nexport function send(id: JobName) {\n\treturn id;\n}\n",
			"src/sdk/ui1.ts": ui(1),
			"src/sdk/ui2.ts": ui(2),
			"src/sdk/ui3.ts": ui(3),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("takes the one in the file the question names and counts only its uses", async () => {
		const r = await ask(index, "What would break if I renamed the JobName enum in src/server/enum.ts?");
		expect(r.answer).toContain("is defined in `src/server/enum.ts`");
		const listed = r.trace.material?.impact;
		expect(listed?.files).toBe(1);
		expect(r.answer).toContain("touches 2 sites in 1 file");
		// The SDK's own enum is another definition: asked about by its file, it gets its own uses.
		const sdk = await ask(index, "What would break if I renamed the JobName enum in src/sdk/client.ts?");
		expect(sdk.answer).toContain("is defined in `src/sdk/client.ts`");
		expect(sdk.answer).toContain("touches 7 sites in 4 files");
		// The server's file is at most related by name, never counted among the uses.
		const related = sdk.answer.indexOf("**Related by name");
		expect(sdk.answer.indexOf("server/use.ts")).toSatisfy(
			(i: number) => i === -1 || (related > 0 && i > related),
		);
	});
});
