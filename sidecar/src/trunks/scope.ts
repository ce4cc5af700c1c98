/**
 * Keys scoped by their channel or receiver family. An event name (`message`, `change`) is one
 * object's word: `chat.emit('message')` does not reach the handler of `game.on('message')` when the
 * two are different socket.io namespaces (`io.of('/chat')`, `io('/game')`) or different emitter
 * classes (`class CartStore extends EventEmitter`, `class UserStore …`). A trunk with a `scope`
 * records, per site, what its receiver is known to be; finalize splits a key whose sites fall into
 * two or more such scopes, every site's scope being known, into one key per scope (`message (/chat)`).
 * A key with a site of unknown scope stays one bare key: nothing proves the sites apart, unless its
 * sites lie in workspace packages no import links (different objects, whatever their receivers).
 */
import type { Node } from "ts-morph";
import { Node as N } from "#ts-morph";
import type { DispatchSiteRecord } from "../index/types.js";
import { templateForm } from "./bind.js";
import { calleeParts } from "./callee.js";
import type { Compiled } from "./compile.js";
import type { TrunkSpec } from "./config.js";
import { evaluateKey, unwrap } from "./key-eval.js";

/** A site's known scopes (kept by saveSites/loadSites): `channel:/chat`, `type:CartStore`. */
export const siteScope = new WeakMap<DispatchSiteRecord, string[]>();

type ScopeSpec = NonNullable<TrunkSpec["scope"]>;

const inDependency = (n: Node) => /\/node_modules\/|\.d\.[cm]?ts$/.test(n.getSourceFile().getFilePath());

