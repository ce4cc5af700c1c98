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

import { relative } from "node:path";
import type { Node } from "ts-morph";
import { Node as N, SyntaxKind } from "#ts-morph";
import { receiverKey } from "../bus-key.js";
import type { DispatchSiteRecord } from "../index/types.js";
import { declarationsOf } from "../syntax/declarations-of.js";
import { unwrap } from "../syntax/unwrap.js";
import { templateForm } from "./bind.js";
import { calleeParts } from "./callee.js";
import type { Compiled } from "./compile.js";
import type { TrunkSpec } from "./config.js";
import { evaluateKey } from "./key-eval.js";

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
		return declarationsOf(id)[0];
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
			if (decl.getMembers().some((m) => N.isMethodDeclaration(m) && verbs.has(m.getName()))) {
				// An emitter implementation (no base class) or a base for emitters (generic, abstract) is no
				// family; a concrete subclass overriding a verb (`emit(e) { log(e); return super.emit(e) }`) is one.
				const base = decl.getExtends() !== undefined;
				const abstract = N.isClassDeclaration(decl) && decl.isAbstract();
				if (!base || abstract || decl.getTypeParameters().length > 0) break;
				const name = decl.getName();
				if (name) out.add(name);
				break;
			}
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
	repoRoot?: string,
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
	if (s.types) {
		for (const name of familyOf(receiver, verbs)) out.push(`type:${name}`);
		// A socket's channel is what its emits cross the wire to: a channel's object is no identity.
		if (out.length === 0 || !out[0]?.startsWith("channel:")) {
			try {
				const made = createdObject(receiver, undefined, repoRoot);
				if (made !== null) out.push(made);
			} catch {
				// A receiver the checker cannot follow is no known object.
			}
		}
	}
	return out;
}

/**
 * The object a receiver is when the code itself created it: a `new X()` reached through a `const`
 * or a class field (`const bus = new Emitter()`, `this.socket = new net.Socket()`), or `this` inside
 * a class expression instantiated on the spot (`new (class extends Emitter {…})()`). Its value,
 * `new:<holder>@<file>:<line>:<column>`, names the creation; the holder (the variable or field) labels a split key.
 */
function createdObject(
	node: Node | undefined,
	holder: string | undefined,
	repoRoot: string | undefined,
	depth = 0,
): string | null {
	if (!node || depth > 6) return null;
	const u = unwrap(node);
	if (N.isNewExpression(u)) {
		if (inDependency(u)) return null;
		const sf = u.getSourceFile();
		const file = repoRoot ? relative(repoRoot, sf.getFilePath()).replaceAll("\\", "/") : sf.getBaseName();
		const { line, column } = sf.getLineAndColumnAtPos(u.getStart());
		const name = holder ?? calleeParts(u)?.name ?? "object";
		return `${NEW}${name}@${file}:${line}:${column}`;
	}
	if (N.isIdentifier(u)) {
		const decl = declarationOf(u);
		if (!decl || !N.isVariableDeclaration(decl)) return null;
		// Only a `const` holds the one object it was given.
		if (String(decl.getVariableStatement()?.getDeclarationKind()) !== "const") return null;
		return createdObject(decl.getInitializer(), holder ?? decl.getName(), repoRoot, depth + 1);
	}
	if (N.isPropertyAccessExpression(u)) {
		const value = N.isThisExpression(unwrap(u.getExpression())) ? fieldCreation(u) : declaredValue(u);
		return createdObject(value, holder ?? u.getName(), repoRoot, depth + 1);
	}
	if (N.isThisExpression(u)) {
		const made = instantiatedClassExpression(u);
		if (!made) return null;
		const variable = made.getParentWhile((p) => N.isParenthesizedExpression(p) || N.isAsExpression(p));
		const target = (variable ?? made).getParent();
		const name = target && N.isVariableDeclaration(target) ? target.getName() : undefined;
		return createdObject(made, holder ?? name, repoRoot, depth + 1);
	}
	return null;
}

