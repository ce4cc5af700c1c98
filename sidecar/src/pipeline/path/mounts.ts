/**
 * The router mount line as a hop of its own: a request joins its route handler by the route's full
 * key, but the line that makes the route answer under that path is where its router is mounted
 * (`app.route('/users', users)` between `fetch('/users/1')` and `users.get('/:id', h)`). The index
 * keeps those lines as mount sites of the key (trunks/idioms/mounts.ts); the path cites the one that
 * wires the handler's router in.
 */
import type { DefRow, MountSiteRow } from "../../index/types.js";
import { keyTrunk } from "../skeleton.js";
import { lastSegment, namesIn } from "../verify.js";
import type { MountHop, PathIndex, PathStep } from "./types.js";

/**
 * Each request hop into a route handler gets the mount line between them, where the index holds one,
 * while the steps and mount lines together stay within `maxSteps` (the answer numbers each as a step).
 */
export function withMountHops(
	index: PathIndex,
	steps: PathStep[],
	maxSteps = Number.POSITIVE_INFINITY,
): void {
	let room = maxSteps - steps.length;
	steps.forEach((s, i) => {
		const next = steps[i + 1];
		const hop = s.hop;
		if (room <= 0 || !next || !hop?.key || hop.kind !== "dispatch" || hop.mount) return;
		const mount = mountHop(index, hop.key, next.def);
		if (!mount) return;
		s.hop = { ...hop, mount };
		room--;
	});
}

/**
 * The line mounting `handler`'s router under `key`: of the key's mount lines, an innermost one (no other
 * mount of the key is written in the router it mounts), in the handler's own file's router when one is,
 * through the fewest mounts (an app mounting the router itself before one mounting an app that does),
 * then the first stored (the order the mounts are written in). Null without a mount site of the key.
 */
export function mountHop(index: PathIndex, key: DefRow, handler: DefRow): MountHop | null {
	if (!index.mountSites || !index.def || key.kind !== "dispatch-key") return null;
	const rows = index.mountSites(keyTrunk(key), key.name);
	if (rows.length === 0) return null;
	const fileOf = (defId: string | null) => (defId ? (index.def?.(defId)?.file ?? null) : null);
	const mounted = new Map(rows.map((r) => [r, fileOf(r.handlerDefId)]));
	// The mounts of the router a row is written in: the rows it is nested under.
	const outer = (r: MountSiteRow) => rows.filter((o) => o !== r && mounted.get(o) === r.file);
	const depth = (r: MountSiteRow, seen: ReadonlySet<MountSiteRow>): number => {
		const up = outer(r).filter((o) => !seen.has(o));
		const next = new Set(seen).add(r);
		return 1 + (up.length === 0 ? 0 : Math.min(...up.map((o) => depth(o, next))));
	};
	const innermost = rows.filter((r) => !rows.some((i) => i !== r && i.file === mounted.get(r)));
	const own = innermost.filter((r) => handler.file !== null && mounted.get(r) === handler.file);
	const pool = own.length > 0 ? own : innermost;
	let best: { row: MountSiteRow; depth: number } | null = null;
	for (const row of pool) {
		const d = depth(row, new Set());
		if (!best || d < best.depth) best = { row, depth: d };
	}
	return best ? toHop(index, best.row) : null;
}

/** The mount line as a hop: its text, and the callee it writes (the name its citation is checked against). */
function toHop(index: PathIndex, row: MountSiteRow): MountHop | null {
	const def = row.enclosingDefId ? index.def?.(row.enclosingDefId) : undefined;
	const text = index.fileLines(row.file, row.line, row.line)?.[0]?.trim();
	if (!def || !text || !row.rawKey) return null;
	const named = mountCallee(row.expression ?? "");
	if (!named || !namesIn(text, lastSegment(named))) return null;
	return { def, file: row.file, line: row.line, text, named, path: row.rawKey };
}

/** The callee a mount call writes right before its path (`appGlobal.route` of `appGlobal.route('/x', sub)`). */
export function mountCallee(expression: string): string | null {
	const m = /([\w$]+(?:\s*\.\s*[\w$]+)*)\s*\(\s*['"`]/.exec(expression);
	return m?.[1] ? m[1].replace(/\s+/g, "") : null;
}
