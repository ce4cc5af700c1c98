/**
 * The trunk site extractor: runs the configured idioms over each source file (a plug-in of the
 * indexer's type-checked pass) and, in `finalize`, joins what needs the whole repository:
 * facade calls bound to their facade's export, and concrete REST paths bound to `:param` routes.
 */
import { dirname, relative, resolve } from "node:path";
import {
	type CallExpression,
	type ClassDeclaration,
	type ImportSpecifier,
	type NewExpression,
	Node,
	type PropertyAccessExpression,
	type SourceFile,
	SyntaxKind,
	ts,
} from "ts-morph";
import type { Resolution } from "../index/schema.js";
import type { DispatchSiteRecord, SiteContext, SiteExtractor } from "../index/types.js";
import { type CalleeParts, type CompiledCallee, calleeParts, compileCallee, matchCallee } from "./callee.js";
import type {
	CallIdiom,
	ClassMembersIdiom,
	DecoratorIdiom,
	FacadeIdiom,
	Idiom,
	NewIdiom,
	TrunkConfig,
	TrunkSpec,
} from "./config.js";
import { enabledPresets } from "./detect.js";
import {
	classOverrides,
	evaluateKey,
	propertyNameText,
	resolveObject,
	thisPropertyReads,
	unwrap,
} from "./key-eval.js";
import {
	bindToPatterns,
	type CompiledNormalize,
	compileNormalize,
	hasParams,
	normalizeKey,
} from "./normalize.js";
import { nearestPackageName } from "./package-name.js";

/** Internal record kinds carried from extractFile to finalize (never written: finalize removes them). */
const FACADE_DEF = "(facade-def)";
const FACADE_USE = "(facade-use)";
const MOUNT = "(mount)";
/** A class's `extends` and the instance properties it sets, to find subclasses redeclaring one. */
const CLASS_EXTENDS = "(class-extends)";
/** A bound site whose key rests on `this.x` reads: unbound in finalize when a subclass redeclares `x`. */
const THIS_READ = "(this-read)";

interface ClassExtendsInfo {
	name: string | null;
	base: string;
	props: string[];
}
interface ThisReadInfo {
	trunk: string;
	side: "register" | "dispatch";
	key: string;
	/** `Class#property` */
	reads: string[];
}

interface MountInfo {
	trunk: string;
	prefix: string;
	/** Identity (`file#variable`) of the mounted router, and of the router it is mounted on. */
	target: string;
	on: string | null;
}

const MAX_EXPRESSION = 200;

/** The HTTP method of an unbound site (kept through an incremental run by saveSites/loadSites). */
const unboundMethod = new WeakMap<DispatchSiteRecord, string>();
/** The identity of a register site's receiver (for router mounts; kept by saveSites/loadSites). */
const receiverIdentity = new WeakMap<DispatchSiteRecord, string>();
let pendingReceiver: string | null = null;

interface FacadeDefInfo {
	trunk: string;
	template: string;
	pkg: string | null;
	file: string;
	exportName: string;
	ns: string;
}
interface FacadeUseInfo {
	module: string;
	importedName: string;
	/** Repo-relative file the import resolved to, when the compiler resolved it. */
	target: string | null;
	member: string;
}

interface CompiledIdiom {
	trunk: TrunkSpec;
	idiom: CallIdiom | NewIdiom;
	callee: CompiledCallee;
	keyPattern: RegExp | null;
}

interface Compiled {
	trunks: Map<string, { spec: TrunkSpec; normalize: CompiledNormalize }>;
	/** Call/new idioms by called name: the cheap prefilter over every call in a file. */
	calls: Map<string, CompiledIdiom[]>;
	news: Map<string, CompiledIdiom[]>;
	classMembers: { trunk: TrunkSpec; idiom: ClassMembersIdiom; extends: RegExp; exclude: RegExp | null }[];
	facades: { trunk: TrunkSpec; idiom: FacadeIdiom }[];
	mounts: Map<string, { trunk: TrunkSpec; callee: CompiledCallee; prefixArg: number; targetArg: number }[]>;
	decorators: { trunk: TrunkSpec; idiom: DecoratorIdiom }[];
}

function compile(trunks: TrunkSpec[]): Compiled {
	const c: Compiled = {
		trunks: new Map(),
		calls: new Map(),
		news: new Map(),
		classMembers: [],
		facades: [],
		mounts: new Map(),
		decorators: [],
	};
	for (const trunk of trunks) {
		for (const m of trunk.mounts) {
			const entry = {
				trunk,
				callee: compileCallee(m.callee),
				prefixArg: m.prefixArg,
				targetArg: m.targetArg,
			};
			for (const name of m.callee.names) c.mounts.set(name, [...(c.mounts.get(name) ?? []), entry]);
		}
		const existing = c.trunks.get(trunk.name);
		// Two presets may contribute idioms to one trunk; the first one's normalisation wins.
		if (!existing) c.trunks.set(trunk.name, { spec: trunk, normalize: compileNormalize(trunk.normalize) });
		for (const idiom of trunk.idioms) addIdiom(c, trunk, idiom);
	}
	return c;
}

function addIdiom(c: Compiled, trunk: TrunkSpec, idiom: Idiom): void {
	if (idiom.kind === "class-members") {
		c.classMembers.push({
			trunk,
			idiom,
			extends: new RegExp(idiom.extends),
			exclude: idiom.excludeMembers ? new RegExp(idiom.excludeMembers) : null,
		});
		return;
	}
	if (idiom.kind === "facade") {
		c.facades.push({ trunk, idiom });
		return;
	}
	if (idiom.kind === "decorator") {
		c.decorators.push({ trunk, idiom });
		return;
	}
	const entry: CompiledIdiom = {
		trunk,
		idiom,
		callee: compileCallee(idiom.callee),
		keyPattern: idiom.key.pattern ? new RegExp(idiom.key.pattern) : null,
	};
	const map = idiom.kind === "call" ? c.calls : c.news;
	for (const name of idiom.callee.names) {
		const list = map.get(name) ?? [];
		list.push(entry);
		map.set(name, list);
	}
}

const exprText = (n: Node) => {
	const t = n.getText().replace(/\s+/g, " ");
	return t.length > MAX_EXPRESSION ? `${t.slice(0, MAX_EXPRESSION - 1)}…` : t;
};

function argAt(call: CallExpression | NewExpression, pos: number): Node | undefined {
	const args = call.getArguments();
	return pos === -1 ? args[args.length - 1] : args[pos];
}

