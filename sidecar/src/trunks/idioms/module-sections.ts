/**
 * Modules written as one exported object of sections, the module's registered name spelled by its
 * file's path (`module.exports = { options: { alias: 'doc' }, methods(self) { return { insert() {…} } } }`
 * in `modules/<name>/index.js`): the members a section function returns register keys made from the
 * module's name, its alias and the member (`module-sections`), and calls reach them through the registry
 * holding the modules (`self.apos.doc.insert(…)`) or by an event a module emits on itself
 * (`self.emit('beforeSave')`), keyed by the module they are written in (`module-call`).
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { memberPath } from "../../syntax/cjs-defs.js";
import { propertyNameText } from "../../syntax/property-name.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import type { Compiled } from "../compile.js";
import { evaluateKey } from "../key-eval.js";
import { type Emit, internalRecord, startLine } from "../sites.js";
import { wrap } from "../walk.js";

/** The object a module's file exports: `module.exports = {…}` or `export default {…}`. */
function exportedObject(sf: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
	for (const st of sf.statements) {
		let value: ts.Expression | undefined;
		if (ts.isExportAssignment(st)) value = st.expression;
		else if (
			ts.isExpressionStatement(st) &&
			ts.isBinaryExpression(st.expression) &&
			st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			memberPath(st.expression.left)?.join(".") === "exports"
		)
			value = st.expression.right;
		if (value && ts.isObjectLiteralExpression(skipWrappers(value)))
			return skipWrappers(value) as ts.ObjectLiteralExpression;
	}
	return undefined;
}

/** The value of property `name` of an object literal (a method is its own value). */
function propertyValue(obj: ts.ObjectLiteralExpression, name: string): ts.Node | undefined {
	for (const p of obj.properties) {
		if (propertyNameText(p.name) !== name) continue;
		if (ts.isPropertyAssignment(p)) return skipWrappers(p.initializer);
		if (ts.isMethodDeclaration(p)) return p;
	}
	return undefined;
}

/** The property `name` of an object literal as written (for its line). */
function propertyNode(obj: ts.ObjectLiteralExpression, name: string): ts.Node | undefined {
	return obj.properties.find((p) => propertyNameText(p.name) === name);
}

/** A member's definition, else the definition holding it (the section). */
function handlerOf(sf: SourceFile, node: ts.Node, ctx: SiteContext): string | null {
	const at = wrap<Node>(sf, node);
	return ctx.defIdOf(at) ?? ctx.enclosingDefId(at);
}

/** The literal string at a dotted property path of an object literal (`options.alias`). */
function stringAt(obj: ts.ObjectLiteralExpression, path: string): string | undefined {
	let cur: ts.Node | undefined = obj;
	for (const part of path.split(".")) {
		if (!cur || !ts.isObjectLiteralExpression(cur)) return undefined;
		cur = propertyValue(cur, part);
	}
	return cur && ts.isStringLiteralLike(cur) ? cur.text : undefined;
}

const isFunctionLike = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
	ts.isFunctionExpression(n) ||
	ts.isArrowFunction(n) ||
	ts.isMethodDeclaration(n) ||
	ts.isFunctionDeclaration(n);

/** The object literal a variable declared at the top of a block holds (`const methods = {…}`). */
function literalOf(block: ts.Block, name: string): ts.ObjectLiteralExpression | undefined {
	for (const st of block.statements) {
		if (!ts.isVariableStatement(st)) continue;
		for (const d of st.declarationList.declarations) {
			if (!ts.isIdentifier(d.name) || d.name.text !== name || !d.initializer) continue;
			const value = skipWrappers(d.initializer);
			return ts.isObjectLiteralExpression(value) ? value : undefined;
		}
	}
	return undefined;
}

/**
 * The object literals a section function returns (its own returns, not a nested function's), written
 * in the return or held by a variable of the section's body it returns (`const methods = {…}; return methods;`).
 */
