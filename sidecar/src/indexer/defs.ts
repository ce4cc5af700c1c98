/**
 * Definitions of one file, found syntactically. Identity is `<path>#<qualified name>`:
 * functions, classes and their members (`C.m`, `C.constructor`), interfaces and their members,
 * type aliases, enums, module-level variables (`const x = () => …` is a function), members of
 * module-level object literals (`obj.a.m`), wrapped functions held by the objects a module-level
 * variable's call is given (`const r = router({ sign: procedure.mutation(…) })` → `r.sign`),
 * object-literal methods passed to a call
 * (`Meteor.methods({ m() {} })` → `Meteor.methods.m`), unnamed default exports (`default`),
 * functions a definition returns (`useItem.save`, returned-functions.ts), GraphQL resolver maps built in a
 * function's body (`InvoiceGraphql.route.Query.invoice`, built-resolver-maps.ts), CommonJS modules' assigned
 * functions and mixins' members (syntax/cjs-defs.ts) and the file's top-level
 * code (`(module)`). Other locals, parameters and nested helpers are not definitions: what they
 * reference belongs to the definition around them.
 */
import { ts } from "#ts-morph";
import type { DefKind } from "../index/schema.js";
import { commonJsDefs } from "../syntax/cjs-defs.js";
import { keyText, typeMemberKey } from "../syntax/member-key.js";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers, wrappedCallback } from "../syntax/unwrap.js";
import { assignedMembers } from "./assigned-members.js";
import { builtResolverMaps } from "./built-resolver-maps.js";
import { keyedCallbackHelpers } from "./keyed-callback-helpers.js";
import { leadingComments, leadingDescription, leadingDoc } from "./leading-comments.js";
import {
	type FunctionWithBody,
	hasBlockBody,
	returnedFunctions,
	returnedMethodModules,
} from "./returned-functions.js";
import { type DeclarationShape, joins, shapeOf, together } from "./same-name.js";
import { siblingSectionLiterals, soleFunctionMember } from "./sibling-sections.js";

export interface DefRecord {
	defId: string;
	name: string;
	qualifiedName: string;
	kind: DefKind;
	startLine: number;
	endLine: number;
	signature: string | null;
	doc: string | null;
	/** The comment block attached to the declaration, which an answer says (leading-comments.ts); `doc` is what search reads. */
	description: string | null;
	exported: boolean;
	/** defId of the class / interface / object that holds this member. */
	parentDefId: string | null;
}

export interface FileDefs {
	defs: DefRecord[];
	/** Declaration node → defId, for resolving checker symbols and enclosing definitions. */
	nodes: Map<ts.Node, string>;
}

export const MODULE_NAME = "(module)";

const MAX_SIGNATURE = 240;

export function moduleDefId(path: string): string {
	return `${path}#${MODULE_NAME}`;
}

/** A qualified name's last segment: `callbacks.add(notes.send)~2` keeps the key in parentheses, dots and all. */
function lastSegment(qualifiedName: string): string {
	const close = qualifiedName.lastIndexOf(")");
	const dot = qualifiedName.lastIndexOf(".");
	return qualifiedName.slice(
		(dot > close ? dot : qualifiedName.lastIndexOf(".", qualifiedName.indexOf("("))) + 1,
	);
}

function isFunctionLike(node: ts.Node | undefined): boolean {
	return wrappedFunction(node) !== undefined;
}

/**
 * The function a value is: itself (`(e) => …`), or the one a call wraps (`throttle((e) => …, 50)`,
 * `withBatchedUpdates(async (e) => …)`, `memo(forwardRef((props, ref) => …))`). A class property or
 * variable holding a throttled, debounced or memoised handler is that handler, not data.
 */
function wrappedFunction(
	node: ts.Node | undefined,
	depth = 0,
): ts.ArrowFunction | ts.FunctionExpression | undefined {
	if (!node || depth > 2) return undefined;
	const inner = skipWrappers(node);
	if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) return inner;
	if (!ts.isCallExpression(inner) || isRequireExpression(inner)) return undefined;
	for (const arg of inner.arguments) {
		const fn = wrappedFunction(arg, depth + 1);
		if (fn) return fn;
	}
	return undefined;
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
	return (
		ts.canHaveModifiers(node) && (ts.getModifiers(node as ts.HasModifiers) ?? []).some((m) => m.kind === kind)
	);
}

function oneLine(text: string): string {
	const s = text.replace(/\s+/g, " ").trim();
	return s.length > MAX_SIGNATURE ? `${s.slice(0, MAX_SIGNATURE - 1)}…` : s;
}

/** The signature: the declaration's text up to its body (or the first line of a variable). */
function signatureOf(node: ts.Node, sf: ts.SourceFile): string {
	const start = node.getStart(sf);
	let end = node.getEnd();
	const body =
		(node as { body?: ts.Node }).body ??
		(ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)
			? functionBodyOf(node.initializer)
			: ts.isBinaryExpression(node)
				? functionBodyOf(node.right)
				: undefined);
	if (body) end = body.getStart(sf);
	else if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) {
		const brace = sf.text.indexOf("{", (node.name ?? node).getEnd());
		if (brace > 0 && brace < end) end = brace;
	}
	return oneLine(sf.text.slice(start, Math.min(end, start + 600)));
}

