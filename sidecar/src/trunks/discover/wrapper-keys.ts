/**
 * Keys completed by the wrapper they are given to: `this.fetchList("archived")` where
 * `fetchList(kind)` sends `` client.post(`/items.${kind}`) `` dispatches
 * `POST /items.archived`, not `archived`. A caller's key becomes the wrapper's template around it
 * when every wrapper fact its key position reaches on the way to a transport (one to three calls deep)
 * is one template; the verb of an HTTP client call there (`client.post`) is its method. Facts that
 * reach no transport (`runInAction(`Store#${action}`)` beside the request) do not count, and a key
 * that reaches two different templates stays as it is.
 */
import { isTransport } from "./call-shape.js";
import type { CandidateInfo, Sited, WrapperInfo } from "./candidates.js";
import { HTTP_VERBS } from "./families.js";

const MAX_DEPTH = 3;

/** Does a wrapper fact's call put the key on the wire, itself or through its callee's facts? */
function reaches(w: WrapperInfo, byDef: ReadonlyMap<string, WrapperInfo[]>, depth: number): boolean {
	if (isTransport(w.receiver, w.name)) return true;
	if (depth >= MAX_DEPTH || !w.callee) return false;
	return (byDef.get(w.callee) ?? []).some((x) => x.param === w.arg && reaches(x, byDef, depth + 1));
}

/** The HTTP method an inner call names by its verb (`client.post` → POST), if any. */
export function verbOf(w: WrapperInfo): string | undefined {
	const verb = w.name.replace(/^\$/, "");
	if (w.receiver === "" || !HTTP_VERBS.has(verb) || verb === "all") return undefined;
	return verb === "del" ? "DELETE" : verb.toUpperCase();
}

export function completeWrapperKeys(
	candidates: Sited<CandidateInfo>[],
	wrappers: readonly WrapperInfo[],
): Sited<CandidateInfo>[] {
	if (!wrappers.some((w) => w.template)) return candidates;
	const byDef = new Map<string, WrapperInfo[]>();
	for (const w of wrappers) byDef.set(w.def, [...(byDef.get(w.def) ?? []), w]);
	return candidates.map((c) => {
		const { info } = c;
		if (info.form !== "call" || !info.callee || info.method || info.keys.length === 0) return c;
		const sending = (byDef.get(info.callee) ?? []).filter(
			(w) => w.param === info.arg && reaches(w, byDef, 1),
		);
		const templates = new Set(sending.map((w) => (w.template ? JSON.stringify(w.template) : "")));
		const first = sending[0];
		if (!first?.template || templates.size !== 1) return c;
		const [head, tail] = first.template;
		const method = verbOf(first);
		return {
			...c,
			info: {
				...info,
				keys: info.keys.map((k) => `${head}${k}${tail}`),
				completed: true as const,
				...(method ? { method } : {}),
			},
		};
	});
}
