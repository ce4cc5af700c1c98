/**
 * Real git repositories for the repository tests: a bare "remote" and a work clone that commits
 * and pushes to it, all in a temp folder (the local root the sidecar may clone from).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const ID = ["-c", "user.email=test@example.com", "-c", "user.name=test", "-c", "init.defaultBranch=main"];

export function git(cwd: string, ...args: string[]): string {
	return execFileSync("git", [...ID, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] })
		.toString()
		.trim();
}

export interface Remote {
	bare: string;
	work: string;
	/** Write files, commit and push; returns the new commit. */
	push(files: Record<string, string>, message?: string): string;
}

/** A bare repository under `root/<name>.git` with a first commit of `files` on main. */
export function makeRemote(root: string, name: string, files: Record<string, string>): Remote {
	const bare = join(root, `${name}.git`);
	const work = join(root, `${name}-work`);
	mkdirSync(bare, { recursive: true });
	git(bare, "init", "--bare", "-q", "-b", "main");
	mkdirSync(work, { recursive: true });
	git(work, "init", "-q", "-b", "main");
	git(work, "remote", "add", "origin", bare);
	const push = (next: Record<string, string>, message = "change") => {
		for (const [path, text] of Object.entries(next)) {
			mkdirSync(dirname(join(work, path)), { recursive: true });
			writeFileSync(join(work, path), text);
		}
		git(work, "add", "-A");
		git(work, "commit", "-q", "-m", message);
		git(work, "push", "-q", "origin", "main");
		return git(work, "rev-parse", "HEAD");
	};
	push(files, "first");
	return { bare, work, push };
}
