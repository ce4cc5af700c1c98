/**
 * `npm run fuzz:cli -- --cases 500`: hostile input against the `codeask` CLI itself, the way
 * `npm run fuzz` treats the service. Each case runs the built CLI once as a user would:
 *   - corrupt-index: an index of the bundled example damaged at random offsets (bytes overwritten,
 *     a page zeroed, the header scribbled on, the file truncated), read by ask/overview/trunks/…;
 *   - reindex: `codeask index` over a damaged previous index (sometimes with a changed file);
 *   - argv: random argument vectors built from each command's own `--help` (unknown commands
 *     and options, empty, huge, negative, Unicode and JSON-ish values);
 *   - hostile-path: inputs and outputs at paths that cannot work (/proc, /dev/full, a folder, a
 *     file used as a folder, a symlink loop, a 300-character name, a missing folder).
 * The rule for every case: no stack trace on stdout or stderr, no "unexpected error", an exit
 * code of 0, 1 or 2, and no hang (`--timeout`). Exit 1 on any violation, listing each with its
 * argv. Cases come from a seeded PRNG (`--seed`): a run repeats exactly. Long-running commands
 * (serve, mcp) and `repos` (git, network) are left out; LLM keys are removed from the environment.
 */
import { spawn } from "node:child_process";
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	truncateSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { seededRandom } from "../seeded-random.js";

const optionsSchema = z.object({
	cases: z.coerce.number().int().min(1).max(100_000).default(500),
	seed: z.coerce.number().int().default(20_261_201),
	concurrency: z.coerce.number().int().min(1).max(16).default(2),
	timeout: z.coerce.number().int().min(5).max(600).default(180),
	json: z.literal(true).optional(),
	keep: z.literal(true).optional(),
});

const CLI = fileURLToPath(new URL("../../bin/codeask.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/mini-chat", import.meta.url));

/** Commands a case may run: everything but the servers (they never return) and repos (git, network). */
const COMMANDS = [
	"ask",
	"bench",
	"demo",
	"diagram",
	"edges",
	"export",
	"index",
	"overview",
	"query",
	"trunks",
];
const READ_COMMANDS = ["ask", "overview", "trunks", "query", "export", "edges", "diagram"] as const;

const STACK_LINE = /^\s+at .*(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;

type Kind = "corrupt-index" | "reindex" | "argv" | "hostile-path";

interface Case {
	n: number;
	kind: Kind;
	argv: string[];
	/** What the case damaged, for the report. */
	note: string;
}

interface Outcome {
	c: Case;
	code: number | null;
	signal: string | null;
	timedOut: boolean;
	violation: string | null;
	/** Whether the output held a stack frame (also part of an "unexpected error"). */
	trace: boolean;
	ms: number;
}

interface Fixture {
	work: string;
	base: Buffer;
	repo: string;
	answerJson: string;
	hostile: { read: string[]; write: string[]; dirs: string[] };
	questionsJson: string;
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const int = (rand: () => number, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

function parseArgs(argv: string[]): Record<string, string | true> {
	const out: Record<string, string | true> = {};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i] as string;
		if (!a.startsWith("--")) continue;
		const next = argv[i + 1];
		if (next === undefined || next.startsWith("--")) out[a.slice(2)] = true;
		else {
			out[a.slice(2)] = next;
			i++;
		}
	}
	return out;
}

/** Run the CLI once; resolves with its exit, output and whether it broke the rule. */
function runCli(argv: string[], cwd: string, timeoutMs: number): Promise<Omit<Outcome, "c">> {
	const started = Date.now();
	const env: Record<string, string> = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (v !== undefined && !/KEY|TOKEN|SECRET|^CODEASK_/.test(k)) env[k] = v;
	}
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [CLI, ...argv], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
		let out = "";
		let timedOut = false;
		const keep = (chunk: Buffer) => {
			if (out.length < 200_000) out += chunk.toString("utf8");
		};
		child.stdout.on("data", keep);
		child.stderr.on("data", keep);
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill("SIGKILL");
		}, timeoutMs);
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			const violation = timedOut
				? `no exit within ${timeoutMs / 1000} s`
				: code === null
					? `killed by ${signal}`
					: ![0, 1, 2].includes(code)
						? `exit code ${code}`
						: /unexpected error/.test(out)
							? `unexpected error: ${firstLines(out)}`
							: STACK_LINE.test(out)
								? `stack trace: ${firstLines(out)}`
								: null;
			resolve({ code, signal, timedOut, violation, trace: STACK_LINE.test(out), ms: Date.now() - started });
		});
	});
}

const firstLines = (s: string) => s.split("\n").slice(0, 6).join(" | ").slice(0, 600);