function functionBodyOf(init: ts.Node | undefined): ts.Node | undefined {
	if (!init) return undefined;
	const inner = skipWrappers(init);
	if (ts.isObjectLiteralExpression(inner)) return inner;
	return wrappedFunction(inner)?.body;
}

/**
 * Text of a callee for naming call-argument members: `Meteor.methods`, `api.addRoute`. Its tokens
 * without trivia: a comment inside a chained callee (`new Hono()\n/** Uploads *\/\n.post`) is no part of a name.
 */
function calleeText(call: ts.CallExpression, sf: ts.SourceFile, inContainer = false): string {
	// A builder chain (`new Hono().post('/a', …).get('/b', …)`): the member called, after the chain's
	// root (`app.get`), or alone inside a named container (`filesRoute.get`); the earlier calls'
	// arguments (whole handler bodies) are no part of a name.
	const callee = call.expression;
	const chain = ts.isPropertyAccessExpression(callee) ? receiverChain(callee.expression) : null;
	if (ts.isPropertyAccessExpression(callee) && chain?.calls) {
		return inContainer || !chain.root ? callee.name.text : `${chain.root}.${callee.name.text}`;
	}
	const start = callee.getStart(sf);
	const scanner = ts.createScanner(
		ts.ScriptTarget.Latest,
		true,
		sf.languageVariant,
		sf.text,
		undefined,
		start,
		call.expression.getEnd() - start,
	);
	let text = "";
	while (scanner.scan() !== ts.SyntaxKind.EndOfFileToken && text.length < 120)
		text += scanner.getTokenText().replace(/\s+/g, "");
	return text.slice(0, 120);
}

/**
 * A callee's receiver chain walked to its start: the name it starts from (`app` of
 * `app.route('/x').get`, `Hono` of `new Hono().get`, `this`) and whether a call or `new` is on the way.
 */
function receiverChain(node: ts.Expression): { root: string | undefined; calls: boolean } {
	let n: ts.Expression = node;
	let calls = false;
	for (;;) {
		if (ts.isIdentifier(n)) return { root: n.text, calls };
		if (n.kind === ts.SyntaxKind.ThisKeyword) return { root: "this", calls };
		if (ts.isCallExpression(n) || ts.isNewExpression(n)) calls = true;
		else if (
			!ts.isPropertyAccessExpression(n) &&
			!ts.isElementAccessExpression(n) &&
			!ts.isNonNullExpression(n) &&
			!ts.isParenthesizedExpression(n)
		)
			return { root: undefined, calls };
		n = n.expression;
	}
}