/**
 * The creation `this.socket` holds: its class gives it only `new` values (a field declared `null`
 * first, `this.socket = new net.Socket()` in a setup method); the first of them. Anything else: none.
 */
function fieldCreation(access: Node): Node | undefined {
	if (!N.isPropertyAccessExpression(access)) return undefined;
	const cls = access.getFirstAncestor((a) => N.isClassDeclaration(a) || N.isClassExpression(a));
	if (!cls) return undefined;
	const name = access.getName();
	const values: Node[] = [];
	const decl = declarationOf(access.getNameNode());
	if (decl && N.isPropertyDeclaration(decl)) {
		const init = decl.getInitializer();
		if (init && !isNothing(init)) values.push(init);
	}
	for (const b of cls.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
		if (b.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
		const left = unwrap(b.getLeft());
		if (!N.isPropertyAccessExpression(left) || left.getName() !== name) continue;
		if (!N.isThisExpression(unwrap(left.getExpression()))) continue;
		if (!isNothing(b.getRight())) values.push(b.getRight());
	}
	if (values.length === 0 || !values.every((v) => N.isNewExpression(unwrap(v)))) return undefined;
	return values[0];
}

const isNothing = (n: Node) => {
	const u = unwrap(n);
	return N.isNullLiteral(u) || (N.isIdentifier(u) && u.getText() === "undefined");
};

/** `this` in `new (class extends Emitter { … this … })()`: that `new`, the one object the class makes. */
function instantiatedClassExpression(self: Node): Node | undefined {
	let n: Node | undefined = self.getParent();
	while (n && !N.isClassExpression(n) && !N.isClassDeclaration(n)) {
		// A function (not an arrow) binds its own `this`.
		if (N.isFunctionDeclaration(n) || N.isFunctionExpression(n)) return undefined;
		n = n.getParent();
	}
	if (!n || !N.isClassExpression(n)) return undefined;
	let outer: Node | undefined = n.getParent();
	let inner: Node = n;
	while (outer && N.isParenthesizedExpression(outer)) {
		inner = outer;
		outer = outer.getParent();
	}
	return outer && N.isNewExpression(outer) && outer.getExpression() === inner ? outer : undefined;
}

const NEW = "new:";

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
 * (channels first, then identities: classes and created objects) and fall into two or more groups
 * sharing none is split, each group's sites keyed on its receiver (`receiverKey`). Sites sharing a value (a class and its
 * subclass, an object and its class) stay together. A key no scope splits is split by workspace
 * package (see packageGroups), and then each part by what its receivers can be (see identityGroups).
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
		const channels = list.map((s) => valuesOf(s, CHANNEL));
		if (channels.every((v) => v.length > 0)) {
			const groups = components(channels);
			if (groups.length >= 2)
				relabel(list, groups, (g) => commonest(groups[g] ?? [], channels).slice(CHANNEL.length));
			else if (packages) splitParts(list, packages, false);
			continue;
		}
		const identities = list.map(identityOf);
		if (identities.every((v) => v.length > 0)) {
			const groups = components(identities);
			if (groups.length < 2) {
				if (packages) splitParts(list, packages, false);
			} else if (list.every((s) => valuesOf(s, TYPE).length > 0)) {
				// Every site's class known: one key per class family, named by it.
				relabel(
					list,
					uniqueLabels(list, groups, identities, () => null),
				);
			} else splitParts(list, packages, true, groups);
			continue;
		}
		splitParts(list, packages, true);
	}
}

const CHANNEL = "channel:";
const TYPE = "type:";

const valuesOf = (s: DispatchSiteRecord, kind: string) =>
	(siteScope.get(s) ?? []).filter((v) => v.startsWith(kind));
const identityOf = (s: DispatchSiteRecord) =>
	(siteScope.get(s) ?? []).filter((v) => v.startsWith(TYPE) || v.startsWith(NEW));

