/**
 * Wildcard subscriptions: a listener whose key is a pattern (`subscribe("tenant.*.record.*")`,
 * `psubscribe('user:*')`, NATS `orders.>`, MQTT `sensors/+/temp` or `sensors/#`) hears every key of
 * that shape, so a sender joins it when what it sends can have that shape — a literal key, a template
 * (`` `tenant.${id}.record.created` ``) or a key the checker types as literals or template literal types
 * (`publish(topic.unwrap())` with `topic: Option<\`tenant.${string}.${string}\`>`, or into a parameter typed so). Only within one
 * trunk (one receiver family), never on HTTP routes (bind.ts reads their `*`), never on a pattern or a
 * shape with no distinctive literal (a bare `*` catch-all, `${a}.${b}`).
 */
import type { Node } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord } from "../index/types.js";
import { usesMethods } from "./bind.js";
import type { Compiled } from "./compile.js";
import { checkerOf } from "./walk.js";

/** An unbound sender's typed shapes (`typeShapes`), kept beside its site from extraction to finalize. */
export const keyShapes = new WeakMap<DispatchSiteRecord, string[]>();

/** The typed shapes of an unbound sender's key, none for its function's own parameter (a wrapper's). */
export function unboundShapes(keyNode: Node): string[] {
	const node = keyNode.compilerNode;
	if (!ts.isExpression(node)) return [];
	const checker = checkerOf(keyNode);
	return isParameterKey(checker, node) ? [] : typeShapes(checker, node);
}

/** A run-time part of a shape (a template's substitution, a `${string}` of a type): any text. */
const HOLE = "\u0000";
/** Where a topic's segments meet: a pattern's `*` stays within one segment. */
const SEPARATORS = new Set([".", "/", ":"]);
/** Whole-segment wildcards: `*` / `+` one segment, `>` / `#` the rest. */
const ONE = new Set(["*", "+"]);
const REST = new Set([">", "#"]);

/** Text with two letters or digits in a row outside its holes and wildcards: something to join on. */
const distinctive = (text: string): boolean => /[A-Za-z0-9]{2}/.test(text.replaceAll(HOLE, " "));

/** The segments of a key (`tenant.*.record.*` → tenant, *, record, *), split at its separators. */
function segments(key: string): string[] {
	return key.split(/[./:]/);
}

/** A key that is a pattern: some segment a wildcard (or holding `*`, `user*`), and a distinctive literal. */
export function isPattern(key: string): boolean {
	const parts = segments(key);
	return (
		parts.some((p) => ONE.has(p) || REST.has(p) || (p.includes("*") && p.length > 1)) &&
		parts.some((p) => !p.includes("*") && !REST.has(p) && !ONE.has(p) && distinctive(p))
	);
}

/**
 * A subscription written as a template with a wildcard in it (`` `tenant.${tableId}.record.*` ``): its
 * pattern, each substitution a segment's wildcard (`tenant.*.record.*`), when it is one. The table the
 * substitution names is known only at run time; what can reach it is what reaches the pattern.
 */
export function templatePattern(expression: string): string | null {
	const m = /^`([^`]*)`$/.exec(expression.trim());
	if (!m?.[1]?.includes("${")) return null;
	const key = m[1].replace(/\$\{[^}]*\}/g, "*");
	return /[*>#+]/.test(m[1].replace(/\$\{[^}]*\}/g, "")) && isPattern(key) ? key : null;
}

/** A template expression's shape (`` `tenant.${id}.record.created` `` → tenant.␀.record.created), or null. */
function templateShape(expression: string): string | null {
	const m = /^`([^`]*)`$/.exec(expression.trim());
	return m?.[1]?.includes("${") ? m[1].replace(/\$\{[^}]*\}/g, HOLE) : null;
}

/**
 * The shapes a key expression's type allows (its own, or when it has none the parameter's it is passed to): each member of a union a string literal or a template
 * literal type (`` `tenant.${string}.${string}` `` → tenant.␀.␀); none when any member is another type
 * (`string`, `any`): the key could then be anything.
 */
export function typeShapes(checker: ts.TypeChecker, node: ts.Expression): string[] {
	let type = checker.getTypeAtLocation(node);
	// A value the checker cannot type (a library not installed) still goes where the callee's parameter
	// says: `publish(topic.unwrap())` into `publish(topic: Topic)` sends a `Topic`.
	if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
		const expected = checker.getContextualType(node);
		if (!expected) return [];
		type = expected;
	}
	const members = type.isUnion() ? type.types : [type];
	const out: string[] = [];
	for (const t of members) {
		if (t.isStringLiteral()) out.push(t.value);
		else if (t.flags & ts.TypeFlags.TemplateLiteral) {
			const { texts } = t as ts.TemplateLiteralType;
			out.push(texts.join(HOLE));
		} else return [];
	}
	return out;
}