export function extractDefs(sf: ts.SourceFile, path: string): FileDefs {
	const defs: DefRecord[] = [];
	const byId = new Map<string, DefRecord>();
	// Per definition, what its declarations are; per qualified name, its definitions (`f`, `f~2`, …).
	const shapes = new Map<string, DeclarationShape>();
	// Per definition, its last declaration: a declaration apart from it is a definition of its own.
	const lastDeclaration = new Map<string, ts.Node>();
	const sameName = new Map<string, string[]>();
	const nodes = new Map<ts.Node, string>();
	const text = sf.text;
	const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
	const exportedNames = new Set<string>();
	for (const st of sf.statements) {
		if (
			ts.isExportDeclaration(st) &&
			!st.moduleSpecifier &&
			st.exportClause &&
			ts.isNamedExports(st.exportClause)
		) {
			for (const el of st.exportClause.elements) exportedNames.add((el.propertyName ?? el.name).text);
		}
		if (ts.isExportAssignment(st) && ts.isIdentifier(st.expression)) exportedNames.add(st.expression.text);
	}

	let strings: Set<string> | undefined;
	const stringConsts = () => {
		strings ??= stringConstsOf(sf);
		return strings;
	};

	const lineCount = sf.getLineAndCharacterOfPosition(sf.getEnd()).line + 1;
	const moduleId = moduleDefId(path);
	add(sf, MODULE_NAME, "module", null, false, {
		start: 1,
		end: lineCount,
		signature: null,
		doc: null,
		description: null,
	});

	function add(
		node: ts.Node,
		qualifiedName: string,
		kind: DefKind,
		parentDefId: string | null,
		exported: boolean,
		fixed?: {
			start: number;
			end: number;
			signature: string | null;
			doc: string | null;
			description: string | null;
		},
		docNode: ts.Node = node,
		unique = false,
	): string {
		let id = `${path}#${qualifiedName}`;
		// A second implementation of a name is a definition of its own (same-name.ts); the name stays the code's.
		let name: string | undefined;
		const family = unique ? undefined : sameName.get(id);
		const joined = family?.findLast(
			(other) =>
				together(lastDeclaration.get(other) as ts.Node, node) &&
				joins(shapes.get(other) as DeclarationShape, node),
		);
		if ((unique && byId.has(id)) || (family && !joined)) {
			let n = 2;
			while (byId.has(`${id}~${n}`)) n++;
			if (family) name = lastSegment(qualifiedName);
			family?.push(`${id}~${n}`);
			id = `${id}~${n}`;
			qualifiedName = `${qualifiedName}~${n}`;
		} else if (joined) id = joined;
		const start = fixed?.start ?? lineOf(node.getStart(sf));
		const end = fixed?.end ?? lineOf(node.getEnd());
		const existing = byId.get(id);
		if (existing) {
			// Overloads and declaration merging: one definition spanning all its declarations.
			existing.startLine = Math.min(existing.startLine, start);
			existing.endLine = Math.max(existing.endLine, end);
			existing.exported ||= exported;
			existing.doc ??= leadingDoc(docNode, text);
			existing.description ??= leadingDescription(docNode, text);
			if ((node as { body?: ts.Node }).body) existing.signature = signatureOf(node, sf);
		} else {
			const rec: DefRecord = {
				defId: id,
				name: kind === "module" ? MODULE_NAME : (name ?? lastSegment(qualifiedName)),
				qualifiedName,
				kind,
				startLine: start,
				endLine: end,
				signature: fixed ? fixed.signature : signatureOf(node, sf),
				doc: fixed ? fixed.doc : leadingDoc(docNode, text),
				description: fixed ? fixed.description : leadingDescription(docNode, text),
				exported,
				parentDefId,
			};
			byId.set(id, rec);
			defs.push(rec);
			shapes.set(id, shapeOf(node));
			if (!name) sameName.set(id, [id]);
		}
		nodes.set(node, id);
		lastDeclaration.set(id, node);
		return id;
	}

	const isExported = (node: ts.Node, name: string | null) =>
		hasModifier(node, ts.SyntaxKind.ExportKeyword) || (name !== null && exportedNames.has(name));

	function classMembers(
		cls: ts.ClassLikeDeclaration,
		prefix: string,
		classId: string,
		exported: boolean,
	): void {
		for (const m of cls.members) {
			if (ts.isConstructorDeclaration(m)) {
				add(m, `${prefix}.constructor`, "method", classId, exported);
				continue;
			}
			const name = propertyNameText(m.name);
			if (!name) continue;
			if (ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) {
				add(m, `${prefix}.${name}`, "method", classId, exported);
			} else if (
				ts.isPropertyDeclaration(m) &&
				(isFunctionLike(m.initializer) || wrapsOwnMethod(m.initializer, methodNames(cls)))
			) {
				add(m, `${prefix}.${name}`, "method", classId, exported);
			} else if (ts.isPropertyDeclaration(m) && m.initializer) {
				// `emailPassword = { signIn: async (…) => … }`: a field grouping functions; each is a
				// definition (`AuthClient.emailPassword.signIn`), or what they call is the class's alone.
				const init = skipWrappers(m.initializer);
				if (!ts.isObjectLiteralExpression(init) || !holdsFunctions(init)) continue;
				const id = add(m, `${prefix}.${name}`, "property", classId, exported);
				objectMembers(init, `${prefix}.${name}`, id, exported, false);
			}
		}
	}

	/** Does the object literal hold a function (a method, or a property set to one), nested objects included? */
	function holdsFunctions(obj: ts.ObjectLiteralExpression, depth = 0): boolean {
		return obj.properties.some((p) => {
			if (ts.isMethodDeclaration(p) || ts.isGetAccessorDeclaration(p) || ts.isSetAccessorDeclaration(p))
				return true;
			if (!ts.isPropertyAssignment(p)) return false;
			const init = skipWrappers(p.initializer);
			return (
				isFunctionLike(init) ||
				(depth < 3 && ts.isObjectLiteralExpression(init) && holdsFunctions(init, depth + 1))
			);
		});
	}

	/**
	 * An interface's members, or only the string-keyed ones (`keyedOnly`: a type literal's). A member
	 * named by a string key (`'/v1/notes.create': {…}`, `'user.created'(u: User): void`) or by a
	 * constant (`[Events.USER_CREATED]: …`) is named as a keyed registration's handler is: the key in
	 * parentheses, as written (`NoteRoutes(/v1/notes.create)`), dots and all, and its name is the
	 * key; the trunks join it to the key it declares (trunks/declarations.ts).
	 */
	function interfaceMembers(
		members: ts.NodeArray<ts.TypeElement>,
		prefix: string,
		id: string,
		exported: boolean,
		keyedOnly = false,
	) {
		for (const m of members) {
			if (!ts.isMethodSignature(m) && !ts.isPropertySignature(m)) continue;
			const key = typeMemberKey(m.name);
			if (key === null && keyedOnly) continue;
			const name = key === null ? propertyNameText(m.name) : null;
			if (key === null && !name) continue;
			const q = key === null ? `${prefix}.${name}` : `${prefix}(${key})`;
			const fn =
				ts.isMethodSignature(m) ||
				(m.type && (ts.isFunctionTypeNode(m.type) || ts.isConstructorTypeNode(m.type)));
			const memberId = add(m, q, fn ? "method" : "property", id, exported);
			// Its name is the key (`/v1/notes.create`): found by the key as a key's declaration is.
			const rec = byId.get(memberId);
			if (rec && key !== null) rec.name = key;
		}
	}

	/** The string-keyed members of a type alias's type literals (`type E = { 'a.b': … } & Base<{ 'c.d': … }>`). */
	function typeLiteralMembers(type: ts.TypeNode, prefix: string, id: string, exported: boolean, depth = 0) {
		if (depth > 3) return;
		if (ts.isTypeLiteralNode(type)) interfaceMembers(type.members, prefix, id, exported, true);
		else if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type))
			for (const t of type.types) typeLiteralMembers(t, prefix, id, exported, depth + 1);
		else if (ts.isParenthesizedTypeNode(type)) typeLiteralMembers(type.type, prefix, id, exported, depth + 1);
		else if (ts.isTypeReferenceNode(type))
			for (const t of type.typeArguments ?? []) typeLiteralMembers(t, prefix, id, exported, depth + 1);
	}

	/** Members of an object literal, nested objects included: `obj.a.m`. */
	function objectMembers(
		obj: ts.ObjectLiteralExpression,
		prefix: string,
		parentId: string,
		exported: boolean,
		unique: boolean,
		soleMemberHoldsKey = false,
	) {
		for (const p of obj.properties) {
			const name = propertyNameText(p.name);
			if (!name) continue;
			const q = `${prefix}.${name}`;
			if (ts.isMethodDeclaration(p) || ts.isGetAccessorDeclaration(p) || ts.isSetAccessorDeclaration(p)) {
				add(p, q, "method", parentId, exported, undefined, p, unique);
			} else if (ts.isPropertyAssignment(p)) {
				const init = skipWrappers(p.initializer);
				const sole =
					soleMemberHoldsKey && ts.isObjectLiteralExpression(init) ? soleFunctionMember(init) : undefined;
				if (isFunctionLike(init)) add(p, q, "method", parentId, exported, undefined, p, unique);
				else if (sole) {
					// A key's one listener (`'x:ready': { start() {…} }`): its lines start at the key it listens to.
					const at = {
						start: lineOf(p.getStart(sf)),
						end: lineOf(p.getEnd()),
						signature: signatureOf(sole.node, sf),
					};
					add(
						sole.node,
						`${q}.${sole.name}`,
						"method",
						parentId,
						exported,
						{ ...at, ...leadingComments(p, text) },
						p,
						unique,
					);
				} else if (ts.isObjectLiteralExpression(init)) {
					const id = add(p, q, "property", parentId, exported, undefined, p, unique);
					objectMembers(init, id.slice(id.indexOf("#") + 1), id, exported, unique);
				}
			}
		}
	}

	/**
	 * Wrapped functions held by the object literals a module-level variable's call is given
	 * (`export const fieldRouter = router({ sign: procedure.input(s).mutation(async (…) => …) })`):
	 * each such property is a definition under the variable (`fieldRouter.sign`), so what its
	 * function calls is its own and a key registered by it has those lines as its handler, not the
	 * whole variable. Only a property whose value is a call (or chain of calls) given a function
	 * expression directly — the function the property holds once wrapped; options and data make
	 * none. Nested plain objects and calls given object literals (`admin: router({ … })`) are read too,
	 * named by their property path (`appRouter.admin.stats`).
	 */
	function wrappedArgumentMembers(
		call: ts.CallExpression,
		prefix: string,
		parentId: string,
		exported: boolean,
		depth: number,
	): void {
		for (const arg of call.arguments) {
			const inner = skipWrappers(arg);
			if (ts.isObjectLiteralExpression(inner)) wrappedMembers(inner, prefix, parentId, exported, depth);
		}
	}

	function wrappedMembers(
		obj: ts.ObjectLiteralExpression,
		prefix: string,
		parentId: string,
		exported: boolean,
		depth: number,
	): void {
		for (const p of obj.properties) {
			if (!ts.isPropertyAssignment(p)) continue;
			const name = propertyNameText(p.name);
			if (!name) continue;
			const init = skipWrappers(p.initializer);
			if (callGivenFunction(init)) add(p, `${prefix}.${name}`, "method", parentId, exported, undefined, p);
			else if (depth >= 3) continue;
			else if (ts.isObjectLiteralExpression(init))
				wrappedMembers(init, `${prefix}.${name}`, parentId, exported, depth + 1);
			else if (ts.isCallExpression(init) && !isRequireExpression(init))
				wrappedArgumentMembers(init, `${prefix}.${name}`, parentId, exported, depth + 1);
		}
	}

	function variable(decl: ts.VariableDeclaration, statement: ts.Node, prefix: string, exportedStmt: boolean) {
		// `const x = require("y")` (CommonJS) is an import, not a definition of this file.
		if (decl.initializer && isRequireExpression(decl.initializer)) return;
		const name = propertyNameText(decl.name);
		if (!name) {
			// Destructuring at module level: each bound name is a variable.
			if (ts.isObjectBindingPattern(decl.name) || ts.isArrayBindingPattern(decl.name)) {
				for (const el of decl.name.elements) {
					if (ts.isBindingElement(el) && ts.isIdentifier(el.name)) {
						add(
							el,
							`${prefix}${el.name.text}`,
							"variable",
							null,
							exportedStmt || exportedNames.has(el.name.text),
							undefined,
							statement,
						);
					}
				}
			}
			return;
		}
		const init = decl.initializer ? skipWrappers(decl.initializer) : undefined;
		const exported = exportedStmt || exportedNames.has(name);
		const kind: DefKind = isFunctionLike(init)
			? "function"
			: init && ts.isClassExpression(init)
				? "class"
				: "variable";
		const id = add(decl, `${prefix}${name}`, kind, null, exported, undefined, statement);
		if (init && ts.isObjectLiteralExpression(init))
			objectMembers(init, `${prefix}${name}`, id, exported, false);
		else if (kind === "variable" && init && ts.isCallExpression(init) && !isRequireExpression(init))
			wrappedArgumentMembers(init, `${prefix}${name}`, id, exported, 0);
		if (init && ts.isClassExpression(init)) classMembers(init, `${prefix}${name}`, id, exported);
	}

	/**
	 * Object-literal methods passed as arguments of a call in top-level code, and its anonymous
	 * callbacks (`Meteor.startup(() => …)`, `callbacks.add('afterSave', (m) => …)`,
	 * `router.post('shares.create', async (ctx) => …)`): each is a definition named by the call
	 * and its key, `callbacks.add(afterSave)`, so the handler is not lost in the file's top-level code.
	 */
	const callbacks = new Set<ts.Node>();
	function callArguments(node: ts.Node): void {
		if (ts.isCallExpression(node)) {
			const callee = calleeText(node, sf);
			const key = callKey(node);
			// Named by the call and its key, so `api.addRoute('notes.send', {…}, { post() {…} })`
			// gives `api.addRoute(notes.send).post`, found by its route string, not a counter.
			const named = key ? `${callee}(${key})` : callee;
			const built = key ? null : builtCallKey(node, stringConsts);
			for (const arg of node.arguments) {
				const inner = skipWrappers(arg);
				if (ts.isObjectLiteralExpression(inner)) {
					objectMembers(inner, named, moduleId, false, true);
				} else if ((ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) && !inner.name) {
					// Signed by the call that registers it: `router.post('shares.create', async (ctx) =>`.
					const signature = oneLine(sf.text.slice(node.getStart(sf), inner.body.getStart(sf)));
					const at = { start: lineOf(inner.getStart(sf)), end: lineOf(inner.getEnd()) };
					const fixed = { ...at, signature, ...leadingComments(node, text) };
					add(inner, built ? `${callee}(${built})` : named, "function", null, false, fixed, node, true);
					callbacks.add(inner);
				}
			}
		}
		// Descend through top-level code and into callbacks (e.g. Meteor.startup(() => …)),
		// but not into definitions, whose bodies belong to them.
		if (nodes.has(node) && node !== sf && !callbacks.has(node)) return;
		if (ts.isFunctionDeclaration(node) || ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) return;
		ts.forEachChild(node, callArguments);
	}

	function statements(list: readonly ts.Statement[], prefix: string): void {
		for (const st of list) {
			if (ts.isFunctionDeclaration(st)) {
				const isDefault = hasModifier(st, ts.SyntaxKind.DefaultKeyword);
				const name = st.name?.text ?? (isDefault ? "default" : null);
				if (name) add(st, `${prefix}${name}`, "function", null, isExported(st, st.name?.text ?? null));
			} else if (ts.isClassDeclaration(st)) {
				const isDefault = hasModifier(st, ts.SyntaxKind.DefaultKeyword);
				const name = st.name?.text ?? (isDefault ? "default" : null);
				if (!name) continue;
				const exported = isExported(st, st.name?.text ?? null);
				const id = add(st, `${prefix}${name}`, "class", null, exported);
				classMembers(st, `${prefix}${name}`, id, exported);
			} else if (ts.isInterfaceDeclaration(st)) {
				const exported = isExported(st, st.name.text);
				const id = add(st, `${prefix}${st.name.text}`, "interface", null, exported);
				interfaceMembers(st.members, `${prefix}${st.name.text}`, id, exported);
			} else if (ts.isTypeAliasDeclaration(st)) {
				const exported = isExported(st, st.name.text);
				const id = add(st, `${prefix}${st.name.text}`, "type", null, exported);
				typeLiteralMembers(st.type, `${prefix}${st.name.text}`, id, exported);
			} else if (ts.isEnumDeclaration(st)) {
				add(st, `${prefix}${st.name.text}`, "enum", null, isExported(st, st.name.text));
			} else if (ts.isVariableStatement(st)) {
				const exported = hasModifier(st, ts.SyntaxKind.ExportKeyword);
				for (const decl of st.declarationList.declarations) variable(decl, st, prefix, exported);
			} else if (ts.isExportAssignment(st) && !st.isExportEquals) {
				const inner = skipWrappers(st.expression);
				if (isFunctionLike(inner)) add(st, `${prefix}default`, "function", null, true);
				else if (ts.isClassExpression(inner)) {
					const id = add(st, `${prefix}default`, "class", null, true);
					classMembers(inner, `${prefix}default`, id, true);
				} else if (ts.isObjectLiteralExpression(inner)) {
					const id = add(st, `${prefix}default`, "variable", null, true);
					objectMembers(inner, `${prefix}default`, id, true, false);
				}
			} else if (
				ts.isModuleDeclaration(st) &&
				st.body &&
				ts.isModuleBlock(st.body) &&
				ts.isIdentifier(st.name)
			) {
				// `namespace N { … }` (not `declare global`, whose members keep their own names).
				const global = st.name.text === "global";
				if (global) statements(ambientOnly(st.body.statements, list), prefix);
				else statements(st.body.statements, `${prefix}${st.name.text}.`);
			}
		}
	}

	/**
	 * Handlers inside a definition's body, each a definition of its own, in one walk that tracks the
	 * owning definition:
	 * - a function held in a local `const` and handed to a call by name
	 *   (`const clearCache = () => …; this.onEvent('watch.roles', clearCache)`) is
	 *   `Authorization.constructor.clearCache`: a register call's handler must be a definition; so is one
	 *   the keyed callbacks beside it call by name (`registerIpc.runRequest`, keyed-callback-helpers.ts);
	 * - an anonymous callback registered under a string key (`this.on('order.paid', async (…) => …)`
	 *   in a constructor, `socket.on('join', (…) => …)` inside a connection handler) is named by its
	 *   owner, the call and the key (`Billing.constructor.this.on(order.paid)`), so the key's handler
	 *   is those lines and not the whole owner. Calls with no key (`list.map(x => …)`) make none.
	 */
	function nestedHandlers(): void {
		// Local functions handed to a call by name, and those the keyed callbacks beside them call (keyed-callback-helpers.ts).
		const passed = keyedCallbackHelpers(
			sf,
			(c) => callKey(c) ?? builtCallKey(c, stringConsts),
			isFunctionLike,
		);
		const collect = (n: ts.Node): void => {
			if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
				for (const a of n.arguments ?? []) if (ts.isIdentifier(a)) passed.add(a.text);
			}
			ts.forEachChild(n, collect);
		};
		collect(sf);
		// Two owners, as if the two kinds were found in two walks: a local handler's owner ignores the
		// handlers this walk adds; a keyed callback's owner is the innermost of all.
		const added = new Set<ts.Node>();
		const visit = (n: ts.Node, localOwner: string | undefined, owner: string | undefined): void => {
			const own = nodes.get(n);
			const isNew = added.has(n);
			const local = own && n !== sf && !isNew ? own : localOwner;
			let current = own && n !== sf ? own : owner;
			const host = local ? byId.get(local) : undefined;
			if (
				host &&
				host.kind !== "module" &&
				ts.isVariableDeclaration(n) &&
				ts.isIdentifier(n.name) &&
				!own &&
				passed.has(n.name.text) &&
				isFunctionLike(n.initializer)
			) {
				current = add(
					n,
					`${host.qualifiedName}.${n.name.text}`,
					"function",
					local ?? null,
					false,
					undefined,
					n.parent.parent,
				);
				added.add(n);
			}
			const parent = current ? byId.get(current) : undefined;
			if (ts.isCallExpression(n) && parent && parent.kind !== "module") {
				const key = callKey(n) ?? builtCallKey(n, stringConsts);
				if (key) {
					for (const arg of n.arguments) {
						// A callback given through a wrapper (`socket.on('x', action(async (e) => …))`) is the handler too.
						const inner = wrappedCallback(arg);
						if (!inner || inner.name || nodes.has(inner)) continue;
						const signature = oneLine(sf.text.slice(n.getStart(sf), inner.body.getStart(sf)));
						const at = { start: lineOf(inner.getStart(sf)), end: lineOf(inner.getEnd()) };
						const name = `${parent.qualifiedName}.${calleeText(n, sf, true)}(${key})`;
						add(
							inner,
							name,
							"function",
							current ?? null,
							false,
							{ ...at, signature, ...leadingComments(n, text) },
							n,
							true,
						);
						added.add(inner);
					}
				}
			}
			// The handlers just added are in `nodes`: visiting them makes each the owner of what it holds.
			ts.forEachChild(n, (c) => visit(c, local, current));
		};
		visit(sf, undefined, undefined);
	}

	/** The function and method definitions so far, as [node, id]: the work queue of the passes below. */
	function functionNodes(): [ts.Node, string][] {
		return [...nodes].filter(([, id]) => {
			const kind = byId.get(id)?.kind;
			return kind === "function" || kind === "method";
		});
	}

	/**
	 * Functions a definition returns (returned-functions.ts), each named under it (`useItem.save`),
	 * and theirs in turn: a composable's or factory's functions are called by name through its
	 * result. Before the handler walk, so a handler inside one is charged to it.
	 */
	function returned(): void {
		const queue = functionNodes();
		for (let i = 0; i < queue.length; i++) {
			const [node, id] = queue[i] as [ts.Node, string];
			const fn = functionOf(node);
			const owner = byId.get(id);
			if (!fn || !owner) continue;
			for (const r of returnedFunctions(fn)) {
				if (nodes.has(r.node)) continue;
				const inner = add(
					r.node,
					`${owner.qualifiedName}.${r.name}`,
					r.kind,
					id,
					false,
					undefined,
					r.docNode,
				);
				queue.push([r.node, inner]);
			}
			// A returned module of methods: each member a definition under the function (`methods.record`).
			for (const literal of returnedMethodModules(fn))
				objectMembers(literal, owner.qualifiedName, id, false, false);
			// Its sibling sections' routes and listeners (`routes(self)`, sibling-sections.ts): each one too.
			for (const literal of siblingSectionLiterals(fn))
				objectMembers(literal, owner.qualifiedName, id, false, false, true);
			// A GraphQL resolver map built in the body: each resolver a definition (`route.Query.invoice`).
			for (const map of builtResolverMaps(fn)) objectMembers(map, owner.qualifiedName, id, false, false);
		}
	}

	/**
	 * Methods a function defines by assignment on the object it builds (`self.copyIn = function …` in a
	 * constructor function, `this.m = async () => …` in a class constructor, a factory's `self.string = …`;
	 * assigned-members.ts): each a definition under it (`Store.copyIn`), and theirs in turn. After the
	 * returned functions, before the handler walk, so a handler inside one is charged to it.
	 */
	function assigned(): void {
		const queue = functionNodes();
		for (let i = 0; i < queue.length; i++) {
			const [node, id] = queue[i] as [ts.Node, string];
			const fn =
				ts.isConstructorDeclaration(node) && node.body ? (node as FunctionWithBody) : functionOf(node);
			const owner = byId.get(id);
			if (!fn || !owner) continue;
			for (const m of assignedMembers(fn)) {
				if (nodes.has(m.node)) continue;
				const inner = add(
					m.node,
					`${owner.qualifiedName}.${m.name}`,
					"method",
					id,
					false,
					undefined,
					m.statement,
				);
				// The checker's declaration of a JavaScript `this.m = …` is its left side.
				nodes.set(m.node.left, inner);
				queue.push([m.node, inner]);
			}
		}
	}

	statements(sf.statements, "");
	commonJsDefs(sf, {
		isFunctionLike,
		define: (node, name, kind, parentId, exported, docNode) =>
			add(node, name, kind, parentId, exported, undefined, docNode),
		alias: (node, id) => nodes.set(node, id),
		objectMembers: (obj, prefix, parentId, exported) => objectMembers(obj, prefix, parentId, exported, false),
		defOf: (name) => (byId.has(`${path}#${name}`) ? `${path}#${name}` : undefined),
	});
	callArguments(sf);
	returned();
	assigned();
	nestedHandlers();
	return { defs, nodes };
}

