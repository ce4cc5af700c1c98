/**
 * Which repository locations the sidecar will hand to `git`. A URL is data from a chat command or
 * an HTTP body, so it is checked before git ever sees it: only `https://`, `ssh://` or scp-style
 * (`user@host:path`), and local folders or `file://` under a configured root. No transport
 * helpers (`ext::`, `fd::`), no option injection (a leading `-`), no credentials inside the URL
 * (they would be stored in the registry and echoed in errors).
 */
import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

export type GitProtocol = "https" | "ssh" | "file";
export const GIT_PROTOCOLS: readonly GitProtocol[] = ["https", "ssh", "file"];

export interface UrlPolicy {
	/** Protocols allowed (default all three); `file` also needs `localRoot`. */
	protocols: readonly GitProtocol[];
	/** Local paths and file:// URLs must resolve under this folder; null = no local repositories. */
	localRoot: string | null;
}

export interface CheckedUrl {
	protocol: GitProtocol;
	/** What git is given: the URL as written, or a file:// URL for a local folder (so --depth works). */
	gitUrl: string;
	/** What the registry stores and shows. */
	display: string;
}

/** A location the sidecar refuses; the message says why and what is accepted. */
export class RepoUrlError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "RepoUrlError";
	}
}

const MAX_URL = 2000;
const ACCEPTED =
	"accepted: https://host/path, ssh://host/path, user@host:path, or a local folder under the configured root";
/** A host name or IP literal: letters, digits, dots, hyphens (not first), or [IPv6]. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]+\])$/;
/**
 * scp-like syntax: user@host:path, with no "://" (git's rule: a colon before any slash). The user
 * is required here, so a stray `word:thing` is not taken for an ssh host.
 */
const SCP = /^([A-Za-z0-9._~-]+)@([A-Za-z0-9_][A-Za-z0-9_.-]*|\[[0-9A-Fa-f:.]+\]):(.+)$/;

function refuse(why: string): never {
	throw new RepoUrlError(why);
}

/** Replace `user:password@` (or `token@`) in any URL inside `text` with `***@`, for errors and logs. */
export function scrubCredentials(text: string, secrets: readonly string[] = []): string {
	let out = text.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/@\s'"]+@/g, "$1***@");
	for (const s of secrets) if (s.length >= 4) out = out.split(s).join("***");
	return out;
}

/**
 * Check a repository location against the policy. Throws RepoUrlError with a message for the
 * person who typed it; never returns anything git would read as an option or a helper.
 */
export function checkRepoUrl(input: string, policy: UrlPolicy): CheckedUrl {
	const raw = input.trim();
	if (raw === "") refuse("the repository location is empty");
	if (raw.length > MAX_URL) refuse(`the repository location is longer than ${MAX_URL} characters`);
	if (raw.startsWith("-"))
		refuse(`"${clip(raw)}" starts with "-" and would be read as an option; ${ACCEPTED}`);
	// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
	if (/[\u0000-\u001f\u007f\s]/.test(raw))
		refuse("the repository location contains spaces or control characters");
	// git's remote-helper syntax <transport>::<address> (ext::, fd::, and any installed helper).
	if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(raw))
		refuse(`transport helpers ("${raw.split("::")[0]}::") are not allowed; ${ACCEPTED}`);

	const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(raw)?.[1]?.toLowerCase();
	if (scheme !== undefined) return checkSchemeUrl(raw, scheme, policy);
	if (raw.startsWith("/") || raw.startsWith(".") || raw.startsWith("~")) return checkLocal(raw, policy);
	const scp = SCP.exec(raw);
	if (scp) {
		const [, user, host, path] = scp;
		if (!host || host.startsWith("-") || !HOST.test(host)) refuse(`"${clip(raw)}" has an invalid host name`);
		if (!path || path.startsWith("-")) refuse(`"${clip(raw)}" has a path that starts with "-"`);
		if (!user || user.startsWith("-")) refuse(`"${clip(raw)}" has a user name that starts with "-"`);
		allowProtocol("ssh", policy);
		return { protocol: "ssh", gitUrl: raw, display: raw };
	}
	if (/^[A-Za-z]:[\\/]/.test(raw)) refuse("Windows paths are not supported");
	return checkLocal(raw, policy);
}

function checkSchemeUrl(raw: string, scheme: string, policy: UrlPolicy): CheckedUrl {
	if (scheme !== "https" && scheme !== "ssh" && scheme !== "file") {
		refuse(`the ${scheme}:// protocol is not allowed; ${ACCEPTED}`);
	}
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		refuse(`"${clip(raw)}" is not a valid URL`);
	}
	if (scheme === "file") {
		if (url.host !== "" && url.host !== "localhost")
			refuse("file:// URLs must name a local path (file:///path)");
		if (url.search || url.hash) refuse("file:// URLs cannot have a query or a fragment");
		return checkLocal(decodeURIComponent(url.pathname), policy);
	}
	if (url.password)
		refuse(
			"credentials in the URL are not accepted (they would be stored); give them to the sidecar's environment or credentials file",
		);
	if (scheme === "https" && url.username)
		refuse(
			"credentials in the URL are not accepted (they would be stored); give them to the sidecar's environment or credentials file",
		);
	const host = url.hostname;
	if (!host || host.startsWith("-") || !HOST.test(host)) refuse(`"${clip(raw)}" has an invalid host name`);
	if (url.username.startsWith("-")) refuse(`"${clip(raw)}" has a user name that starts with "-"`);
	if (url.pathname === "/" || url.pathname === "") refuse(`"${clip(raw)}" names no repository path`);
	if (url.search || url.hash) refuse("repository URLs cannot have a query or a fragment");
	allowProtocol(scheme, policy);
	return { protocol: scheme, gitUrl: url.href, display: url.href };
}

function checkLocal(path: string, policy: UrlPolicy): CheckedUrl {
	allowProtocol("file", policy);
	const root = policy.localRoot;
	if (root === null)
		refuse("local repositories are not allowed (no local root is configured: CODEASK_REPOS_LOCAL_ROOT)");
	if (!isAbsolute(path)) refuse(`"${clip(path)}" is not an absolute path`);
	if (path.split(/[\\/]/).includes("..")) refuse(`"${clip(path)}" contains ".." segments`);
	if (!existsSync(path)) refuse(`no folder at ${clip(path)}`);
	// Resolve symlinks on both sides, so a link inside the root cannot point outside it.
	const real = realpathSync(path);
	const realRoot = realpathSync(resolve(root));
	if (real !== realRoot && !real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) {
		refuse(`${clip(path)} is outside the local root for repositories`);
	}
	if (!statSync(real).isDirectory()) refuse(`${clip(path)} is not a folder`);
	return { protocol: "file", gitUrl: pathToFileURL(real).href, display: real };
}

function allowProtocol(p: GitProtocol, policy: UrlPolicy): void {
	if (!policy.protocols.includes(p)) {
		refuse(`${p} repositories are not allowed here (allowed: ${policy.protocols.join(", ") || "none"})`);
	}
}

/** Shorten what is echoed back, with any credentials in it masked. */
function clip(s: string): string {
	const clean = scrubCredentials(s);
	return clean.length > 120 ? `${clean.slice(0, 117)}…` : clean;
}