/** The definition that handles a register site: a named function, a method, or an inline function's owner. */
function handlerDefId(node: Node | undefined, ctx: SiteContext): string | null {
	if (!node) return null;
	let n = unwrap(node);
	// `this.handler.bind(this)` → `this.handler`
	if (Node.isCallExpression(n)) {
		const callee = unwrap(n.getExpression());
		if (Node.isPropertyAccessExpression(callee) && callee.getName() === "bind")
			n = unwrap(callee.getExpression());
	}
	if (Node.isSpreadElement(n)) n = unwrap(n.getExpression());
	if (Node.isArrowFunction(n) || Node.isFunctionExpression(n) || Node.isMethodDeclaration(n)) {
		// Inline functions are not definitions: their code belongs to the enclosing definition.
		return ctx.defIdOf(n) ?? ctx.enclosingDefId(n);
	}
	if (Node.isObjectLiteralExpression(n)) {
		for (const p of n.getProperties()) {
			const fn = Node.isPropertyAssignment(p) ? p.getInitializer() : p;
			if (fn && (Node.isMethodDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) {
				return handlerDefId(fn, ctx);
			}
		}
		return null;
	}
	const target = Node.isCallExpression(n) ? n.getExpression() : n;
	if (Node.isIdentifier(target) || Node.isPropertyAccessExpression(target)) {
		try {
			let symbol = target.getSymbol();
			if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
			for (const decl of symbol?.getDeclarations() ?? []) {
				const id = ctx.defIdOf(decl);
				if (id) return id;
			}
		} catch {
			return null;
		}
	}
	return null;
}

/** Key prefix from option values of the `new X({ … })` that created the receiver. */
function constructorPrefix(receiver: Node | undefined, options: readonly string[]): string {
	if (!receiver || options.length === 0) return "";
	const creation = creatingNew(unwrap(receiver));
	const opts = creation?.getArguments()[0];
	const obj = opts && resolveObject(opts);
	if (!obj || !Node.isObjectLiteralExpression(obj)) return "";
	const parts: string[] = [];
	for (const name of options) {
		const prop = obj.getProperty(name);
		const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
		const v = init && evaluateKey(init);
		if (v?.length === 1 && v[0]) parts.push((v[0] as string).replace(/^\/+|\/+$/g, ""));
	}
	return parts.length ? `${parts.join("/")}/` : "";
}

/** `x` (a variable) or `this.x` (a class field assigned anywhere in the class) created by `new …(…)`. */
function creatingNew(receiver: Node): NewExpression | undefined {
	if (Node.isIdentifier(receiver)) {
		for (const decl of receiver.getSymbol()?.getDeclarations() ?? []) {
			if (Node.isVariableDeclaration(decl)) {
				const init = decl.getInitializer();
				const u = init && unwrap(init);
				if (u && Node.isNewExpression(u)) return u;
			}
		}
		return undefined;
	}
	if (
		Node.isPropertyAccessExpression(receiver) &&
		receiver.getExpression().getKind() === SyntaxKind.ThisKeyword
	) {
		const cls = receiver.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
		if (!cls) return undefined;
		const field = receiver.getName();
		for (const bin of cls.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
			if (bin.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
			const left = bin.getLeft();
			if (
				Node.isPropertyAccessExpression(left) &&
				left.getName() === field &&
				left.getExpression().getKind() === SyntaxKind.ThisKeyword
			) {
				const right = unwrap(bin.getRight());
				if (Node.isNewExpression(right)) return right;
			}
		}
	}
	return undefined;
}

/** Evaluate `names(...)` initialising the receiver variable: `const hook = Callbacks.create('x')`. */
function receiverInitKey(
	receiver: Node | undefined,
	spec: { names: string[]; arg: number },
): { values: string[] | null; expr: Node } | undefined {
	if (!receiver) return undefined;
	const r = unwrap(receiver);
	if (!Node.isIdentifier(r)) return undefined;
	let symbol = r.getSymbol();
	if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
	for (const decl of symbol?.getDeclarations() ?? []) {
		if (!Node.isVariableDeclaration(decl)) continue;
		const init = decl.getInitializer();
		const call = init && unwrap(init);
		if (!call || !Node.isCallExpression(call)) continue;
		const parts = calleeParts(call);
		if (!parts || !spec.names.includes(parts.name)) continue;
		const arg = call.getArguments()[spec.arg];
		if (!arg) continue;
		return { values: evaluateKey(arg), expr: arg };
	}
	return undefined;
}

interface RawSite {
	keyNode: Node;
	values: string[] | null;
	handler: Node | undefined;
}

export interface ExtractorStats {
	files: number;
	sites: number;
	byResolution: Record<Resolution, number>;
	/** Time spent in extractFile + finalize (what the trunks add to an index run), ms. */
	ms: number;
	/** CPU time (user + system) of the process in extractFile + finalize, ms: unlike `ms`, not inflated by a loaded machine. */
	cpuMs: number;
}

export interface TrunkSiteExtractor extends SiteExtractor {
	/** Names of the presets that applied to the repository (known after the first file). */
	readonly enabledPresets: string[];
	readonly stats: ExtractorStats;
}

/**
 * A SiteExtractor for the given configuration. Presets are enabled by their `detect` rule against
 * the repository of the first file extracted.
 */
export function createSiteExtractor(config: TrunkConfig): TrunkSiteExtractor {
	let compiled: Compiled | null = null;
	const enabled: string[] = [];
	const stats: ExtractorStats = {
		files: 0,
		sites: 0,
		byResolution: { checker: 0, syntactic: 0 },
		ms: 0,
		cpuMs: 0,
	};

	const setup = (repoRoot: string): Compiled => {
		if (!compiled) {
			const presets = enabledPresets(config.presets, repoRoot);
			enabled.push(...presets.map((p) => p.name));
			compiled = compile(presets.flatMap((p) => p.trunks));
		}
		return compiled;
	};

	function extractFile(sf: SourceFile, ctx: SiteContext): DispatchSiteRecord[] {
		const started = performance.now();
		const cpu = process.cpuUsage();
		try {
			return extractSites(sf, ctx);
		} finally {
			stats.ms += performance.now() - started;
			const used = process.cpuUsage(cpu);
			stats.cpuMs += (used.user + used.system) / 1000;
		}
	}

	function extractSites(sf: SourceFile, ctx: SiteContext): DispatchSiteRecord[] {
		const c = setup(ctx.repoRoot);
		stats.files++;
		const out: DispatchSiteRecord[] = [];
		const emit = (
			trunkName: string,
			side: "register" | "dispatch",
			raw: string | null,
			keyNode: Node,
			at: Node,
			handler: string | null,
			resolution: Resolution,
			also: readonly { trunk: string; side: "register" | "dispatch"; template: string }[] = [],
			method?: string,
		) => {
			const trunk = c.trunks.get(trunkName);
			let key = raw === null ? null : trunk ? normalizeKey(raw, trunk.normalize) : raw;
			// `router.get('/')`: the root path is '/', never an empty key.
			if (key === "" && raw?.startsWith("/")) key = "/";
			if (key !== null && method) key = `${method} /${key.replace(/^\/+/, "")}`;
			const site: DispatchSiteRecord = {
				trunk: trunkName,
				side,
				key,
				rawKey: raw !== null && method ? `${method} ${raw}` : raw,
				expression: exprText(keyNode),
				file: ctx.filePath,
				// A key read from an object defined in another file (an imported registration object)
				// is still a site of this call: its line is the call's.
				line: (keyNode.getSourceFile() === at.getSourceFile() ? keyNode : at).getStartLineNumber(),
				enclosingDefId: ctx.enclosingDefId(at),
				handlerDefId: side === "register" ? handler : null,
				resolution,
				inScope: trunk?.spec.inScope ?? true,
			};
			out.push(site);
			if (key !== null && keyNode.getText().includes("this.")) {
				const reads = thisPropertyReads(keyNode);
				if (reads.length > 0) {
					const info: ThisReadInfo = { trunk: trunkName, side, key, reads };
					out.push(internalRecord(THIS_READ, info, ctx.filePath, site.line));
				}
			}
			if (raw === null && method) unboundMethod.set(site, method);
			if (pendingReceiver && side === "register") receiverIdentity.set(site, pendingReceiver);
			if (key !== null) {
				for (const a of also) {
					emit(a.trunk, a.side, a.template.replaceAll("{key}", key), keyNode, at, handler, resolution);
				}
			}
		};

		const hasCalls = c.calls.size > 0 || c.mounts.size > 0;
		if (hasCalls) {
			const aliases = bareImportAliases(sf.compilerNode);
			for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
				// The called name from the compiler node first: most calls are no candidate, and
				// splitting a callee (wrappers, receiver text) for each of them dominated the cost.
				const name = calledName(call.compilerNode);
				if (name === undefined) continue;
				if (c.calls.has(name) || c.calls.has(aliases.get(name) ?? "")) extractCall(call, c, ctx, emit);
				if (c.mounts.has(name)) extractMount(call, c, ctx, out);
			}
		}
		if (c.news.size > 0) {
			for (const call of sf.getDescendantsOfKind(SyntaxKind.NewExpression)) {
				const name = calledName(call.compilerNode);
				if (name !== undefined && c.news.has(name)) extractCall(call, c, ctx, emit);
			}
		}
		if (c.classMembers.length > 0) extractClassMembers(sf, c, ctx, emit);
		if (c.decorators.length > 0) extractDecorators(sf, c, ctx, emit);
		if (c.facades.length > 0) extractFacades(sf, c, ctx, out);
		const raw = sf.compilerNode;
		const classes = (n: ts.Node): void => {
			if (ts.isClassLike(n) && n.heritageClauses) {
				const o = classOverrides(n);
				if (o) {
					const info: ClassExtendsInfo = { name: n.name?.text ?? null, base: o.base, props: o.props };
					const line = raw.getLineAndCharacterOfPosition(n.getStart(raw)).line + 1;
					out.push(internalRecord(CLASS_EXTENDS, info, ctx.filePath, line));
				}
			}
			ts.forEachChild(n, classes);
		};
		classes(raw);
		for (const s of out) {
			if (s.trunk.startsWith("(")) continue; // internal records are not sites
			stats.sites++;
			stats.byResolution[s.resolution]++;
		}
		return out;
	}

	/** A file's sites with the facts kept beside them (verb of an unbound call, router receiver). */
	function saveSites(sites: DispatchSiteRecord[]): string {
		return JSON.stringify(
			sites.map((site) => ({ site, method: unboundMethod.get(site), receiver: receiverIdentity.get(site) })),
		);
	}

	function loadSites(saved: string, repoRoot: string): DispatchSiteRecord[] {
		setup(repoRoot);
		const rows = JSON.parse(saved) as { site: DispatchSiteRecord; method?: string; receiver?: string }[];
		return rows.map(({ site, method, receiver }) => {
			if (method) unboundMethod.set(site, method);
			if (receiver) receiverIdentity.set(site, receiver);
			return site;
		});
	}

	function finalize(sites: DispatchSiteRecord[]): DispatchSiteRecord[] {
		const started = performance.now();
		const cpu = process.cpuUsage();
		try {
			return joinSites(sites);
		} finally {
			stats.ms += performance.now() - started;
			const used = process.cpuUsage(cpu);
			stats.cpuMs += (used.user + used.system) / 1000;
		}
	}

	function joinSites(sites: DispatchSiteRecord[]): DispatchSiteRecord[] {
		const c = compiled;
		const defs = new Map<string, FacadeDefInfo>();
		const uses: { site: DispatchSiteRecord; info: FacadeUseInfo }[] = [];
		const mounts: MountInfo[] = [];
		const classes: ClassExtendsInfo[] = [];
		const thisReads: { site: DispatchSiteRecord; info: ThisReadInfo }[] = [];
		const rest: DispatchSiteRecord[] = [];
		for (const s of sites) {
			if (s.trunk === CLASS_EXTENDS) {
				classes.push(JSON.parse(s.rawKey as string) as ClassExtendsInfo);
			} else if (s.trunk === THIS_READ) {
				thisReads.push({ site: s, info: JSON.parse(s.rawKey as string) as ThisReadInfo });
			} else if (s.trunk === FACADE_DEF) {
				const d = JSON.parse(s.rawKey as string) as FacadeDefInfo;
				defs.set(`${d.file}\0${d.exportName}`, d);
				if (d.pkg) defs.set(`${d.pkg}\0${d.exportName}`, d);
			} else if (s.trunk === MOUNT) {
				mounts.push(JSON.parse(s.rawKey as string) as MountInfo);
			} else if (s.trunk === FACADE_USE) {
				uses.push({ site: s, info: JSON.parse(s.rawKey as string) as FacadeUseInfo });
			} else rest.push(s);
		}
		// Facade calls bind by import source: the same name exported by another package is not the facade.
		for (const { site, info } of uses) {
			const def =
				(info.target ? defs.get(`${info.target}\0${info.importedName}`) : undefined) ??
				defs.get(`${info.module}\0${info.importedName}`);
			if (!def) continue;
			const raw = def.template.replaceAll("{name}", def.ns).replaceAll("{member}", info.member);
			const trunk = c?.trunks.get(def.trunk);
			rest.push({
				...site,
				trunk: def.trunk,
				rawKey: raw,
				key: trunk ? normalizeKey(raw, trunk.normalize) : raw,
				inScope: trunk?.spec.inScope ?? true,
			});
		}
		unbindOverriddenReads(rest, classes, thisReads);
		if (c) {
			applyMounts(rest, mounts, c);
			bindParams(rest, c);
			bindTemplates(rest, c);
		}
		return rest;
	}

	return {
		extractFile,
		finalize,
		saveSites,
		loadSites,
		get enabledPresets() {
			return [...enabled];
		},
		stats,
	};
}

/** The last name of a call's callee (`addRoute` in `this.api?.addRoute(…)`), from the compiler node. */
function calledName(call: ts.CallExpression | ts.NewExpression): string | undefined {
	let e: ts.Expression = call.expression;
	while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
		e = e.expression;
	if (ts.isIdentifier(e)) return e.text;
	if (ts.isPropertyAccessExpression(e)) return e.name.text;
	return undefined;
}

/** `import { useEndpoint as useEP }` → useEP ↦ useEndpoint: a bare call by alias still names the idiom. */
function bareImportAliases(sf: ts.SourceFile): Map<string, string> {
	const out = new Map<string, string>();
	for (const stmt of sf.statements) {
		const named = ts.isImportDeclaration(stmt) ? stmt.importClause?.namedBindings : undefined;
		if (!named || !ts.isNamedImports(named)) continue;
		for (const el of named.elements) if (el.propertyName) out.set(el.name.text, el.propertyName.text);
	}
	return out;
}

/** An internal record (removed by finalize) carrying `info` as its raw key. */
function internalRecord(kind: string, info: unknown, file: string, line: number): DispatchSiteRecord {
	return {
		trunk: kind,
		side: "register",
		key: null,
		rawKey: JSON.stringify(info),
		expression: "",
		file,
		line,
		enclosingDefId: null,
		handlerDefId: null,
		resolution: "syntactic",
		inScope: false,
	};
}

/**
 * A key read from `this.name` is the class's own value only when no subclass (by name, anywhere in
 * the repository, transitively) redeclares `name`; otherwise the site is unbound: which value it
 * sends depends on the instance.
 */
function unbindOverriddenReads(
	sites: DispatchSiteRecord[],
	classes: ClassExtendsInfo[],
	reads: { site: DispatchSiteRecord; info: ThisReadInfo }[],
): void {
	if (reads.length === 0) return;
	const children = new Map<string, ClassExtendsInfo[]>();
	for (const k of classes) children.set(k.base, [...(children.get(k.base) ?? []), k]);
	const overridden = (cls: string, prop: string, seen: Set<string>): boolean => {
		if (seen.has(cls)) return false;
		seen.add(cls);
		return (children.get(cls) ?? []).some(
			(k) => k.props.includes(prop) || (k.name !== null && overridden(k.name, prop, seen)),
		);
	};
	const bySite = new Map<string, DispatchSiteRecord[]>();
	for (const s of sites) {
		if (s.key === null) continue;
		const id = `${s.file}\0${s.line}\0${s.trunk}\0${s.side}\0${s.key}`;
		bySite.set(id, [...(bySite.get(id) ?? []), s]);
	}
	for (const { site, info } of reads) {
		const varies = info.reads.some((r) => {
			const [cls, prop] = r.split("#") as [string, string];
			return overridden(cls, prop, new Set());
		});
		if (!varies) continue;
		for (const s of bySite.get(`${site.file}\0${site.line}\0${info.trunk}\0${info.side}\0${info.key}`) ??
			[]) {
			s.key = null;
			s.rawKey = null;
		}
	}
}

type Emit = (
	trunk: string,
	side: "register" | "dispatch",
	raw: string | null,
	keyNode: Node,
	at: Node,
	handler: string | null,
	resolution: Resolution,
	also?: readonly { trunk: string; side: "register" | "dispatch"; template: string }[],
	method?: string,
) => void;

function extractCall(call: CallExpression | NewExpression, c: Compiled, ctx: SiteContext, emit: Emit): void {
	const parts = calleeParts(call);
	if (!parts) return;
	const candidates = (Node.isNewExpression(call) ? c.news : c.calls).get(parts.name);
	if (!candidates) return;
	for (const cand of candidates) {
		const resolution = matchCallee(cand.callee, parts);
		if (!resolution) continue;
		if (cand.idiom.kind === "call" && !cand.idiom.where.every((w) => argumentHas(call, w))) continue;
		const raws = rawSites(cand, call, parts);
		if (raws === null) continue;
		const prefix =
			cand.idiom.kind === "call"
				? constructorPrefix(parts.receiver, cand.idiom.prefixFromConstructorOptions)
				: "";
		const method = cand.idiom.key.method ? httpMethod(cand.idiom.key.method, call, parts) : undefined;
		if (method === null) continue;
		pendingReceiver =
			cand.idiom.side === "register" && cand.trunk.mounts.length > 0 && parts.receiver
				? routerIdentity(routerOf(parts.receiver))
				: null;
		const enclosingHandler =
			cand.idiom.kind === "call" && cand.idiom.side === "register" && cand.idiom.handlerFromEnclosing
				? enclosingConsumer(call, ctx)
				: null;
		for (const r of raws) {
			const handler =
				cand.idiom.side === "register" ? (handlerDefId(r.handler, ctx) ?? enclosingHandler) : null;
			if (r.values === null) {
				emit(cand.trunk.name, cand.idiom.side, null, r.keyNode, call, handler, resolution, [], method);
				continue;
			}
			const values = cand.keyPattern ? r.values.filter((v) => cand.keyPattern?.test(v)) : r.values;
			for (const v of values) {
				emit(
					cand.trunk.name,
					cand.idiom.side,
					prefix && v.startsWith("/") ? prefix + v.replace(/^\/+/, "") : prefix + v,
					r.keyNode,
					call,
					handler,
					resolution,
					cand.idiom.also,
					method,
				);
			}
		}
		pendingReceiver = null;
		return; // one idiom per call: the first that matches
	}
}

/** The definition holding a call, when it is one (a file's top-level code consumes nothing). */
function enclosingConsumer(call: Node, ctx: SiteContext): string | null {
	const id = ctx.enclosingDefId(call);
	return id && !id.endsWith("#(module)") ? id : null;
}

/** Does argument `arg` denote an object literal whose `property` is the literal `equals`? */
function argumentHas(
	call: CallExpression | NewExpression,
	w: { arg: number; property: string; equals: string },
): boolean {
	const a = call.getArguments()[w.arg];
	const obj = a && resolveObject(a);
	if (!obj || !Node.isObjectLiteralExpression(obj)) return false;
	const prop = obj.getProperty(w.property);
	const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
	const v = init && evaluateKey(init);
	return v?.length === 1 && v[0] === w.equals;
}

/**
 * The HTTP method of a call for a `key.method` idiom: from the called name, an options argument's
 * property, or the default; undefined when none applies, null when the options name a method that
 * is not a literal (the call is still a site, but of an unknown verb: skipped rather than guessed).
 */
function httpMethod(
	spec: NonNullable<CallIdiom["key"]["method"]>,
	call: CallExpression | NewExpression,
	parts: CalleeParts,
): string | undefined | null {
	if (spec.fromName) return parts.name.toUpperCase();
	if (spec.arg !== undefined) {
		const opts = call.getArguments()[spec.arg];
		const obj = opts && resolveObject(opts);
		if (obj && Node.isObjectLiteralExpression(obj)) {
			const prop = obj.getProperty(spec.property);
			if (prop) {
				const init = Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
				const v = init && evaluateKey(init);
				return v?.length === 1 && v[0] ? (v[0] as string).toUpperCase() : null;
			}
		} else if (opts) return spec.default ?? null;
	}
	return spec.default;
}

/** The key(s) a decorator's argument gives: a string, or a property of an object argument. */
function decoratorKey(
	dec: import("ts-morph").Decorator,
	spec: { arg: number; property?: string | undefined },
): { values: string[] | null; node: Node } | undefined {
	const arg = dec.getArguments()[spec.arg];
	if (!arg) return undefined;
	const obj = spec.property ? resolveObject(arg) : undefined;
	if (obj && Node.isObjectLiteralExpression(obj)) {
		const prop = obj.getProperty(spec.property as string);
		const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
		return init ? { values: evaluateKey(init), node: init } : undefined;
	}
	return { values: evaluateKey(arg), node: arg };
}

const joinPath = (a: string, b: string) =>
	[a, b]
		.map((p) => p.replace(/^\/+|\/+$/g, ""))
		.filter(Boolean)
		.join("/");

/** Decorated methods of decorated classes (`@Controller('team')` + `@Get(':id')`): the method is the handler. */
function extractDecorators(sf: SourceFile, c: Compiled, ctx: SiteContext, emit: Emit): void {
	for (const cls of sf.getDescendantsOfKind(SyntaxKind.ClassDeclaration)) {
		const methods = cls.getMethods().filter((m) => m.getDecorators().length > 0);
		if (methods.length === 0) continue;
		for (const { trunk, idiom } of c.decorators) {
			const names = new Set(idiom.names);
			let prefixes: string[] = [""];
			if (idiom.classPrefix) {
				const classNames = new Set(idiom.classPrefix.names);
				const dec = cls.getDecorators().find((d) => classNames.has(d.getName()));
				if (!dec) continue;
				const k = decoratorKey(dec, idiom.classPrefix);
				if (k && k.values === null) prefixes = [];
				else if (k?.values) prefixes = k.values;
			}
			for (const m of methods) {
				for (const dec of m.getDecorators()) {
					if (!names.has(dec.getName())) continue;
					const k = decoratorKey(dec, idiom.key);
					const method = idiom.methodFromName ? dec.getName().toUpperCase() : undefined;
					const handler = ctx.defIdOf(m);
					const keyNode = k?.node ?? dec;
					const values = k ? k.values : idiom.emptyKey !== undefined ? [idiom.emptyKey] : null;
					if (!k && idiom.emptyKey === undefined) continue;
					if (values === null || prefixes.length === 0) {
						emit(trunk.name, idiom.side, null, keyNode, m, handler, "syntactic", [], method);
						continue;
					}
					for (const prefix of prefixes) {
						for (const v of values) {
							const raw = idiom.methodFromName ? `/${joinPath(prefix, v)}` : prefix ? `${prefix}/${v}` : v;
							emit(trunk.name, idiom.side, raw, keyNode, m, handler, "syntactic", idiom.also, method);
						}
					}
				}
			}
		}
	}
}

/** `router.route('/x').get(h)` → `router`: the receiver at the root of a call chain. */
function routerOf(receiver: Node): Node {
	let r = unwrap(receiver);
	for (let depth = 0; Node.isCallExpression(r) && depth < 12; depth++) {
		const callee = unwrap(r.getExpression());
		if (!Node.isPropertyAccessExpression(callee)) break;
		r = unwrap(callee.getExpression());
	}
	return r;
}

/**
 * `file#name` of the variable a router expression denotes, through imports, `export default`,
 * `module.exports =` and `require('./x')`; null when it cannot be followed.
 */
function routerIdentity(expr: Node, depth = 0): string | null {
	if (depth > 6) return null;
	const n = unwrap(expr);
	if (Node.isCallExpression(n)) {
		const sf = requiredFile(n);
		return sf ? moduleExportIdentity(sf, depth + 1) : null;
	}
	if (!Node.isIdentifier(n) && !Node.isPropertyAccessExpression(n)) return null;
	let symbol: ReturnType<Node["getSymbol"]>;
	try {
		symbol = n.getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
	} catch {
		return null;
	}
	for (const decl of symbol?.getDeclarations() ?? []) {
		if (Node.isVariableDeclaration(decl)) {
			const init = decl.getInitializer();
			const u = init && unwrap(init);
			if (u && Node.isCallExpression(u) && requiredFile(u)) return routerIdentity(u, depth + 1);
			return `${decl.getSourceFile().getFilePath()}#${decl.getName()}`;
		}
		if (Node.isExportAssignment(decl)) return routerIdentity(decl.getExpression(), depth + 1);
		if (Node.isSourceFile(decl)) return moduleExportIdentity(decl, depth + 1);
		if (Node.isPropertyDeclaration(decl) || Node.isParameterDeclaration(decl))
			return `${decl.getSourceFile().getFilePath()}#${decl.getName()}`;
	}
	return null;
}

/** The file of `require('./x')` (relative paths only). */
function requiredFile(call: CallExpression): SourceFile | undefined {
	const callee = call.getExpression();
	const arg = call.getArguments()[0];
	if (!Node.isIdentifier(callee) || callee.getText() !== "require" || !arg || !Node.isStringLiteral(arg))
		return undefined;
	const spec = arg.getLiteralValue();
	if (!spec.startsWith(".")) return undefined;
	// The checker resolves `require('./x')` in JS files to the module's source file. (The indexer's
	// nodes have no ts-morph Project to look files up in: asking for it throws.)
	try {
		const decl = arg.getSymbol()?.getDeclarations()[0];
		if (decl && Node.isSourceFile(decl)) return decl;
	} catch {
		// not resolved: try the Project below
	}
	const sf = call.getSourceFile();
	const base = resolve(dirname(sf.getFilePath()), spec);
	let project: ReturnType<SourceFile["getProject"]>;
	try {
		project = sf.getProject();
	} catch {
		return undefined;
	}
	for (const ext of ["", ".js", ".ts", ".cjs", ".mjs", ".jsx", ".tsx", "/index.js", "/index.ts"]) {
		const found = project.getSourceFile(base + ext);
		if (found) return found;
	}
	return undefined;
}

/** The router a module exports as a whole: `module.exports = router` or `export default router`. */
function moduleExportIdentity(sf: SourceFile, depth: number): string | null {
	for (const stmt of sf.getStatements()) {
		if (Node.isExportAssignment(stmt)) return routerIdentity(stmt.getExpression(), depth);
		if (!Node.isExpressionStatement(stmt)) continue;
		const e = stmt.getExpression();
		if (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
			if (e.getLeft().getText().replace(/\s+/g, "") === "module.exports")
				return routerIdentity(e.getRight(), depth);
		}
	}
	return null;
}

/** `app.use('/users', users)`: an internal record joined in finalize to the sites registered on `users`. */
function extractMount(call: CallExpression, c: Compiled, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const parts = calleeParts(call);
	const cands = parts && c.mounts.get(parts.name);
	if (!parts || !cands) return;
	for (const m of cands) {
		if (!matchCallee(m.callee, parts)) continue;
		const prefixNode = call.getArguments()[m.prefixArg];
		const targetNode = argAt(call, m.targetArg);
		if (!prefixNode || !targetNode || targetNode === prefixNode) continue;
		const prefix = evaluateKey(prefixNode);
		if (prefix?.length !== 1 || !prefix[0]?.startsWith("/")) continue;
		const target = routerIdentity(targetNode);
		if (!target) continue;
		const info: MountInfo = {
			trunk: m.trunk.name,
			prefix: prefix[0],
			target,
			on: parts.receiver ? routerIdentity(routerOf(parts.receiver)) : null,
		};
		out.push({
			trunk: MOUNT,
			side: "register",
			key: null,
			rawKey: JSON.stringify(info),
			expression: "",
			file: ctx.filePath,
			line: call.getStartLineNumber(),
			enclosingDefId: null,
			handlerDefId: null,
			resolution: "syntactic",
			inScope: false,
		});
		return;
	}
}

/**
 * Prefix the keys registered on mounted routers with their mount paths (nested mounts compose; a
 * router mounted at two paths registers its routes under both).
 */
function applyMounts(sites: DispatchSiteRecord[], mounts: MountInfo[], c: Compiled): void {
	if (mounts.length === 0) return;
	const byTarget = new Map<string, MountInfo[]>();
	for (const m of mounts) byTarget.set(m.target, [...(byTarget.get(m.target) ?? []), m]);
	const prefixes = (id: string, seen: Set<string>): string[] => {
		const ms = byTarget.get(id);
		if (!ms || seen.has(id)) return [""];
		const next = new Set(seen).add(id);
		const out: string[] = [];
		for (const m of ms) {
			const own = m.prefix.replace(/\/+$/, "");
			for (const outer of m.on ? prefixes(m.on, next) : [""]) out.push(outer + own);
		}
		return out.slice(0, 4);
	};
	const added: DispatchSiteRecord[] = [];
	for (const s of sites) {
		const id = receiverIdentity.get(s);
		if (!id || s.key === null || s.rawKey === null || !byTarget.has(id)) continue;
		const t = c.trunks.get(s.trunk);
		if (!t) continue;
		const space = usesMethods(t.spec) ? s.rawKey.indexOf(" ") : -1;
		const method = space > 0 ? s.rawKey.slice(0, space) : "";
		const path = space > 0 ? s.rawKey.slice(space + 1) : s.rawKey;
		const keys = prefixes(id, new Set()).map((prefix) => {
			const joined = path === "/" ? prefix || "/" : prefix + path;
			const k = normalizeKey(joined, t.normalize) || "/";
			return method ? `${method} /${k.replace(/^\/+/, "")}` : k;
		});
		s.key = keys[0] as string;
		for (const k of keys.slice(1)) added.push({ ...s, key: k });
	}
	sites.push(...added);
}

/** `router.route('/x').get(h).post(h)`: the key argument of the first call to `names` down the receiver chain. */
function receiverCallKey(
	receiver: Node | undefined,
	spec: { names: string[]; arg: number },
): { values: string[] | null; expr: Node } | undefined {
	let r = receiver && unwrap(receiver);
	for (let depth = 0; r && Node.isCallExpression(r) && depth < 12; depth++) {
		const parts = calleeParts(r);
		if (!parts) return undefined;
		if (spec.names.includes(parts.name)) {
			const arg = r.getArguments()[spec.arg];
			return arg ? { values: evaluateKey(arg), expr: arg } : undefined;
		}
		r = parts.receiver && unwrap(parts.receiver);
	}
	return undefined;
}

/** A template literal's text with each run-time part as `:param` (`\`team/${id}/added\`` → `team/:param/added`). */
function templateForm(expression: string): string | null {
	const m = /^`([^`]*)`$/.exec(expression.trim());
	if (!m?.[1]?.includes("${")) return null;
	return m[1].replace(/\$\{[^}]*\}/g, ":param");
}

/** The key(s) of a matched call; null when the call turns out not to be a site. */
function rawSites(
	cand: CompiledIdiom,
	call: CallExpression | NewExpression,
	parts: CalleeParts,
): RawSite[] | null {
	const { key } = cand.idiom;
	const handlerArg = cand.idiom.kind === "call" ? cand.idiom.handlerArg : undefined;
	const handler = handlerArg === undefined ? undefined : argAt(call, handlerArg);
	if (key.receiverInit) {
		const r = receiverInitKey(parts.receiver, key.receiverInit);
		return r ? [{ keyNode: call, values: r.values, handler }] : null;
	}
	if (key.receiverCall) {
		const r = receiverCallKey(parts.receiver, key.receiverCall);
		if (!r) return null;
		if (r.values && cand.keyPattern && !r.values.some((v) => cand.keyPattern?.test(v))) return null;
		return [{ keyNode: r.expr, values: r.values, handler }];
	}
	const arg = argAt(call, key.arg);
	if (!arg) return null;
	const argNode = unwrap(arg);
	// `emitter.on(handler)`: a function where the key should be is another API, not a keyed site.
	if (Node.isArrowFunction(argNode) || Node.isFunctionExpression(argNode)) return null;
	if (key.property !== undefined) {
		const obj = resolveObject(arg);
		if (!obj || !Node.isObjectLiteralExpression(obj)) return null;
		const prop = obj.getProperty(key.property);
		const valueNode = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
		if (!valueNode) return prop ? [{ keyNode: prop, values: null, handler: undefined }] : null;
		const h = key.handlerProperty ? obj.getProperty(key.handlerProperty) : undefined;
		const hNode = h && Node.isPropertyAssignment(h) ? h.getInitializer() : h;
		return [{ keyNode: valueNode, values: evaluateKey(valueNode), handler: hNode ?? handler }];
	}
	if (key.form === "value") {
		const values = evaluateKey(arg);
		if (values && cand.keyPattern && !values.some((v) => cand.keyPattern?.test(v))) return null;
		if (!values && cand.keyPattern) {
			// A pattern-filtered idiom (e.g. Express paths) records unbound keys only for templates that
			// fit: `\`/v1/rooms/${id}\`` yes, `\`${base}/x\`` or `\`https://…\`` no.
			const form = Node.isTemplateExpression(unwrap(arg)) ? templateForm(unwrap(arg).getText()) : null;
			if (form === null || form.startsWith(":param") || !cand.keyPattern.test(form)) return null;
		}
		return [{ keyNode: arg, values, handler }];
	}
	const obj = resolveObject(arg);
	if (!obj || !Node.isObjectLiteralExpression(obj))
		return [{ keyNode: arg, values: null, handler: undefined }];
	const out: RawSite[] = [];
	for (const p of obj.getProperties()) {
		if (Node.isSpreadAssignment(p)) {
			out.push({ keyNode: p, values: null, handler: undefined });
			continue;
		}
		const nameNode = (p as { getNameNode?: () => Node }).getNameNode?.();
		const name = nameNode && propertyNameText(nameNode);
		if (!name || !nameNode) {
			out.push({ keyNode: p, values: null, handler: undefined });
			continue;
		}
		const value = Node.isPropertyAssignment(p)
			? p.getInitializer()
			: Node.isShorthandPropertyAssignment(p)
				? p.getNameNode()
				: p;
		out.push({ keyNode: nameNode, values: [name], handler: value });
	}
	return out;
}