/**
 * A call whose last argument is a function expression, `procedure.input(s).mutation(async (…) => …)`,
 * `authenticated(async (args) => …)`: the value is that function, wrapped. The outermost call of a
 * chain only: a call given values (`z.object({ … })`, `cors({ origin })`) is data, whatever its
 * arguments hold, and so is one given a function followed by options or another value (a schema's
 * `.refine((v) => …, { message })`, `z.preprocess((v) => …, schema)`, `mapThenEq((a) => …, eq)`).
 */
function callGivenFunction(node: ts.Node): node is ts.CallExpression {
	if (!ts.isCallExpression(node) || isRequireExpression(node) || SCHEMA_BUILDERS.has(chainRoot(node)))
		return false;
	const last = node.arguments[node.arguments.length - 1];
	const inner = last && skipWrappers(last);
	return !!inner && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner));
}

/**
 * Schema libraries' builders: a field of `z.object({ at: z.string().transform((v) => new Date(v)) })`
 * is a value with a converter, no handler, though it is written like `procedure.mutation(fn)`.
 */
const SCHEMA_BUILDERS = new Set(["z", "zod", "yup", "Joi", "joi"]);

/** The identifier a call chain starts from (`z` of `z.string().transform(fn)`), or "". */
function chainRoot(node: ts.Expression): string {
	let e: ts.Expression = node;
	for (;;) {
		if (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))
			e = e.expression;
		else if (ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
		else return ts.isIdentifier(e) ? e.text : "";
	}
}