/** A group's label from its commonest identity: a class's name, a created object's holder. */
function identityLabel(value: string): string {
	if (value.startsWith(TYPE)) return value.slice(TYPE.length);
	return value.slice(NEW.length).replace(/@.*$/, "");
}

/**
 * A key's parts: its package groups (when packages tell them apart), each cut by what its receivers can
 * be (`byObject`: a created object's sites leave sites that cannot be it; `identified`: the key's
 * identity groups when every site has one). A package group left whole keeps its package's label. Of a
 * cut one, the part joining the most sites keeps the label the group had (its package's, or the bare
 * key), so that a split renames what leaves a join, not the join; the other parts are named by their
 * identity, and the part with the unknown receivers keeps the group's label.
 */
function splitParts(
	list: DispatchSiteRecord[],
	packages: PackageLinks | undefined,
	byObject: boolean,
	identified?: number[][],
): void {
	const byPackage = packages ? packageGroups(list, packages) : null;
	const parts = byPackage ?? { groups: [list.map((_, i) => i)], labels: [BARE] };
	const identities = list.map(identityOf);
	const groups: number[][] = [];
	const labels: (string | null)[] = [];
	const plain = PLAIN_WORD.test(list[0]?.key ?? "");
	for (const [p, members] of parts.groups.entries()) {
		const part = parts.labels[p] ?? BARE;
		const cut = !byObject
			? [members]
			: identified
				? within(identified, members)
				: plain
					? identityGroups(members, list, identities, packages)
					: [members];
		if (cut.length === 1) {
			groups.push(members);
			labels.push(part);
			continue;
		}
		const joining = (g: number[]) =>
			g.some((i) => list[i]?.side === "register") && g.some((i) => list[i]?.side === "dispatch")
				? g.length
				: 0;
		const keeper = cut.reduce((best, g) => (joining(g) > joining(best) ? g : best), cut[0] as number[]);
		for (const g of cut) {
			groups.push(g);
			const known = g.every((i) => (identities[i] ?? []).length > 0);
			labels.push((g === keeper && joining(g) > 0) || !known ? part : null);
		}
	}
	if (groups.length < 2) return;
	relabel(
		list,
		uniqueLabels(list, groups, identities, (g) => labels[g] ?? null),
	);
}

/** The groups' members that are in `members`, as groups (empty ones dropped). */
function within(groups: readonly number[][], members: readonly number[]): number[][] {
	const set = new Set(members);
	return groups.map((g) => g.filter((i) => set.has(i))).filter((g) => g.length > 0);
}

/** The label of a part that keeps the bare key. */
const BARE = "";

/**
 * Each group's label: `given(g)` when set (the empty string: the bare key), else its commonest
 * identity; two groups of one key never share a label (the later one gets its first file's name).
 */