/**
 * The class and its ancestors up to (not including) the framework base matching `re`, or null when
 * no ancestor extends it. The direct `extends` text is tried first (works without resolution);
 * deeper ancestors come from the checker.
 */
function serviceLineage(
	cls: ClassDeclaration,
	re: RegExp,
): { chain: ClassDeclaration[]; resolution: Resolution } | null {
	const chain: ClassDeclaration[] = [];
	let current: ClassDeclaration | undefined = cls;
	for (let depth = 0; current && depth < 6; depth++) {
		chain.push(current);
		const base = current.getExtends()?.getExpression().getText();
		if (!base) return null;
		if (re.test(base)) return { chain, resolution: depth === 0 ? "syntactic" : "checker" };
		try {
			current = current.getBaseClass();
		} catch {
			return null;
		}
	}
	return null;
}

function extractClassMembers(sf: SourceFile, c: Compiled, ctx: SiteContext, emit: Emit): void {
	for (const cls of sf.getDescendantsOfKind(SyntaxKind.ClassDeclaration)) {
		if (!cls.getExtends()) continue;
		for (const { trunk, idiom, extends: re, exclude } of c.classMembers) {
			const lineage = serviceLineage(cls, re);
			if (!lineage) continue;
			// The service name may be set by the class or by an ancestor below the framework base.
			const prop = lineage.chain
				.map((k) => k.getProperty(idiom.nameProperty))
				.find((p) => p?.getInitializer());
			const init = prop?.getInitializer();
			if (!prop || !init) continue;
			const values = evaluateKey(init);
			if (values?.length !== 1) {
				emit(trunk.name, "register", null, init, cls, null, lineage.resolution);
				continue;
			}
			const seen = new Set<string>();
			for (const m of lineage.chain.flatMap((k) => k.getMethods())) {
				const member = m.getName();
				if (
					seen.has(member) ||
					m.isStatic() ||
					m.isAbstract() ||
					m.hasModifier(SyntaxKind.PrivateKeyword) ||
					m.hasModifier(SyntaxKind.ProtectedKeyword) ||
					member.startsWith("#") ||
					exclude?.test(member)
				)
					continue;
				seen.add(member);
				const raw = idiom.template.replaceAll("{name}", values[0] as string).replaceAll("{member}", member);
				// Inherited methods are registered by this class, at the method's own line.
				const at = m.getSourceFile() === sf ? m.getNameNode() : (cls.getNameNode() ?? cls);
				emit(trunk.name, "register", raw, at, cls, ctx.defIdOf(m), lineage.resolution, idiom.also);
			}
		}
	}
}

