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
import type { SiteContext } from "../../index/types.js";
import { memberPath } from "../../syntax/cjs-defs.js";
import { propertyNameText } from "../../syntax/property-name.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import type { Compiled } from "../compile.js";
import { evaluateKey } from "../key-eval.js";
import type { Emit } from "../sites.js";
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

/** The object literals a section function returns (its own returns, not a nested function's). */
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
			if (ts.isObjectLiteralExpression(value)) out.push(value);
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

export function extractModuleSections(sf: SourceFile, c: Compiled, ctx: SiteContext, emit: Emit): void {
	let exported: ts.ObjectLiteralExpression | undefined | null = null;
	for (const { trunk, idiom, file, qualified } of c.moduleSections) {
		const name = moduleName(file, ctx.filePath);
		if (name === null) continue;
		exported = exported === null ? exportedObject(sf.compilerNode) : exported;
		if (!exported) return;
		const alias = idiom.aliasProperty ? stringAt(exported, idiom.aliasProperty) : undefined;
		if (alias === undefined && idiom.template.includes("{alias}")) continue;
		const section = propertyValue(exported, idiom.section);
		if (!section || !isFunctionLike(section)) continue;
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
			const handler = ctx.defIdOf(at) ?? ctx.enclosingDefId(at);
			const keyNode = ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node) ? node.name : node;
			emit(trunk.name, "register", key, wrap<Node>(sf, keyNode), at, handler, "syntactic", idiom.also);
		};
		for (const literal of returnedLiterals(section))
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
	for (const { trunk, idiom, file, exclude, receiver, names, qualified } of c.moduleCalls) {
		if (exclude?.test(ctx.filePath)) continue;
		const fileMatch = file ? file.exec(ctx.filePath) : null;
		if (file && !fileMatch) continue;
		for (const call of calls) {
			const callee = receiverText(call);
			if (!callee || (names && !names.has(callee.member))) continue;
			const matched = receiver.exec(callee.receiver);
			if (!matched) continue;
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
							.replaceAll("{key}", key ?? "")
							.replaceAll("{name}", fileMatch?.groups?.name ?? "");
			for (const [group, value] of Object.entries(matched.groups ?? {}))
				raw = raw.replaceAll(`{${group}}`, value ?? "");
			const at = wrap<Node>(sf, call);
			emit(trunk.name, "dispatch", raw, at, at, null, "syntactic", idiom.also);
		}
	}
}