function uniqueLabels(
	list: DispatchSiteRecord[],
	groups: number[][],
	identities: readonly string[][],
	given: (g: number) => string | null,
): { groups: number[][]; labels: string[] } {
	const labels: string[] = [];
	// A class names a group before an object does (`Store`, not the `store` holding one).
	const types = identities.map((v) => v.filter((x) => x.startsWith(TYPE)));
	for (const [g, members] of groups.entries()) {
		const named = members.some((i) => (types[i] ?? []).length > 0) ? types : identities;
		let label = given(g) ?? identityLabel(commonest(members, named));
		if (labels.includes(label)) {
			const first = list[members[0] as number];
			const stem = first?.file.replace(/^.*\//, "").replace(/\.[^.]*$/, "") ?? "";
			label = label === BARE ? stem : `${label}, ${stem}`;
			for (let n = 2; labels.includes(label); n++) label = `${label.replace(/ #\d+$/, "")} #${n}`;
		}
		labels.push(label);
	}
	return { groups, labels };
}

/** Each group's sites keyed on their receiver (`receiverKey`: `key⟨label⟩`); the empty label keeps the bare key. */
function relabel(
	list: DispatchSiteRecord[],
	groups: number[][] | { groups: number[][]; labels: string[] },
	label?: (group: number) => string,
): void {
	const named = Array.isArray(groups)
		? { groups, labels: groups.map((_, g) => (label ? label(g) : "")) }
		: groups;
	for (const [g, members] of named.groups.entries()) {
		const l = named.labels[g] ?? "";
		if (l === BARE) continue;
		for (const i of members) {
			const s = list[i] as DispatchSiteRecord;
			s.key = receiverKey(s.key as string, l);
		}
	}
}

/**
 * A part's sites grouped by what their receivers can be. Two sites meet when they share an identity
 * (a class, a created object). A site of unknown receiver can be any class-typed one (the part stays
 * whole through it), but a created object only where the object can travel: in its own package or
 * one an import links to it (`irc`'s own `new net.Socket()` is not the `error` emitter of a package
 * that never sees it).
 */
function identityGroups(
	members: number[],
	list: DispatchSiteRecord[],
	identities: readonly string[][],
	packages: PackageLinks | undefined,
): number[][] {
	const pkg = (i: number) => packages?.packageOf((list[i] as DispatchSiteRecord).file) ?? null;
	const present = new Set(members.map(pkg).filter((p): p is string => p !== null));
	const imports = (a: string, b: string) => packages?.imports(a)?.has(b) === true;
	// The packages of the unknown receivers ("*": a file of no package): the values where sites meet them.
	const unknownIn = new Set(
		members.filter((i) => (identities[i] ?? []).length === 0).map((i) => pkg(i) ?? "*"),
	);
	if (unknownIn.size === 0)
		return components(members.map((i) => identities[i] ?? [])).map((g) => g.map((k) => members[k] as number));
	const values = members.map((i) => {
		const own = identities[i] ?? [];
		const p = pkg(i);
		if (own.length === 0) return [UNKNOWN, `${UNKNOWN}${p ?? "*"}`];
		if (!own.some((v) => v.startsWith(NEW)) || p === null) return [...own, UNKNOWN];
		// A created object meets the unknown receivers of its package and of the packages linked to it.
		const near = ["*", ...present].filter((q) => q === "*" || q === p || imports(p, q) || imports(q, p));
		return [...own, ...near.filter((q) => unknownIn.has(q)).map((q) => `${UNKNOWN}${q}`)];
	});
	return components(values).map((g) => g.map((k) => members[k] as number));
}

const UNKNOWN = "unknown:";

/**
 * An event name common to unrelated objects (`change`, `close`) meets across workspace packages only
 * when the emitter can travel between them: two packages are linked when one imports the other and
 * one emits what the other listens to. A key whose sites' packages fall into groups no link joins (a
 * web app's store emitting `change`, a widget package listening to its own store's `change`) is split,
 * one key per group, labelled by its commonest package (`change (widget)` for `@acme/widget`). A
 * declared dependency is no link (an app lists the widget it bundles). Every site's package must be known,
 * and the key must be a plain word.
 */
function packageGroups(
	list: DispatchSiteRecord[],
	packages: PackageLinks,
): { groups: number[][]; labels: string[] } | null {
	// Only a plain word is common to unrelated objects. A composed name (`run:start`, `user.created`)
	// is a protocol: its two ends often meet over a socket or a queue, between packages that never import each other.
	if (!PLAIN_WORD.test(list[0]?.key ?? "")) return null;
	const names = list.map((s) => packages.packageOf(s.file));
	if (names.some((n) => n === null)) return null;
	const present = new Set(names as string[]);
	if (present.size < 2) return null;
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
	if (groups.length < 2) return null;
	const own = values.map((v) => [v[0] as string]);
	const owners = groups.map((g) => commonest(g, own));
	// Labelled without the npm scope: `@acme/` is the organisation's brand, a word of many questions
	// that a key's name should not match; the full name only when two groups' short names meet.
	const short = owners.map((name) => name.replace(/^@[^/]+\//, ""));
	return {
		groups,
		labels: short.map((n, g) => (short.filter((m) => m === n).length > 1 ? (owners[g] as string) : n)),
	};
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