/** A damaged copy of the example's index. */
function damage(rand: () => number, base: Buffer, file: string): string {
	const bytes = Buffer.from(base);
	const mode = pick(rand, ["bytes", "bytes", "page", "header", "truncate", "truncate-page"] as const);
	if (mode === "bytes") {
		const spots = int(rand, 1, 6);
		for (let i = 0; i < spots; i++) {
			const at = int(rand, 0, bytes.length - 1);
			const len = Math.min(int(rand, 1, 4096), bytes.length - at);
			for (let j = 0; j < len; j++) bytes[at + j] = int(rand, 0, 255);
		}
		writeFileSync(file, bytes);
		return `${spots} runs of random bytes`;
	}
	if (mode === "page") {
		const page = int(rand, 0, Math.floor(bytes.length / 4096) - 1);
		bytes.fill(0, page * 4096, (page + 1) * 4096);
		writeFileSync(file, bytes);
		return `page ${page} zeroed`;
	}
	if (mode === "header") {
		const at = int(rand, 0, 99);
		bytes[at] = int(rand, 0, 255);
		writeFileSync(file, bytes);
		return `header byte ${at} changed`;
	}
	writeFileSync(file, bytes);
	const length =
		mode === "truncate" ? int(rand, 0, bytes.length - 1) : 4096 * int(rand, 0, bytes.length / 4096 - 1);
	truncateSync(file, length);
	return `truncated to ${length} bytes`;
}

function readCommand(rand: () => number, index: string, fx: Fixture, caseDir: string): string[] {
	const cmd = pick(rand, READ_COMMANDS);
	const json = rand() < 0.3 ? ["--json"] : [];
	switch (cmd) {
		case "ask":
			return [
				"ask",
				pick(rand, ["how are push notifications sent?", "where is a message saved", "x"]),
				"--index",
				index,
				...json,
			];
		case "overview":
			return ["overview", "--index", index, ...(rand() < 0.3 ? ["--package", "apps/server"] : []), ...json];
		case "trunks":
			return ["trunks", "--index", index, ...json];
		case "query":
			return pick(rand, [
				["query", "callers", "sendMessage", "--index", index],
				["query", "callees", "sendMessage", "--depth", "3", "--index", index],
				["query", "path", "ChatView", "notifyUsers", "--index", index],
				["query", "listeners", "afterMessageSave", "--index", index],
			]);
		case "export":
			return ["export", "--index", index, "--format", "neo4j-csv", "--out", join(caseDir, "export")];
		case "edges":
			return ["edges", "--index", index, "--sample", String(int(rand, 1, 30))];
		case "diagram":
			return [
				"diagram",
				fx.answerJson,
				"--index",
				index,
				...(rand() < 0.5 ? ["--mermaid"] : ["--out", join(caseDir, "d.png")]),
			];
	}
}

/** Each command's options, read from its own --help: [flag, takes a value]. */
async function commandOptions(cwd: string): Promise<Map<string, [string, boolean][]>> {
	const map = new Map<string, [string, boolean][]>();
	for (const cmd of COMMANDS) {
		const text = await helpText([cmd, "--help"], cwd);
		const opts: [string, boolean][] = [];
		for (const m of text.matchAll(/^\s+(?:-\w, )?(--[\w-]+)( [<[][^>\]]+[>\]])?/gm)) {
			if (m[1] !== "--help") opts.push([m[1] as string, m[2] !== undefined]);
		}
		map.set(cmd, opts);
	}
	return map;
}

function helpText(argv: string[], cwd: string): Promise<string> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [CLI, ...argv], { cwd, stdio: ["ignore", "pipe", "pipe"] });
		let out = "";
		child.stdout.on("data", (c: Buffer) => {
			out += c.toString("utf8");
		});
		child.on("close", () => resolve(out));
	});
}

const VALUES = [
	"",
	" ",
	"-1",
	"0",
	"1",
	"7",
	"99999999999999999999",
	"1e309",
	"NaN",
	"abc",
	"{",
	"{}",
	'{"tokenBudget":-5}',
	'{"maxCitations":"x"}',
	"[]",
	"null",
	"💥 ünïcödé \u202e",
	"a".repeat(5000),
	"--json",
	"-",
	"../../../../etc/passwd",
	"gemini",
	"openai",
	"none",
	"http://127.0.0.1:9/v1",
	"not a url",
	"neo4j-csv",
	"callbacks",
	"apps/server",
	"deadbeef",
	"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
];