/** The function a definition's node is or holds, when it has a block body to read. */
function functionOf(node: ts.Node) {
	if (hasBlockBody(node)) return node;
	const value =
		ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)
			? node.initializer
			: ts.isExportAssignment(node)
				? node.expression
				: ts.isBinaryExpression(node)
					? node.right
					: undefined;
	const fn = wrappedFunction(value);
	return fn && hasBlockBody(fn) ? fn : undefined;
}

/** The names of a class's methods (and function-valued properties). */
function methodNames(cls: ts.ClassLikeDeclaration): Set<string> {
	const out = new Set<string>();
	for (const m of cls.members) {
		const name = propertyNameText(m.name);
		if (name && (ts.isMethodDeclaration(m) || (ts.isPropertyDeclaration(m) && isFunctionLike(m.initializer))))
			out.add(name);
	}
	return out;
}

/**
 * A class property wrapping one of the class's own methods, `private getPlansCached =
 * mem(this.getPlans.bind(this), { maxAge })`: a function too (the memoised method), not data.
 */
function wrapsOwnMethod(init: ts.Node | undefined, methods: ReadonlySet<string>): boolean {
	const call = init && skipWrappers(init);
	if (!call || !ts.isCallExpression(call)) return false;
	return call.arguments.some((a) => {
		let e = skipWrappers(a);
		// `this.m.bind(this)` → `this.m`
		if (
			ts.isCallExpression(e) &&
			ts.isPropertyAccessExpression(e.expression) &&
			e.expression.name.text === "bind"
		)
			e = skipWrappers(e.expression.expression);
		return (
			ts.isPropertyAccessExpression(e) &&
			e.expression.kind === ts.SyntaxKind.ThisKeyword &&
			methods.has(e.name.text)
		);
	});
}

