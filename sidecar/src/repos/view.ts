/**
 * The service's single-index surfaces (readiness, `/v1/status`, SIGHUP) over a set of
 * repositories: the default repository's holder when there is one, else any loaded one.
 */
import { HttpError } from "../http/http-error.js";
import type { IndexHolder, IndexLease } from "../index/holder.js";
import { RepoLookupError, type RepoManager } from "./manager.js";

/** What the service reads of "the" index; a holder is one, a repository set provides one. */
export type ServedIndex = Pick<
	IndexHolder,
	"ready" | "problem" | "refused" | "identity" | "acquire" | "reload" | "close"
>;

/** The holder for a question's `repo`, or the HTTP error that says why there is none. */
export function holderForRequest(repos: RepoManager, repo: string | undefined): IndexHolder {
	try {
		return repos.resolve(repo);
	} catch (err) {
		if (!(err instanceof RepoLookupError)) throw err;
		const status = err.code === "unknown-repo" ? 404 : err.code === "no-repos" ? 503 : 400;
		throw new HttpError(status, err.code, err.message);
	}
}

export function defaultIndexView(repos: RepoManager): ServedIndex {
	const pick = (): IndexHolder | null => {
		const def = repos.defaultName();
		const h = def ? repos.holderOf(def) : undefined;
		if (h?.ready) return h;
		for (const r of repos.registry.list()) {
			const other = repos.holderOf(r.name);
			if (other?.ready) return other;
		}
		return h ?? null;
	};
	return {
		get ready() {
			return pick()?.ready ?? false;
		},
		get problem() {
			const h = pick();
			return h ? h.problem : "no repository index loaded yet";
		},
		get refused() {
			return pick()?.refused ?? null;
		},
		get identity() {
			return pick()?.identity ?? null;
		},
		acquire(): IndexLease {
			const h = pick();
			if (!h) throw new HttpError(503, "index-not-ready", "no repository index loaded yet");
			return h.acquire();
		},
		reload() {
			repos.refresh();
			let any = false;
			for (const r of repos.registry.list()) any = (repos.holderOf(r.name)?.reload() ?? false) || any;
			return any;
		},
		close() {
			// The manager closes its holders.
		},
	};
}