/** `const X = proxify<I>('ns')`: the facade idiom and namespace a variable declaration defines, if any. */
function facadeOf(
	decl: Node,
	c: Compiled,
): { trunk: TrunkSpec; idiom: FacadeIdiom; ns: string; call: CallExpression } | undefined {
	if (!Node.isVariableDeclaration(decl)) return undefined;
	const init = decl.getInitializer();
	const call = init && unwrap(init);
	if (!call || !Node.isCallExpression(call)) return undefined;
	const parts = calleeParts(call);
	const file = decl.getSourceFile().getFilePath();
	const facade =
		parts &&
		c.facades.find(
			(f) =>
				f.idiom.factory.includes(parts.name) &&
				((!f.idiom.definedIn && !f.idiom.factoryFrom) ||
					(f.idiom.definedIn !== undefined && new RegExp(f.idiom.definedIn).test(file)) ||
					(f.idiom.factoryFrom !== undefined &&
						parts.receiver === undefined &&
						importedFrom(decl.getSourceFile(), parts.nameNode.getText(), new RegExp(f.idiom.factoryFrom)))),
		);
	if (!facade) return undefined;
	const arg = call.getArguments()[facade.idiom.factoryArg];
	const ns = arg ? evaluateKey(arg) : null;
	return ns?.length === 1 ? { ...facade, ns: ns[0] as string, call } : undefined;
}

