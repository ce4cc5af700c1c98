/**
 * The set-up the app's integration test and its measurement runs share: the app packaged as an admin
 * installs it, and a real `codeask serve` over an index on a free 127.0.0.1 port.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

export async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
	const { port } = server.address() as { port: number };
	await new Promise((done) => server.close(done));
	return port;
}

/** Packages the app (app/scripts/package.mjs) into `work`; returns the zip's path. */
export function packageApp(work: string, stdio: "inherit" | "ignore" = "ignore"): string {
	const zip = join(work, "codeask.zip");
	execFileSync(
		process.execPath,
		[join(REPO_ROOT, "app/scripts/package.mjs"), "--out", zip, "--stage", join(work, "stage")],
		{ stdio },
	);
	return zip;
}

export interface ServeProcess {
	url: string;
	process: ChildProcess;
	/** A crash, not a graceful stop: the sidecar would otherwise wait for callback retries. */
	kill(): Promise<void>;
}

/** Starts the built sidecar's `codeask serve` over `indexPath`; resolves once /readyz answers. */
export async function startServe(
	indexPath: string,
	token: string,
	options: { env?: Record<string, string>; stderr?: "inherit" | "ignore"; timeoutMs?: number } = {},
): Promise<ServeProcess> {
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const child = spawn(
		process.execPath,
		[join(REPO_ROOT, "sidecar/dist/cli/main.js"), "serve", "--index", indexPath, "--port", String(port)],
		{
			env: { ...process.env, CODEASK_TOKEN: token, CODEASK_LOG_LEVEL: "warn", ...options.env },
			stdio: ["ignore", "ignore", options.stderr ?? "ignore"],
		},
	);
	const kill = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((done) => child.once("exit", done));
		child.kill("SIGKILL");
		await exited;
	};
	const deadline = Date.now() + (options.timeoutMs ?? 60_000);
	for (;;) {
		const ready = await fetch(`${url}/readyz`).then(
			(response) => response.ok,
			() => false,
		);
		if (ready) return { url, process: child, kill };
		if (child.exitCode !== null || Date.now() > deadline) {
			await kill();
			throw new Error(`codeask serve did not get ready on ${url}`);
		}
		await new Promise((done) => setTimeout(done, 200));
	}
}
