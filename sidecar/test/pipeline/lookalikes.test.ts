/**
 * Lookalikes listed by a few members (pipeline/lookalikes.ts): a plug-in family of six chat providers
 * implementing one interface member, and three near-identical versions of a workflow in sibling
 * files, on a small repository indexed for the test. The select prompt lists the interface member,
 * the two best-ranked providers and the one the question names, then one line naming the rest; the
 * model may still pick a folded one by name. The material's map folds them the same way.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import type { LlmClient, LlmRequest } from "../../src/llm/types.js";
import { llmSelect } from "../../src/pipeline/llm-stages.js";
import { foldNote, lookalikes, standsOut } from "../../src/pipeline/lookalikes.js";
import { wordStems } from "../../src/pipeline/match.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { wordCut } from "../../src/pipeline/material/signature-text.js";
import { analyzeQuestion, questionWords } from "../../src/pipeline/query.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { newerVersion, versionFolder, versionOf } from "../../src/pipeline/versions.js";
import { openIndexOf } from "../support/open-index.js";
import { indexedRepo } from "../support/path-fixture.js";
import { callNode, defIn, oneChain } from "../support/skeletons.js";

const PROVIDERS = ["slack", "discord", "mattermost", "zulip", "ryver", "teams"];
const className = (p: string) => `${p[0]?.toUpperCase()}${p.slice(1)}Provider`;
const provider = (p: string) =>
	[
		'import type { IChatProvider } from "../provider.interface";',
		`export class ${className(p)} implements IChatProvider {`,
		"\tasync sendMessage(text: string): Promise<string> {",
		...Array.from({ length: 8 }, (_, i) => `\t\tconst part${i} = text.slice(${i}, ${i + 1});`),
		`\t\treturn "${p}" + part0;`,
		"\t}",
		"}",
	].join("\n");
const workflow = (v: string) =>
	[
		`export async function postWorkflow${v}(postId: string): Promise<string> {`,
		...Array.from({ length: 8 }, (_, i) => `\tconst step${i} = postId.slice(${i});`),
		"\treturn step0;",
		"}",
	].join("\n");

const FILES: Record<string, string> = {
	"package.json": '{ "name": "chat-app", "private": true }',
	"src/providers/provider.interface.ts": [
		"export interface IChatProvider {",
		"\tsendMessage(text: string): Promise<string>;",
		"}",
	].join("\n"),
	...Object.fromEntries(PROVIDERS.map((p) => [`src/providers/${p}/${p}.provider.ts`, provider(p)])),
	...Object.fromEntries(
		["V102", "V103", "V104"].map((v) => [`src/workflows/post.workflow.v1.0.${v.slice(3)}.ts`, workflow(v)]),
	),
	"src/notify.ts": [
		'import type { IChatProvider } from "./providers/provider.interface";',
		"export async function notify(provider: IChatProvider, text: string): Promise<string> {",
		"\treturn provider.sendMessage(text);",
		"}",
	].join("\n"),
};

const QUESTION = "How does notify send a chat message, for instance to Discord?";

const { index } = indexedRepo(FILES, "codeask-lookalikes-", (root) => openIndexOf(root));
let defs: {
	notify: DefRow;
	contract: DefRow;
	members: DefRow[];
	versions: DefRow[];
};
beforeAll(() => {
	const def = (id: string) => defIn(index(), id);
	defs = {
		notify: def("src/notify.ts#notify"),
		contract: def("src/providers/provider.interface.ts#IChatProvider.sendMessage"),
		members: PROVIDERS.map((p) => def(`src/providers/${p}/${p}.provider.ts#${className(p)}.sendMessage`)),
		versions: ["V102", "V103", "V104"].map((v) =>
			def(`src/workflows/post.workflow.v1.0.${v.slice(3)}.ts#postWorkflow${v}`),
		),
	};
});

/** One chain: the entry, the interface member, its six providers, the three workflow versions. */
function skeletons(): Skeleton[] {
	const node = (def: DefRow, depth: number, relevance: number) =>
		callNode(def, depth, relevance, defs.notify);
	return oneChain("notify", [
		node(defs.notify, 0, 3),
		node(defs.contract, 1, 2),
		// Slack rated best, then Mattermost; Discord (the question names it) rated low.
		...defs.members.map((d, i) => node(d, 2, [1.5, 0.2, 1.2, 0.5, 0.5, 0.5][i] ?? 0)),
		...defs.versions.map((d, i) => node(d, 1, [0.4, 0.6, 0.4][i] ?? 0)),
	]);
}