function randomArgv(rand: () => number, options: Map<string, [string, boolean][]>, fx: Fixture): string[] {
	const r = rand();
	const cmd =
		r < 0.05
			? pick(rand, ["", "nope", "ASK", "--verbose", "-x", "help"])
			: pick(
					rand,
					// demo indexes the example: a slow case, so a rare one.
					COMMANDS.filter((c) => c !== "demo" || rand() < 0.2),
				);
	const argv = cmd === "" ? [] : [cmd];
	const paths = [fx.repo, join(fx.work, "base.db"), fx.answerJson, fx.questionsJson, ...fx.hostile.read];
	const positionals = int(rand, 0, 3);
	for (let i = 0; i < positionals; i++) argv.push(rand() < 0.5 ? pick(rand, VALUES) : pick(rand, paths));
	const opts = options.get(cmd) ?? [];
	const count = int(rand, 0, Math.min(5, opts.length));
	for (let i = 0; i < count; i++) {
		const [flag, takesValue] = pick(rand, opts);
		argv.push(flag);
		if (takesValue || rand() < 0.1) {
			argv.push(
				/index|questions|out|diagram|report|repo|trunks/.test(flag) && rand() < 0.6
					? pick(rand, paths)
					: pick(rand, VALUES),
			);
		}
	}
	if (rand() < 0.1) argv.push(pick(rand, ["--unknown-flag", "-Z", "--", "--json=1"]));
	// Indexing a real folder is slow and writes into it: only the example copy or a bad path.
	if (argv[0] === "index" && argv[1] && !paths.includes(argv[1]))
		argv[1] = pick(rand, [fx.repo, ...fx.hostile.read]);
	if (argv[0] === "index" && !argv.includes("--out"))
		argv.push("--out", join(fx.work, `argv-${int(rand, 0, 1e9)}.db`));
	return argv;
}

function hostileCase(rand: () => number, fx: Fixture, caseDir: string): string[] {
	const base = join(fx.work, "base.db");
	const read = pick(rand, fx.hostile.read);
	const write = pick(rand, fx.hostile.write);
	const dir = pick(rand, fx.hostile.dirs);
	return pick(rand, [
		["index", fx.repo, "--out", write],
		["index", read, "--out", join(caseDir, "i.db")],
		["ask", "how are push notifications sent?", "--index", read],
		["ask", "how are push notifications sent?", "--index", base, "--diagram", write],
		["ask", "how are push notifications sent?", "--index", base, "--report", dir],
		["overview", "--index", read],
		["overview", "--index", base, "--diagram", write],
		["trunks", "--index", read],
		["export", "--index", base, "--format", "neo4j-csv", "--out", dir],
		["bench", "--index", base, "--questions", read],
		["bench", "--index", read, "--questions", fx.questionsJson],
		["diagram", read, "--mermaid"],
		["diagram", fx.answerJson, "--out", write],
		["edges", "--index", read, "--sample", "3"],
		["query", "callers", "sendMessage", "--index", read],
		["index", fx.repo, "--trunks", read, "--out", join(caseDir, "t.db")],
	]);
}

async function setup(work: string): Promise<Fixture> {
	const repo = join(work, "mini-chat");
	cpSync(EXAMPLE, repo, { recursive: true, filter: (src) => !src.includes(".codeask") });
	const db = join(work, "base.db");
	const indexed = await runCli(["index", repo, "--out", db], work, 300_000);
	if (indexed.code !== 0 || !existsSync(db))
		throw new Error(`fuzz-cli: could not index the example (${indexed.violation ?? indexed.code})`);
	const answerJson = join(work, "answer.json");
	await new Promise<void>((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[CLI, "ask", "how are push notifications sent?", "--index", db, "--json"],
			{
				cwd: work,
				stdio: ["ignore", "pipe", "inherit"],
			},
		);
		let out = "";
		child.stdout.on("data", (c: Buffer) => {
			out += c.toString("utf8");
		});
		child.on("close", (code) => {
			if (code !== 0) reject(new Error("fuzz-cli: could not answer on the example"));
			writeFileSync(answerJson, out);
			resolve();
		});
	});
	const questionsJson = join(work, "questions.json");
	writeFileSync(questionsJson, '{"schema":"codeask-questions/1","questions":[{"id":"q1"');
	const aFile = join(work, "a-file");
	writeFileSync(aFile, "not an index\n");
	const emptyDir = join(work, "empty-dir");
	mkdirSync(emptyDir);
	const loop = join(work, "loop");
	symlinkSync(loop, loop);
	const long = join(work, "n".repeat(300));
	const odd = join(work, "new\nline ünï\u202ecode");
	const hostile = {
		read: [
			"/proc/nope.db",
			"/dev/null",
			emptyDir,
			aFile,
			join(aFile, "x.db"),
			loop,
			long,
			odd,
			join(work, "missing", "deep", "x.db"),
			"",
		],
		write: [
			"/proc/x.db",
			"/proc/sub/x.png",
			"/dev/full",
			emptyDir,
			join(aFile, "x.png"),
			loop,
			long,
			join(work, "missing", "deep", "out.png"),
			"",
		],
		dirs: ["/proc/rep", "/proc/sub/rep", "/dev/full", aFile, join(aFile, "sub"), loop, long, ""],
	};
	return { work, base: readFileSync(db), repo, answerJson, hostile, questionsJson };
}

