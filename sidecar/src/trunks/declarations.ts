/**
 * Typed maps of a repository's keys: an interface or type literal whose members are named by the keys
 * (`type NoteRoutes = { '/v1/notes.create': { POST: (p: P) => R } }`, `interface SiteEvents {
 * 'user.created': (u: User) => void }`). Each such member is a definition (indexer/defs.ts); here it is
 * joined to the trunk key it declares, so a key's handler, callers and typed contract are one hop apart.
 *
 * Per file (extractFile), each string-keyed member that is a definition is an internal record with the
 * key as written (a constant's value read by key-eval: `[Events.USER_CREATED]`) and the HTTP methods its
 * type literal lists (`POST`). In finalize, once every other join has settled the keys, a member declares
 * a key of a trunk that has both a register and a dispatch site when the key, normalised by that trunk's
 * own rules (normalize.ts siteKey: leading slash, version prefix, the method in front), is that key. A
 * key the map writes as a trunk writes it (`user.created` on an events trunk) wins over one only a
 * trunk's normalising makes equal (a method map's `e2e.fetchKeys` is no `/v1/e2e.fetchKeys` endpoint).
 * A key that is a plain or common word (`shutdown`, `error`: discovery's `distinctive` rule) declares
 * nothing: unrelated maps share those. A map is one trunk's: its members declare keys of the trunk most
 * of them join, and only when two do or half the map's keyed members (a lone coincidence is none).
 *
 * A declaration is a record with side `declare` (the member as its enclosing definition): the writer
 * turns it into a `declares` edge member → key pseudo-node and writes no dispatch_sites row, so the
 * trunk census and every register/dispatch reader are as before.
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../index/types.js";
import { typeMemberKey } from "../syntax/member-key.js";
import type { Compiled } from "./compile.js";
import { distinctive } from "./discover/connections.js";
import { COMMON_KEYS, HTTP_VERBS } from "./discover/families.js";
import { evaluateKey } from "./key-eval.js";
import { siteKey } from "./normalize.js";
import { internalRecord } from "./sites.js";
import { wrap } from "./walk.js";

/** Internal record kind: a string-keyed member of an interface or type literal (removed by finalize). */
export const TYPE_MEMBER = "(type-member)";

export interface TypeMemberInfo {
	/** The member's definition. */
	def: string;
	/** The key(s) it is named by, as written or as its constant evaluates. */
	keys: string[];
	/** HTTP methods its type literal lists (`{ GET: …; POST: … }`), upper case. */
	methods: string[];
	/** Named by a constant the checker evaluated. */
	computed: boolean;
}

/** Keys a computed name may evaluate to, at most (a union-typed constant lists its alternatives). */
const MAX_KEYS = 4;

