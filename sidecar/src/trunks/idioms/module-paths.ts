/**
 * Module-path keys: a dispatch key that is a dotted path (`topics.loadMore`, `admin.user.ban`) into a
 * tree of CommonJS modules, reached at run time by walking the key along nested exports
 * (`key.split('.').reduce((o, k) => o[k], modules)` over `modules[name] = require('./' + name)`).
 * Per CommonJS file, the members of its exports object are recorded (`Topics.loadMore = function`,
 * `Admin.user = require('./admin/user')`, mixins applied to it, `require('./topics/tools')(Topics)`);
 * in finalize a key `a.b.c` meets the member `b.c` of a module `a` in one folder. Evidence, not a
 * guess: one folder for the whole trunk, and only where enough of the trunk's unregistered keys
 * meet a member that way (MODULE_PATH_LIMITS).
 */
import { posix, relative } from "node:path";
import type { CallExpression, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { assignment, isCommonJsModule, memberPath } from "../../syntax/cjs-defs.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { internalRecord } from "../sites.js";
import { wrap } from "../walk.js";
import { requiredFile } from "./mounts.js";

export const MODULE_MEMBERS = "(module-members)";

/** At least this many keys, making at least this share of a trunk's dispatch-only dotted keys. */
export const MODULE_PATH_LIMITS = { minKeys: 8, minShare: 0.3 };

export interface ModuleMembersInfo {
	file: string;
	/** Member path below the exports object (`chats.enter`) → [defId, line]. */
	members: [string, string, number][];
	/** Member path → the repo-relative file required into it (`user` ← `require('./admin/user')`). */
	requires: [string, string][];
	/** Files whose exported function is applied to the exports object (mixins). */
	mixins: string[];
}

const isFunction = (n: ts.Node) => ts.isFunctionExpression(n) || ts.isArrowFunction(n);

/** A CommonJS file's exports members, as an internal record; nothing for other files. */
export function moduleMembers(sf: SourceFile, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const cf = sf.compilerNode;
	if (!isCommonJsModule(cf)) return;
	const info: ModuleMembersInfo = { file: ctx.filePath, members: [], requires: [], mixins: [] };
	const line = (n: ts.Node) => cf.getLineAndCharacterOfPosition(n.getStart(cf)).line + 1;
	const fileOf = (call: ts.Expression): string | undefined => {
		const u = skipWrappers(call);
		if (!ts.isCallExpression(u)) return undefined;
		const target = requiredFile(wrap<CallExpression>(sf, u));
		return target ? relative(ctx.repoRoot, target.getFilePath()).split("\\").join("/") : undefined;
	};
	const exportNames = new Set<string>(["exports"]);
	for (const st of cf.statements) {
		if (ts.isVariableStatement(st))
			for (const d of st.declarationList.declarations)
				if (
					ts.isIdentifier(d.name) &&
					d.initializer &&
					memberPath(skipWrappers(d.initializer))?.join(".") === "exports"
				)
					exportNames.add(d.name.text);
		const a = assignment(st);
		if (a && memberPath(a.left)?.join(".") === "exports" && ts.isIdentifier(skipWrappers(a.right)))
			exportNames.add((skipWrappers(a.right) as ts.Identifier).text);
	}
	const read = (list: readonly ts.Statement[], roots: ReadonlySet<string>, mixin: boolean) => {
		for (const st of list) {
			// `require('./topics/tools')(Topics)`: the mixin adds its members to this exports object.
			if (ts.isExpressionStatement(st) && ts.isCallExpression(st.expression)) {
				const call = st.expression;
				const arg = call.arguments[0];
				if (arg && ts.isIdentifier(arg) && roots.has(arg.text)) {
					const f = fileOf(call.expression);
					if (f) info.mixins.push(f);
				}
				continue;
			}
			const a = assignment(st);
			const path = a && memberPath(a.left);
			if (!a || !path || !roots.has(path[0] as string)) continue;
			const right = skipWrappers(a.right);
			const member = path.slice(1).join(".");
			if (member === "") {
				// `module.exports = function (Topics) { Topics.x = … }`: a mixin's members are its parameter's.
				if (!mixin && isFunction(right)) {
					const fn = right as ts.FunctionExpression | ts.ArrowFunction;
					const params = fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : []));
					if (params.length > 0 && ts.isBlock(fn.body)) read(fn.body.statements, new Set(params), true);
				} else if (!mixin && ts.isObjectLiteralExpression(right)) {
					for (const p of right.properties) {
						const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : "";
						const fnLike =
							ts.isMethodDeclaration(p) ||
							(ts.isPropertyAssignment(p) && isFunction(skipWrappers(p.initializer)));
						if (name && fnLike) info.members.push([name, `${ctx.filePath}#exports.${name}`, line(p)]);
					}
				}
				continue;
			}
			if (isFunction(right)) info.members.push([member, `${ctx.filePath}#${path.join(".")}`, line(st)]);
			else {
				const f = fileOf(right);
				if (f) info.requires.push([member, f]);
			}
		}
	};
	read(cf.statements, exportNames, false);
	if (info.members.length + info.requires.length + info.mixins.length === 0) return;
	out.push(internalRecord(MODULE_MEMBERS, info, ctx.filePath, 1));
}

