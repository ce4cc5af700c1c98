/**
 * Trunks whose dispatch side only counts where something registers the key (`pairedOnly`): a query
 * builder's `insertInto('t')` writes every table, and is a hop to a consumer only for a table some
 * definition reads and removes rows from (an outbox polled by a job). The rest would be keys with
 * one side, each a pseudo-node the answer stages could seed from.
 */
import type { DispatchSiteRecord } from "../index/types.js";
import type { Compiled } from "./compile.js";

/** Drops, in place, the dispatch sites of `pairedOnly` trunks whose key no register site holds. */
export function dropUnpaired(sites: DispatchSiteRecord[], c: Compiled): void {
	const paired = new Set<string>();
	for (const [name, t] of c.trunks) if (t.spec.pairedOnly) paired.add(name);
	if (paired.size === 0) return;
	const registered = new Set<string>();
	for (const s of sites)
		if (s.side === "register" && s.key !== null && paired.has(s.trunk))
			registered.add(`${s.trunk}\0${s.key}`);
	let kept = 0;
	for (const s of sites) {
		const unpaired = s.side === "dispatch" && paired.has(s.trunk) && !registered.has(`${s.trunk}\0${s.key}`);
		if (!unpaired) sites[kept++] = s;
	}
	sites.length = kept;
}
