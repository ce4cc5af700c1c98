/**
 * Locals that stand for a property of the global object: `const { ipcRenderer } = window`,
 * `const { api: bridge } = globalThis`, `const store = window.store`. A call on such a local is a
 * call on the global's property (`ipcRenderer.send(…)` is `window.ipcRenderer.send(…)`), so
 * discovery groups both spellings as one receiver and a preset written for one matches the other.
 * Only the global object is followed: a local taken from any other value may be rebound per call.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "./unwrap.js";

/**
 * The names of the global object in browsers and everywhere. Not `self`: code writes `const self =
 * this`, and a local taken from it is an instance's member.
 */
const GLOBAL_OBJECTS = new Set(["window", "globalThis"]);

interface GlobalAlias {
	/** The block (or file) the declaration is visible in. */
	scope: ts.Node;
	/** `window.ipcRenderer`. */
	path: string;
}

const cache = new WeakMap<ts.SourceFile, Map<string, GlobalAlias[]>>();

/** `window.a.b` → "window.a.b" when the chain starts at a global object, else undefined. */
function globalPath(e: ts.Expression): string | undefined {
	const u = skipWrappers(e);
	if (ts.isIdentifier(u)) return GLOBAL_OBJECTS.has(u.text) ? u.text : undefined;
	if (ts.isPropertyAccessExpression(u) && ts.isIdentifier(u.name)) {
		const head = globalPath(u.expression);
		return head ? `${head}.${u.name.text}` : undefined;
	}
	return undefined;
}

function scopeOf(decl: ts.VariableDeclaration): ts.Node {
	let u: ts.Node = decl.parent;
	while (
		!ts.isBlock(u) &&
		!ts.isSourceFile(u) &&
		!ts.isModuleBlock(u) &&
		!ts.isCaseClause(u) &&
		!ts.isDefaultClause(u)
	)
		u = u.parent;
	return u;
}

function collect(sf: ts.SourceFile): Map<string, GlobalAlias[]> {
	const map = new Map<string, GlobalAlias[]>();
	const add = (name: string, alias: GlobalAlias) => {
		const list = map.get(name) ?? [];
		list.push(alias);
		map.set(name, list);
	};
	const visit = (node: ts.Node): void => {
		if (ts.isVariableDeclaration(node) && node.initializer) {
			const source = globalPath(node.initializer);
			if (source) {
				const scope = scopeOf(node);
				if (ts.isIdentifier(node.name) && source.includes(".")) add(node.name.text, { scope, path: source });
				else if (ts.isObjectBindingPattern(node.name))
					for (const el of node.name.elements) {
						if (el.dotDotDotToken || !ts.isIdentifier(el.name)) continue;
						const prop = el.propertyName ?? el.name;
						if (!ts.isIdentifier(prop)) continue;
						add(el.name.text, { scope, path: `${source}.${prop.text}` });
					}
			}
		}
		ts.forEachChild(node, visit);
	};
	// Most files declare none: skip the walk unless a global object is named at all.
	if (/\b(window|globalThis)\b/.test(sf.text)) visit(sf);
	return map;
}

/** The global property `id` stands for where it is read, if it is such a local. */
export function globalAliasOf(id: ts.Identifier): string | undefined {
	const sf = id.getSourceFile();
	let map = cache.get(sf);
	if (!map) {
		map = collect(sf);
		cache.set(sf, map);
	}
	const aliases = map.get(id.text);
	if (!aliases) return undefined;
	for (let u: ts.Node | undefined = id.parent; u; u = u.parent) {
		const hit = aliases.find((a) => a.scope === u);
		if (hit) return hit.path;
	}
	return undefined;
}

/** `window.ipcRenderer` → `ipcRenderer`: a global's property named without the global object. */
export function withoutGlobalObject(text: string): string {
	const dot = text.indexOf(".");
	return dot > 0 && GLOBAL_OBJECTS.has(text.slice(0, dot)) ? text.slice(dot + 1) : text;
}

/** The leftmost identifier of a receiver chain (`a` of `a.b().c!.d`), if any. */
export function receiverRoot(e: ts.Expression): ts.Identifier | undefined {
	let u: ts.Expression = skipWrappers(e);
	for (let depth = 0; depth < 64; depth++) {
		if (ts.isIdentifier(u)) return u;
		if (ts.isPropertyAccessExpression(u) || ts.isElementAccessExpression(u) || ts.isCallExpression(u))
			u = skipWrappers(u.expression);
		else if (ts.isNonNullExpression(u)) u = u.expression;
		else return undefined;
	}
	return undefined;
}

/**
 * `text` (a receiver's normalised text, starting with its root's name) with a root that stands for a
 * global property spelled as that property: `ipcRenderer` → `window.ipcRenderer`.
 */
export function withGlobalRoot(receiver: ts.Expression, text: string): string {
	const root = receiverRoot(receiver);
	if (!root || !text.startsWith(root.text)) return text;
	const path = globalAliasOf(root);
	return path ? path + text.slice(root.text.length) : text;
}
