/**
 * Recognising a call's callee: split it into name and receiver (text normalised so that
 * `this.api?.broadcast`, `callbacks!.add` and an aliased import read the same), and check the
 * declaration the checker resolves it to against an idiom's declared declarations.
 */
import type { CallExpression, NewExpression, SourceFile } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { Resolution } from "../index/schema.js";
import { declarationsOf } from "../syntax/declarations-of.js";
import { withGlobalRoot } from "../syntax/global-aliases.js";
import { skipWrappers, unwrap } from "../syntax/unwrap.js";
import type { CalleeSpec } from "./config.js";
import { wrap } from "./walk.js";

export interface CalleeParts {
	name: string;
	/** The node holding the called name (for symbol resolution). */
	nameNode: Node;
	/** The receiver expression, undefined for a bare call. */
	receiver: Node | undefined;
	/** Normalised receiver text; "" for a bare call. */
	receiverText: string;
}

/** `import { callbacks as systemCallbacks }` → systemCallbacks ↦ callbacks, per file. */
const aliasCache = new WeakMap<SourceFile, Map<string, string>>();

function importAliases(sf: SourceFile): Map<string, string> {
	let map = aliasCache.get(sf);
	if (!map) {
		map = new Map();
		// From the compiler nodes (ts-morph's `getImportDeclarations` wraps every statement of the file).
		const raw = sf.compilerNode;
		for (const st of raw.statements) {
			const named = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : undefined;
			if (!named || !ts.isNamedImports(named)) continue;
			for (const el of named.elements) {
				if (!el.propertyName) continue;
				// ts-morph's `getName`: a string-literal name (`import { "a-b" as x }`) without its quotes.
				const name = ts.isStringLiteral(el.propertyName)
					? el.propertyName.text
					: el.propertyName.getText(raw);
				map.set(el.name.getText(raw), name);
			}
		}
		aliasCache.set(sf, map);
	}
	return map;
}

export function receiverText(receiver: Node): string {
	const text = receiver
		.getText()
		.replace(/\s+/g, "")
		.replace(/\?\./g, ".")
		.replace(/!(?=\.|$)/g, "");
	const root = /^[A-Za-z_$][\w$]*/.exec(text)?.[0];
	if (!root) return text;
	const original = importAliases(receiver.getSourceFile()).get(root);
	if (original) return original + text.slice(root.length);
	return withGlobalRoot(receiver.compilerNode as ts.Expression, text);
}

export function calleeParts(call: CallExpression | NewExpression): CalleeParts | null {
	const expr = unwrap(call.getExpression());
	if (Node.isIdentifier(expr)) {
		const alias = importAliases(expr.getSourceFile()).get(expr.getText());
		return { name: alias ?? expr.getText(), nameNode: expr, receiver: undefined, receiverText: "" };
	}
	if (Node.isPropertyAccessExpression(expr)) {
		const receiver = expr.getExpression();
		return {
			name: expr.getName(),
			nameNode: expr.getNameNode(),
			receiver,
			receiverText: receiverText(receiver),
		};
	}
	return null;
}

/**
 * The first receiver of a fluent chain of the same calls (`bus.on('a', f).on('b', g)`: each call
 * returns its receiver, so every link is a call on `bus`), `receiver` itself when it is no such
 * call. `verbs`: the called names that chain; `through`: other links that return their receiver
 * (a router's mounts and middlewares, `new Hono().use(mw).route('/x', sub).get(…)`).
 */
export function chainRoot(
	receiver: ts.Expression,
	verbs: readonly string[],
	through?: (link: ts.CallExpression, name: string) => boolean,
): ts.Expression {
	let r = skipWrappers(receiver);
	for (let depth = 0; depth < 64 && ts.isCallExpression(r); depth++) {
		const callee = skipWrappers(r.expression);
		if (!ts.isPropertyAccessExpression(callee)) break;
		if (!verbs.includes(callee.name.text) && !through?.(r, callee.name.text)) break;
		r = skipWrappers(callee.expression);
	}
	return r;
}

/**
 * Is `link` a call down a fluent chain whose first receiver is `new X(…)` for one of `names`? Such a
 * chain is a builder: every link returns the router it made, lifecycle hooks and plugins included
 * (`new Elysia().use(p).onError(f).post('/login', h)` registers on the `new Elysia()`).
 */
export function builtByNew(link: ts.CallExpression, names: readonly string[]): boolean {
	let r: ts.Expression = link;
	for (let depth = 0; depth < 64 && ts.isCallExpression(r); depth++) {
		const callee = skipWrappers(r.expression);
		if (!ts.isPropertyAccessExpression(callee)) return false;
		r = skipWrappers(callee.expression);
	}
	if (!ts.isNewExpression(r)) return false;
	const made = skipWrappers(r.expression);
	const name = ts.isPropertyAccessExpression(made) ? made.name.text : ts.isIdentifier(made) ? made.text : "";
	return names.includes(name);
}