/** A call's first argument when it is a short string key (`'afterMessageSave'`, `'/users/:id'`). */
function callKey(call: ts.CallExpression): string | null {
	const first = call.arguments[0];
	if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) return null;
	return keyText(first.text);
}

/**
 * The key an inline callback is registered under, as written, when it is built rather than literal: a
 * template with literal text of its own (`` router.post(`${prefix}/password`, async (ctx) => …) ``) or
 * a `const` of this file holding a string (`router.get(tagsPath, …)`, `const tagsPath = '/x/:id/tags'`).
 * A route file building its paths so still gets one definition per handler, not the whole file's
 * function; any other identifier (`pMap(items, async (x) => …)`) is data, not a key. Not a member of a map
 * or enum (`on(Events.READY, …)`): on novu that split tracing and template-helper callbacks
 * (`startBackgroundTransaction(Tx.QUEUE, …)`, `registerHelper(Helpers.EQ, …)`) off the code they belong to
 * and cost the held-out set two cited files.
 */
function builtCallKey(call: ts.CallExpression, stringConsts: () => ReadonlySet<string>): string | null {
	const first = call.arguments[0];
	if (!first || !resultUnused(call)) return null;
	if (ts.isTemplateExpression(first)) {
		const literal = [first.head.text, ...first.templateSpans.map((s) => s.literal.text)].join("");
		return /[A-Za-z]/.test(literal) ? keyText(first.getText().slice(1, -1)) : null;
	}
	return ts.isIdentifier(first) && stringConsts().has(first.text) ? keyText(first.text) : null;
}

