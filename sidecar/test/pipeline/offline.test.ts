import { describe, expect, it } from "vitest";
import { AskInputError, ask } from "../../src/pipeline/ask.js";
import { PipelineConfigError } from "../../src/pipeline/config.js";
import { sourceLabel } from "../../src/pipeline/labels.js";
import { citationHolds } from "../../src/pipeline/verify.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

/** These tests read the long form (`--detail full`); the short default is tested in short-answer.test.ts. */
const FULL = { detail: "full" } as const;

describe("ask offline on the mini-chat index", () => {
	const index = indexForSuite(openFixtureIndex);

	it("names a handler written inline at its register site by its registering call, not 'no registered handler'", async () => {
		const r = await ask(index(), "What happens after a user leaves a room?", FULL);
		const keyLine = r.answer.split("\n").find((l) => l.includes("hook `afterLeaveRoom`")) ?? "";
		// The anonymous callback is a definition of its own (issue 11 §2), cited where it is written.
		expect(keyLine).toContain("`afterLeaveRoomCallback.add`");
		expect(keyLine).not.toContain("no registered handler");
		expect(r.citations.some((c) => c.file === "apps/server/src/lib/roomHooks.ts" && c.startLine === 6)).toBe(
			true,
		);
		expect(r.droppedCitations).toBe(0);
	});

	it("answers a flow question with a chain from the service to its gateways, every citation verified", async () => {
		const r = await ask(index(), "How do push notifications work?", FULL);
		expect(r.provider).toBe("none");
		expect(r.usage).toEqual({ requests: 0, tokensIn: 0, tokensOut: 0 });
		expect(r.droppedCitations).toBe(0);
		expect(r.citations.length).toBeGreaterThan(3);
		for (const c of r.citations) {
			expect(c.verified).toBe(true);
			expect(citationHolds(index(), c)).toBe(true);
			// Every citation is listed in the sources as `[n] path:start-end — name` (a handler by its label).
			expect(r.answer).toContain(
				`[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${sourceLabel(index(), c.file, c.symbol)}`,
			);
		}
		const readFiles = new Set(r.trace.read.map((x) => x.file));
		expect(readFiles).toContain("apps/server/src/services/push/PushService.ts");
		expect(readFiles).toContain("apps/server/src/services/push/gateways.ts");
		// The flow is followed downstream, through the gateway interface to its implementations.
		const hops = r.chains.flatMap((c) => c.hops.map((h) => ({ ...h, direction: c.direction })));
		const send = hops.find((h) => h.defId.endsWith("#PushService.sendNotification"));
		expect(send?.direction).toBe("downstream");
		expect(hops.some((h) => h.via === "implementation" && /Gateway\.send$/.test(h.defId))).toBe(true);
		// Trace: routed sections, seeds and skeleton are all reported.
		expect(r.trace.routedSections[0]?.sectionId).toBe("dir:apps/server/src/services/push");
		expect(r.trace.seeds.length).toBeGreaterThan(0);
		expect(r.trace.skeleton.map((s) => s.chain)).toEqual(r.chains.map((c) => c.id));
		expect(r.timings.total).toBeGreaterThanOrEqual(0);
	});

	it("skips the unread material when the caller does not measure it, and answers the same", async () => {
		for (const detail of ["short", "full"] as const) {
			const measured = await ask(index(), "How do push notifications work?", { detail });
			const lean = await ask(index(), "How do push notifications work?", { detail, measureMaterial: false });
			expect(lean.answer).toBe(measured.answer);
			expect(lean.citations).toEqual(measured.citations);
			expect(lean.chains).toEqual(measured.chains);
			expect(measured.trace.material?.tokens).toBeGreaterThan(0);
			// No material was assembled, so none is reported; `read` is what the answer drew from.
			expect(lean.trace.material).toBeUndefined();
			const cited = new Set(lean.citations.map((c) => c.file));
			const read = new Set(lean.trace.read.map((x) => x.file));
			expect([...cited].every((f) => read.has(f))).toBe(true);
		}
	});

	it("renders a dispatch key as a hop listing its registered handlers", async () => {
		const r = await ask(index(), "What runs after a message is saved?", FULL);
		// The key and its handler one hop below it, in the same chain (another chain may reach either elsewhere).
		const chain = r.chains.find((c) =>
			c.hops.some((h) => h.via === "handler:callbacks" && h.defId.endsWith("#sendNotificationsForMessage")),
		);
		const hops = chain?.hops ?? [];
		const key = hops.find((h) => h.defId === "trunk:callbacks#afterMessageSave");
		expect(key?.via).toBe("dispatch:callbacks");
		const handler = hops.find(
			(h) => h.via === "handler:callbacks" && h.defId.endsWith("#sendNotificationsForMessage"),
		);
		expect(handler?.depth).toBe((key?.depth ?? 0) + 1);
		expect(handler?.from).toBe("trunk:callbacks#afterMessageSave");
		const cited = r.citations.find((c) => c.symbol === "sendNotificationsForMessage");
		expect(r.answer).toContain(
			`hook \`afterMessageSave\` — dispatches; handlers: \`sendNotificationsForMessage\` [${cited?.n}]`,
		);
	});

	/** The "In short" paragraph split into sentences (each doc comment quoted is one sentence). */
	const inShortOf = (answer: string) => {
		const m = answer.match(/### In short\n\n([^\n]+)\n/);
		return (m?.[1] ?? "").split(/(?<=[.!?])\s+(?=[`A-Z])/).filter(Boolean);
	};

	it("opens with an 'In short' paragraph of 3 to 6 sentences, each carrying a verified citation", async () => {
		for (const question of [
			"How do push notifications work?",
			"What runs after a message is saved?",
			"What happens after a user leaves a room?",
		]) {
			const r = await ask(index(), question, FULL);
			expect(r.answer.indexOf("### In short")).toBeLessThan(r.answer.indexOf("### Key places"));
			const sentences = inShortOf(r.answer);
			expect(sentences.length, question).toBeGreaterThanOrEqual(3);
			expect(sentences.length, question).toBeLessThanOrEqual(6);
			const cited = new Set(r.citations.map((c) => c.n));
			for (const s of sentences) {
				const markers = [...s.matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]));
				expect(markers.length, s).toBeGreaterThan(0);
				for (const n of markers) expect(cited.has(n), s).toBe(true);
			}
		}
	});

	it("says in short which dispatch key joins the flow and who handles it", async () => {
		const r = await ask(index(), "What runs after a message is saved?", FULL);
		const handler = r.citations.find((c) => c.symbol === "sendNotificationsForMessage");
		expect(inShortOf(r.answer).join(" ")).toContain(
			`runs the hook \`afterMessageSave\`, handled by \`sendNotificationsForMessage\` [${handler?.n}]`,
		);
	});

	it("leads with the handler of a dispatch key the question names in full", async () => {
		// rooms.ts registers four routes, each handled by an inline `get`: only the key tells them apart.
		const r = await ask(index(), "What does the channels.members endpoint return?", FULL);
		const first = r.citations.find((c) => c.n === 1);
		expect(first?.file).toBe("apps/server/src/api/v1/rooms.ts");
		expect(first?.symbol).toBe("Api.addRoute(channels.members).get");
		expect(inShortOf(r.answer).join(" ")).toContain("handles the endpoint `channels.members`");
	});

	it("names a key once in short, though several chains reach it from the same function", async () => {
		const r = await ask(index(), "Who handles the afterMessageSave callback?", FULL);
		// Keys the skeleton reaches from the same function on more than one chain.
		const reached = new Map<string, number>();
		for (const c of r.chains)
			for (const h of c.hops)
				if (h.defId.startsWith("trunk:") && h.from) {
					const k = `${h.defId} ${h.from}`;
					reached.set(k, (reached.get(k) ?? 0) + 1);
				}
		const repeated = [...reached]
			.filter(([, n]) => n > 1)
			.map(([k]) => k.slice(k.indexOf("#") + 1, k.indexOf(" ")));
		expect(repeated.length).toBeGreaterThan(0);
		const text = inShortOf(r.answer).join(" ");
		// Each as its words name it ("hook `afterMessageSave`", "endpoint `chat.send`").
		const named = repeated.map((key) => text.split(` \`${key}\`,`).length - 1);
		expect(named.some((n) => n === 1)).toBe(true);
		for (const n of named) expect(n).toBeLessThanOrEqual(1);
	});

	it("gives a small citation budget to the seeds, not to widely used helpers", async () => {
		// With a low hot threshold the fixture's shared helpers (BaseModel.find, …) count as widely used.
		const config = { hotFanIn: 2 };
		const full = await ask(index(), "How do push notifications work?", { ...FULL, config });
		const seeds = new Set(full.trace.seeds.map((s) => s.defId));
		const defOf = (c: { file: string; symbol: string }) =>
			index()
				.defsInFile(c.file)
				.find((d) => d.qualifiedName === c.symbol);
		const helper = (c: { file: string; symbol: string }) => {
			const d = defOf(c);
			return !!d && d.fanIn > 2 && !seeds.has(d.defId);
		};
		expect(full.citations.some(helper)).toBe(true); // there are helpers to leave out
		const small = await ask(index(), "How do push notifications work?", {
			...FULL,
			config: { ...config, maxCitations: 4 },
		});
		expect(small.citations.length).toBe(4);
		expect(small.citations.filter(helper)).toEqual([]);
		expect(small.citations.map((c) => c.file)).toContain("apps/server/src/services/push/PushService.ts");
	});

	it("spends a small citation budget on the best-ranked files, not one file per chain", async () => {
		for (const question of ["How do push notifications work?", "How is a channel created?"]) {
			// Without the link lift the order is the seeding stage's fused file ranking.
			const r = await ask(index(), question, { ...FULL, config: { citationLinkWeight: 0, maxCitations: 3 } });
			const best = new Map<string, number>();
			for (const s of r.trace.seeds) best.set(s.file, Math.max(best.get(s.file) ?? 0, s.score));
			const top = [...best.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f);
			expect(new Set(r.citations.map((c) => c.file)), question).toEqual(new Set(top.slice(0, 3)));
		}
	});

	it("keeps the offline answer short: at most maxCitations sources, chains showing only the way to cited hops", async () => {
		const r = await ask(index(), "How do push notifications work?", { ...FULL, config: { maxCitations: 6 } });
		expect(r.citations.length).toBeLessThanOrEqual(6);
		const chains = r.answer.slice(
			r.answer.indexOf("### How it connects"),
			r.answer.indexOf("### Also relevant"),
		);
		const hopLines = chains.split("\n").filter((l) => /^\s*- `/.test(l));
		const full = await ask(index(), "How do push notifications work?", FULL);
		const fullHops = full.answer.split("\n").filter((l) => /^\s*- `/.test(l));
		expect(hopLines.length).toBeGreaterThan(0);
		expect(hopLines.length).toBeLessThan(fullHops.length);
	});

	it("leads a file with the definition whose name matches the question's verb, not the one linked most", async () => {
		const r = await ask(index(), "How does a model update one document?", FULL);
		const places = r.answer.split("### Key places")[1]?.split("\n\n")[0] ?? "";
		const base = places.split("\n").find((l) => l.includes("packages/models/src/BaseModel.ts")) ?? "";
		expect(base).toContain("`BaseModel.updateOne`");
		// The In short paragraph names it among the entry points too, and its citation holds.
		expect(r.answer.split("### Key places")[0]).toContain("`BaseModel.updateOne`");
		const cited = r.citations.find((c) => c.symbol === "BaseModel.updateOne");
		expect(cited?.verified).toBe(true);
	});

	it("names a key place's direct callers on an impact question, cited ones by their existing marker", async () => {
		const r = await ask(index(), "What would be affected if I change BaseModel.insertOne?", FULL);
		const lines = r.answer.split("\n");
		const at = lines.findIndex((l) => l.startsWith("- `BaseModel.insertOne` (method)"));
		expect(at).toBeGreaterThan(-1);
		const usedBy = lines[at + 1] ?? "";
		expect(usedBy).toMatch(/^ {2}- used by: /);
		// The callers the index knows, each named.
		const target = index().def("packages/models/src/BaseModel.ts#BaseModel.insertOne");
		const callers = index()
			.edgesTo(target?.id ?? -1)
			.filter((e) => e.kind === "call")
			.map((e) => index().defById(e.src))
			// A module-level call site is no definition of its own: not named.
			.filter((d) => d && d.kind !== "module")
			.map((d) => d?.qualifiedName);
		expect(callers.length).toBeGreaterThan(1);
		for (const name of callers) expect(usedBy).toContain(`\`${name}\``);
		// A marker on that line is a back-reference: it points at the citation of the name before it.
		for (const m of usedBy.matchAll(/`([^`]+)` \[(\d+)\]/g)) {
			expect(r.citations.find((c) => c.n === Number(m[2]))?.symbol).toBe(m[1]);
		}
		expect(r.droppedCitations).toBe(0);
	});

	it("names a key place's direct callees on a flow question, even when the walk printed them elsewhere", async () => {
		const r = await ask(index(), "How do push notifications work?", FULL);
		const lines = r.answer.split("\n");
		const at = lines.findIndex((l) => l.startsWith("- `PushService.sendNotification` (method)"));
		const calls = lines[at + 1] ?? "";
		expect(calls).toMatch(/^ {2}- calls: /);
		expect(calls).toContain("`PushGateway.send`");
		expect(calls).toContain("`PushTokensRaw.findByUserId`");
		// An interface member is not said to call its implementation.
		const iface = lines.findIndex((l) => l.startsWith("- `IPushService.sendNotification` (method)"));
		expect(lines[iface + 1]).toMatch(/^ {2}- implemented by: `PushService\.sendNotification`/);
	});

	it("walks upstream for an impact question", async () => {
		const r = await ask(index(), "What would be affected if BaseModel.insertOne changed?", FULL);
		const chain = r.chains.find((c) =>
			c.hops.some((h) => h.depth === 0 && h.defId.endsWith("#BaseModel.insertOne")),
		);
		expect(chain?.direction).toBe("upstream");
		// Its callers are in the chain, one hop up.
		expect(chain?.hops.some((h) => h.depth === 1 && h.via === "call")).toBe(true);
	});

	it("bridges question words to code words: 'channel' reaches room code", async () => {
		const r = await ask(index(), "How is a channel created?", FULL);
		expect(r.trace.read.some((x) => /room/i.test(x.file))).toBe(true);
	});

	it("keeps the read context inside the token budget", async () => {
		const r = await ask(index(), "How do push notifications work?", {
			...FULL,
			config: { tokenBudget: 600 },
		});
		const chars = r.trace.read.reduce(
			(n, x) => n + (index().fileLines(x.file, x.startLine, x.endLine) ?? []).join("\n").length,
			0,
		);
		expect(Math.ceil(chars / 4)).toBeLessThanOrEqual(600 + r.trace.read.length);
	});

	it("refuses empty, huge and non-text questions with a clear message", async () => {
		await expect(ask(index(), "   ")).rejects.toThrow(AskInputError);
		await expect(ask(index(), "x".repeat(2001))).rejects.toThrow(/longer than 2000/);
		await expect(ask(index(), "\u0000\u0001binary")).rejects.toThrow(/control characters/);
		await expect(ask(index(), "?!")).rejects.toThrow(/no letters or digits/);
		await expect(ask(index(), 42 as unknown as string)).rejects.toThrow(/must be text/);
	});

	it("rejects bad pipeline parameters naming the field", async () => {
		await expect(ask(index(), "push", { config: { maxDepth: -1 } })).rejects.toThrow(PipelineConfigError);
		await expect(ask(index(), "push", { config: { nope: 1 } })).rejects.toThrow(/nope|unrecognized/i);
	});

	it("says so when nothing matches, with no citations", async () => {
		const r = await ask(index(), "zzqx wvvy", FULL);
		expect(r.citations).toEqual([]);
		expect(r.abstained).toBe(true);
		expect(r.answer).toMatch(/I don't know/);
	});
});