/** Is the local name `local` imported in `sf` from a (non-relative) module matching `re`? */
function importedFrom(sf: SourceFile, local: string, re: RegExp): boolean {
	for (const imp of sf.getImportDeclarations()) {
		const module = imp.getModuleSpecifierValue();
		if (module.startsWith(".") || !re.test(module)) continue;
		if (imp.getNamedImports().some((spec) => (spec.getAliasNode()?.getText() ?? spec.getName()) === local))
			return true;
	}
	return false;
}

/**
 * The imported names a facade receiver stands for: the import itself (`Presence.setStatus()`), or a
 * local `const` holding one of several (`const service = ee ? FederationEE : Federation`), each a
 * possible target. Empty when any branch is something else.
 */
function facadeReceivers(
	recv: Node,
	imports: ReadonlyMap<string, unknown>,
	aliases: ReadonlySet<string>,
	depth = 0,
): string[] {
	const n = unwrap(recv);
	if (depth > 4) return [];
	if (Node.isConditionalExpression(n)) {
		const a = facadeReceivers(n.getWhenTrue(), imports, aliases, depth + 1);
		const b = a.length ? facadeReceivers(n.getWhenFalse(), imports, aliases, depth + 1) : [];
		return a.length && b.length ? [...new Set([...a, ...b])] : [];
	}
	if (Node.isBinaryExpression(n)) {
		const op = n.getOperatorToken().getKind();
		if (op !== SyntaxKind.QuestionQuestionToken && op !== SyntaxKind.BarBarToken) return [];
		const a = facadeReceivers(n.getLeft(), imports, aliases, depth + 1);
		const b = a.length ? facadeReceivers(n.getRight(), imports, aliases, depth + 1) : [];
		return a.length && b.length ? [...new Set([...a, ...b])] : [];
	}
	if (!Node.isIdentifier(n)) return [];
	if (imports.has(n.getText())) return [n.getText()];
	// Only names some `const` of this file is declared with are worth a symbol lookup.
	if (!aliases.has(n.getText())) return [];
	let decls: Node[] = [];
	try {
		decls = n.getSymbol()?.getDeclarations() ?? [];
	} catch {
		return [];
	}
	const decl = decls.length === 1 ? decls[0] : undefined;
	if (!decl || !Node.isVariableDeclaration(decl) || decl.getSourceFile() !== n.getSourceFile()) return [];
	const list = decl.getParent();
	const isConst = Node.isVariableDeclarationList(list) && (list.getFlags() & 2) /* NodeFlags.Const */ !== 0;
	const init = decl.getInitializer();
	return isConst && init ? facadeReceivers(init, imports, aliases, depth + 1) : [];
}