/** `parts` of a call in a fluent chain of `verbs`, its receiver the chain's first (see chainRoot). */
export function chainedParts(
	parts: CalleeParts,
	verbs: readonly string[],
	through?: (link: ts.CallExpression, name: string) => boolean,
): CalleeParts {
	const receiver = parts.receiver;
	if (!receiver || !ts.isCallExpression(skipWrappers(receiver.compilerNode))) return parts;
	const root = chainRoot(receiver.compilerNode as ts.Expression, verbs, through);
	if (root === skipWrappers(receiver.compilerNode)) return parts;
	const node = wrap(receiver.getSourceFile(), root);
	return { ...parts, receiver: node, receiverText: receiverText(node) };
}

/** Is `call` (a `new`/call, or a fluent chain on one) a call to one of `names`, `x.name(…)` included? */
function chainCreatedBy(call: Node, names: readonly string[]): boolean {
	let u: Node | undefined = call;
	for (let depth = 0; depth < 64 && u && (Node.isCallExpression(u) || Node.isNewExpression(u)); depth++) {
		const callee = unwrap(u.getExpression());
		const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
		if (names.includes(name)) return true;
		// `new Hono().get(…).post(…)`: down the chain to the call that made the router.
		u = Node.isPropertyAccessExpression(callee) ? unwrap(callee.getExpression()) : undefined;
	}
	return false;
}

/**
 * Is `receiver` made by `name(…)`, `x.name(…)` or `new name(…)` for one of `names`: the call itself
 * (the first receiver of a chain, `new Hono().post(…)`), or a variable initialised by one, or by a
 * fluent chain on one (`const auth = new Hono().get(…)`)?
 */
function createdBy(receiver: Node | undefined, names: readonly string[]): boolean {
	const r = receiver && unwrap(receiver);
	if (r && (Node.isNewExpression(r) || Node.isCallExpression(r))) return chainCreatedBy(r, names);
	if (!r || !Node.isIdentifier(r)) return false;
	try {
		for (const decl of declarationsOf(r)) {
			if (!Node.isVariableDeclaration(decl)) continue;
			const init = decl.getInitializer();
			const u = init && unwrap(init);
			if (u && chainCreatedBy(u, names)) return true;
		}
	} catch {
		return false;
	}
	return false;
}

/** Is `this` (the receiver) in a class whose `extends` clause text matches `re`? */
function thisClassExtends(receiver: Node | undefined, re: RegExp): boolean {
	const cls = receiver?.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
	if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return false;
	const base = cls.getExtends()?.getExpression().getText();
	return base !== undefined && re.test(base);
}

/** Is the receiver's type an in-repo class (or subclass of one) whose `extends` clause matches `re`? */
function receiverClassExtends(receiver: Node | undefined, re: RegExp): boolean {
	if (!receiver) return false;
	try {
		let decl = receiver.getType().getSymbol()?.getDeclarations()[0];
		for (let depth = 0; decl && depth < 6; depth++) {
			if (!Node.isClassDeclaration(decl) && !Node.isClassExpression(decl)) return false;
			const base = decl.getExtends()?.getExpression().getText();
			if (base === undefined) return false;
			if (re.test(base)) return true;
			decl = decl.getBaseClass();
		}
	} catch {
		return false;
	}
	return false;
}

export interface ResolvedCallable {
	/** Posix path of the declaring file. */
	file: string;
	/** `Container.member`, or the bare name for a free function. */
	name: string;
	/**
	 * A method overriding one of a base class the checker cannot see (a library not installed): the
	 * class's `extends` text (`EventEmitter`), which an idiom's `thisExtends` may recognise.
	 */
	overrides?: string;
}

function containerName(decl: Node): string | undefined {
	const parent = decl.getParent();
	if (
		Node.isClassDeclaration(parent) ||
		Node.isInterfaceDeclaration(parent) ||
		Node.isClassExpression(parent)
	) {
		return parent.getName();
	}
	if (Node.isModuleBlock(parent)) return parent.getParent()?.getName();
	return undefined;
}

/**
 * The callable declarations the callee resolves to. Parameters and variables holding a function
 * of no declared shape (`notify: NotifyCallback`) do not count as resolved: the caller falls
 * back to the receiver text.
 */
