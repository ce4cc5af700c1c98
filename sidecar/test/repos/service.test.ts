/**
 * Repository mode end to end, with real git repositories (bare remote + work clone), the real
 * indexer in its child process, the real pipeline and real HTTP on 127.0.0.1: add, first index,
 * push, webhook (forged and valid) and poll, incremental re-index, hot swap under asks, two
 * repositories with the same paths, and the failure cases (missing repository, bad URLs).
 */
import { createHmac } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AskResponse, RepoInfo } from "@codeask/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signCallback } from "../../src/http/callback.js";
import { IndexHolder } from "../../src/index/holder.js";
import { createLogger } from "../../src/logger.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { ask } from "../../src/pipeline/ask.js";
import type { RepoManager } from "../../src/repos/manager.js";
import { repoRoutes } from "../../src/repos/routes.js";
import { createRepoManager } from "../../src/repos/setup.js";
import { HOSTILE_URLS } from "../../src/scripts/hostile-urls.js";
import { type Listening, listen } from "../../src/server/serve.js";
import { createService, type Service } from "../../src/server/service.js";
import { TOKEN, testConfig } from "../server/support.js";
import { git, makeRemote, type Remote } from "./git-fixtures.js";

const ADMIN = "admin-token-abcdef0123456789";
const SECRET = "webhook-secret-0123456789";
const ROOT = resolve(import.meta.dirname, "../../..");

if (!existsSync(join(ROOT, "sidecar/dist/repos/index-worker.js"))) {
	throw new Error("build first (npm run build): the indexer runs from sidecar/dist in a worker thread");
}

const tmp = mkdtempSync(join(tmpdir(), "codeask-repos-"));
const root = join(tmp, "remotes");
mkdirSync(root);
const log = createLogger({ level: "silent" });
let alpha: Remote;
let beta: Remote;
let manager: RepoManager;
let service: Service;
let server: Listening;
/** Loopback callback receivers must be listed (CODEASK_CALLBACK_ORIGINS); the test adds its own. */
const localOrigins: string[] = [];

const files = (fn: string) => ({
	"package.json": JSON.stringify({ name: `pkg-${fn}`, version: "1.0.0" }),
	"src/greet.ts": `/** Says hello. */\nexport function ${fn}(name: string): string {\n\treturn \`hello \${name}\`;\n}\n`,
	"src/main.ts": `import { ${fn} } from "./greet";\n\nexport function main(): string {\n\treturn ${fn}("world");\n}\n`,
});

async function call(
	method: string,
	path: string,
	body?: unknown,
	token = TOKEN,
	headers: Record<string, string> = {},
) {
	const res = await fetch(`${server.url}${path}`, {
		method,
		headers: {
			authorization: `Bearer ${token}`,
			...(body !== undefined ? { "content-type": "application/json" } : {}),
			...headers,
		},
		body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, body: text ? JSON.parse(text) : null };
}

const info = async (name: string): Promise<RepoInfo> => (await call("GET", `/v1/repos/${name}`)).body;

function githubPush(name: string, raw: string, signature?: string) {
	const sig = signature ?? `sha256=${createHmac("sha256", SECRET).update(raw).digest("hex")}`;
	return call("POST", `/v1/webhooks/${name}`, raw, "unused-token-0000000000", {
		"x-github-event": "push",
		"x-hub-signature-256": sig,
	});
}

beforeAll(async () => {
	alpha = makeRemote(root, "alpha", files("greetAlpha"));
	beta = makeRemote(root, "beta", files("greetBeta"));
	manager = createRepoManager(
		{
			reposDir: join(tmp, "registry"),
			localRoot: root,
			gitProtocols: ["https", "ssh", "file"],
			cloneTimeoutMs: 60_000,
			repoMaxMb: 100,
			pollMs: 0,
			syncConcurrency: 1,
		},
		{ log, createHolder: (p) => new IndexHolder(p, log) },
	);
	await manager.start();
	service = createService(testConfig(join(tmp, "unused.db")), {
		log,
		ask,
		createLlm: () => undefined,
		repos: manager,
		preAuthRoutes: repoRoutes(manager, {
			token: TOKEN,
			adminToken: ADMIN,
			webhookSecret: SECRET,
			callbacks: { attempts: 1, backoffMs: 10, timeoutMs: 1000, localOrigins },
			log,
			progressEveryMs: 0,
		}),
	});
	server = await listen(service, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 2000, log });
});

