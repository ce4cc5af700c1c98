import type { RepoInfo, RepoProgress } from "../../shared/src/contract";
import { chatSafeInline } from "./chatText";

/** Texts of the repository commands and of indexing progress (see messages.ts for the others). */
export const repoMessages = {
	usage: [
		"*Repositories* (a CodeAsk service that serves several):",
		"`/codeask in <repo> <question>` ask about one repository",
		"`/codeask use <repo>` make it this room's default for questions",
		"`/codeask repos` list the repositories and how fresh each index is",
		"Admins: `/codeask repos add <name> <git-url> [--branch B] [--subdir D]`, `/codeask repos remove <name>`, `/codeask repos sync [<name>]`",
	].join("\n"),

	notAdmin: (role: string) => `Only users with the *${role}* role can add, remove or sync repositories.`,

	noAdminToken:
		"Managing repositories needs the sidecar's admin token in Administration → Apps → CodeAsk → Settings (Admin token).",

	added: (name: string) =>
		`Added *${chatSafeInline(name)}*: cloning and indexing started. Progress will be posted in this room.`,

	removed: (name: string) => `Removed *${chatSafeInline(name)}* and its index.`,

	syncQueued: (names: ReadonlyArray<string>) =>
		names.length ? `Sync queued: ${names.map((n) => `*${n}*`).join(", ")}.` : "No repositories to sync.",

	roomDefault: (name: string) =>
		`Questions asked in this room now go to *${name}* (unless they say \`in <repo>\`).`,

	unknownRepo: (name: string, known: ReadonlyArray<string>) =>
		`There is no repository named *${chatSafeInline(name)}*${known.length ? `; known: ${known.join(", ")}` : ""}.`,

	list: (repos: ReadonlyArray<RepoInfo>, roomDefault: string | undefined) =>
		repos.length === 0
			? "No repositories are registered yet. An admin can add one: `/codeask repos add <name> <git-url>`."
			: repos
					.map((r) => {
						const mark = r.name === roomDefault ? " (this room's default)" : r.isDefault ? " (default)" : "";
						const commit = r.indexedCommit ? `\`${r.indexedCommit.slice(0, 10)}\`` : "not indexed yet";
						const synced = r.lastSyncAt ? `, synced ${r.lastSyncAt.replace("T", " ").slice(0, 16)} UTC` : "";
						const state = r.progress !== null ? `indexing ${r.progress} %` : r.state;
						const error = r.lastError ? `\n    last error: ${chatSafeInline(r.lastError.slice(0, 200))}` : "";
						return `• *${r.name}*${mark} — ${r.branch}${r.subdir ? `/${r.subdir}` : ""} at ${commit} (${state}${synced})${error}`;
					})
					.join("\n"),

	progress: (p: RepoProgress) => {
		if (p.event === "started")
			return `Indexing *${p.repo}* started${p.commit ? ` at \`${p.commit.slice(0, 10)}\`` : ""}.`;
		if (p.event === "progress") return `Indexing *${p.repo}*: ${p.percent ?? 0} %.`;
		if (p.event === "finished") {
			const c = p.counts;
			return `Indexing *${p.repo}* finished${c ? `: ${c.files} files, ${c.definitions} definitions, ${c.edges} links` : ""}. Ask with \`/codeask in ${p.repo} <question>\`.`;
		}
		return `Indexing *${p.repo}* failed: ${chatSafeInline((p.error ?? "no reason given").slice(0, 300))}`;
	},
};
