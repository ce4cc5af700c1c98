/**
 * `npm run repos-bars -- --root DIR --repo NAME=FOLDER[#BRANCH] ... --touch NAME:FILE`: issue 14's
 * bars on real repositories. Starts `codeask serve --repos-dir` on 127.0.0.1 (a temp registry
 * unless --dir), registers every --repo (a local git repository under --root) over HTTP and
 * times its first index, asks one question per repository, then commits a one-file change to
 * the --touch repository (a new exported function appended to FILE), sends a signed GitHub push
 * webhook, and asks every 250 ms until an answer is stamped with the new commit and cites the
 * new function: that delay is the freshness figure. Every ask during the re-index must be 200.
 * Finally every hostile URL (./hostile-urls.ts) is posted: each must be a 400 with a message,
 * and the marker file an injection would create must not exist. The commit is undone afterwards.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOSTILE_URLS } from "./hostile-urls.js";

const CLI = fileURLToPath(
	import.meta.url.endsWith(".ts")
		? new URL("../../dist/cli/main.js", import.meta.url)
		: new URL("../cli/main.js", import.meta.url),
);

interface Args {
	root: string;
	dir: string | null;
	repos: { name: string; folder: string; branch: string }[];
	touch: { name: string; file: string } | null;
	json: boolean;
}

function parse(argv: string[]): Args {
	const a: Args = { root: "", dir: null, repos: [], touch: null, json: false };
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = argv[i + 1] ?? "";
		if (flag === "--root") a.root = value;
		else if (flag === "--dir") a.dir = value;
		else if (flag === "--repo") {
			const m = /^([a-z0-9][a-z0-9._-]*)=([^#]+)(?:#(.+))?$/.exec(value);
			if (!m) throw new Error(`--repo NAME=FOLDER[#BRANCH], got ${value}`);
			a.repos.push({ name: m[1] as string, folder: m[2] as string, branch: m[3] ?? "main" });
		} else if (flag === "--touch") {
			const [name, ...file] = value.split(":");
			a.touch = { name: name as string, file: file.join(":") };
		} else if (flag === "--json") {
			a.json = true;
			continue;
		} else throw new Error(`unknown option ${flag}`);
		i++;
	}
	if (!a.root || a.repos.length === 0)
		throw new Error("usage: --root DIR --repo NAME=FOLDER[#BRANCH] ... [--touch NAME:FILE]");
	return a;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const git = (cwd: string, ...args: string[]) =>
	execFileSync("git", ["-c", "user.email=bench@example.com", "-c", "user.name=bench", ...args], { cwd })
		.toString()
		.trim();

async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const s = createServer().listen(0, "127.0.0.1", () => {
			const port = (s.address() as { port: number }).port;
			s.close(() => resolve(port));
		});
	});
}

async function main(): Promise<void> {
	const args = parse(process.argv.slice(2));
	const dir = args.dir ?? mkdtempSync(join(tmpdir(), "codeask-repos-bars-"));
	const token = randomBytes(24).toString("hex");
	const admin = randomBytes(24).toString("hex");
	const secret = randomBytes(24).toString("hex");
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const logs: string[] = [];
	const child = spawn(
		process.execPath,
		[
			CLI,
			"serve",
			"--repos-dir",
			dir,
			"--local-root",
			args.root,
			"--host",
			"127.0.0.1",
			"--port",
			String(port),
		],
		{
			env: {
				PATH: process.env.PATH ?? "",
				HOME: process.env.HOME ?? "",
				CODEASK_TOKEN: token,
				CODEASK_ADMIN_TOKEN: admin,
				CODEASK_WEBHOOK_SECRET: secret,
				CODEASK_REPO_POLL_MS: "0",
				CODEASK_LOG_LEVEL: "info",
			},
			stdio: ["ignore", "pipe", "pipe"],
		},
	);
	const keep = (d: Buffer) => logs.push(...d.toString().split("\n").filter(Boolean));
	child.stdout?.on("data", keep);
	child.stderr?.on("data", keep);
	const call = async (
		method: string,
		path: string,
		body?: unknown,
		bearer = token,
		headers: Record<string, string> = {},
	) => {
		const res = await fetch(`${base}${path}`, {
			method,
			headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", ...headers },
			body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
		});
		const text = await res.text();
		return { status: res.status, body: text ? JSON.parse(text) : null };
	};
	for (let i = 0; ; i++) {
		try {
			if ((await fetch(`${base}/healthz`)).ok) break;
		} catch {}
		if (i > 200) throw new Error(`the sidecar did not start:\n${logs.join("\n")}`);
		await sleep(100);
	}
	const report: Record<string, unknown> = { repos: {} };
	const rss = () => {
		const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
		return m ? Math.round(Number(m[1]) / 1024) : null;
	};
	let touched: { work: string; before: string } | null = null;
	try {
		// 1. Register every repository and time its first index.
		for (const r of args.repos) {
			const t0 = Date.now();
			const added = await call("POST", "/v1/repos", { name: r.name, url: r.folder, branch: r.branch }, admin);
			// With --dir of an earlier run, a registered repository is reused (its index is current).
			if (added.status !== 201 && added.status !== 409)
				throw new Error(`add ${r.name}: ${JSON.stringify(added.body)}`);
			let info: { state: string; counts: unknown; lastError: string | null; indexedCommit: string | null };
			let peak = 0;
			for (;;) {
				info = (await call("GET", `/v1/repos/${r.name}`)).body;
				peak = Math.max(peak, rss() ?? 0);
				if (info.state === "ready" || info.state === "failed") break;
				await sleep(500);
			}
			(report.repos as Record<string, unknown>)[r.name] = {
				firstIndexS: (Date.now() - t0) / 1000,
				state: info.state,
				counts: info.counts,
				error: info.lastError,
				commit: info.indexedCommit,
				peakRssMiB: peak,
			};
			log(
				args,
				`${r.name}: ${info.state} in ${((Date.now() - t0) / 1000).toFixed(1)} s ${JSON.stringify(info.counts)}`,
			);
		}
		// 2. One question per repository, answered from that repository.
		for (const r of args.repos) {
			const t0 = Date.now();
			const a = await call("POST", "/v1/ask", {
				question: `How is ${r.name} organised and where does it start?`,
				repo: r.name,
			});
			const entry = (report.repos as Record<string, Record<string, unknown>>)[r.name] as Record<
				string,
				unknown
			>;
			entry.ask = {
				status: a.status,
				ms: Date.now() - t0,
				stampedWithItsCommit: a.body?.indexCommit === entry.commit,
				citations: a.body?.citations?.length ?? 0,
			};
		}
		// 3. Freshness: a one-file commit, a signed push webhook, asks until the answer has it.
		if (args.touch) {
			const r = args.repos.find((x) => x.name === args.touch?.name);
			if (!r) throw new Error(`--touch names no --repo ${args.touch.name}`);
			const probe = `freshnessProbe${Date.now().toString(36)}`;
			const file = join(r.folder, args.touch.file);
			touched = { work: r.folder, before: git(r.folder, "rev-parse", "HEAD") };
			appendFileSync(
				file,
				`\n/** Added by the freshness bar: returns the probe's own name. */\nexport function ${probe}(): string {\n\treturn "${probe}";\n}\n`,
			);
			git(r.folder, "commit", "-qam", `freshness probe ${probe}`);
			const commit = git(r.folder, "rev-parse", "HEAD");
			const raw = JSON.stringify({ ref: `refs/heads/${r.branch}`, after: commit });
			const sig = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
			const t0 = Date.now();
			const hook = await call("POST", `/v1/webhooks/${r.name}`, raw, "none", {
				"x-github-event": "push",
				"x-hub-signature-256": sig,
			});
			const statuses: Record<number, number> = {};
			let fresh: number | null = null;
			let asks = 0;
			while (Date.now() - t0 < 120_000) {
				const a = await call("POST", "/v1/ask", { question: `What does ${probe} return?`, repo: r.name });
				asks++;
				statuses[a.status] = (statuses[a.status] ?? 0) + 1;
				if (a.status !== 200) log(args, `ask during the swap: ${a.status} ${JSON.stringify(a.body)}`);
				if (a.body?.indexCommit === commit && JSON.stringify(a.body?.citations ?? []).includes(probe)) {
					fresh = Date.now() - t0;
					break;
				}
				await sleep(250);
			}
			const indexed = logs
				.map((l) => {
					try {
						return JSON.parse(l) as {
							msg?: string;
							repo?: string;
							ms?: number;
							indexerMs?: number;
							extracted?: number;
						};
					} catch {
						return {};
					}
				})
				.filter((l) => l.msg === "repository indexed" && l.repo === r.name)
				.pop();
			report.freshness = {
				webhookStatus: hook.status,
				secondsToFreshAnswer: fresh === null ? null : fresh / 1000,
				reindexSeconds: indexed?.ms ? indexed.ms / 1000 : null,
				indexerSeconds: indexed?.indexerMs ? indexed.indexerMs / 1000 : null,
				loadAverage: loadavg()[0],
				extractedFiles: indexed?.extracted ?? null,
				asksDuringSwap: asks,
				statuses,
			};
			log(args, `freshness: ${JSON.stringify(report.freshness)}`);
		}
		// 4. Hostile URLs: each refused with a message; nothing runs.
		const mark = join(dir, "hostile-executed");
		const refused: { url: string; status: number; message: string }[] = [];
		for (const template of HOSTILE_URLS) {
			const url = template.replaceAll("MARK", mark).replaceAll("ROOT", args.root);
			const res = await call("POST", "/v1/repos", { name: "hostile", url }, admin);
			refused.push({ url, status: res.status, message: res.body?.error?.message ?? "" });
		}
		report.hostile = {
			count: refused.length,
			refusedWith400: refused.filter((x) => x.status === 400 && x.message.length > 0).length,
			markerCreated: existsSync(mark),
			examples: refused.slice(0, 5).map((x) => `${JSON.stringify(x.url)} -> ${x.message}`),
		};
		report.status = (await call("GET", "/v1/repos")).body;
		report.rssMiB = rss();
	} finally {
		child.kill("SIGTERM");
		await new Promise((r) => child.once("exit", r));
		if (touched) {
			// Undo the probe commit in the benchmark's own repository.
			git(touched.work, "reset", "-q", "--hard", touched.before);
		}
		if (!args.dir) rmSync(dir, { recursive: true, force: true });
	}
	const out = JSON.stringify(report, null, 2);
	if (args.json) process.stdout.write(`${out}\n`);
	else {
		process.stdout.write(`${out}\n`);
		writeFileSync(join(tmpdir(), "codeask-repos-bars.json"), out);
	}
}

function log(args: Args, line: string): void {
	if (!args.json) process.stderr.write(`${line}\n`);
}

main().catch((err: Error) => {
	process.stderr.write(`repos-bars: ${err.message}\n`);
	process.exitCode = 1;
});