/**
 * A registration stores its callback and its result goes unused (`router.get(path, h);`, a fluent chain of
 * them); a call whose result is returned or kept (`return tracer.startSegment(name, () => …)`,
 * `const release = lock(name, () => …)`) runs the callback as part of the code around it.
 */
function resultUnused(call: ts.CallExpression): boolean {
	let n: ts.Node = call;
	while (ts.isPropertyAccessExpression(n.parent) && ts.isCallExpression(n.parent.parent)) n = n.parent.parent;
	return ts.isExpressionStatement(n.parent);
}

/** The file's `const`s initialised with a string (literal or template). */
function stringConstsOf(sf: ts.SourceFile): Set<string> {
	const out = new Set<string>();
	const visit = (n: ts.Node): void => {
		if (
			ts.isVariableDeclaration(n) &&
			ts.isIdentifier(n.name) &&
			n.initializer &&
			ts.isVariableDeclarationList(n.parent) &&
			(n.parent.flags & ts.NodeFlags.Const) !== 0
		) {
			const init = skipWrappers(n.initializer);
			if (
				ts.isStringLiteral(init) ||
				ts.isNoSubstitutionTemplateLiteral(init) ||
				ts.isTemplateExpression(init)
			)
				out.add(n.name.text);
		}
		ts.forEachChild(n, visit);
	};
	visit(sf);
	return out;
}

/** `require("m")`, `require("m").x`, `require("m")(…)`: a CommonJS import in any of its shapes. */
function isRequireExpression(node: ts.Expression): boolean {
	let e: ts.Expression = node;
	for (;;) {
		if (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
		else if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
		else if (ts.isCallExpression(e)) {
			if (ts.isIdentifier(e.expression) && e.expression.text === "require") return true;
			e = e.expression;
		} else return false;
	}
}

/**
 * A `declare global` block's statements but the variables the enclosing statements define too:
 * `declare global { var redis: … }` types the global that `export const redis = globalThis.redis ??
 * createRedisClient()` fills, and the definition is the value's line, not the ambient type's
 * (merged, the definition began at the `declare` block and its map line was the type's).
 */
function ambientOnly(block: readonly ts.Statement[], enclosing: readonly ts.Statement[]): ts.Statement[] {
	const defined = new Set<string>();
	for (const st of enclosing)
		if (ts.isVariableStatement(st))
			for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) defined.add(d.name.text);
	if (!defined.size) return [...block];
	return block.filter(
		(st) =>
			!ts.isVariableStatement(st) ||
			!st.declarationList.declarations.every((d) => ts.isIdentifier(d.name) && defined.has(d.name.text)),
	);
}
