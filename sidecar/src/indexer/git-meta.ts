/** The meta rows a run reads from git: the commit, and where the indexed folder sits in its checkout. */
import { execFileSync } from "node:child_process";

function gitCommit(repo: string): string {
	try {
		return execFileSync("git", ["-C", repo, "rev-parse", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
			.toString()
			.trim();
	} catch {
		return "";
	}
}

/** Output of a git command in `repo`, or "" when it is not a checkout (or has no such value). */
function gitOutput(repo: string, args: string[]): string {
	try {
		return execFileSync("git", ["-C", repo, ...args], { stdio: ["ignore", "pipe", "ignore"] })
			.toString()
			.trim();
	} catch {
		return "";
	}
}

/**
 * The checkout's `origin` remote (credentials removed: an https remote may carry a token) and the
 * indexed folder's path inside the checkout, so clients can link citations to the web.
 */
function gitRemote(repo: string): { remoteUrl: string; subdir: string } {
	const remote = gitOutput(repo, ["remote", "get-url", "origin"]).replace(
		/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i,
		"$1",
	);
	const subdir = gitOutput(repo, ["rev-parse", "--show-prefix"]).replace(/\/+$/, "");
	return { remoteUrl: remote, subdir: remote ? subdir : "" };
}

/** The commit (`commit` when given, else the checkout's HEAD), the remote and the folder's place in it. */
export function gitMeta(
	repo: string,
	commit: string | undefined,
): { commit: string; remoteUrl: string; subdir: string } {
	return { commit: commit || gitCommit(repo), ...gitRemote(repo) };
}
