import { askResponseSchema, overviewResponseSchema } from "@codeask/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageGraphPng } from "../../src/diagram/index.js";
import { IndexReader } from "../../src/index/reader.js";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { OverviewError, overview, toOverviewResponse } from "../../src/overview/index.js";
import { respondOverview } from "../../src/overview/respond.js";
import { ask } from "../../src/pipeline/ask.js";
import { overviewAsAnswer } from "../../src/pipeline/overview-answer.js";
import { fixtureWithTrunksPath } from "../graph/fixture-with-trunks.js";
import { writeTinyIndex } from "../graph/tiny-index.js";
import { startFakeGemini } from "../support/fake-gemini.js";

let index: IndexReader;
beforeAll(() => {
	index = IndexReader.open(writeTinyIndex());
});
afterAll(() => index.close());

describe("overview of the whole repository (tiny index)", () => {
	it("collects packages, dependencies, trunk links and entry points", async () => {
		const { data, provider, usage } = await overview(index);
		expect(provider).toBe("none");
		expect(usage.requests).toBe(0);
		expect(data.scope).toBe("repository");
		// The root package has no files of its own and is left out.
		expect(data.totals).toEqual({ packages: 3, files: 8, lines: 39, definitions: 10 });
		expect(data.packages.map((p) => [p.name, p.files, p.lines])).toEqual([
			["@acme/server", 4, 19],
			["@acme/core", 1, 10],
			["@acme/web", 3, 10],
		]);
		expect(data.dependencies).toEqual([
			{ from: "@acme/server", to: "@acme/core", edges: 4, kinds: { call: 2, import: 1, reference: 1 } },
			{ from: "@acme/web", to: "@acme/core", edges: 1, kinds: { call: 1 } },
		]);
		expect(data.trunkLinks).toEqual([
			{ from: "@acme/web", to: "@acme/server", trunk: "rest", keys: 1, sampleKeys: ["chat.send"] },
		]);
		const core = data.packages.find((p) => p.name === "@acme/core");
		expect(core?.topSymbols.map((s) => [s.name, s.fanIn])).toEqual([
			["formatText", 2],
			["validate", 2],
			["Message", 1],
		]);
		expect(core?.usedBy).toEqual([
			{ package: "@acme/server", edges: 4 },
			{ package: "@acme/web", edges: 1 },
		]);
		expect(core?.entryPoints.map((e) => e.file)).toEqual(["packages/core/src/index.ts"]);
		const server = data.packages.find((p) => p.name === "@acme/server");
		// README's first paragraph stands in for a missing package.json description.
		expect(server?.description).toBe("The chat server: REST routes, message service and notifications.");
		expect(server?.trunks).toEqual([
			{ trunk: "callbacks", registers: 1, dispatches: 1, sampleKeys: ["afterSave"] },
			{ trunk: "rest", registers: 1, dispatches: 0, sampleKeys: ["chat.send"] },
		]);
	});

	it("renders the structured summary and the package graph", async () => {
		const { markdown, diagram } = await overview(index);
		expect(markdown).toBe(`# Overview of acme (commit abc1234)

3 packages with code, 8 files, 39 lines, 10 definitions.

## Packages

| package | folder | what it is | size | most used |
|---|---|---|---|---|
| \`@acme/server\` | \`apps/server\` | The chat server: REST routes, message service and notifications. | 4 files, 19 lines | \`notifyUsers\`, \`postMessage\`, \`MessagingService\` |
| \`@acme/core\` | \`packages/core\` | Shared message types and text helpers | 1 file, 10 lines | \`formatText\`, \`validate\`, \`Message\` |
| \`@acme/web\` | \`apps/web\` | The web client | 3 files, 10 lines | \`sendMessage\` |

## How the packages depend on each other

- \`@acme/server\` → \`@acme/core\` (4 edges: 2 call, 1 import, 1 reference)
- \`@acme/web\` → \`@acme/core\` (1 edge: 1 call)

## How packages talk over string-dispatch trunks

- \`@acme/web\` → \`@acme/server\` over **rest**: 1 key (\`chat.send\`)

## Entry points

- \`@acme/core\`: \`packages/core/src/index.ts\`
- \`@acme/web\`: \`apps/web/src/index.ts\`
`);
		expect(diagram).toBe(`flowchart LR
  p0["@acme/server"]
  p1["@acme/core"]
  p2["@acme/web"]
  p0 -->|"4"| p1
  p2 -->|"1"| p1
  p2 -. "rest ×1" .-> p0
`);
	});
});