function returnedLiterals(fn: ts.FunctionLikeDeclaration): ts.ObjectLiteralExpression[] {
	const body = fn.body;
	if (!body) return [];
	if (!ts.isBlock(body)) {
		const value = skipWrappers(body);
		return ts.isObjectLiteralExpression(value) ? [value] : [];
	}
	const out: ts.ObjectLiteralExpression[] = [];
	const visit = (n: ts.Node): void => {
		if (isFunctionLike(n) || ts.isClassLike(n)) return;
		if (ts.isReturnStatement(n) && n.expression) {
			const value = skipWrappers(n.expression);
			const literal = ts.isIdentifier(value) ? literalOf(body, value.text) : value;
			if (literal && ts.isObjectLiteralExpression(literal) && !out.includes(literal)) out.push(literal);
			return;
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(body, visit);
	return out;
}

/** Named members of an object literal, with the node each is written at. */
function members(obj: ts.ObjectLiteralExpression): { name: string; node: ts.ObjectLiteralElementLike }[] {
	const out: { name: string; node: ts.ObjectLiteralElementLike }[] = [];
	for (const p of obj.properties) {
		const name = ts.isSpreadAssignment(p) ? null : propertyNameText(p.name);
		if (name !== null) out.push({ name, node: p });
	}
	return out;
}

/** A member named for a URL below the module's: absolute, as written, or kebab-cased from a method name. */
function memberPathText(member: string): { text: string; absolute: boolean } {
	if (member.startsWith("/")) return { text: member, absolute: true };
	if (/[:/*]/.test(member)) return { text: member, absolute: false };
	return { text: member.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase(), absolute: false };
}

/** The module's registered name from its file's path (`name` group), or null when the file is no module's. */
const moduleName = (file: RegExp, path: string): string | null => file.exec(path)?.groups?.name ?? null;

/** Internal record kind: a module's members and the module it extends, for `inherit` (removed by finalize). */
export const MODULE_BASE = "(module-base)";

export interface ModuleBaseInfo {
	trunk: string;
	/** The module's registered name, and the one it extends (null: none). */
	name: string;
	base: string | null;
	/** The module's keys with `{member}` left to fill; null when it registers none (no alias). */
	pattern: string | null;
	/** Members its sections of this idiom return, with their handlers. */
	members: { member: string; handler: string | null }[];
	/** Only inherited members register: a call to one is keyed by the module defining it (inheritedSites). */
	inheritedOnly: boolean;
	expression: string;
	enclosing: string | null;
	/** The alias the module declares (`aliasProperty`), for URLs written below an alias's base path. */
	alias?: string;
}

/** Names of the members the given sections of a module's exported object return. */
function sectionMembers(exported: ts.ObjectLiteralExpression, sections: readonly string[]): Set<string> {
	const out = new Set<string>();
	for (const name of sections) {
		const section = propertyValue(exported, name);
		if (!section || !isFunctionLike(section)) continue;
		for (const literal of returnedLiterals(section)) for (const m of members(literal)) out.add(m.name);
	}
	return out;
}

export function extractModuleSections(
	sf: SourceFile,
	c: Compiled,
	ctx: SiteContext,
	emit: Emit,
	out: DispatchSiteRecord[],
): void {
	let exported: ts.ObjectLiteralExpression | undefined | null = null;
	for (const { trunk, idiom, file, qualified } of c.moduleSections) {
		const name = moduleName(file, ctx.filePath);
		if (name === null) continue;
		exported = exported === null ? exportedObject(sf.compilerNode) : exported;
		if (!exported) return;
		const alias = idiom.aliasProperty ? stringAt(exported, idiom.aliasProperty) : undefined;
		const registers = !(alias === undefined && idiom.template.includes("{alias}"));
		const section = propertyValue(exported, idiom.section);
		const literals = section && isFunctionLike(section) ? returnedLiterals(section) : [];
		if (idiom.inherit && !idiom.grouped) {
			// Every module is a link of some chain, one registering no key of its own included.
			const written = stringAt(exported, idiom.inherit.property);
			const base = written ?? (name === idiom.inherit.base ? null : (idiom.inherit.base ?? null));
			const info: ModuleBaseInfo = {
				trunk: trunk.name,
				name,
				base,
				pattern: registers
					? idiom.template.replaceAll("{name}", name).replaceAll("{alias}", alias ?? "")
					: null,
				members: literals.flatMap((l) =>
					members(l).map((m) => ({ member: m.name, handler: handlerOf(sf, m.node, ctx) })),
				),
				inheritedOnly: idiom.inherit.inheritedOnly,
				expression: written ? `${idiom.inherit.property}: '${written}'` : name,
				enclosing: ctx.enclosingDefId(wrap<Node>(sf, exported)),
			};
			if (alias !== undefined) info.alias = alias;
			const at = written ? propertyNode(exported, idiom.inherit.property) : exported;
			out.push(internalRecord(MODULE_BASE, info, ctx.filePath, startLine(wrap<Node>(sf, at ?? exported))));
		}
		if (!registers || literals.length === 0 || idiom.inherit?.inheritedOnly) continue;
		const keyOf = (group: string, member: string): string => {
			if (group && qualified?.test(group)) return group;
			const path = idiom.memberPaths ? memberPathText(member) : null;
			const template = path?.absolute && idiom.memberPaths ? idiom.memberPaths.absolute : idiom.template;
			return template
				.replaceAll("{name}", name)
				.replaceAll("{alias}", alias ?? "")
				.replaceAll("{group}", group)
				.replaceAll("{GROUP}", group.toUpperCase())
				.replaceAll("{member}", path ? path.text : member);
		};
		const register = (key: string, node: ts.Node): void => {
			const at = wrap<Node>(sf, node);
			const handler = handlerOf(sf, node, ctx);
			const keyNode = ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node) ? node.name : node;
			emit(trunk.name, "register", key, wrap<Node>(sf, keyNode), at, handler, "syntactic", idiom.also);
		};
		for (const literal of literals)
			for (const m of members(literal)) {
				if (!idiom.grouped) {
					register(keyOf("", m.name), m.node);
					continue;
				}
				const group = ts.isPropertyAssignment(m.node) ? skipWrappers(m.node.initializer) : undefined;
				if (!group || !ts.isObjectLiteralExpression(group)) continue;
				for (const inner of members(group)) register(keyOf(m.name, inner.name), inner.node);
			}
	}
}

/** The receiver of a call as dotted names (`self.apos.doc`), or undefined for anything else. */
function receiverText(call: ts.CallExpression): { receiver: string; member: string } | undefined {
	const callee = skipWrappers(call.expression);
	if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.name)) return undefined;
	const path = memberPath(skipWrappers(callee.expression));
	return path ? { receiver: path.join("."), member: callee.name.text } : undefined;
}

export function extractModuleCalls(
	sf: SourceFile,
	calls: readonly ts.CallExpression[],
	c: Compiled,
	ctx: SiteContext,
	emit: Emit,
): void {
	for (const { trunk, idiom, file, exclude, receiver, names, qualified, urlHead } of c.moduleCalls) {
		if (exclude?.test(ctx.filePath)) continue;
		const fileMatch = file ? file.exec(ctx.filePath) : null;
		if (file && !fileMatch) continue;
		let own: Set<string> | undefined;
		if (idiom.ownSections) {
			const exported = exportedObject(sf.compilerNode);
			if (!exported) continue;
			own = sectionMembers(exported, idiom.ownSections);
		}
		for (const call of calls) {
			const callee = receiverText(call);
			if (!callee || (names && !names.has(callee.member)) || own?.has(callee.member)) continue;
			const matched = receiver.exec(callee.receiver);
			if (!matched) continue;
			let url: ModuleUrl | null = null;
			if (idiom.urlArg && urlHead) {
				url = moduleUrl(call.arguments[idiom.urlArg.arg], urlHead);
				if (!url) continue;
			}
			let key: string | undefined;
			if (idiom.keyArg !== undefined) {
				const arg = call.arguments[idiom.keyArg];
				const values = arg ? evaluateKey(wrap<Node>(sf, arg)) : null;
				if (values?.length !== 1) continue;
				key = values[0] as string;
			}
			let raw =
				key !== undefined && qualified?.test(key)
					? key
					: idiom.template
							.replaceAll("{member}", callee.member)
							.replaceAll("{METHOD}", callee.member.toUpperCase())
							.replaceAll("{key}", key ?? "")
							.replaceAll("{name}", fileMatch?.groups?.name ?? "");
			if (url) raw = raw.replaceAll("{module}", url.module).replaceAll("{path}", url.path);
			for (const [group, value] of Object.entries(matched.groups ?? {}))
				raw = raw.replaceAll(`{${group}}`, value ?? "");
			const at = wrap<Node>(sf, call);
			emit(trunk.name, "dispatch", raw, at, at, null, "syntactic", idiom.also);
		}
	}
}

/** A module named by its alias in a key, `{alias=login}`: the alias's module name is put in by finalize. */
const ALIAS_REF = /\{alias=([^{}=]+)\}/;

/** A request URL below a module's base path: the module (a name, or an alias reference) and the path after it. */
interface ModuleUrl {
	module: string;
	path: string;
}

/**
 * `` `${apos.login.action}/login` ``: the module the first part names (`head`'s `module` group, or its
 * `alias` group as `{alias=…}`) and the literal rest as a path (`/${id}/clear` → `/:param/clear`, the
 * query cut); null for any other argument, a rest that is no path, or a head naming no module.
 */
function moduleUrl(arg: ts.Expression | undefined, head: RegExp): ModuleUrl | null {
	const a = arg && skipWrappers(arg);
	if (!a || !ts.isTemplateExpression(a) || a.head.text !== "") return null;
	const [first, ...spans] = a.templateSpans;
	if (!first) return null;
	const names = memberText(first.expression);
	const groups = names === null ? undefined : head.exec(names)?.groups;
	const module = groups?.module ?? (groups?.alias ? `{alias=${groups.alias}}` : undefined);
	if (!module) return null;
	let path = "";
	for (const [i, text] of [first.literal.text, ...spans.map((s) => s.literal.text)].entries()) {
		// A run-time part (each span after the head) before this literal text: `\0`, one segment.
		path += (i > 0 ? "\0" : "") + text;
		const q = path.search(/[?#]/);
		if (q >= 0) {
			path = path.slice(0, q);
			break;
		}
	}
	if (path !== "" && !path.startsWith("/")) return null;
	const segments = path.split("/");
	if (segments.some((seg) => seg.includes("\0") && seg.replaceAll("\0", "") !== "")) return null;
	return { module, path: segments.map((seg) => (seg.includes("\0") ? ":param" : seg)).join("/") };
}

/** `apos.login.action`, `apos.modules['@x/login'].action` as written with no spaces; null for anything else. */
function memberText(e: ts.Expression): string | null {
	const x = skipWrappers(e);
	if (ts.isIdentifier(x)) return x.text;
	if (ts.isPropertyAccessExpression(x)) {
		const left = memberText(x.expression);
		return left === null ? null : `${left}.${x.name.text}`;
	}
	if (ts.isElementAccessExpression(x) && ts.isStringLiteralLike(x.argumentExpression)) {
		const left = memberText(x.expression);
		return left === null ? null : `${left}['${x.argumentExpression.text}']`;
	}
	return null;
}

/**
 * Keys naming a module by its alias (`POST /api/v1/{alias=login}/login`) take the module's registered
 * name from the modules declaring that alias (`MODULE_BASE` records); a site whose alias no module, or
 * more than one, declares is dropped: its URL names no module of the repository.
 */
export function resolveModuleAliases(
	sites: DispatchSiteRecord[],
	records: readonly DispatchSiteRecord[],
	keyOf: (trunk: string, raw: string) => string | null,
): void {
	const names = new Map<string, Set<string>>();
	for (const r of records) {
		const info = JSON.parse(r.rawKey as string) as ModuleBaseInfo;
		if (info.alias) names.set(info.alias, (names.get(info.alias) ?? new Set()).add(info.name));
	}
	let kept = 0;
	for (const s of sites) {
		const ref = s.rawKey === null ? null : ALIAS_REF.exec(s.rawKey);
		if (ref && s.rawKey !== null) {
			const found = names.get(ref[1] as string);
			if (found?.size !== 1) continue;
			s.rawKey = s.rawKey.replace(ref[0], [...found][0] as string);
			s.key = keyOf(s.trunk, s.rawKey);
		}
		sites[kept++] = s;
	}
	sites.length = kept;
}

/** Path characters two files have in common from the start (the nearer of two same-named modules). */
function sharedPrefix(a: string, b: string): number {
	let i = 0;
	while (i < a.length && a[i] === b[i]) i++;
	return i;
}

/**
 * The register sites of inherited members: each module registering keys (`pattern`) registers the
 * members of the modules up its `base` chain it does not define itself, handled by the nearest
 * module defining each (as the framework builds a module's methods from its base's, then its own);
 * a member it has neither way is registered by the modules extending it that define it.
 * Of same-named modules (a test copy), the base is the one nearest the module's file.
 * A trunk of inherited members only (a module's calls on itself) keys a call to an inherited member by
 * the module defining it, and rewrites the calls' keys so (`child.m` → `base.m`): one
 * key per member however many modules call it, as a base class's method is one definition, not a
 * key per subclass (a key per module made every base member a hub of dozens of keys, which reshuffled
 * the folders' top symbols and the lexical channel's depth: session 41).
 */
export function inheritedSites(
	records: readonly DispatchSiteRecord[],
	/** The other sites: an inherited member registers only where a call asks for it (keys rewritten in place). */
	sites: readonly DispatchSiteRecord[],
	siteOf: (
		trunk: string,
		raw: string,
	) => Omit<DispatchSiteRecord, "file" | "line" | "expression" | "enclosingDefId" | "handlerDefId">,
): { registers: DispatchSiteRecord[]; unanswered: ReadonlySet<DispatchSiteRecord> } {
	// One module per trunk and file: the idioms of one trunk (`methods`, `extendMethods`) together.
	const modules = new Map<string, ModuleBaseInfo & { file: string; line: number }>();
	for (const r of records) {
		const info = JSON.parse(r.rawKey as string) as ModuleBaseInfo;
		const id = `${info.trunk}\0${r.file}`;
		const known = modules.get(id);
		if (known) {
			known.members.push(...info.members);
			known.pattern ??= info.pattern;
		} else modules.set(id, { ...info, file: r.file, line: r.line });
	}
	const byName = new Map<string, (ModuleBaseInfo & { file: string })[]>();
	for (const m of modules.values()) {
		const id = `${m.trunk}\0${m.name}`;
		byName.set(id, [...(byName.get(id) ?? []), m]);
	}
	const baseOf = (m: ModuleBaseInfo & { file: string }, from: string) => {
		const candidates = m.base === null ? [] : (byName.get(`${m.trunk}\0${m.base}`) ?? []);
		let best: (ModuleBaseInfo & { file: string }) | undefined;
		for (const c of candidates) {
			const d = sharedPrefix(c.file, from) - (best ? sharedPrefix(best.file, from) : -1);
			if (d > 0 || (d === 0 && best && c.file < best.file)) best = c;
		}
		return best;
	};
	const asked = new Map<string, DispatchSiteRecord[]>();
	for (const s of sites)
		if (s.side === "dispatch" && s.key !== null) {
			const id = `${s.trunk}\0${s.key}`;
			asked.set(id, [...(asked.get(id) ?? []), s]);
		}
	type Module = ModuleBaseInfo & { file: string; line: number };
	const out: DispatchSiteRecord[] = [];
	const registered = new Set<string>();
	const keyOf = (m: Module, member: string) =>
		siteOf(m.trunk, (m.pattern as string).replaceAll("{member}", member));
	const register = (m: Module, at: Module, member: string, handler: string | null): void => {
		const site = keyOf(m, member);
		const calls = asked.get(`${m.trunk}\0${site.key}`);
		if (!calls) return;
		out.push({
			...site,
			expression: at.expression,
			file: at.file,
			line: at.line,
			enclosingDefId: at.enclosing,
			handlerDefId: handler,
		});
	};
	// The calls `m` makes to a member it inherits from `b` take `b`'s key, registered once, at `b`.
	const callDefining = (m: Module, b: Module, member: string, handler: string | null): void => {
		const calls = asked.get(`${m.trunk}\0${keyOf(m, member).key}`);
		if (!calls) return;
		const site = keyOf(b, member);
		for (const call of calls) {
			call.key = site.key;
			call.rawKey = site.rawKey;
		}
		const id = `${b.trunk}\0${site.key}\0${handler}`;
		if (registered.has(id)) return;
		registered.add(id);
		out.push({
			...site,
			expression: b.expression,
			file: b.file,
			line: b.line,
			enclosingDefId: b.enclosing,
			handlerDefId: handler,
		});
	};
	// Each module's chain up, and every member it has (its own, then inherited), with its handler.
	const chains = new Map<Module, Module[]>();
	const closure = new Map<Module, Set<string>>();
	for (const m of modules.values()) {
		const chain: Module[] = [];
		const seen = new Set([m.file]);
		for (let b = baseOf(m, m.file); b && !seen.has(b.file); b = baseOf(b, b.file)) {
			seen.add(b.file);
			chain.push(b as Module);
		}
		chains.set(m, chain);
		const defined = new Set(m.members.map((x) => x.member));
		for (const b of chain)
			for (const { member, handler } of b.members) {
				if (defined.has(member)) continue;
				defined.add(member);
				if (m.pattern === null) continue;
				if (m.inheritedOnly && b.pattern !== null) callDefining(m, b, member, handler);
				else register(m, m, member, handler);
			}
		closure.set(m, defined);
	}
	// A member a module calls but neither defines nor inherits is one the modules extending it implement
	// (`self.update()` in a base every extension defines `update` for): each nearest such definition.
	for (const [d, chain] of chains)
		for (const { member, handler } of d.members)
			for (const a of chain) {
				if (a.members.some((x) => x.member === member)) break;
				if (a.pattern !== null && !closure.get(a)?.has(member)) register(a, d, member, handler);
			}
	// A module's call on itself that its chain does not answer (a member of a section spread in from another
	// file, `...require('./lib/log')(self)`) is no site: a key per module and member nobody handles only
	// crowds the lexical channel's depth with names (session 41: 30 such keys).
	const selfCalls = new Set([...modules.values()].filter((m) => m.inheritedOnly).map((m) => m.trunk));
	const answered = new Set(out.map((r) => `${r.trunk}\0${r.key}`));
	const unanswered = new Set(
		sites.filter(
			(s) => s.side === "dispatch" && selfCalls.has(s.trunk) && !answered.has(`${s.trunk}\0${s.key}`),
		),
	);
	return { registers: out, unanswered };
}