export function resolveCallable(parts: CalleeParts): ResolvedCallable[] {
	let symbol: ReturnType<Node["getSymbol"]>;
	try {
		symbol = parts.nameNode.getSymbol();
		if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
	} catch {
		return [];
	}
	if (!symbol) return [];
	const out: ResolvedCallable[] = [];
	for (const decl of withOverridden(symbol.getDeclarations())) {
		const callable =
			Node.isMethodDeclaration(decl) ||
			Node.isMethodSignature(decl) ||
			Node.isFunctionDeclaration(decl) ||
			Node.isClassDeclaration(decl) ||
			(Node.isVariableDeclaration(decl) &&
				(Node.isArrowFunction(decl.getInitializer()) || Node.isFunctionExpression(decl.getInitializer())));
		if (!callable) continue;
		const member = Node.isClassDeclaration(decl)
			? (decl.getName() ?? "default")
			: ((decl as { getName?: () => string }).getName?.() ?? parts.name);
		const container = Node.isClassDeclaration(decl) ? undefined : containerName(decl);
		const overrides = unseenBase(decl);
		out.push({
			file: decl.getSourceFile().getFilePath(),
			name: container ? `${container}.${member}` : member,
			...(overrides !== undefined ? { overrides } : {}),
		});
	}
	return out;
}

/**
 * A method plus the same-named methods of its base classes: a subclass override of the
 * framework's method (`public override onEvent`) still is the framework's method.
 */
function withOverridden(decls: Node[]): Node[] {
	const out = [...decls];
	for (const decl of decls) {
		if (!Node.isMethodDeclaration(decl)) continue;
		const name = decl.getName();
		const cls = decl.getParent();
		let base = Node.isClassDeclaration(cls) ? safeBaseClass(cls) : undefined;
		for (let depth = 0; base && depth < 8; depth++) {
			const m = base.getInstanceMethod(name);
			if (m) out.push(m);
			base = safeBaseClass(base);
		}
	}
	return out;
}

/** The `extends` text of a method's class whose base class the checker does not resolve, else undefined. */
function unseenBase(decl: Node): string | undefined {
	if (!Node.isMethodDeclaration(decl)) return undefined;
	const cls = decl.getParent();
	if (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls)) return undefined;
	const base = cls.getExtends()?.getExpression().getText();
	if (base === undefined) return undefined;
	try {
		return cls.getBaseClass() ? undefined : base;
	} catch {
		return base;
	}
}

function safeBaseClass(
	cls: import("ts-morph").ClassDeclaration,
): import("ts-morph").ClassDeclaration | undefined {
	try {
		return cls.getBaseClass();
	} catch {
		return undefined;
	}
}

export interface CompiledCallee {
	spec: CalleeSpec;
	receiver: RegExp | null;
	thisExtends: RegExp | null;
	receiverExtends: RegExp | null;
	declarations: { file: RegExp; name: RegExp }[];
}

export function compileCallee(spec: CalleeSpec): CompiledCallee {
	return {
		spec,
		receiver: spec.receiver === undefined ? null : new RegExp(spec.receiver === "" ? "^$" : spec.receiver),
		thisExtends: spec.thisExtends ? new RegExp(spec.thisExtends) : null,
		receiverExtends: spec.receiverExtends ? new RegExp(spec.receiverExtends) : null,
		declarations: spec.declarations.map((d) => ({
			file: new RegExp(d.file),
			name: new RegExp(`^(?:${d.name})$`),
		})),
	};
}

/**
 * Does the callee match? `checker` when its resolved declaration is one of the declared ones,
 * `syntactic` when it matched on receiver text (no declaration declared, or none resolved).
 * A callee that resolves to some other callable declaration is rejected: a method named `add` on
 * an unrelated object registers nothing.
 */
export function matchCallee(c: CompiledCallee, parts: CalleeParts): Resolution | null {
	const receiverOk =
		c.receiver === null ||
		c.receiver.test(parts.receiverText) ||
		(c.spec.receiverCreatedBy.length > 0 && createdBy(parts.receiver, c.spec.receiverCreatedBy)) ||
		(c.thisExtends !== null &&
			parts.receiverText === "this" &&
			thisClassExtends(parts.receiver, c.thisExtends)) ||
		(c.receiverExtends !== null &&
			parts.receiverText !== "this" &&
			parts.receiverText !== "" &&
			receiverClassExtends(parts.receiver, c.receiverExtends));
	if (c.declarations.length === 0) return receiverOk ? "syntactic" : null;
	const resolved = resolveCallable(parts);
	if (resolved.length > 0) {
		const hit = resolved.some((r) => c.declarations.some((d) => d.file.test(r.file) && d.name.test(r.name)));
		if (hit) return "checker";
		// `emit(e) { log(e); return super.emit(e) }` in a class extending an emitter no installed library declares:
		// still the emitter's verb, known by the receiver as an unresolved call is.
		const extendsRe = c.thisExtends ?? c.receiverExtends;
		const overridden =
			extendsRe !== null && resolved.every((r) => r.overrides !== undefined && extendsRe.test(r.overrides));
		return overridden && receiverOk && c.spec.syntactic ? "syntactic" : null;
	}
	return receiverOk && c.spec.syntactic ? "syntactic" : null;
}