describe("the POST /v1/overview wire shape", () => {
	it("matches the shared contract, with the package graph as base64 PNG", async () => {
		const r = await overview(index, { package: "@acme/web" });
		const wire = overviewResponseSchema.parse(toOverviewResponse(r, await packageGraphPng(r.data)));
		expect(wire.scope).toBe("package");
		expect(wire.package).toBe("@acme/web");
		expect(
			Buffer.from(wire.diagramPng ?? "", "base64")
				.subarray(1, 4)
				.toString("ascii"),
		).toBe("PNG");
		expect(toOverviewResponse(r).diagramPng).toBeUndefined();
	});

	it("respondOverview turns a request into the response", async () => {
		const offline = overviewResponseSchema.parse(await respondOverview(index, { package: "core" }));
		expect(offline.package).toBe("@acme/core");
		expect(offline.provider).toBe("none");
		expect(offline.diagramPng).toBeUndefined();
		const drawn = await respondOverview(index, { diagramPng: true });
		expect(drawn.scope).toBe("repository");
		expect(drawn.diagramPng?.length).toBeGreaterThan(1000);
	});
});

describe("overviewAsAnswer (an overview question answered through ask)", () => {
	it("is a valid answer whose citations are the packages' most used definitions, inside their files", async () => {
		const r = await overviewAsAnswer(index, { overview: true });
		const { trace, ...wire } = r;
		askResponseSchema.parse(wire);
		expect(trace.requests).toEqual([]);
		expect(r.chains).toEqual([]);
		expect(r.citations.map((c) => [c.file, c.startLine, c.endLine, c.symbol])).toEqual([
			["apps/server/src/notify.ts", 2, 4, "notifyUsers"],
			["apps/server/src/post.ts", 2, 4, "postMessage"],
			["apps/server/src/service.ts", 2, 8, "MessagingService"],
			["packages/core/src/index.ts", 5, 7, "formatText"],
			["apps/web/src/send.ts", 2, 4, "sendMessage"],
		]);
		expect(r.answer).toContain("# Overview of acme");
		expect(r.answer).toContain("[4] packages/core/src/index.ts:5-7 — formatText");
		expect(r.diagram).toContain("flowchart LR");
	});

	it("answers about the package the question named", async () => {
		const r = await overviewAsAnswer(index, { overview: true, package: "@acme/core" });
		expect(r.answer).toContain("# Package `@acme/core`");
	});
});

describe("routing inside ask()", () => {
	it("answers a whole-repository question with the overview and a specific one with the pipeline", async () => {
		const whole = await ask(index, "What are the main modules of this repository?");
		expect(whole.answer).toContain("# Overview of acme");
		expect(whole.chains).toEqual([]);
		expect(whole.usage.requests).toBe(0);
		const pkg = await ask(index, "What does the @acme/core package do?");
		expect(pkg.answer).toContain("# Package `@acme/core`");
		const specific = await ask(index, "How is a chat message validated before it is saved?");
		expect(specific.answer).not.toContain("# Overview of");
	});
});

describe("overview of one package", () => {
	it("focuses on the package and its neighbours", async () => {
		const { data, markdown } = await overview(index, { package: "server" });
		expect(data.scope).toBe("package");
		expect(data.focus).toBe("@acme/server");
		expect(data.packages.map((p) => p.name)).toEqual(["@acme/server", "@acme/core", "@acme/web"]);
		expect(data.dependencies.map((d) => `${d.from}->${d.to}`)).toEqual(["@acme/server->@acme/core"]);
		expect(data.trunkLinks.map((l) => `${l.from}->${l.to}:${l.trunk}`)).toEqual([
			"@acme/web->@acme/server:rest",
		]);
		expect(markdown).toContain("# Package `@acme/server` (`apps/server`)");
		expect(markdown).toContain(
			"- `MessagingService.save` (method, used by 1) — `apps/server/src/service.ts:3`",
		);
		expect(markdown).toContain("- **callbacks**: registers 1 key, dispatches 1 key (e.g. `afterSave`)");
		expect(markdown).toContain("- `@acme/web` → `@acme/server` over **rest**: 1 key (`chat.send`)");
	});

	it("finds a package by name, unscoped name or folder, and rejects unknown ones", async () => {
		for (const ref of ["@acme/core", "core", "packages/core"]) {
			expect((await overview(index, { package: ref })).data.focus).toBe("@acme/core");
		}
		await expect(overview(index, { package: "billing" })).rejects.toThrowError(OverviewError);
		await expect(overview(index, { package: "billing" })).rejects.toMatchObject({ code: "unknown-package" });
		// "apps" is part of two package folders: ambiguous, never a guess.
		await expect(overview(index, { package: "apps" })).rejects.toMatchObject({ code: "ambiguous-package" });
	});
});

