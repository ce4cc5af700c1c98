/**
 * Start `codeask serve` as a child process on 127.0.0.1 (an ephemeral port) for the load and
 * fuzz scripts, keep every log line it writes, and read its resident memory from /proc.
 * Only loopback is ever used: the host is not configurable here on purpose.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { fileURLToPath } from "node:url";

// The built CLI, whether this module runs from dist/ or (in tests) from src/.
const CLI = fileURLToPath(
	import.meta.url.endsWith(".ts")
		? new URL("../../dist/cli/main.js", import.meta.url)
		: new URL("../cli/main.js", import.meta.url),
);

export interface SpawnedService {
	url: string;
	port: number;
	token: string;
	pid: number;
	/** Every line the service wrote (stdout and stderr), in order. */
	logs: string[];
	/** Resident set size in bytes (Linux /proc; null elsewhere). */
	rss(): number | null;
	/** Open file descriptors of the process (Linux /proc; null elsewhere). */
	fds(): number | null;
	/** SIGTERM, then wait for the exit code. */
	stop(): Promise<number | null>;
}

export function rssOf(pid: number): number | null {
	try {
		const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
		return m?.[1] ? Number(m[1]) * 1024 : null;
	} catch {
		return null;
	}
}

export function fdsOf(pid: number): number | null {
	try {
		return readdirSync(`/proc/${pid}/fd`).length;
	} catch {
		return null;
	}
}

/** A free loopback port: bind to port 0, read it, release it. */
async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

export async function spawnService(
	indexPath: string,
	env: Record<string, string> = {},
): Promise<SpawnedService> {
	const token = randomBytes(24).toString("hex");
	const port = await freePort();
	const child: ChildProcess = spawn(
		process.execPath,
		[CLI, "serve", "--index", indexPath, "--host", "127.0.0.1", "--port", String(port)],
		{
			env: { PATH: process.env.PATH ?? "", CODEASK_TOKEN: token, CODEASK_LOG_LEVEL: "info", ...env },
			stdio: ["ignore", "pipe", "pipe"],
		},
	);
	const logs: string[] = [];
	let pending = "";
	const onData = (chunk: Buffer) => {
		pending += chunk.toString("utf8");
		const lines = pending.split("\n");
		pending = lines.pop() ?? "";
		logs.push(...lines.filter(Boolean));
	};
	child.stdout?.on("data", onData);
	child.stderr?.on("data", onData);
	const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

	const url = `http://127.0.0.1:${port}`;
	// Wait until it answers /healthz (or fail if it exits first, with what it logged).
	const deadline = Date.now() + 120_000;
	let exitCode: number | null | undefined;
	exited.then((code) => {
		exitCode = code;
	});
	for (;;) {
		if (exitCode !== undefined) throw new Error(`codeask serve exited (${exitCode}):\n${logs.join("\n")}`);
		if (Date.now() > deadline) {
			child.kill("SIGTERM");
			throw new Error(`codeask serve did not answer /healthz within 120 s:\n${logs.join("\n")}`);
		}
		const ok = await fetch(`${url}/healthz`).then(
			(r) => r.ok,
			() => false,
		);
		if (ok) break;
		await new Promise((r) => setTimeout(r, 200));
	}
	return {
		url,
		port,
		token,
		pid: child.pid ?? -1,
		logs,
		rss: () => rssOf(child.pid ?? -1),
		fds: () => fdsOf(child.pid ?? -1),
		async stop() {
			if (child.exitCode === null) child.kill("SIGTERM");
			return exited;
		},
	};
}

/** Parse `--name value` / `--flag` arguments into a record (the scripts take a handful). */
export function parseArgs(argv: string[]): Record<string, string | true> {
	const out: Record<string, string | true> = {};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i] ?? "";
		if (!a.startsWith("--")) continue;
		const next = argv[i + 1];
		if (next !== undefined && !next.startsWith("--")) {
			out[a.slice(2)] = next;
			i++;
		} else out[a.slice(2)] = true;
	}
	return out;
}