async function main(): Promise<number> {
	const parsed = optionsSchema.safeParse(parseArgs(process.argv.slice(2)));
	if (!parsed.success) {
		process.stderr.write(
			`fuzz-cli: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}\n`,
		);
		return 2;
	}
	const o = parsed.data;
	if (!existsSync(fileURLToPath(new URL("../cli/main.js", import.meta.url)))) {
		process.stderr.write("fuzz-cli: run `npm run build` first\n");
		return 2;
	}
	const work = mkdtempSync(join(tmpdir(), "codeask-fuzz-cli-"));
	const started = Date.now();
	try {
		const fx = await setup(work);
		const options = await commandOptions(work);
		const rand = seededRandom(o.seed);
		const cases: Case[] = [];
		for (let n = 0; n < o.cases; n++) {
			const caseDir = join(work, `case-${n}`);
			mkdirSync(caseDir);
			const r = rand();
			if (r < 0.35) {
				const file = join(caseDir, "index.db");
				const note = damage(rand, fx.base, file);
				cases.push({ n, kind: "corrupt-index", argv: readCommand(rand, file, fx, caseDir), note });
			} else if (r < 0.4) {
				const repo = join(caseDir, "repo");
				cpSync(fx.repo, repo, { recursive: true });
				mkdirSync(join(repo, ".codeask"));
				const note = damage(rand, fx.base, join(repo, ".codeask", "index.db"));
				const changed = rand() < 0.5;
				if (changed)
					writeFileSync(join(repo, "apps", "server", "src", "fuzz-added.ts"), "export const added = 1;\n");
				cases.push({
					n,
					kind: "reindex",
					argv: ["index", repo],
					note: `${note}${changed ? ", a file added" : ""}`,
				});
			} else if (r < 0.75) {
				cases.push({ n, kind: "argv", argv: randomArgv(rand, options, fx), note: "" });
			} else {
				cases.push({ n, kind: "hostile-path", argv: hostileCase(rand, fx, caseDir), note: "" });
			}
		}
		const outcomes: Outcome[] = [];
		let next = 0;
		const worker = async () => {
			for (let i = next++; i < cases.length; i = next++) {
				const c = cases[i] as Case;
				const r = await runCli(c.argv, join(work, `case-${c.n}`), o.timeout * 1000);
				outcomes.push({ c, ...r });
				if (!o.keep) rmSync(join(work, `case-${c.n}`), { recursive: true, force: true });
				if (!o.json && outcomes.length % 50 === 0)
					process.stderr.write(`fuzz-cli: ${outcomes.length}/${cases.length} cases\n`);
			}
		};
		await Promise.all(Array.from({ length: o.concurrency }, worker));
		outcomes.sort((a, b) => a.c.n - b.c.n);
		const violations = outcomes.filter((x) => x.violation);
		const byKind: Record<string, { cases: number; exit: Record<string, number> }> = {};
		for (const x of outcomes) {
			byKind[x.c.kind] ??= { cases: 0, exit: {} };
			const k = byKind[x.c.kind] as { cases: number; exit: Record<string, number> };
			k.cases++;
			const code = String(x.code ?? x.signal);
			k.exit[code] = (k.exit[code] ?? 0) + 1;
		}
		const summary = {
			cases: outcomes.length,
			seed: o.seed,
			violations: violations.length,
			stackTraces: outcomes.filter((x) => x.trace).length,
			byKind,
			wallSeconds: Math.round((Date.now() - started) / 1000),
			failures: violations.map((x) => ({
				n: x.c.n,
				kind: x.c.kind,
				note: x.c.note,
				argv: x.c.argv,
				violation: x.violation,
			})),
		};
		if (o.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
		else {
			process.stdout.write(
				`${outcomes.length} cases (seed ${o.seed}), ${violations.length} violations, ${summary.stackTraces} stack traces, ${summary.wallSeconds} s\n`,
			);
			for (const [kind, k] of Object.entries(byKind))
				process.stdout.write(
					`  ${kind.padEnd(14)} ${String(k.cases).padStart(4)} cases, exit codes ${JSON.stringify(k.exit)}\n`,
				);
			for (const f of summary.failures)
				process.stdout.write(
					`  ✗ #${f.n} ${f.kind} ${f.note} ${JSON.stringify(f.argv)}\n      ${f.violation}\n`,
				);
		}
		return violations.length ? 1 : 0;
	} finally {
		if (!o.keep) rmSync(work, { recursive: true, force: true });
		else process.stderr.write(`fuzz-cli: kept ${work}\n`);
	}
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(err: Error) => {
		process.stderr.write(`${err.stack ?? err.message}\n`);
		process.exitCode = 1;
	},
);
