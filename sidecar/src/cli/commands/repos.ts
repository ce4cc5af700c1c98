/**
 * `codeask repos add|list|remove|sync`: the repository registry of a sidecar in repository mode
 * (`codeask serve --repos-dir DIR`). Works on the registry file directly, so it runs with or
 * without a service; a running service picks up the new index files (they are polled).
 */
import type { RepoInfo } from "@codeask/shared";
import { branchSchema, repoNameSchema, subdirSchema } from "@codeask/shared";
import type { Command } from "commander";
import { ConfigError, loadRepoConfig } from "../../config.js";
import { createLogger } from "../../logger.js";
import type { RepoManager } from "../../repos/manager.js";
import { EXIT, UsageError } from "../errors.js";
import { createProgressBar } from "../progress.js";

interface CommonFlags {
	reposDir?: string;
	localRoot?: string;
	json?: boolean;
}

const DEFAULT_DIR = ".codeask/repos";

async function openManager(flags: CommonFlags): Promise<RepoManager> {
	let config: ReturnType<typeof loadRepoConfig>;
	try {
		config = loadRepoConfig(process.env, { reposDir: flags.reposDir, localRoot: flags.localRoot });
	} catch (err) {
		if (err instanceof ConfigError) throw new UsageError(err.message);
		throw err;
	}
	const [{ createRepoManager }, { IndexHolder }] = await Promise.all([
		import("../../repos/setup.js"),
		import("../../index/holder.js"),
	]);
	const log = createLogger({ level: "silent" });
	// The CLI never polls and always runs its syncs itself, in this process's queue.
	const { InProcessQueue } = await import("../../repos/queue.js");
	return createRepoManager(
		{ ...config, reposDir: config.reposDir ?? DEFAULT_DIR },
		{
			log,
			createHolder: (path) => new IndexHolder(path, log),
			queue: new InProcessQueue(1),
			pollMs: 0,
		},
	);
}

function parseOr(
	schema: {
		safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } };
	},
	value: unknown,
	what: string,
): string {
	const r = schema.safeParse(value);
	if (!r.success) throw new UsageError(`${what}: ${r.error?.issues.map((i) => i.message).join("; ")}`);
	return r.data as string;
}

function line(r: RepoInfo): string {
	const commit = r.indexedCommit ? r.indexedCommit.slice(0, 12) : "-";
	const head = r.headSeen ? r.headSeen.slice(0, 12) : "-";
	const counts = r.counts ? `${r.counts.files} files, ${r.counts.definitions} defs` : "";
	return [
		`${r.isDefault ? "*" : " "} ${r.name}  ${r.state}  ${r.url}#${r.branch}${r.subdir ? `:${r.subdir}` : ""}`,
		`    indexed ${commit}  head ${head}  synced ${r.lastSyncAt ?? "never"}  ${counts}`,
		r.lastError ? `    last error: ${r.lastError}` : "",
	]
		.filter(Boolean)
		.join("\n");
}

/** Run the queued syncs, showing progress, and report each repository's outcome. */
async function runSyncs(manager: RepoManager, names: string[], json: boolean): Promise<number> {
	const bar = createProgressBar({ json });
	manager.events.on("progress", (p: { repo: string; event: string; percent: number | null }) => {
		if (p.event === "progress" && p.percent !== null) bar.update(p.repo, p.percent, 100);
	});
	await manager.start({ recover: false });
	await manager.idle();
	bar.stop();
	const infos = names.map((n) => manager.get(n)).filter((r): r is RepoInfo => r !== undefined);
	if (json) process.stdout.write(`${JSON.stringify({ repos: infos }, null, 2)}\n`);
	else for (const r of infos) process.stdout.write(`${line(r)}\n`);
	const failed = infos.filter(
		(r) => r.state === "failed" || (r.lastError !== null && r.indexedCommit !== r.headSeen),
	);
	for (const r of failed) process.stderr.write(`codeask: ${r.name}: ${r.lastError}\n`);
	return failed.length ? EXIT.failed : EXIT.ok;
}