function extractFacades(sf: SourceFile, c: Compiled, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const base = (
		line: number,
		expression: string,
		enclosing: string | null,
	): Omit<DispatchSiteRecord, "trunk" | "side" | "rawKey"> => ({
		key: null,
		expression,
		file: ctx.filePath,
		line,
		enclosingDefId: enclosing,
		handlerDefId: null,
		resolution: "syntactic",
		inScope: true,
	});
	// Facade definitions: `export const Presence = proxify<IPresence>('presence')`.
	for (const stmt of sf.getVariableStatements()) {
		if (!stmt.isExported()) continue;
		for (const decl of stmt.getDeclarations()) {
			const facade = facadeOf(decl, c);
			if (!facade) continue;
			const { call } = facade;
			const info: FacadeDefInfo = {
				trunk: facade.trunk.name,
				template: facade.idiom.template,
				pkg: nearestPackageName(ctx.repoRoot, ctx.filePath),
				file: ctx.filePath,
				exportName: decl.getName(),
				ns: facade.ns,
			};
			out.push({
				...base(decl.getStartLineNumber(), exprText(call), null),
				trunk: FACADE_DEF,
				side: "register",
				rawKey: JSON.stringify(info),
			});
		}
	}
	// Facade uses: `Presence.setStatus(…)` where `Presence` is a named import.
	const imports = new Map<string, { module: string; importedName: string; spec: ImportSpecifier }>();
	for (const imp of sf.getImportDeclarations()) {
		if (imp.isTypeOnly()) continue;
		for (const spec of imp.getNamedImports()) {
			if (spec.isTypeOnly()) continue;
			imports.set(spec.getAliasNode()?.getText() ?? spec.getName(), {
				module: imp.getModuleSpecifierValue(),
				importedName: spec.getName(),
				spec,
			});
		}
	}
	if (imports.size === 0) return;
	// The declaration an import resolves to (through re-exports), once per local name: with the
	// checker, a facade call binds here and now; otherwise `finalize` binds it by import source.
	const targets = new Map<string, { file: string | null; facade: ReturnType<typeof facadeOf> }>();
	const targetOf = (local: string, spec: ImportSpecifier) => {
		let t = targets.get(local);
		if (t) return t;
		t = { file: null, facade: undefined };
		try {
			const symbol = spec.getNameNode().getSymbol();
			const decl = (symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol)?.getDeclarations()[0];
			const file = decl?.getSourceFile().getFilePath();
			t = {
				file: file ? relative(ctx.repoRoot, file).split("\\").join("/") : null,
				facade: decl && facadeOf(decl, c),
			};
		} catch {
			// unresolved: bound by import source in finalize
		}
		targets.set(local, t);
		return t;
	};
	const facadeUse = (
		local: string,
		imp: { module: string; importedName: string; spec: ImportSpecifier },
		callee: PropertyAccessExpression,
		call: Node,
	): void => {
		const target = targetOf(local, imp.spec);
		if (target.facade) {
			const raw = target.facade.idiom.template
				.replaceAll("{name}", target.facade.ns)
				.replaceAll("{member}", callee.getName());
			const trunk = c.trunks.get(target.facade.trunk.name);
			out.push({
				...base(call.getStartLineNumber(), exprText(callee), ctx.enclosingDefId(call)),
				trunk: target.facade.trunk.name,
				side: "dispatch",
				rawKey: raw,
				key: trunk ? normalizeKey(raw, trunk.normalize) : raw,
				resolution: "checker",
				inScope: trunk?.spec.inScope ?? true,
			});
			return;
		}
		if (target.file && !target.file.startsWith("..")) return; // resolved in the repository, and not a facade
		const info: FacadeUseInfo = {
			module: imp.module,
			importedName: imp.importedName,
			target: target.file,
			member: callee.getName(),
		};
		out.push({
			...base(call.getStartLineNumber(), exprText(callee), ctx.enclosingDefId(call)),
			trunk: FACADE_USE,
			side: "dispatch",
			rawKey: JSON.stringify(info),
		});
	};
	// Local consts that may stand for imported facades (`const service = ee ? FederationEE : Federation`).
	const aliases = new Set<string>();
	const collectAliases = (n: ts.Node): void => {
		if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
			const k = n.initializer.kind;
			if (
				k === ts.SyntaxKind.ConditionalExpression ||
				k === ts.SyntaxKind.BinaryExpression ||
				k === ts.SyntaxKind.Identifier
			)
				aliases.add(n.name.text);
		}
		ts.forEachChild(n, collectAliases);
	};
	collectAliases(sf.compilerNode);
	// Facade methods called (`Presence.setStatus(…)`) or handed over to be called later
	// (`mem(Analytics.getOverview)`): both reach the service method.
	const uses: { access: PropertyAccessExpression; at: Node }[] = [];
	for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
		// Compiler nodes first: wrapping every callee and argument of every call costs more than the check.
		let raw: ts.Expression = call.compilerNode.expression;
		while (ts.isParenthesizedExpression(raw) || ts.isAsExpression(raw) || ts.isNonNullExpression(raw))
			raw = raw.expression;
		if (
			ts.isPropertyAccessExpression(raw) &&
			ts.isIdentifier(raw.expression) &&
			(imports.has(raw.expression.text) || aliases.has(raw.expression.text))
		) {
			const callee = unwrap(call.getExpression());
			if (Node.isPropertyAccessExpression(callee)) uses.push({ access: callee, at: call });
		}
		const args = call.compilerNode.arguments;
		for (let i = 0; i < args.length; i++) {
			const a = args[i] as ts.Expression;
			if (
				ts.isPropertyAccessExpression(a) &&
				ts.isIdentifier(a.expression) &&
				imports.has(a.expression.text)
			) {
				const access = call.getArguments()[i];
				if (access && Node.isPropertyAccessExpression(access)) uses.push({ access, at: access });
			}
		}
	}
	for (const { access: callee, at: call } of uses) {
		const recv = unwrap(callee.getExpression());
		if (!Node.isIdentifier(recv)) continue;
		for (const local of facadeReceivers(recv, imports, aliases)) {
			const imp = imports.get(local);
			if (imp) facadeUse(local, imp, callee, call);
		}
	}
}