afterAll(async () => {
	await server?.shutdown();
	await manager?.close();
	rmSync(tmp, { recursive: true, force: true });
});

describe("repository mode", () => {
	it("adds a repository only with the admin token, clones it and indexes it", async () => {
		expect((await call("POST", "/v1/repos", { name: "alpha", url: alpha.bare })).status).toBe(403);
		const added = await call("POST", "/v1/repos", { name: "alpha", url: alpha.bare }, ADMIN);
		expect(added.status).toBe(201);
		expect(added.body.name).toBe("alpha");
		expect((await call("POST", "/v1/repos", { name: "alpha", url: alpha.bare }, ADMIN)).status).toBe(409);
		await manager.idle();
		const a = await info("alpha");
		expect(a.state).toBe("ready");
		expect(a.indexedCommit).toBe(git(alpha.bare, "rev-parse", "main"));
		expect(a.counts?.files).toBe(2);
		// One repository: a question needs no repo.
		const answer = await call("POST", "/v1/ask", { question: "what does greetAlpha do?" });
		expect(answer.status).toBe(200);
		expect((answer.body as AskResponse).indexCommit).toBe(a.indexedCommit);
	});

	it("refuses a forged webhook, and re-indexes and swaps on a valid one while answers keep coming", async () => {
		const before = (await info("alpha")).indexedCommit;
		const pushed = alpha.push({
			"src/farewell.ts": "export function farewellAlpha(): string {\n\treturn 'bye';\n}\n",
		});
		const raw = JSON.stringify({ ref: "refs/heads/main", after: pushed });
		const forged = await githubPush("alpha", raw, "sha256=0000");
		expect(forged.status).toBe(401);
		expect(forged.body.error.code).toBe("bad-signature");
		await manager.idle();
		expect((await info("alpha")).indexedCommit).toBe(before);

		const hook = await githubPush("alpha", raw);
		expect(hook.status).toBe(202);
		// Ask during the fetch, the index and the swap: the old or the new commit, never an error.
		const seen = new Set<string | null>();
		let done = false;
		const idle = manager.idle().then(() => {
			done = true;
		});
		while (!done) {
			const r = await call("POST", "/v1/ask", { question: "where is greetAlpha called?", repo: "alpha" });
			expect(r.status).toBe(200);
			seen.add((r.body as AskResponse).indexCommit);
		}
		await idle;
		for (const c of seen) expect([before, pushed]).toContain(c);
		const a = await info("alpha");
		expect(a.indexedCommit).toBe(pushed);
		expect(a.headSeen).toBe(pushed);
		expect(a.counts?.files).toBe(3);
		const after = await call("POST", "/v1/ask", {
			question: "what does farewellAlpha return?",
			repo: "alpha",
		});
		expect((after.body as AskResponse).indexCommit).toBe(pushed);
		// The swapped-in index has the pushed definition.
		const lease = manager.resolve("alpha").acquire();
		try {
			expect(lease.reader.defsByName("farewellAlpha").map((d) => d.file)).toEqual(["src/farewell.ts"]);
		} finally {
			lease.release();
		}
	});

	it("ignores pushes to other branches and non-push events; GitLab and Gitea signatures", async () => {
		const other = JSON.stringify({ ref: "refs/heads/feature", after: "a".repeat(40) });
		expect((await githubPush("alpha", other)).body.ignored).toMatch(/tracked branch/);
		const ping = await call("POST", "/v1/webhooks/alpha", "{}", "x", {
			"x-github-event": "ping",
			"x-hub-signature-256": `sha256=${createHmac("sha256", SECRET).update("{}").digest("hex")}`,
		});
		expect(ping.body.ignored).toMatch(/not a push/);
		const gl = JSON.stringify({ ref: "refs/heads/main", checkout_sha: null });
		expect(
			(
				await call("POST", "/v1/webhooks/alpha", gl, "x", {
					"x-gitlab-event": "Push Hook",
					"x-gitlab-token": "wrong-secret-000000",
				})
			).status,
		).toBe(401);
		expect(
			(
				await call("POST", "/v1/webhooks/alpha", gl, "x", {
					"x-gitlab-event": "Push Hook",
					"x-gitlab-token": SECRET,
				})
			).status,
		).toBe(202);
		const sig = createHmac("sha256", SECRET).update(gl).digest("hex");
		expect(
			(
				await call("POST", "/v1/webhooks/alpha", gl, "x", {
					"x-gitea-event": "push",
					"x-gitea-signature": sig,
				})
			).status,
		).toBe(202);
		expect(
			(
				await call("POST", "/v1/webhooks/alpha", gl, "x", {
					"x-forgejo-event": "push",
					"x-forgejo-signature": "00",
				})
			).status,
		).toBe(401);
		// The organisation-wide hook: verified the same way, matched by the pushed repository's URLs.
		const org = JSON.stringify({
			ref: "refs/heads/main",
			repository: { clone_url: "https://github.com/acme/x.git" },
		});
		const orgHook = (sig: string) =>
			call("POST", "/v1/webhooks", org, "x", { "x-github-event": "push", "x-hub-signature-256": sig });
		expect((await orgHook("sha256=00")).status).toBe(401);
		const unmatched = await orgHook(`sha256=${createHmac("sha256", SECRET).update(org).digest("hex")}`);
		expect(unmatched.status).toBe(202);
		expect(unmatched.body.ignored).toMatch(/no registered repository/);
		await manager.idle();
		expect((await info("alpha")).state).toBe("ready");
	});

	it("notices a push by polling when no webhook comes", async () => {
		const pushed = alpha.push({ "src/extra.ts": "export const extraAlpha = 1;\n" });
		await manager.poll();
		await manager.idle();
		expect((await info("alpha")).indexedCommit).toBe(pushed);

		// A commit that touches no indexed file: the index (and the stamp answers carry) stays,
		// the head is recorded, and the next poll does not sync again.
		const docs = alpha.push({ "README.md": "# alpha\n" });
		await manager.poll();
		await manager.idle();
		const afterDocs = await info("alpha");
		expect(afterDocs.headSeen).toBe(docs);
		expect(afterDocs.indexedCommit).toBe(pushed);
		const answer = await call("POST", "/v1/ask", { question: "what does greetAlpha do?", repo: "alpha" });
		expect(answer.body.indexCommit).toBe(afterDocs.indexedCommit);
		await manager.poll();
		await manager.idle();
		expect((await info("alpha")).lastSyncAt).toBe(afterDocs.lastSyncAt);
	});

	it("answers from the right one of two repositories with the same file paths", async () => {
		// Progress of the first index goes to the adder's callback, signed, with its context.
		const events: { event: string; percent: number | null; context: string | null; counts: unknown }[] = [];
		let badSignatures = 0;
		const receiver = createServer((req, res) => {
			let raw = "";
			req.on("data", (d) => {
				raw += d;
			});
			req.on("end", () => {
				const ts = String(req.headers["x-codeask-timestamp"]);
				if (req.headers["x-codeask-signature"] !== signCallback("callback-secret-0123456789", ts, raw))
					badSignatures++;
				events.push(JSON.parse(raw));
				res.end();
			});
		});
		await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
		const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
		localOrigins.push(origin);
		const callbackUrl = `${origin}/progress`;
		const added = await call(
			"POST",
			"/v1/repos",
			{
				name: "beta",
				url: `file://${beta.bare}`,
				callback: { url: callbackUrl, secret: "callback-secret-0123456789" },
				context: "room-42",
			},
			ADMIN,
		);
		expect(added.status).toBe(201);
		await manager.idle();
		await new Promise((r) => setTimeout(r, 300));
		receiver.close();
		expect(badSignatures).toBe(0);
		expect(events[0]?.event).toBe("started");
		expect(events.at(-1)?.event).toBe("finished");
		expect(events.at(-1)?.counts).toMatchObject({ files: 2 });
		expect(events.every((e) => e.context === "room-42")).toBe(true);
		const b = await info("beta");
		expect(b.state).toBe("ready");
		// Two repositories and no default: a question must say which.
		const unnamed = await call("POST", "/v1/ask", { question: "what does greetBeta do?" });
		expect(unnamed.status).toBe(400);
		expect(unnamed.body.error.code).toBe("repo-required");
		const fromBeta = await call("POST", "/v1/ask", { question: "what does greetBeta do?", repo: "beta" });
		expect(fromBeta.body.indexCommit).toBe(b.indexedCommit);
		expect(JSON.stringify(fromBeta.body.citations)).toContain("greetBeta");
		expect(JSON.stringify(fromBeta.body.citations)).not.toContain("greetAlpha");
		const fromAlpha = await call("POST", "/v1/ask", { question: "what does greetAlpha do?", repo: "alpha" });
		expect(JSON.stringify(fromAlpha.body.citations)).not.toContain("greetBeta");
		const unknown = await call("POST", "/v1/ask", { question: "what does greetBeta do?", repo: "gamma" });
		expect(unknown.status).toBe(404);
		expect(unknown.body.error.code).toBe("unknown-repo");
		// Jobs take a repo too.
		const job = await call("POST", "/v1/jobs", { question: "what does greetBeta do?", repo: "beta" });
		expect(job.status).toBe(202);
		// MCP tools take the same optional repo.
		const mcp = createMcpServer({
			holder: manager.resolve("alpha"),
			holderFor: (repo) => manager.resolve(repo),
			ask,
			llm: () => undefined,
			askTimeoutMs: 10_000,
			log,
		});
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await mcp.connect(serverSide);
		const client = new Client({ name: "test", version: "0.0.0" });
		await client.connect(clientSide);
		const find = async (repo: string) =>
			JSON.stringify(await client.callTool({ name: "find_symbol", arguments: { query: "greetBeta", repo } }));
		expect(await find("beta")).toContain("src/greet.ts#greetBeta");
		expect(await find("alpha")).not.toContain("greetBeta");
		expect(await find("gamma")).toContain('"isError":true');
		await client.close();
		const status = await call("GET", "/v1/status");
		expect(status.body.repos.map((r: RepoInfo) => r.name)).toEqual(["alpha", "beta"]);
	});

	it("reports a repository that does not exist, and refuses bad URLs with 400", async () => {
		mkdirSync(join(root, "not-a-repo"));
		expect(
			(await call("POST", "/v1/repos", { name: "ghost", url: join(root, "not-a-repo") }, ADMIN)).status,
		).toBe(201);
		await manager.idle();
		const g = await info("ghost");
		expect(g.state).toBe("failed");
		expect(g.lastError).toMatch(/not found|not a git repository|does not appear/i);
		// A subfolder that is a symlink out of the checkout is refused; a real one is indexed alone.
		const linked = makeRemote(root, "linked", {
			...files("greetLinked"),
			"lib/extra.ts": "export const x = 1;\n",
		});
		symlinkSync("/etc", join(linked.work, "escape"));
		linked.push({}, "add a symlink");
		expect(
			(await call("POST", "/v1/repos", { name: "linked", url: linked.bare, subdir: "escape" }, ADMIN)).status,
		).toBe(201);
		expect(
			(await call("POST", "/v1/repos", { name: "linked-lib", url: linked.bare, subdir: "lib" }, ADMIN))
				.status,
		).toBe(201);
		await manager.idle();
		const escaped = await info("linked");
		expect(escaped.state).toBe("failed");
		expect(escaped.lastError).toMatch(/leads outside the repository/);
		expect((await info("linked-lib")).counts?.files).toBe(1);

		const mark = join(tmp, "executed");
		for (const template of HOSTILE_URLS) {
			const url = template.replaceAll("MARK", mark).replaceAll("ROOT", root);
			const r = await call("POST", "/v1/repos", { name: "hostile", url }, ADMIN);
			expect(r.status, url).toBe(400);
			expect(r.body.error.message.length).toBeGreaterThan(10);
		}
		expect(existsSync(mark)).toBe(false);
		expect((await call("GET", "/v1/repos/hostile")).status).toBe(404);
		expect((await call("DELETE", "/v1/repos/ghost", undefined, ADMIN)).status).toBe(200);
		expect((await call("GET", "/v1/repos/ghost")).status).toBe(404);
	});
});
