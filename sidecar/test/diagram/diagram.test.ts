import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import type { AskResponse, Chain } from "@codeask/shared";
import { describe, expect, it } from "vitest";
import {
	buildDiagramModel,
	chainsMermaid,
	chainsPng,
	guessPackage,
	indexLinks,
	modelDot,
	renderChainsPng,
	renderPackageGraphPng,
	resolveParents,
	selectHops,
	withDiagram,
} from "../../src/diagram/index.js";
import { IndexReader } from "../../src/index/reader.js";
import { collectOverview } from "../../src/overview/collect.js";
import { writeTinyIndex } from "../graph/tiny-index.js";
import { withIndexAt } from "../support/open-index.js";
import { IMPACT_CHAIN, longChain, SEND_CHAIN } from "./chains.js";

/** Decode a PNG far enough to prove it is whole: signature, IHDR, and inflated IDAT of the right size. */
function decodePng(png: Buffer): { width: number; height: number } {
	expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
	let offset = 8;
	let width = 0;
	let height = 0;
	let channels = 0;
	const idat: Buffer[] = [];
	while (offset < png.length) {
		const length = png.readUInt32BE(offset);
		const type = png.toString("ascii", offset + 4, offset + 8);
		const data = png.subarray(offset + 8, offset + 8 + length);
		if (type === "IHDR") {
			width = data.readUInt32BE(0);
			height = data.readUInt32BE(4);
			expect(data[8]).toBe(8); // bit depth
			channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[data[9] as 0 | 2 | 4 | 6] ?? 0;
		}
		if (type === "IDAT") idat.push(data);
		if (type === "IEND") break;
		offset += 12 + length;
	}
	expect(channels).toBeGreaterThan(0);
	const raw = inflateSync(Buffer.concat(idat));
	expect(raw.length).toBe(height * (1 + width * channels));
	return { width, height };
}

describe("chain diagram model", () => {
	it("turns dispatch keys into labelled edges and clusters nodes by package", () => {
		const model = buildDiagramModel([SEND_CHAIN]);
		expect(model.nodes.map((n) => [n.label, n.cluster])).toEqual([
			["ChatView", "apps/web"],
			["sendMessage", "apps/web"],
			["postMessage", "apps/server"],
			["MessagingService.save", "apps/server"],
			["validate", "packages/core"],
			["notifyUsers", "apps/server"],
		]);
		const label = (from: string, to: string) => {
			const id = (name: string) => model.nodes.find((n) => n.label === name)?.id;
			return model.edges.find((e) => e.from === id(from) && e.to === id(to));
		};
		expect(label("sendMessage", "postMessage")).toMatchObject({
			label: "rest: chat.send",
			style: "dispatch",
		});
		expect(label("MessagingService.save", "notifyUsers")).toMatchObject({
			label: "callbacks: afterSave",
			style: "dispatch",
		});
		expect(label("MessagingService.save", "validate")).toMatchObject({ label: null, style: "flow" });
		expect(model.nodes.filter((n) => n.root).map((n) => n.label)).toEqual(["ChatView"]);
	});

	it("draws upstream chains caller → callee", () => {
		const model = buildDiagramModel([IMPACT_CHAIN]);
		const byId = new Map(model.nodes.map((n) => [n.id, n.label]));
		expect(model.edges.map((e) => `${byId.get(e.from)} -> ${byId.get(e.to)}`)).toEqual([
			"MessagingService.save -> validate",
			"postMessage -> MessagingService.save",
		]);
	});

	it("collapses the middle of a 30-hop chain into one edge, keeping its ends and the package boundary", () => {
		const model = buildDiagramModel([longChain()]);
		expect(model.nodes.length).toBe(12);
		expect(model.collapsed).toBe(19);
		const labels = model.nodes.map((n) => n.label);
		expect(labels.slice(0, 2)).toEqual(["step0", "step1"]);
		expect(labels.slice(-2)).toEqual(["step29", "formatText"]);
		const collapsed = model.edges.filter((e) => e.style === "collapsed");
		expect(collapsed).toHaveLength(1);
		expect(collapsed[0]?.label).toBe("+19 hops");
		expect(collapsed[0]?.hidden).toHaveLength(19);
		// Every hop is either drawn or named by a collapsed edge.
		expect(labels.length + (collapsed[0]?.hidden.length ?? 0)).toBe(31);
	});

	it("leaves small diagrams uncollapsed and honours maxNodes", () => {
		expect(buildDiagramModel([longChain()], { maxNodes: 40 }).collapsed).toBe(0);
		expect(buildDiagramModel([longChain()], { maxNodes: 5 }).nodes).toHaveLength(5);
	});

	it("guesses a package folder from a monorepo path, or uses the given resolver", () => {
		expect(guessPackage("apps/web/app/push/server/push.ts")).toBe("apps/web");
		expect(guessPackage("ee/packages/presence/src/Presence.ts")).toBe("ee/packages/presence");
		expect(guessPackage("src/lib/a.ts")).toBe("src");
		const model = buildDiagramModel([IMPACT_CHAIN], {
			packageOf: (f) => (f.startsWith("apps/") ? "@acme/server" : null),
		});
		expect(model.nodes.map((n) => n.cluster)).toEqual(["packages/core", "@acme/server", "@acme/server"]);
	});
});