export function register(program: Command): void {
	const repos = program
		.command("repos")
		.description("Manage the repositories a sidecar serves (codeask serve --repos-dir)")
		.option("--repos-dir <dir>", `registry folder (env CODEASK_REPOS_DIR; default ${DEFAULT_DIR})`)
		.option(
			"--local-root <dir>",
			"local folders under which repositories may be added (env CODEASK_REPOS_LOCAL_ROOT)",
		)
		.addHelpText(
			"after",
			`
Locations: https://host/path, ssh://host/path, user@host:path, or a local folder (or file://) under
the local root. Credentials come from CODEASK_GIT_TOKEN or CODEASK_GIT_CREDENTIALS_FILE, never the URL.`,
		);
	const common = () => repos.opts() as CommonFlags;

	repos
		.command("add")
		.description("Register a repository, clone it (shallow) and build its index")
		.argument("<name>", "short name: what questions use as repo")
		.argument("<location>", "git URL or local folder")
		.option("--branch <branch>", "branch to track (default main)")
		.option("--subdir <dir>", "index only this folder of the repository")
		.option("--no-trunks", "skip string-dispatch trunks")
		.option("--no-sync", "register only; index on the next sync")
		.option("--json", "print the result as JSON")
		.action(
			async (
				name: string,
				location: string,
				f: { branch?: string; subdir?: string; trunks: boolean; sync: boolean; json?: boolean },
			) => {
				const manager = await openManager(common());
				try {
					const request = {
						name: parseOr(repoNameSchema, name, "name"),
						url: location,
						...(f.branch ? { branch: parseOr(branchSchema, f.branch, "--branch") } : {}),
						...(f.subdir ? { subdir: parseOr(subdirSchema, f.subdir, "--subdir") } : {}),
						trunks: f.trunks ? ("builtin" as const) : ("none" as const),
					};
					try {
						// Registered first (and queued); the sync runs below unless --no-sync.
						await manager.add(request);
					} catch (err) {
						const e = err as Error;
						if (e.name === "RepoUrlError" || e.name === "RegistryError") throw new UsageError(e.message);
						throw err;
					}
					if (!f.sync) {
						process.stdout.write(`registered ${name} (not indexed yet: codeask repos sync ${name})\n`);
						return;
					}
					process.exitCode = await runSyncs(manager, [name], f.json ?? false);
				} finally {
					await manager.close();
				}
			},
		);

	repos
		.command("list")
		.description("Every repository with its indexed commit, branch head last seen, last sync and last error")
		.option("--json", "print JSON")
		.action(async (f: { json?: boolean }) => {
			const manager = await openManager(common());
			try {
				const list = manager.list();
				if (f.json) process.stdout.write(`${JSON.stringify({ repos: list }, null, 2)}\n`);
				else if (list.length === 0)
					process.stdout.write("no repositories registered (codeask repos add <name> <url>)\n");
				else for (const r of list) process.stdout.write(`${line(r)}\n`);
			} finally {
				await manager.close();
			}
		});

	repos
		.command("remove")
		.description("Forget a repository and delete its checkout and index")
		.argument("<name>")
		.action(async (name: string) => {
			const manager = await openManager(common());
			try {
				if (!manager.remove(name)) throw new UsageError(`no repository named "${name}"`);
				process.stdout.write(`removed ${name}\n`);
			} finally {
				await manager.close();
			}
		});

	repos
		.command("sync")
		.description("Fetch the newest commit of one repository (or all) and re-index what changed")
		.argument("[name]")
		.option("--json", "print the result as JSON")
		.action(async (name: string | undefined, f: { json?: boolean }) => {
			const manager = await openManager(common());
			try {
				let names: string[];
				try {
					names = await manager.sync(name);
				} catch (err) {
					if ((err as Error).name === "RegistryError") throw new UsageError((err as Error).message);
					throw err;
				}
				process.exitCode = await runSyncs(manager, names, f.json ?? false);
			} finally {
				await manager.close();
			}
		});
}