/** A model that answers `reply` and keeps the request it was sent. */
function fakeLlm(reply: unknown): { llm: LlmClient; requests: LlmRequest[] } {
	const requests: LlmRequest[] = [];
	const llm = {
		provider: "openai",
		model: "fake",
		generateText: async () => ({ text: "" }),
		generateJson: async (req: LlmRequest & { schema: { parse: (v: unknown) => unknown } }) => {
			requests.push(req);
			return { value: req.schema.parse(reply) };
		},
	} as unknown as LlmClient;
	return { llm, requests };
}

describe("lookalike groups", () => {
	it("groups a family's members by their interface member and versions by name and folder", () => {
		const look = lookalikes(index());
		const keys = defs.members.map((d) => look(d)?.key);
		expect(new Set(keys).size).toBe(1);
		expect(look(defs.members[1] as DefRow)).toMatchObject({ kind: "family", tag: "DiscordProvider" });
		expect(look(defs.notify)).toBeNull();
		expect(look(defs.contract)).toBeNull();
		const versions = defs.versions.map((d) => look(d));
		expect(new Set(versions.map((v) => v?.key)).size).toBe(1);
		expect(versions.map((v) => v?.tag)).toEqual(["V102", "V103", "V104"]);
	});

	it("tells versions by a name's suffix or a path's version, not by any number", () => {
		expect(versionOf({ qualifiedName: "postWorkflowV103", file: "a/post.workflow.v1.0.3.ts" })).toEqual({
			key: "postWorkflow@a/",
			tag: "V103",
		});
		expect(versionOf({ qualifiedName: "handler", file: "api/v2/users.ts" })).toEqual({
			key: "handler@api/v#/users.ts",
			tag: "v2",
		});
		expect(versionOf({ qualifiedName: "sha256", file: "lib/hash.ts" })).toBeNull();
		expect(newerVersion("v1.0.10", "v1.0.9")).toBe(true);
		expect(newerVersion("V102", "V109")).toBe(false);
		expect(versionOf({ qualifiedName: "handler", file: "api/users.ts" })).toBeNull();
	});

	it("gives a file's version folder the same on every call, past the number of paths it keeps", () => {
		const cases: [string, string][] = [
			["api/v2/users.ts", "api/v#/"],
			["a/post.workflow.v1.0.3.ts", "a/"],
			["src/v1.2/x/y.ts", "src/v#/x/"],
			["top.ts", ""],
		];
		for (const pass of [1, 2]) {
			for (const [file, folder] of cases) expect(versionFolder(file), `${file} pass ${pass}`).toBe(folder);
			// More paths than are kept: the kept ones are dropped, the answers stay.
			for (let i = 0; i < 100_001; i++) versionFolder(`pkg${i}/v${i % 7}/f.ts`);
			expect(versionFolder("pkg5/v5/f.ts")).toBe("pkg5/v#/");
		}
	});

	it("lets a question word pick a member out only when few of its group hold it", () => {
		const look = lookalikes(index());
		const discord = look(defs.members[1] as DefRow);
		if (!discord) throw new Error("no family");
		expect(standsOut(discord, ["discord"])).toBe(true);
		// Every provider's path holds `providers`: no member stands out by it.
		expect(standsOut(discord, ["provider"])).toBe(false);
		// Words meet by the ranking's rule (a shared prefix), as `discords` meets `discord`.
		expect(standsOut(discord, ["discords"])).toBe(true);
		const other = { ...discord, own: wordStems("TwilioSmsProvider src/providers/twilio/twilio.provider.ts") };
		expect(standsOut(other, ["discord"])).toBe(false);
		expect(foldNote("family", ["A", "B"], "send")).toBe("and 2 more implementations of send: A, B");
		expect(foldNote("version", ["V103", "V104"], "post")).toBe("(also V104, V103)");
		expect(foldNote("family", ["A"], "send")).toBe("and 1 more implementation of send: A");
	});
});