describe("breadth-first chains (hops listed level by level)", () => {
	/** The send chain as the pipeline lists it: every depth-0 hop first, then depth 1, …; one stray root. */
	const bfs: Chain = {
		...SEND_CHAIN,
		hops: [
			...[...SEND_CHAIN.hops].sort((a, b) => a.depth - b.depth),
			{
				...(SEND_CHAIN.hops[5] as Chain["hops"][number]),
				defId: "packages/core/src/index.ts#orphan",
				depth: 0,
			},
		].sort((a, b) => a.depth - b.depth),
	};

	it("finds each hop's parent from the index edges", () => {
		const index = IndexReader.open(writeTinyIndex());
		try {
			const parents = resolveParents(bfs, indexLinks(index));
			const named = bfs.hops.map((h, i) => {
				const p = parents[i];
				return [
					h.defId.split("#")[1],
					p === null || p === undefined ? null : bfs.hops[p]?.defId.split("#")[1],
				];
			});
			expect(named).toEqual([
				["ChatView", null],
				["orphan", null],
				["sendMessage", "ChatView"],
				["chat.send", "sendMessage"],
				["postMessage", "chat.send"],
				["MessagingService.save", "postMessage"],
				["validate", "MessagingService.save"],
				["afterSave", "MessagingService.save"],
				["notifyUsers", "afterSave"],
			]);
		} finally {
			index.close();
		}
	});

	it("prefers a hop's own `from` when the pipeline gives it", () => {
		const chain: Chain = {
			...IMPACT_CHAIN,
			hops: IMPACT_CHAIN.hops.map((h, i) =>
				i === 2 ? { ...h, depth: 1, from: IMPACT_CHAIN.hops[0]?.defId } : h,
			),
		};
		expect(resolveParents(chain)).toEqual([null, 0, 0]);
	});

	it("draws whole paths, deepest first, within the hop budget, and drops hops that float alone", () => {
		const index = IndexReader.open(writeTinyIndex());
		try {
			const parents = resolveParents(bfs, indexLinks(index));
			const pick = (budget: number) =>
				selectHops(bfs, parents, budget).map((i) => bfs.hops[i]?.defId.split("#")[1]);
			// The deepest hop (notifyUsers) brings its whole path; `orphan` has no children and is not drawn.
			expect(pick(7)).toEqual([
				"ChatView",
				"sendMessage",
				"chat.send",
				"postMessage",
				"MessagingService.save",
				"afterSave",
				"notifyUsers",
			]);
			expect(pick(8)).toContain("validate");
			expect(pick(20)).toHaveLength(8);
			expect(pick(20)).not.toContain("orphan");
			// The first path is kept whole even above the budget.
			expect(pick(2)).toHaveLength(7);
		} finally {
			index.close();
		}
	});
});

