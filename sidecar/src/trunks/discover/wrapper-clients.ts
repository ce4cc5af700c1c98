/**
 * Calls of an in-repo request wrapper as HTTP requests: `apiPut('/items/x', body)` where
 * `apiPut(path, body)` runs `request('put', path, body)` and `request(method, path, body)` runs
 * `axios[method](urljoin(apiRoot, path), body)`. A caller's key is followed through the wrapper facts
 * (up to three calls deep) to the transport it reaches; the method is the transport's own verb
 * (`client.put`) or the word a wrapper passes the parameter that picks it (`axios[method]`), and the
 * bases URL-joins put in front are added (`/api/v2/items/x`). preset-clients.ts joins the result to
 * the preset's routes with the same evidence as a direct client.
 */
import { isTransport } from "./call-shape.js";
import type { CandidateInfo, Sited, WrapperInfo } from "./candidates.js";
import { verbOf } from "./wrapper-keys.js";

const MAX_DEPTH = 3;

/** A wrapper's caller read as a request: its keys with the bases in front, the method, and the wrapper reached. */
export interface WrappedRequest extends Sited<CandidateInfo> {
	/** The definition holding the transport call: one API's calls, whichever public wrapper they went through. */
	via: string;
}

/** Where a key ends: the transport's verb (or none), the bases in front of it, outermost first, and its wrapper. */
interface End {
	method: string | undefined;
	bases: string[];
	via: string;
	/** The method is the word a wrapper passed the verb-picking parameter. */
	picked: boolean;
}

function ends(
	def: string,
	param: number,
	given: Readonly<Record<number, string>>,
	bases: readonly string[],
	byDef: ReadonlyMap<string, WrapperInfo[]>,
	depth: number,
	out: End[],
): void {
	for (const w of byDef.get(def) ?? []) {
		if (w.param !== param) continue;
		const inner = w.base ? [w.base, ...bases] : [...bases];
		if (isTransport(w.receiver, w.name)) {
			const picked = w.verbParam === undefined ? undefined : given[w.verbParam];
			const own = verbOf(w);
			out.push({ method: own ?? picked, bases: inner, via: w.def, picked: !own && picked !== undefined });
		} else if (depth < MAX_DEPTH && w.callee)
			ends(w.callee, w.arg, w.verbs ?? {}, inner, byDef, depth + 1, out);
	}
}

/** `/api/v2` + `items/x` → `/api/v2/items/x`: one slash between the parts, as URL-joins do. */
function joined(bases: readonly string[], key: string): string {
	let out = key;
	for (const b of [...bases].reverse()) out = `${b.replace(/\/+$/, "")}/${out.replace(/^\/+/, "")}`;
	return out.startsWith("/") ? out : `/${out}`;
}

/**
 * The calls whose keys reach one transport through wrappers with one method and one base: only where
 * a wrapper picks the verb or joins a base (what the direct client join cannot see); a call with no
 * method known is no request here.
 */
export function wrappedRequests(
	candidates: readonly Sited<CandidateInfo>[],
	byDef: ReadonlyMap<string, WrapperInfo[]>,
): WrappedRequest[] {
	const out: WrappedRequest[] = [];
	for (const c of candidates) {
		const { info } = c;
		if (info.form !== "call" || !info.callee || info.keys.length === 0 || info.handler) continue;
		if (isTransport(info.receiver, info.name)) continue;
		const found: End[] = [];
		ends(info.callee, info.arg, info.verbs ?? {}, [], byDef, 1, found);
		const shapes = new Set(found.map((e) => JSON.stringify([e.method ?? info.method, e.bases, e.via])));
		const end = found[0];
		const method = end?.method ?? info.method;
		if (!end || shapes.size !== 1 || !method) continue;
		// Left to the direct join and wrapper-keys.ts: a wrapper neither picking the verb nor joining a base.
		if (end.bases.length === 0 && !end.picked) continue;
		out.push({
			...c,
			via: end.via,
			info: { ...info, method, keys: info.keys.map((k) => joined(end.bases, k)) },
		});
	}
	return out;
}
