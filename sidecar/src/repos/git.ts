/**
 * The system `git`, run without a shell (an argument array, `--` before every URL), with only the
 * allowed protocols (`-c protocol.allow=never` plus an allow-list, and GIT_ALLOW_PROTOCOL), no
 * prompts, no user or system git configuration, and the shallowest fetch that still yields a
 * commit id and the files. Credentials come from the sidecar's environment (a token handed to a
 * credential helper through the child's environment) or a git-credential-store file; they are
 * never put on a command line, stored, logged or echoed (errors are scrubbed).
 * Each clone or fetch has a time limit and a size cap; both kill git's whole process group.
 */
import { execFile, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { codedError } from "../coded-error.js";
import { type GitProtocol, scrubCredentials } from "./url.js";

const execFileAsync = promisify(execFile);

export interface GitCredentials {
	/** A token (GitHub/GitLab/Gitea personal access token) for https remotes. */
	token?: string;
	/** User name sent with the token (default `x-access-token`, which the big forges accept). */
	username?: string;
	/** A git-credential-store file (`https://user:token@host` per line). */
	file?: string;
}

export interface GitOptions {
	protocols: readonly GitProtocol[];
	credentials: GitCredentials;
	/** Per clone/fetch time limit. */
	timeoutMs: number;
	/** Size cap of a checkout (working tree + .git). */
	maxBytes: number;
	/** Extra CA certificates for https remotes (a company CA; GIT_SSL_CAINFO). */
	caFile?: string;
	/** The git executable (tests may point at a wrapper). */
	gitPath?: string;
}

export type GitErrorCode =
	| "not-found"
	| "auth-failed"
	| "branch-not-found"
	| "timeout"
	| "too-large"
	| "failed";

export class GitError extends codedError<GitErrorCode>("GitError") {}

/** What a failed git said, reduced to a code and one scrubbed line. */
function classify(stderr: string, what: string, secrets: readonly string[]): GitError {
	const text = scrubCredentials(stderr, secrets);
	const last =
		text
			.split("\n")
			.map((l) => l.trim())
			.filter((l) => l && !l.startsWith("hint:"))
			.pop() ?? "";
	if (/Remote branch .* not found|couldn't find remote ref/i.test(text))
		return new GitError("branch-not-found", `${what}: the branch does not exist on the remote (${last})`);
	if (
		/Authentication failed|could not read (Username|Password)|terminal prompts disabled|Permission denied \(publickey|HTTP Basic: Access denied|invalid credentials|403/i.test(
			text,
		)
	)
		return new GitError(
			"auth-failed",
			`${what}: authentication failed (check the sidecar's git credentials) (${last})`,
		);
	if (
		/not found|does not appear to be a git repository|does not exist|Could not resolve host|unable to access|Could not read from remote/i.test(
			text,
		)
	)
		return new GitError("not-found", `${what}: repository not found or not reachable (${last})`);
	return new GitError("failed", `${what}: git failed (${last || "no message"})`);
}

export class Git {
	private readonly secrets: string[];
	/** Kills of the network git commands running now (shutdown stops them all). */
	private readonly running = new Set<(err: GitError) => void>();

	constructor(private readonly o: GitOptions) {
		this.secrets = [o.credentials.token ?? ""].filter(Boolean);
		if (o.credentials.file?.includes("'"))
			throw new Error("the git credentials file path cannot contain a quote");
	}

	/** Stop every clone, fetch and ls-remote running now (they fail with code "failed"). */
	stopAll(): void {
		for (const kill of [...this.running])
			kill(new GitError("failed", "stopped: the sidecar is shutting down"));
	}

	/** Mask credentials (URL userinfo and the configured token) in any text about git. */
	scrub(text: string): string {
		return scrubCredentials(text, this.secrets);
	}

	/** `-c` settings that come before every command: protocol allow-list, credentials, no hooks. */
	private configArgs(): string[] {
		const args = ["-c", "protocol.allow=never"];
		for (const p of this.o.protocols) args.push("-c", `protocol.${p}.allow=always`);
		args.push("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "credential.helper=");
		const c = this.o.credentials;
		if (c.file) args.push("-c", `credential.helper=store --file='${c.file}'`);
		// The helper reads the token from its environment at run time: it never appears in argv.
		if (c.token)
			args.push(
				"-c",
				// biome-ignore lint/suspicious/noTemplateCurlyInString: shell variables, expanded by the helper's shell
				'credential.helper=!f() { test "$1" = get && echo "username=${CODEASK_GIT_USERNAME}" && echo "password=${CODEASK_GIT_TOKEN}"; }; f',
			);
		return args;
	}

	/** The child's whole environment: nothing of the sidecar's but PATH and HOME (ssh needs it). */
	private env(): NodeJS.ProcessEnv {
		const env: NodeJS.ProcessEnv = {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			LANG: "C",
			LC_ALL: "C",
			GIT_TERMINAL_PROMPT: "0",
			GIT_ASKPASS: "/bin/false",
			SSH_ASKPASS: "/bin/false",
			GIT_ALLOW_PROTOCOL: this.o.protocols.join(":"),
			GIT_CONFIG_NOSYSTEM: "1",
			GIT_CONFIG_GLOBAL: "/dev/null",
			GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new",
		};
		if (process.env.SSH_AUTH_SOCK) env.SSH_AUTH_SOCK = process.env.SSH_AUTH_SOCK;
		if (this.o.caFile) env.GIT_SSL_CAINFO = this.o.caFile;
		if (this.o.credentials.token) {
			env.CODEASK_GIT_TOKEN = this.o.credentials.token;
			env.CODEASK_GIT_USERNAME = this.o.credentials.username ?? "x-access-token";
		}
		return env;
	}

	/**
	 * Run one network git command (clone or fetch) under the time limit and, when `watchDir` is
	 * given, the size cap. Resolves with stdout; rejects with a scrubbed GitError.
	 */
	private runLimited(args: string[], what: string, watchDir?: string): Promise<string> {
		return new Promise((resolve, reject) => {
			const child = spawn(this.o.gitPath ?? "git", [...this.configArgs(), ...args], {
				env: this.env(),
				stdio: ["ignore", "pipe", "pipe"],
				// Its own process group, so a kill reaches git-remote-https, ssh, index-pack too.
				detached: true,
			});
			let stdout = "";
			let stderr = "";
			child.stdout.on("data", (d: Buffer) => {
				if (stdout.length < 1_000_000) stdout += d.toString();
			});
			child.stderr.on("data", (d: Buffer) => {
				stderr = (stderr + d.toString()).slice(-20_000);
			});
			let stopped: GitError | null = null;
			const kill = (err: GitError) => {
				if (stopped) return;
				stopped = err;
				try {
					if (child.pid) process.kill(-child.pid, "SIGKILL");
				} catch {
					child.kill("SIGKILL");
				}
			};
			const timer = setTimeout(
				() =>
					kill(
						new GitError(
							"timeout",
							`${what}: took longer than ${Math.round(this.o.timeoutMs / 1000)} s (the time limit per clone or fetch)`,
						),
					),
				this.o.timeoutMs,
			);
			let sizeTimer: NodeJS.Timeout | undefined;
			if (watchDir) {
				const check = async () => {
					const bytes = await dirBytes(watchDir);
					if (bytes > this.o.maxBytes) kill(this.tooLarge(what, bytes));
					else if (!stopped) sizeTimer = setTimeout(check, 1000);
				};
				sizeTimer = setTimeout(check, 500);
			}
			this.running.add(kill);
			child.on("error", (err) => {
				this.running.delete(kill);
				clearTimeout(timer);
				clearTimeout(sizeTimer);
				reject(new GitError("failed", `${what}: could not run git (${err.message})`));
			});
			child.on("close", (code) => {
				this.running.delete(kill);
				clearTimeout(timer);
				clearTimeout(sizeTimer);
				if (stopped) reject(stopped);
				else if (code === 0) resolve(stdout);
				else reject(classify(stderr, what, this.secrets));
			});
		});
	}

	private tooLarge(what: string, bytes: number): GitError {
		const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;
		return new GitError(
			"too-large",
			`${what}: the checkout is over the size cap (${mb(bytes)} > ${mb(this.o.maxBytes)})`,
		);
	}

	/** A shallow, single-branch clone into `dir` (which must not exist); removes `dir` on failure. */
	async clone(url: string, branch: string, dir: string): Promise<void> {
		const what = `clone of ${this.scrub(url)}`;
		try {
			await this.runLimited(
				[
					"clone",
					"--quiet",
					"--depth",
					"1",
					"--single-branch",
					"--no-tags",
					"--branch",
					branch,
					"--",
					url,
					dir,
				],
				what,
				dir,
			);
			await this.checkSize(dir, what);
		} catch (err) {
			rmSync(dir, { recursive: true, force: true });
			throw err;
		}
	}

	/** Fetch the branch's newest commit (depth 1) into an existing clone and check it out. */
	async update(url: string, branch: string, dir: string): Promise<void> {
		const what = `fetch of ${this.scrub(url)}`;
		await this.runLimited(
			["-C", dir, "fetch", "--quiet", "--depth", "1", "--no-tags", "--", url, `refs/heads/${branch}`],
			what,
			dir,
		);
		await this.local(dir, ["checkout", "--quiet", "--force", "--detach", "FETCH_HEAD"]);
		await this.local(dir, ["clean", "-ffdq"]);
		await this.checkSize(dir, what);
	}

	/** The commit checked out in `dir`. */
	async head(dir: string): Promise<string> {
		return (await this.local(dir, ["rev-parse", "HEAD"])).trim();
	}

	/** The branch's newest commit on the remote, without fetching anything (`git ls-remote`). */
	async remoteHead(url: string, branch: string): Promise<string> {
		const what = `ls-remote of ${this.scrub(url)}`;
		const out = await this.runLimited(["ls-remote", "--", url, `refs/heads/${branch}`], what);
		const sha = /^([0-9a-f]{40,64})\s/m.exec(out)?.[1];
		if (!sha)
			throw new GitError("branch-not-found", `${what}: the branch "${branch}" does not exist on the remote`);
		return sha;
	}

	private async checkSize(dir: string, what: string): Promise<void> {
		const bytes = await dirBytes(dir);
		if (bytes > this.o.maxBytes) throw this.tooLarge(what, bytes);
	}

	/** A local git command in a checkout (no network): plain execFile with the same environment. */
	private async local(dir: string, args: string[]): Promise<string> {
		try {
			const { stdout } = await execFileAsync(
				this.o.gitPath ?? "git",
				[...this.configArgs(), "-C", dir, ...args],
				{
					env: this.env(),
					maxBuffer: 4 * 1024 * 1024,
					timeout: this.o.timeoutMs,
				},
			);
			return stdout;
		} catch (err) {
			const e = err as { stderr?: string; message: string };
			throw classify(e.stderr ?? e.message, `git ${args[0]}`, this.secrets);
		}
	}
}

/** Bytes on disk under `dir` (`du -sk`); 0 when it does not exist yet. */
export async function dirBytes(dir: string): Promise<number> {
	try {
		const { stdout } = await execFileAsync("du", ["-sk", "--", dir]);
		return Number.parseInt(stdout, 10) * 1024 || 0;
	} catch {
		return 0;
	}
}