describe("overview with an LLM", () => {
	it("makes exactly one request and returns its narrative next to the structured summary", async () => {
		const fake = await startFakeGemini({
			apiKey: "test-key",
			responses: [{ text: "Acme is a chat app.", usage: { tokensIn: 900, tokensOut: 12 } }],
		});
		try {
			const llm = createLlmClient(
				{ provider: "gemini", apiKey: "test-key", baseUrl: fake.url },
				new RequestBudget(),
			);
			const r = await overview(index, { llm });
			expect(fake.requests).toHaveLength(1);
			expect(fake.requests[0]?.prompt).toContain("`@acme/web` → `@acme/server` over **rest**");
			expect(r.narrative).toBe("Acme is a chat app.");
			expect(r.provider).toBe("gemini");
			expect(r.usage).toEqual({ requests: 1, tokensIn: 900, tokensOut: 12 });
			expect(r.markdown).toContain("## Packages");
			expect(r.fallbackReason).toBeNull();
		} finally {
			await fake.close();
		}
	});

	it("keeps the structured summary and says why when the request fails", async () => {
		const fake = await startFakeGemini({
			apiKey: "test-key",
			responses: [{ status: 400, error: "bad request" }],
		});
		try {
			const llm = createLlmClient(
				{ provider: "gemini", apiKey: "test-key", baseUrl: fake.url },
				new RequestBudget(),
			);
			const r = await overview(index, { llm });
			expect(r.narrative).toBeNull();
			expect(r.fallbackReason).toMatch(/LLM request failed/);
			expect(r.markdown).toContain("# Overview of acme");
		} finally {
			await fake.close();
		}
	});
});

describe("overview of the mini-chat example", () => {
	it("lists its workspace packages with entry points and cross-package dependencies", async () => {
		const mini = IndexReader.open(await fixtureWithTrunksPath());
		try {
			const { data, markdown } = await overview(mini);
			const names = data.packages.map((p) => p.name);
			expect(names).toEqual(
				expect.arrayContaining([
					"@mini-chat/server",
					"@mini-chat/client",
					"@mini-chat/core-services",
					"@mini-chat/models",
				]),
			);
			expect(data.dependencies.map((d) => `${d.from}->${d.to}`)).toEqual(
				expect.arrayContaining([
					"@mini-chat/server->@mini-chat/models",
					"@mini-chat/server->@mini-chat/core-services",
				]),
			);
			// The client reaches the server over REST (the composer's chat.sendMessage call).
			expect(data.trunkLinks).toContainEqual(
				expect.objectContaining({ from: "@mini-chat/client", to: "@mini-chat/server", trunk: "rest" }),
			);
			expect(data.trunkLinks.find((l) => l.trunk === "rest")?.sampleKeys).toContain("chat.sendMessage");
			const client = data.packages.find((p) => p.name === "@mini-chat/client");
			expect(client?.entryPoints.map((e) => e.file)).toContain("apps/client/src/index.ts");
			expect(client?.description).toMatch(/client/i);
			for (const heading of ["## Packages", "## How the packages depend on each other", "## Entry points"]) {
				expect(markdown).toContain(heading);
			}
			const server = await overview(mini, { package: "apps/server" });
			expect(server.data.focus).toBe("@mini-chat/server");
			expect(server.data.folders.length).toBeGreaterThan(0);
			expect(server.data.folders.every((f) => f.path.startsWith("apps/server/"))).toBe(true);
		} finally {
			mini.close();
		}
	});
});