/** A channel's name from the argument that names it: a path, or a URL's path (`http://host:3000/chat` → `/chat`). */
function channelName(arg: Node | undefined, fallback: string | undefined): string | null {
	if (!arg) return fallback ?? null;
	const v = evaluateKey(arg);
	let text = v?.length === 1 ? (v[0] as string) : null;
	if (text === null) {
		// `\`${base}/chat\``: the literal tail after a run-time origin names the path.
		const form = N.isTemplateExpression(unwrap(arg)) ? templateForm(unwrap(arg).getText()) : null;
		const m = form ? /^:param(\/[^:]*)$/.exec(form) : null;
		if (!m) return null;
		text = m[1] as string;
	}
	const url = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(text);
	const path = url ? (url[1] ?? "/") : text.startsWith("/") ? text.replace(/[?#].*$/, "") : null;
	if (path === null) return fallback ?? null;
	return path.replace(/\/+$/, "") || "/";
}

/**
 * The channel a receiver is on: down a call chain (`io.of('/chat').to(room)`), through a variable's
 * or a class field's initialiser (`const chat = io.of('/chat')`, `this.socket = io(url)`), and from a
 * listener's parameter to the object it listens on (`chat.on('connection', (socket) => …)`).
 */
function channelOf(node: Node | undefined, s: ScopeSpec, depth = 0): string | null {
	if (!node || depth > 6) return null;
	const u = unwrap(node);
	if (N.isCallExpression(u)) {
		const parts = calleeParts(u);
		if (!parts) return null;
		if (s.channels.includes(parts.name)) return channelName(u.getArguments()[0], s.rootChannel);
		return parts.receiver ? channelOf(parts.receiver, s, depth + 1) : null;
	}
	if (N.isNewExpression(u)) {
		const parts = calleeParts(u);
		return parts && s.rootConstructors.includes(parts.name) ? (s.rootChannel ?? null) : null;
	}
	if (N.isPropertyAccessExpression(u)) {
		const holder = unwrap(u.getExpression());
		if (!N.isThisExpression(holder))
			// `socket.broadcast.emit`: a property of a channel object is on its channel.
			return channelOf(holder, s, depth + 1);
		return channelOf(declaredValue(u), s, depth + 1);
	}
	if (N.isIdentifier(u)) {
		const decl = declarationOf(u);
		if (!decl) return null;
		if (N.isVariableDeclaration(decl)) return channelOf(decl.getInitializer(), s, depth + 1);
		if (N.isParameterDeclaration(decl)) {
			// The first parameter of a listener handed to a call on a channel (`io.on('connection', (socket) => …)`).
			const fn = decl.getParent();
			const call = fn?.getParent();
			if (!fn || !call || !N.isCallExpression(call)) return null;
			if (!N.isArrowFunction(fn) && !N.isFunctionExpression(fn)) return null;
			if (fn.getParameters()[0] !== decl || !call.getArguments().includes(fn)) return null;
			const parts = calleeParts(call);
			return parts?.receiver ? channelOf(parts.receiver, s, depth + 1) : null;
		}
	}
	return null;
}

function declarationOf(id: Node): Node | undefined {
	try {
		let symbol = id.getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
		return symbol?.getDeclarations()[0];
	} catch {
		return undefined;
	}
}

/** `this.socket`: the value its class gives it (a field initialiser, else the first `this.socket = …`). */
function declaredValue(access: Node): Node | undefined {
	const decl = N.isPropertyAccessExpression(access) ? declarationOf(access.getNameNode()) : undefined;
	if (decl && N.isPropertyDeclaration(decl)) {
		const init = decl.getInitializer();
		if (init) return init;
	}
	if (decl && N.isBinaryExpression(decl)) return decl.getRight();
	if (decl && N.isPropertyAccessExpression(decl)) {
		const parent = decl.getParent();
		if (parent && N.isBinaryExpression(parent) && parent.getLeft() === decl) return parent.getRight();
	}
	return undefined;
}

/** The in-repo name of a type (a class, interface or alias declared outside dependencies), or null. */
function inRepoTypeName(t: ReturnType<Node["getType"]>): string | null {
	const symbol = t.getAliasSymbol() ?? t.getSymbol();
	const decl = symbol?.getDeclarations()[0];
	if (!symbol || !decl || inDependency(decl)) return null;
	const name = symbol.getName();
	return /^__/.test(name) ? null : name;
}

/**
 * The receiver's family: the in-repo classes of its type, from the type up to the class declaring
 * the trunk's verbs (the emitter every family extends is no family), the interfaces they implement,
 * and the in-repo type arguments of a typed emitter (`Socket<ServerEvents, ClientEvents>`).
 */
function familyOf(receiver: Node, verbs: ReadonlySet<string>): string[] {
	const out = new Set<string>();
	try {
		const type = receiver.getType();
		for (const a of [...type.getAliasTypeArguments(), ...type.getTypeArguments()]) {
			const name = inRepoTypeName(a);
			if (name) out.add(name);
		}
		let decl: Node | undefined = type.getSymbol()?.getDeclarations()[0];
		for (let depth = 0; decl && depth < 8; depth++) {
			if (!N.isClassDeclaration(decl) && !N.isClassExpression(decl)) break;
			if (inDependency(decl)) break;
			if (decl.getMembers().some((m) => N.isMethodDeclaration(m) && verbs.has(m.getName()))) break;
			const name = decl.getName();
			if (name) out.add(name);
			for (const i of decl.getImplements()) out.add(i.getExpression().getText());
			decl = decl.getBaseClass();
		}
	} catch {
		return [...out];
	}
	return [...out];
}

/** The called names of a trunk's call idioms (`on`, `emit`, …): the emitter's own verbs. */
export function trunkVerbs(spec: TrunkSpec): Set<string> {
	const out = new Set<string>();
	for (const i of spec.idioms) if (i.kind === "call") for (const n of i.callee.names) out.add(n);
	return out;
}

/** What a site's receiver is known to be, for a trunk with a `scope`. */
export function receiverScope(
	receiver: Node | undefined,
	spec: TrunkSpec,
	verbs: ReadonlySet<string>,
): string[] {
	const s = spec.scope;
	if (!s || !receiver) return [];
	const out: string[] = [];
	try {
		const channel = channelOf(receiver, s);
		if (channel !== null) out.push(`channel:${channel}`);
	} catch {
		// A receiver the checker cannot follow has no known channel.
	}
	if (s.types) for (const name of familyOf(receiver, verbs)) out.push(`type:${name}`);
	return out;
}

/**
 * What tells workspace packages apart: each file's package, and the packages each package imports
 * (the only way an emitter made in one reaches code in another).
 */
export interface PackageLinks {
	packageOf(file: string): string | null;
	imports(pkg: string): ReadonlySet<string> | undefined;
}

/**
 * One key per scope: for a trunk with a `scope`, a key whose sites all have a known scope of one kind
 * (channels first, then types) and fall into two or more groups sharing none is split, each group's
 * sites keyed `key (scope)`. Sites sharing a value (a class and its subclass) stay together. A key no
 * scope splits is split by workspace package (see splitByPackage).
 */
export function scopeKeys(sites: DispatchSiteRecord[], c: Compiled, packages?: PackageLinks): void {
	const scoped = new Set([...c.trunks].filter(([, t]) => t.spec.scope).map(([name]) => name));
	if (scoped.size === 0) return;
	const byKey = new Map<string, DispatchSiteRecord[]>();
	for (const s of sites) {
		if (s.key === null || !scoped.has(s.trunk)) continue;
		const id = `${s.trunk}\0${s.key}`;
		byKey.set(id, [...(byKey.get(id) ?? []), s]);
	}
	for (const list of byKey.values()) {
		if (!list.some((s) => s.side === "register") || !list.some((s) => s.side === "dispatch")) continue;
		let split = false;
		for (const kind of ["channel:", "type:"]) {
			const values = list.map((s) => (siteScope.get(s) ?? []).filter((v) => v.startsWith(kind)));
			if (values.some((v) => v.length === 0)) continue;
			const groups = components(values);
			if (groups.length < 2) break;
			relabel(list, groups, (i) => commonest(groups[i] ?? [], values).slice(kind.length));
			split = true;
			break;
		}
		if (!split && packages) splitByPackage(list, packages);
	}
}

/** Each group's sites keyed `key (label)`. */
function relabel(list: DispatchSiteRecord[], groups: number[][], label: (group: number) => string): void {
	for (const [g, members] of groups.entries()) {
		const l = label(g);
		for (const i of members) {
			const s = list[i] as DispatchSiteRecord;
			s.key = `${s.key} (${l})`;
		}
	}
}

/**
 * An event name common to unrelated objects (`change`, `close`) meets across workspace packages only
 * when the emitter can travel between them: two packages are linked when one imports the other and
 * one emits what the other listens to. A key whose sites' packages fall into groups no link joins (a
 * web app's store emitting `change`, a widget package listening to its own store's `change`) is split,
 * one key per group, labelled by its commonest package (`change (widget)` for `@acme/widget`). A
 * declared dependency is no link (an app lists the widget it bundles). Every site's package must be known,
 * and the key must be a plain word.
 */
function splitByPackage(list: DispatchSiteRecord[], packages: PackageLinks): void {
	// Only a plain word is common to unrelated objects. A composed name (`run:start`, `user.created`)
	// is a protocol: its two ends often meet over a socket or a queue, between packages that never import each other.
	if (!PLAIN_WORD.test(list[0]?.key ?? "")) return;
	const names = list.map((s) => packages.packageOf(s.file));
	if (names.some((n) => n === null)) return;
	const present = new Set(names as string[]);
	if (present.size < 2) return;
	const emitting = new Set(list.filter((s) => s.side === "dispatch").map((s) => packages.packageOf(s.file)));
	const listening = new Set(list.filter((s) => s.side === "register").map((s) => packages.packageOf(s.file)));
	const imports = (a: string, b: string) => packages.imports(a)?.has(b) === true;
	const linked = (a: string, b: string) =>
		(imports(a, b) || imports(b, a)) &&
		((emitting.has(a) && listening.has(b)) || (listening.has(a) && emitting.has(b)));
	// A site's values: its package, and a link value per package of the key it is linked to.
	const values = (names as string[]).map((n) => [
		n,
		...[...present].filter((o) => o !== n && linked(n, o)).map((o) => [n, o].sort().join("\0")),
	]);
	const groups = components(values);
	if (groups.length < 2) return;
	const own = values.map((v) => [v[0] as string]);
	const owners = groups.map((g) => commonest(g, own));
	// Labelled without the npm scope: `@acme/` is the organisation's brand, a word of many questions
	// that a key's name should not match; the full name only when two groups' short names meet.
	const short = owners.map((name) => name.replace(/^@[^/]+\//, ""));
	relabel(list, groups, (g) =>
		short.filter((n) => n === short[g]).length > 1 ? (owners[g] as string) : (short[g] as string),
	);
}

const PLAIN_WORD = /^[a-z]+$/i;

/** Indices grouped so that two sites sharing a value are in one group. */
function components(values: readonly string[][]): number[][] {
	const parent = values.map((_, i) => i);
	const find = (i: number): number => {
		while (parent[i] !== i) i = parent[i] = parent[parent[i] as number] as number;
		return i;
	};
	const owner = new Map<string, number>();
	for (const [i, vs] of values.entries()) {
		for (const v of vs) {
			const o = owner.get(v);
			if (o === undefined) owner.set(v, i);
			else parent[find(i)] = find(o);
		}
	}
	const out = new Map<number, number[]>();
	for (const i of values.keys()) out.set(find(i), [...(out.get(find(i)) ?? []), i]);
	return [...out.values()];
}

/** The value most of a group's sites have (the first in order among equals). */
function commonest(group: readonly number[], values: readonly string[][]): string {
	const counts = new Map<string, number>();
	for (const i of group) for (const v of values[i] ?? []) counts.set(v, (counts.get(v) ?? 0) + 1);
	return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "";
}