describe("Mermaid", () => {
	it("renders the chains as a clustered flowchart with dispatch keys on edges", () => {
		expect(chainsMermaid([SEND_CHAIN])).toBe(`flowchart TD
  subgraph c0["apps/web"]
    n0["ChatView<br/><small>ChatView.tsx:2</small>"]
    n1["sendMessage<br/><small>send.ts:2</small>"]
  end
  subgraph c1["apps/server"]
    n3["postMessage<br/><small>post.ts:2</small>"]
    n4["MessagingService.save<br/><small>service.ts:3</small>"]
    n7["notifyUsers<br/><small>notify.ts:2</small>"]
  end
  subgraph c2["packages/core"]
    n5["validate<br/><small>index.ts:2</small>"]
  end
  n0 --> n1
  n3 --> n4
  n4 --> n5
  n1 -. "rest: chat.send" .-> n3
  n4 -. "callbacks: afterSave" .-> n7
  classDef root stroke-width:3px
  class n0 root
`);
	});

	it("escapes quotes and angle brackets in labels", () => {
		const chain = {
			...IMPACT_CHAIN,
			hops: [
				{
					...SEND_CHAIN.hops[0],
					defId: 'a/b.ts#x"<y>',
					depth: 0,
					via: null,
				} as (typeof SEND_CHAIN.hops)[number],
			],
		};
		expect(chainsMermaid([chain])).toContain('n0["x#quot;#lt;y#gt;<br/>');
	});

	it("keeps a dispatch key that has no handler in the chain as a node", () => {
		const chain = { ...SEND_CHAIN, hops: SEND_CHAIN.hops.slice(0, 3) };
		const text = chainsMermaid([chain]);
		expect(text).toContain('n2(["chat.send<br/><small>rest key</small>"])');
		expect(text).toContain("n1 --> n2");
	});
});

describe("PNG rendering (Graphviz WASM + resvg, offline)", () => {
	it("renders the chains to a decodable PNG of chat size", async () => {
		const { width, height } = decodePng(await chainsPng([SEND_CHAIN, IMPACT_CHAIN]));
		expect(width).toBeGreaterThan(300);
		expect(width).toBeLessThan(1200);
		expect(height).toBeGreaterThan(400);
		expect(height).toBeLessThan(1600);
	});

	it("keeps a 30-hop chain within a readable size", async () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-diagram-"));
		const file = join(dir, "sub", "long.png");
		const bytes = await renderChainsPng([longChain()], file);
		expect(statSync(file).size).toBe(bytes);
		expect(bytes).toBeLessThan(300_000);
		const { width, height } = decodePng(readFileSync(file));
		expect(width).toBeGreaterThan(150);
		expect(height).toBeLessThan(2500);
	});

	it("renders the package graph of an overview", async () => {
		await withIndexAt(writeTinyIndex(), async (index) => {
			const file = join(mkdtempSync(join(tmpdir(), "codeask-diagram-")), "packages.png");
			await renderPackageGraphPng(collectOverview(index), file);
			const { width, height } = decodePng(readFileSync(file));
			expect(width).toBeGreaterThan(200);
			expect(height).toBeGreaterThan(50);
		});
	});

	it("writes node detail in a smaller font via an HTML-like label", () => {
		expect(modelDot(buildDiagramModel([IMPACT_CHAIN]))).toContain(
			'n0 [label=<validate<BR/><FONT POINT-SIZE="9" COLOR="#546e7a">index.ts:2</FONT>>',
		);
	});
});

describe("withDiagram (what the service adds to an answer)", () => {
	const answer: AskResponse = {
		answer: "…",
		citations: [],
		chains: [SEND_CHAIN],
		usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
		indexCommit: null,
		timings: {},
		provider: "none",
		droppedCitations: 0,
	};

	it("adds the Mermaid flowchart, clustered by the index's packages, and the PNG only when asked", async () => {
		await withIndexAt(writeTinyIndex(), async (index) => {
			const plain = await withDiagram(answer, index);
			expect(plain.diagram).toContain('subgraph c0["@acme/web"]');
			expect(plain.diagram).toContain('-. "rest: chat.send" .->');
			expect(plain.diagramPng).toBeUndefined();
			const drawn = await withDiagram(answer, index, { png: true });
			decodePng(Buffer.from(drawn.diagramPng ?? "", "base64"));
			expect(await withDiagram({ ...answer, chains: [] }, index)).toEqual({ ...answer, chains: [] });
		});
	});
});