/** The member a key's remaining segments name in `file` (through required modules and mixins), or null. */
function walk(
	files: ReadonlyMap<string, ModuleMembersInfo>,
	file: string,
	segs: readonly string[],
	depth = 0,
): [string, number, string] | null {
	const info = files.get(file);
	if (!info || depth > 6 || segs.length === 0) return null;
	const path = segs.join(".");
	for (const [m, def, line] of info.members) if (m === path) return [def, line, file];
	for (let n = segs.length - 1; n >= 1; n--) {
		const head = segs.slice(0, n).join(".");
		for (const [m, f] of info.requires) if (m === head) return walk(files, f, segs.slice(n), depth + 1);
	}
	for (const mix of info.mixins) {
		const hit = walk(files, mix, segs, depth + 1);
		if (hit) return hit;
	}
	return null;
}

const DOTTED = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;

/**
 * Register sites for the dispatch-only dotted keys of each trunk that name a member of a CommonJS
 * module tree: the key's first segment a module (`<folder>/topics.js` or `<folder>/topics/index.js`),
 * the rest a member path inside it. One folder per trunk, the one meeting most keys, kept when it
 * meets MODULE_PATH_LIMITS.
 */
export function modulePathSites(
	sites: readonly DispatchSiteRecord[],
	infos: readonly ModuleMembersInfo[],
): DispatchSiteRecord[] {
	if (infos.length === 0) return [];
	const files = new Map(infos.map((i) => [i.file, i]));
	// Module name → its files: `a/b/topics.js` and `a/b/topics/index.js` are both module `topics` of folder `a/b`.
	const modules = new Map<string, { folder: string; file: string }[]>();
	for (const f of files.keys()) {
		const ext = posix.extname(f);
		const base = posix.basename(f, ext);
		const dir = posix.dirname(f);
		const [name, folder] = base === "index" ? [posix.basename(dir), posix.dirname(dir)] : [base, dir];
		modules.set(name, [...(modules.get(name) ?? []), { folder, file: f }]);
	}
	const registered = new Set<string>();
	const dispatched = new Map<string, Set<string>>();
	const inScope = new Map<string, boolean>();
	for (const s of sites) {
		if (s.key === null) continue;
		if (s.side === "register") registered.add(`${s.trunk}\0${s.key}`);
		else if (DOTTED.test(s.key)) {
			dispatched.set(s.trunk, (dispatched.get(s.trunk) ?? new Set()).add(s.key));
			inScope.set(s.trunk, s.inScope);
		}
	}
	const out: DispatchSiteRecord[] = [];
	for (const [trunk, all] of dispatched) {
		const keys = [...all].filter((k) => !registered.has(`${trunk}\0${k}`));
		const byFolder = new Map<string, Map<string, [string, number, string]>>();
		for (const key of keys) {
			const [first, ...rest] = key.split(".");
			for (const m of modules.get(first as string) ?? []) {
				const hit = walk(files, m.file, rest);
				if (!hit) continue;
				const joined = byFolder.get(m.folder) ?? new Map<string, [string, number, string]>();
				joined.set(key, hit);
				byFolder.set(m.folder, joined);
			}
		}
		let best: Map<string, [string, number, string]> | undefined;
		for (const joined of byFolder.values()) if (!best || joined.size > best.size) best = joined;
		if (
			!best ||
			best.size < MODULE_PATH_LIMITS.minKeys ||
			best.size < MODULE_PATH_LIMITS.minShare * keys.length
		)
			continue;
		for (const [key, [def, line, file]] of best)
			out.push({
				trunk,
				side: "register",
				key,
				rawKey: key,
				expression: key,
				file,
				line,
				// Registered by the module tree the file belongs to, handled by the member itself.
				enclosingDefId: `${file}#(module)`,
				handlerDefId: def,
				resolution: "syntactic",
				inScope: inScope.get(trunk) ?? true,
			});
	}
	return out;
}