/** A key expression that is its function's own parameter (`publish(topic) { bus.publish(topic) }`): a wrapper's, not a sender's. */
export function isParameterKey(checker: ts.TypeChecker, node: ts.Expression): boolean {
	if (!ts.isIdentifier(node)) return false;
	return (checker.getSymbolAtLocation(node)?.declarations ?? []).some(ts.isParameter);
}

type Token = string | "ONE" | "REST" | "HOLE";

function patternTokens(pattern: string): Token[] {
	const out: Token[] = [];
	const parts = pattern.split(/([./:])/);
	for (const part of parts) {
		if (SEPARATORS.has(part)) out.push(part);
		else if (ONE.has(part)) out.push("ONE");
		else if (REST.has(part)) out.push("REST");
		else for (const ch of part) out.push(ch === "*" ? "ONE" : ch);
	}
	return out;
}

function shapeTokens(shape: string): Token[] {
	return [...shape].map((ch) => (ch === HOLE ? "HOLE" : ch));
}

/**
 * Whether some key of the shape matches the pattern: the shape's literal text meets the pattern's
 * literals in order; a hole may stand for any text (separators too: `${string}`), a pattern's `*`
 * for any text within one segment, its `>` / `#` for the rest.
 */
export function shapeMatches(shape: string, pattern: string): boolean {
	const s = shapeTokens(shape);
	const p = patternTokens(pattern);
	const memo = new Map<number, boolean>();
	const go = (i: number, j: number): boolean => {
		const id = i * (p.length + 1) + j;
		const known = memo.get(id);
		if (known !== undefined) return known;
		memo.set(id, false);
		let ok = false;
		if (i === s.length && j === p.length) ok = true;
		const si = s[i];
		const pj = p[j];
		if (!ok && si === "HOLE") ok = go(i + 1, j) || (pj !== undefined && go(i, j + 1));
		if (!ok && (pj === "ONE" || pj === "REST")) {
			ok = go(i, j + 1);
			if (!ok && si !== undefined && si !== "HOLE" && (pj === "REST" || !SEPARATORS.has(si)))
				ok = go(i + 1, j);
		}
		if (!ok && si !== undefined && pj !== undefined && si !== "HOLE" && si === pj) ok = go(i + 1, j + 1);
		memo.set(id, ok);
		return ok;
	};
	return go(0, 0);
}

/**
 * Join senders to the pattern listeners of their trunk. A listener's template with a wildcard is keyed
 * by its pattern; a sender whose key is unbound takes the pattern its shape matches (one site per
 * pattern), a literal sender keeps its key and also sends to each pattern it matches. `shapesOf` gives
 * an unbound sender's typed shapes, read at extraction (`typeShapes`).
 */
export function bindWildcards(
	sites: DispatchSiteRecord[],
	c: Compiled,
	shapesOf: (s: DispatchSiteRecord) => readonly string[] | undefined,
): void {
	const patterns = new Map<string, Set<string>>();
	for (const s of sites) {
		if (s.side !== "register") continue;
		const t = c.trunks.get(s.trunk);
		if (!t || usesMethods(t.spec) || t.spec.normalize.params) continue;
		// A route (`/files/*`, `GET /admin/*`): bind.ts reads HTTP wildcards.
		if (s.key !== null && /^(\/|[A-Z]+ \/)/.test(s.key)) continue;
		if (s.key === null) {
			const key = templatePattern(s.expression);
			if (!key) continue;
			s.key = key;
			s.rawKey = s.expression;
		}
		if (!isPattern(s.key)) continue;
		const set = patterns.get(s.trunk) ?? new Set<string>();
		patterns.set(s.trunk, set.add(s.key));
	}
	if (patterns.size === 0) return;
	const added: DispatchSiteRecord[] = [];
	for (const s of sites) {
		const listening = s.side === "dispatch" ? patterns.get(s.trunk) : undefined;
		if (!listening) continue;
		const bound = s.key !== null;
		const shapes = bound
			? [s.key as string]
			: [templateShape(s.expression), ...(shapesOf(s) ?? [])].filter((x): x is string => x !== null);
		const met = [...listening].filter(
			(pattern) =>
				pattern !== s.key && shapes.some((shape) => distinctive(shape) && shapeMatches(shape, pattern)),
		);
		for (const [n, pattern] of met.entries()) {
			if (!bound && n === 0) {
				s.key = pattern;
				s.rawKey = s.expression;
			} else added.push({ ...s, key: pattern, rawKey: bound ? s.rawKey : s.expression });
		}
	}
	sites.push(...added);
}