describe("the select prompt's lookalikes", () => {
	const q = analyzeQuestion(QUESTION);

	it("lists a family by its interface member, two best-ranked members and the one the question names, then one line", async () => {
		const { llm, requests } = fakeLlm({ chains: ["c1"], nodes: ["n1"] });
		await llmSelect(llm, q, skeletons(), undefined, Number.MAX_SAFE_INTEGER, index());
		const prompt = requests[0]?.prompt ?? "";
		expect(prompt).toMatch(/n2 {2}IChatProvider\.sendMessage/);
		for (const kept of ["SlackProvider", "MattermostProvider", "DiscordProvider"])
			expect(prompt).toMatch(new RegExp(`n\\d+ {2}${kept}\\.sendMessage`));
		for (const folded of ["ZulipProvider", "RyverProvider", "TeamsProvider"])
			expect(prompt).not.toMatch(new RegExp(`n\\d+ {2}${folded}\\.sendMessage`));
		expect(prompt).toContain(
			"and 3 more implementations of sendMessage: ZulipProvider, RyverProvider, TeamsProvider",
		);
		// Versions: the best-ranked one, naming the others.
		expect(prompt).toMatch(
			/n\d+ {2}postWorkflowV103 \[function\] \(src\/workflows\/post\.workflow\.v1\.0\.3\.ts\) \(also V104, V102\)/,
		);
		expect(prompt).not.toMatch(/postWorkflowV102 \[/);
		expect(prompt).toContain('or a name from an "and N more" or "(also …)" note');
	});

	it("accepts a folded member named by its class or its qualified name", async () => {
		const { llm } = fakeLlm({ chains: ["c1"], nodes: ["n1", "ZulipProvider", "postWorkflowV104"] });
		const { picks } = await llmSelect(llm, q, skeletons(), undefined, Number.MAX_SAFE_INTEGER, index());
		expect(picks).toEqual([defs.notify.defId, defs.members[3]?.defId, defs.versions[2]?.defId]);
	});

	it("lists every member without the index (nothing to fold by)", async () => {
		const { llm, requests } = fakeLlm({ chains: ["c1"], nodes: [] });
		await llmSelect(llm, q, skeletons(), undefined, Number.MAX_SAFE_INTEGER);
		expect(requests[0]?.prompt).toMatch(/n\d+ {2}ZulipProvider\.sendMessage/);
	});
});

describe("the material map's lookalikes", () => {
	const words = questionWords(analyzeQuestion(QUESTION));
	const input = () => ({ skeletons: skeletons(), picks: [], words, relevance: () => 0.5 });
	// Room for the entry's body and the map, not for the providers' bodies.
	const config = { tokenBudget: 260, wholeDefLines: 4, sliceLines: 2 };
	const mapLines = (reach = MATERIAL_REACH) =>
		assembleMaterial(index(), input(), config, undefined, reach)
			.sources.filter((s) => s.unit === "signature")
			.map((s) => `${s.node.def.qualifiedName}: ${s.text}`);

	it("names the family's later members on its first member's line, and the question's member keeps its own", () => {
		const lines = mapLines();
		const members = lines.filter((l) => /^\w+Provider\.sendMessage/.test(l) && !l.startsWith("IChat"));
		// The first two listed, and Discord, which the question names.
		expect(members.map((l) => l.split(":")[0])).toEqual([
			"SlackProvider.sendMessage",
			"MattermostProvider.sendMessage",
			"DiscordProvider.sendMessage",
		]);
		expect(members[0]).toContain(
			"— and 3 more implementations of sendMessage: ZulipProvider, RyverProvider, TeamsProvider",
		);
		const versions = lines.filter((l) => l.startsWith("postWorkflow"));
		expect(versions).toHaveLength(1);
		// V103 is listed first (the reading order rates it best); the newest version takes its line.
		expect(versions[0]).toMatch(/^postWorkflowV104: .*\(also V103, V102\)$/);
	});

	it("lists every member with the citation pool's reach (no folding there)", () => {
		const lines = mapLines({ ...MATERIAL_REACH, foldLookalikes: false });
		expect(lines.filter((l) => /^\w+Provider\.sendMessage/.test(l) && !l.startsWith("IChat"))).toHaveLength(
			6,
		);
	});
});

describe("a map line holding the question's words", () => {
	const line = 'this.socket.on("scene-update", async (_socket, roomId, payload) => broadcastScene(roomId))';
	it("runs on past the cut to the last word it holds, within the longer bound", () => {
		expect(wordCut(line, 40, 100, [])).toBe(40);
		expect(wordCut(line, 40, 100, ["broadcast"])).toBe(line.indexOf("broadcastScene") + 15);
		// A word past the longer bound does not stretch the line.
		expect(wordCut(line, 40, 60, ["broadcast"])).toBe(40);
		// Close to the end, the whole line.
		expect(wordCut(line, 40, 100, ["roomid"])).toBe(line.length);
		// A word the kept part shows already adds nothing new past the cut.
		expect(wordCut(line, 40, 100, ["scene"])).toBe(40);
	});
});
