/**
 * Web links to a line range of a file, for the forges people host code on. The repository's web
 * URL comes from the admin setting, else from the git remote the sidecar recorded at index time.
 */
export type Forge = "github" | "gitlab" | "bitbucket" | "gitea";
export type LinkStyle = "auto" | Forge;
export const LINK_STYLES: ReadonlyArray<LinkStyle> = ["auto", "github", "gitlab", "bitbucket", "gitea"];

export interface RepoLinks {
	/** https://host/owner/repo, no trailing slash. */
	webUrl: string;
	forge: Forge;
	/** Branch or commit. */
	ref: string;
	/** Folder of the indexed root inside the repository ("" at the top). */
	subdir: string;
}

/**
 * The https web URL of a git remote: `git@host:owner/repo.git`, `ssh://git@host[:port]/owner/repo`,
 * `https://user:token@host/owner/repo.git`. Undefined for anything else (a local path).
 */
export function webUrlOfRemote(remote: string): string | undefined {
	const text = remote.trim();
	const scp = /^[\w.-]+@([\w.-]+):(?!\/)(.+?)(?:\.git)?\/?$/.exec(text);
	if (scp) return `https://${scp[1]}/${scp[2]}`;
	const url = /^(https?|ssh|git):\/\/(?:[^@/]*@)?([\w.-]+)(:\d+)?\/(.+?)(?:\.git)?\/?$/i.exec(text);
	if (!url) return undefined;
	const scheme = (url[1] as string).toLowerCase();
	// An ssh/git port is not the web server's; an http(s) one is.
	const origin = scheme.startsWith("http") ? `${scheme}://${url[2]}${url[3] ?? ""}` : `https://${url[2]}`;
	return `${origin}/${url[4]}`;
}

/** The forge a web URL's host suggests; GitHub's link form when nothing does. */
export function forgeOf(webUrl: string, style: LinkStyle = "auto"): Forge {
	if (style !== "auto") return style;
	const host = /^https?:\/\/([^/]+)/i.exec(webUrl)?.[1]?.toLowerCase() ?? "";
	if (host.includes("gitlab")) return "gitlab";
	if (host.includes("bitbucket")) return "bitbucket";
	if (/gitea|forgejo|codeberg/.test(host)) return "gitea";
	return "github";
}

function encodePath(path: string): string {
	return path.split("/").filter(Boolean).map(encodeURIComponent).join("/");
}

/** The link to `file` lines `start`–`end` (file relative to the indexed root). */
export function lineRangeUrl(links: RepoLinks, file: string, start: number, end: number): string {
	const path = encodePath(links.subdir ? `${links.subdir}/${file}` : file);
	const ref = encodeURIComponent(links.ref);
	switch (links.forge) {
		case "gitlab":
			return `${links.webUrl}/-/blob/${ref}/${path}#L${start}-${end}`;
		case "bitbucket":
			return `${links.webUrl}/src/${ref}/${path}#lines-${start}:${end}`;
		case "gitea":
			// Gitea/Forgejo need to be told whether the ref is a commit or a branch.
			return `${links.webUrl}/src/${/^[0-9a-f]{7,40}$/i.test(links.ref) ? "commit" : "branch"}/${ref}/${path}#L${start}-L${end}`;
		default:
			return `${links.webUrl}/blob/${ref}/${path}#L${start}-L${end}`;
	}
}