/** A template literal whose substitutions each fill a whole path segment, as a `:param` path; else null. */
function templateAsPath(expression: string): string | null {
	const m = /^`([^`]*)`$/.exec(expression.trim());
	if (!m?.[1]?.includes("${")) return null;
	const marked = m[1].replace(/\$\{[^}]*\}/g, "\0");
	const segments = marked.split("/");
	if (segments.some((seg) => seg.includes("\0") && seg !== "\0")) return null;
	return segments.map((seg) => (seg === "\0" ? ":param" : seg)).join("/");
}

/** Does the trunk put an HTTP method in its keys? */
function usesMethods(spec: TrunkSpec): boolean {
	return spec.idioms.some((i) => (i.kind === "call" || i.kind === "new") && i.key.method !== undefined);
}

/** A dispatch key bound to a registered pattern; `GET /x` also reaches an `ALL /x` registration. */
function bindMethodKey(
	key: string,
	registered: ReadonlySet<string>,
	patterns: readonly string[],
	methods: boolean,
): string {
	const bound = bindToPatterns(key, registered, patterns);
	if (!methods || registered.has(bound)) return bound;
	const space = key.indexOf(" ");
	if (space < 0) return bound;
	const all = bindToPatterns(`ALL${key.slice(space)}`, registered, patterns);
	return registered.has(all) ? all : bound;
}

/**
 * Template keys written identically on both sides (`publish(\`team/${id}/added\`)` and
 * `asyncIterator(\`team/${teamId}/added\`)`) meet on their shape, `team/:param/added`: only when
 * both a register and a dispatch site have that shape, so a lone template stays unbound.
 */