/** The internal records of a file's string-keyed type members that are definitions. */
export function typeMemberRecords(
	sf: SourceFile,
	members: readonly (ts.PropertySignature | ts.MethodSignature)[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	for (const m of members) {
		if (!ts.isInterfaceDeclaration(m.parent) && !ts.isTypeLiteralNode(m.parent)) continue;
		if (typeMemberKey(m.name) === null) continue;
		const node = wrap(sf, m);
		const def = ctx.defIdOf(node);
		if (def === null) continue;
		const computed = ts.isComputedPropertyName(m.name);
		let keys: string[];
		if (ts.isComputedPropertyName(m.name)) {
			const values = evaluateKey(wrap<Node>(sf, m.name.expression));
			if (!values || values.length === 0 || values.length > MAX_KEYS) continue;
			keys = values;
		} else keys = [(m.name as ts.StringLiteral).text];
		const methods: string[] = [];
		if (ts.isPropertySignature(m) && m.type && ts.isTypeLiteralNode(m.type)) {
			for (const t of m.type.members) {
				const name = t.name && (ts.isIdentifier(t.name) || ts.isStringLiteral(t.name)) ? t.name.text : "";
				if (HTTP_VERBS.has(name.toLowerCase()) && name.toLowerCase() !== "del")
					methods.push(name.toUpperCase());
			}
		}
		const info: TypeMemberInfo = { def, keys, methods, computed };
		out.push(internalRecord(TYPE_MEMBER, info, ctx.filePath, startLineOf(sf.compilerNode, m)));
	}
}

function startLineOf(sf: ts.SourceFile, node: ts.Node): number {
	return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

/**
 * The declarations of the trunks' keys by the members (`members`: TYPE_MEMBER records with their
 * file and line), given the joined sites: a record per member and key it declares (see the module comment).
 */
export function declarations(
	sites: readonly DispatchSiteRecord[],
	members: readonly { info: TypeMemberInfo; file: string; line: number }[],
	c: Compiled,
): DispatchSiteRecord[] {
	if (members.length === 0) return [];
	// Keys with both sides, per trunk.
	const sides = new Map<string, Map<string, number>>();
	for (const s of sites) {
		if (s.key === null || s.trunk.startsWith("(")) continue;
		const keys = sides.get(s.trunk) ?? new Map<string, number>();
		sides.set(s.trunk, keys);
		keys.set(s.key, (keys.get(s.key) ?? 0) | (s.side === "register" ? 1 : 2));
	}
	const both = new Map<string, Set<string>>();
	for (const [trunk, keys] of sides) {
		const set = new Set([...keys].filter(([, v]) => v === 3).map(([k]) => k));
		if (set.size > 0) both.set(trunk, set);
	}
	const found: { member: (typeof members)[number]; trunk: string; key: string }[] = [];
	for (const member of members) {
		const { info } = member;
		const exact: { trunk: string; key: string }[] = [];
		const normalised: { trunk: string; key: string }[] = [];
		for (const raw of info.keys) {
			if (!distinctive(raw)) continue;
			for (const [trunk, keys] of both) {
				const n = c.trunks.get(trunk)?.normalize;
				const plain = siteKey(raw, n);
				if (plain === null || COMMON_KEYS.has(plain)) continue;
				const hits = new Set<string>();
				for (const k of [plain, ...info.methods.map((m) => siteKey(raw, n, m))])
					if (k !== null && keys.has(k)) hits.add(k);
				for (const key of hits) (key === raw ? exact : normalised).push({ trunk, key });
			}
		}
		for (const { trunk, key } of exact.length > 0 ? exact : normalised) found.push({ member, trunk, key });
	}
	// One map is one trunk's: per map, the trunk most of its members join (ties all kept), and only when
	// at least two of them, or half its keyed members, do. A callback map's `archiveProject` is no server
	// method of that name, nor an SDK event map's one `deleteCustomIcon` among eighteen.
	const mapOf = (def: string) => def.slice(0, def.indexOf("(", def.indexOf("#")));
	const keyed = new Map<string, number>();
	for (const m of members) keyed.set(mapOf(m.info.def), (keyed.get(mapOf(m.info.def)) ?? 0) + 1);
	const joined = new Map<string, Map<string, Set<string>>>();
	for (const f of found) {
		const map = mapOf(f.member.info.def);
		const trunks = joined.get(map) ?? new Map<string, Set<string>>();
		joined.set(map, trunks);
		trunks.set(f.trunk, (trunks.get(f.trunk) ?? new Set()).add(f.member.info.def));
	}
	const kept = new Set<string>();
	for (const [map, trunks] of joined) {
		const most = Math.max(...[...trunks.values()].map((s) => s.size));
		if (most < 2 && most * 2 < (keyed.get(map) ?? 0)) continue;
		for (const [trunk, defs] of trunks) if (defs.size === most) kept.add(`${map}\0${trunk}`);
	}
	const out: DispatchSiteRecord[] = [];
	for (const { member, trunk, key } of found) {
		const { info, file, line } = member;
		if (kept.has(`${mapOf(info.def)}\0${trunk}`))
			out.push({
				trunk,
				side: "declare",
				key,
				rawKey: info.keys.length === 1 ? (info.keys[0] as string) : null,
				expression: info.keys.join(" | "),
				file,
				line,
				enclosingDefId: info.def,
				handlerDefId: null,
				resolution: info.computed ? "checker" : "syntactic",
				inScope: c.trunks.get(trunk)?.spec.inScope ?? true,
			});
	}
	return out;
}
