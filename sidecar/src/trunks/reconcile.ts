/**
 * The reconciliation table of every trunk: keys, register/dispatch sites, keys with both sides,
 * one-sided keys and unbound sites, and an explanation category for every asymmetric key.
 * Pure: sites and category rules in, table out.
 */

import { escapeRegExp } from "../escape-regexp.js";
import type { DispatchSiteRow } from "../index/types.js";
import type { Category, CategoryRule } from "./config.js";

export interface Asymmetry {
	key: string;
	side: "register-only" | "dispatch-only";
	category: Category;
	/** Why this category: the rule's reason, or the unbound site that can produce the key. */
	why: string;
	file: string;
	line: number;
}

export interface TrunkTable {
	inScope: boolean;
	keys: number;
	registerSites: number;
	dispatchSites: number;
	bothSides: number;
	registerOnly: number;
	dispatchOnly: number;
	unbound: number;
	asymmetries: Asymmetry[];
}

export interface TrunksReport {
	trunks: Record<string, TrunkTable>;
}

/** A regex matching the strings an unbound template expression can produce (`\`/v1/${x}.files\`` → `^v1/.+\.files$`). */
export function templatePattern(expression: string, normalise: (raw: string) => string): RegExp | null {
	const m = /^`(.*)`$/s.exec(expression.trim());
	if (!m?.[1]) return null;
	const parts = (m[1] as string).split(/\$\{[^}]*\}/);
	if (parts.length < 2) return null;
	const literal = parts.join("");
	if (literal.replace(/[/.:-]/g, "").length < 3) return null; // too little fixed text to say anything
	const head = normalise(parts[0] as string);
	const body = [head, ...parts.slice(1)].map(escapeRegExp).join(".+");
	return new RegExp(`^${body}$`);
}

interface CompiledRule {
	rule: CategoryRule;
	key: RegExp | null;
	file: RegExp | null;
}

/**
 * Build the table. `rules` maps a trunk to its category rules; `normalise` maps a trunk to its
 * key normaliser (to compare unbound templates with keys); both default to none.
 */
export function reconcile(
	sites: readonly DispatchSiteRow[],
	rules: ReadonlyMap<string, readonly CategoryRule[]> = new Map(),
	normalise: (trunk: string, raw: string) => string = (_t, raw) => raw,
): TrunksReport {
	const byTrunk = new Map<string, DispatchSiteRow[]>();
	for (const s of sites) {
		const list = byTrunk.get(s.trunk) ?? [];
		list.push(s);
		byTrunk.set(s.trunk, list);
	}
	const trunks: Record<string, TrunkTable> = {};
	for (const [trunk, list] of [...byTrunk].sort(([a], [b]) => a.localeCompare(b))) {
		const compiled: CompiledRule[] = (rules.get(trunk) ?? []).map((rule) => ({
			rule,
			key: rule.key ? new RegExp(rule.key) : null,
			file: rule.file ? new RegExp(rule.file) : null,
		}));
		trunks[trunk] = tableOf(list, compiled, (raw) => normalise(trunk, raw));
	}
	return { trunks };
}

function tableOf(
	sites: DispatchSiteRow[],
	rules: CompiledRule[],
	normalise: (raw: string) => string,
): TrunkTable {
	const keys = new Map<string, { register: DispatchSiteRow[]; dispatch: DispatchSiteRow[] }>();
	const unbound: DispatchSiteRow[] = [];
	let registerSites = 0;
	let dispatchSites = 0;
	for (const s of sites) {
		if (s.side === "register") registerSites++;
		else dispatchSites++;
		if (s.key === null) {
			unbound.push(s);
			continue;
		}
		const entry = keys.get(s.key) ?? { register: [], dispatch: [] };
		entry[s.side].push(s);
		keys.set(s.key, entry);
	}
	const templates = unbound
		.map((s) => ({ site: s, re: templatePattern(s.expression ?? "", normalise) }))
		.filter((t): t is { site: DispatchSiteRow; re: RegExp } => t.re !== null);

	const asymmetries: Asymmetry[] = [];
	let bothSides = 0;
	let registerOnly = 0;
	let dispatchOnly = 0;
	for (const [key, e] of [...keys].sort(([a], [b]) => a.localeCompare(b))) {
		if (e.register.length && e.dispatch.length) {
			bothSides++;
			continue;
		}
		const side = e.register.length ? "register-only" : "dispatch-only";
		if (side === "register-only") registerOnly++;
		else dispatchOnly++;
		const present = e.register.length ? e.register : e.dispatch;
		const first = present[0] as DispatchSiteRow;
		// A run-time key on the other side that can produce this key explains it best.
		const otherSide = side === "register-only" ? "dispatch" : "register";
		const dynamic = templates.find((t) => t.site.side === otherSide && t.re.test(key));
		if (dynamic) {
			asymmetries.push({
				key,
				side,
				category: "dynamic key",
				why: `${dynamic.site.expression} at ${dynamic.site.file}:${dynamic.site.line}`,
				file: first.file,
				line: first.line,
			});
			continue;
		}
		const rule = rules.find(
			(r) =>
				r.rule.side === side &&
				(!r.key || r.key.test(key)) &&
				(!r.file || present.every((s) => r.file?.test(s.file))),
		);
		asymmetries.push({
			key,
			side,
			category: rule?.rule.category ?? "unexplained",
			why: rule?.rule.why ?? "",
			file: first.file,
			line: first.line,
		});
	}
	return {
		inScope: sites.every((s) => s.inScope),
		keys: keys.size,
		registerSites,
		dispatchSites,
		bothSides,
		registerOnly,
		dispatchOnly,
		unbound: unbound.length,
		asymmetries,
	};
}