function bindTemplates(sites: DispatchSiteRecord[], c: Compiled): void {
	const groups = new Map<string, DispatchSiteRecord[]>();
	for (const s of sites) {
		if (s.key !== null) continue;
		const t = c.trunks.get(s.trunk);
		if (!t || usesMethods(t.spec)) continue;
		const form = templateForm(s.expression);
		// A shape that is all run time (`${a}` or `${a}.${b}`) says nothing about the key.
		if (!form || !/[A-Za-z0-9]{2}/.test(form.replaceAll(":param", ""))) continue;
		const key = normalizeKey(form, t.normalize);
		const id = `${s.trunk}\0${key}`;
		const list = groups.get(id) ?? [];
		list.push(s);
		groups.set(id, list);
	}
	for (const [id, list] of groups) {
		if (!list.some((s) => s.side === "register") || !list.some((s) => s.side === "dispatch")) continue;
		const key = id.slice(id.indexOf("\0") + 1);
		for (const s of list) {
			s.key = key;
			s.rawKey = s.expression;
		}
	}
}

/** Concrete (or differently-named) REST paths bound to the registered `:param` pattern they match. */
function bindParams(sites: DispatchSiteRecord[], c: Compiled): void {
	for (const [name, t] of c.trunks) {
		if (!t.spec.normalize.params) continue;
		const registered = new Set<string>();
		for (const s of sites) if (s.trunk === name && s.side === "register" && s.key) registered.add(s.key);
		const patterns = [...registered].filter(hasParams);
		if (patterns.length === 0) continue;
		const methods = usesMethods(t.spec);
		for (const s of sites) {
			if (s.trunk !== name || s.side !== "dispatch") continue;
			if (s.key) {
				s.key = bindMethodKey(s.key, registered, patterns, methods);
				continue;
			}
			// `/v1/rooms.media/${rid}`: run-time parts filling whole segments are parameters.
			const asPattern = templateAsPath(s.expression);
			if (!asPattern) continue;
			const path = normalizeKey(asPattern, t.normalize);
			if (!methods) {
				const bound = bindToPatterns(path, registered, patterns);
				if (registered.has(bound)) {
					s.key = bound;
					s.rawKey = s.expression;
				}
				continue;
			}
			// The verb of an unbound call is known when it was extracted in this run; otherwise bind
			// only when exactly one verb's route fits.
			const known = unboundMethod.get(s);
			if (known) {
				const bound = bindMethodKey(`${known} /${path}`, registered, patterns, true);
				if (registered.has(bound)) {
					s.key = bound;
					s.rawKey = s.expression;
				}
				continue;
			}
			const fits = new Set<string>();
			for (const verb of new Set([...registered].map((k) => k.slice(0, k.indexOf(" "))))) {
				const bound = bindToPatterns(`${verb} /${path}`, registered, patterns);
				if (registered.has(bound)) fits.add(bound);
			}
			if (fits.size === 1) {
				s.key = [...fits][0] as string;
				s.rawKey = s.expression;
			}
		}
	}
}
