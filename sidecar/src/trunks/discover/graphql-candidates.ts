/**
 * GraphQL: `gql` documents' operations and the code using them (by a generated name or a document
 * constant) dispatch their root fields; resolver maps and code-first resolver decorators register them.
 */
import type { MethodDeclaration, PropertyAssignment, SourceFile } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { graphqlOperations, isGraphqlDocument } from "../../syntax/graphql-doc.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { type FileNodes, wrap } from "../walk.js";
import { calleeNameOf } from "./call-shape.js";
import { CANDIDATE, type CandidateInfo, DOCUMENT_USE, OPERATION, record, SCHEMA } from "./candidates.js";
import {
	GRAPHQL_CLIENT_CALLS,
	GRAPHQL_RESOLVER_DECORATORS,
	GRAPHQL_ROOTS,
	GRAPHQL_SERVERS,
} from "./families.js";
import { documentText, operationOfGenerated } from "./graphql-documents.js";
import { holdsFunction } from "./handler-refs.js";
import { literalKeys } from "./literal-keys.js";

/**
 * GraphQL: each document's operations (`gql\`…\``, `graphql(\`…\`)`) dispatch their root fields; each resolver map's
 * `Query`/`Mutation`/`Subscription` members register theirs.
 */
export function graphqlCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const text = sf.getFullText();
	if (/\b(gql|graphql)\s*(\(\s*)?`/.test(text)) {
		for (const raw of [...nodes.tagged, ...nodes.calls]) {
			const doc = documentText(raw);
			if (doc === null) continue;
			const tt = wrap<Node>(sf, raw);
			// One candidate per operation: its name is how code using a generated document finds it.
			for (const op of graphqlOperations(doc)) {
				if (op.fields.length === 0) continue;
				const info: CandidateInfo = {
					form: "graphql",
					receiver: "graphql",
					name: OPERATION,
					arg: 0,
					keys: op.fields,
					handlerArg: null,
					handler: null,
					callee: null,
					...(op.name ? { exportName: op.name } : {}),
					...(op.nested.length ? { nested: op.nested } : {}),
				};
				out.push(record(CANDIDATE, info, tt, tt, ctx));
			}
		}
	}
	documentUseCandidates(sf, ctx, out);
	documentConstantCandidates(sf, nodes, ctx, out);
	resolverDecoratorCandidates(sf, nodes.decorators, ctx, out);
	const inline = schemaCandidates(sf, text, ctx, out);
	if (!/\b(Query|Mutation|Subscription)\s*:/.test(text)) return;
	for (const raw of nodes.properties) {
		if (!ts.isIdentifier(raw.name) || !GRAPHQL_ROOTS.has(raw.name.text)) continue;
		const p = wrap<PropertyAssignment>(sf, raw);
		const obj = p.getInitializer();
		if (!obj || !Node.isObjectLiteralExpression(obj)) continue;
		for (const field of obj.getProperties()) {
			if (!Node.isMethodDeclaration(field) && !Node.isPropertyAssignment(field)) continue;
			const fn = Node.isMethodDeclaration(field) ? field : field.getInitializer();
			if (!fn || !(Node.isMethodDeclaration(fn) || holdsFunction(fn) || Node.isObjectLiteralExpression(fn)))
				continue;
			const info: CandidateInfo = {
				form: "graphql",
				receiver: "graphql",
				name: "(resolver)",
				arg: 0,
				keys: [field.getName()],
				handlerArg: null,
				handler: ctx.defIdOf(field) ?? ctx.enclosingDefId(field),
				callee: null,
				...(inline.has(raw.parent) ? { declared: true as const } : {}),
			};
			out.push(record(CANDIDATE, info, field, field.getNameNode(), ctx));
		}
	}
}

/**
 * Resolver maps handed to a GraphQL server (`new ApolloServer({ typeDefs, resolvers })`) in a file
 * importing one of `GRAPHQL_SERVERS.modules`: the definitions they are (`resolvers`, the maps of an
 * array, spread or merged), so finalize knows their `Query`/`Mutation` fields are a schema's.
 */
function schemaCandidates(
	sf: SourceFile,
	text: string,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): Set<ts.Node> {
	const inline = new Set<ts.Node>();
	if (!text.includes(GRAPHQL_SERVERS.property)) return inline;
	const file = sf.compilerNode;
	const serves = file.statements.some(
		(st) =>
			ts.isImportDeclaration(st) &&
			ts.isStringLiteral(st.moduleSpecifier) &&
			GRAPHQL_SERVERS.modules.has(st.moduleSpecifier.text),
	);
	if (!serves) return inline;
	const maps: (ts.PropertyAssignment | ts.ShorthandPropertyAssignment)[] = [];
	const visit = (n: ts.Node): void => {
		if (
			(ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) &&
			ts.isIdentifier(n.name) &&
			n.name.text === GRAPHQL_SERVERS.property
		)
			maps.push(n);
		ts.forEachChild(n, visit);
	};
	visit(file);
	for (const raw of maps) {
		const defs = new Set<string>();
		const add = (symbol: import("ts-morph").Symbol | undefined) => {
			const target = symbol?.isAlias() ? (symbol.getAliasedSymbol() ?? symbol) : symbol;
			for (const d of target?.getDeclarations() ?? []) {
				const id = ctx.defIdOf(d);
				if (id) defs.add(id);
			}
		};
		const parts = (e: ts.Expression): ts.Expression[] => {
			const x = skipWrappers(e);
			if (ts.isArrayLiteralExpression(x)) return x.elements.flatMap((el) => parts(el as ts.Expression));
			if (ts.isCallExpression(x)) return x.arguments.flatMap(parts);
			if (ts.isSpreadElement(x)) return parts(x.expression);
			if (ts.isObjectLiteralExpression(x))
				return [x, ...x.properties.filter(ts.isSpreadAssignment).flatMap((p) => parts(p.expression))];
			return [x];
		};
		if (ts.isShorthandPropertyAssignment(raw))
			add(wrap<Node>(sf, raw).asKindOrThrow(ts.SyntaxKind.ShorthandPropertyAssignment).getValueSymbol());
		else
			for (const e of parts(raw.initializer)) {
				if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) add(wrap<Node>(sf, e).getSymbol());
				// A map written in place: its `Query`/`Mutation` members are marked where they are read.
				else if (ts.isObjectLiteralExpression(e)) inline.add(e);
			}
		if (defs.size === 0) continue;
		const at = wrap<Node>(sf, raw);
		const info: CandidateInfo = {
			form: "graphql",
			receiver: "graphql",
			name: SCHEMA,
			arg: 0,
			keys: [...defs],
			handlerArg: null,
			handler: null,
			callee: null,
		};
		out.push(record(CANDIDATE, info, at, at, ctx));
	}
	return inline;
}

/** Local name → `module#imported` for named imports, `module#*` for namespace imports. */
export function importedNames(file: ts.SourceFile): Map<string, string> {
	const out = new Map<string, string>();
	for (const st of file.statements) {
		if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
		const bindings = st.importClause?.namedBindings;
		if (!bindings) continue;
		const from = st.moduleSpecifier.text;
		if (ts.isNamespaceImport(bindings)) out.set(bindings.name.text, `${from}#*`);
		else
			for (const el of bindings.elements)
				out.set(el.name.text, `${from}#${(el.propertyName ?? el.name).getText()}`);
	}
	return out;
}

/** The GraphQL decorator a call is (`Query`, `ResolveField`), imported from a resolver module, or null. */
export function resolverDecorator(
	call: ts.CallExpression,
	imports: ReadonlyMap<string, string>,
): string | null {
	const e = call.expression;
	const { modules, roots, nested, resolverClass } = GRAPHQL_RESOLVER_DECORATORS;
	let from: string | undefined;
	let name: string | undefined;
	if (ts.isIdentifier(e)) [from, name] = (imports.get(e.text) ?? "#").split("#");
	else if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
		const ns = imports.get(e.expression.text);
		if (ns?.endsWith("#*")) [from, name] = [ns.slice(0, -2), e.name.text];
	}
	if (!from || !name || !modules.has(from)) return null;
	return roots.has(name) || nested.has(name) || name === resolverClass ? name : null;
}

/** The `name` option among a decorator's arguments (`@Query(() => User, { name: 'me' })`), or a leading string. */
function resolverName(
	sf: SourceFile,
	call: ts.CallExpression,
): { keys: string[]; node: ts.Expression } | null {
	for (const a of call.arguments) {
		const node = ts.isObjectLiteralExpression(a)
			? a.properties.find(
					(p): p is ts.PropertyAssignment =>
						ts.isPropertyAssignment(p) &&
						ts.isIdentifier(p.name) &&
						p.name.text === GRAPHQL_RESOLVER_DECORATORS.nameOption,
				)?.initializer
			: ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)
				? a
				: undefined;
		if (!node) continue;
		const keys = literalKeys(node, sf);
		return keys ? { keys, node } : null;
	}
	return null;
}

/** The type a resolver decorator says its field returns: `() => Team`, `() => [Team]`, or null. */
function returnedType(call: ts.CallExpression): string | null {
	const a = call.arguments[0];
	if (!a || !ts.isArrowFunction(a) || ts.isBlock(a.body)) return null;
	let t: ts.Node = a.body;
	while (ts.isArrayLiteralExpression(t) && t.elements.length === 1) t = t.elements[0] as ts.Node;
	return ts.isIdentifier(t) ? t.text : null;
}

/** The object type a resolver class resolves fields of: `@Resolver(() => Team)`, `@Resolver('Team')`. */
function resolvedType(cls: ts.Node, imports: ReadonlyMap<string, string>): string | null {
	if (!ts.isClassDeclaration(cls)) return null;
	for (const d of ts.getDecorators(cls) ?? []) {
		if (!ts.isCallExpression(d.expression)) continue;
		if (resolverDecorator(d.expression, imports) !== GRAPHQL_RESOLVER_DECORATORS.resolverClass) continue;
		let a: ts.Node | undefined = d.expression.arguments[0];
		if (a && (ts.isArrowFunction(a) || ts.isFunctionExpression(a)))
			a = ts.isArrowFunction(a) && !ts.isBlock(a.body) ? a.body : undefined;
		if (a && (ts.isStringLiteral(a) || ts.isIdentifier(a))) return a.text;
	}
	return null;
}

/**
 * Code-first GraphQL resolvers: `@Query()`, `@Mutation()`, `@Subscription()` methods register their
 * operation (the `name` option, else the method's name); `@ResolveField()` methods register `Type.field`.
 * Only decorators imported from a resolver module count: a `Query` from elsewhere is another thing.
 */
function resolverDecoratorCandidates(
	sf: SourceFile,
	decorators: readonly ts.Decorator[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	if (decorators.length === 0) return;
	const imports = importedNames(sf.compilerNode);
	for (const raw of decorators) {
		const m = raw.parent;
		if (!ts.isMethodDeclaration(m) || !ts.isCallExpression(raw.expression)) continue;
		const kind = resolverDecorator(raw.expression, imports);
		if (!kind || kind === GRAPHQL_RESOLVER_DECORATORS.resolverClass) continue;
		const named = resolverName(sf, raw.expression);
		const field = named?.keys ?? (ts.isIdentifier(m.name) ? [m.name.text] : null);
		if (!field) continue;
		let keys = field;
		if (GRAPHQL_RESOLVER_DECORATORS.nested.has(kind)) {
			const type = resolvedType(m.parent, imports);
			if (!type) continue;
			keys = field.map((f) => `${type}.${f}`);
		}
		const method = wrap<MethodDeclaration>(sf, m);
		const returns = returnedType(raw.expression);
		const info: CandidateInfo = {
			form: "graphql",
			receiver: "graphql",
			name: "(resolver)",
			arg: 0,
			keys,
			handlerArg: null,
			handler: ctx.defIdOf(method),
			callee: null,
			declared: true,
			...(returns ? { returns } : {}),
		};
		const at = named ? wrap<Node>(sf, named.node) : method.getNameNode();
		out.push(record(CANDIDATE, info, method, at, ctx));
	}
}

/**
 * Code using a GraphQL operation by the names codegen gives it (`CreateTeamDocument`,
 * `useCreateTeamMutation`), imported by name: each use is where the operation is sent. Its keys are
 * the operation's root fields, found when discovery sees every document (see `resolveDocumentUses`).
 */
function documentUseCandidates(sf: SourceFile, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const file = sf.compilerNode;
	if (isGraphqlDocument(ctx.filePath)) return;
	const ops = new Map<string, string>();
	for (const st of file.statements) {
		if (!ts.isImportDeclaration(st)) continue;
		const bindings = st.importClause?.namedBindings;
		if (!bindings || !ts.isNamedImports(bindings)) continue;
		// An import of a document by an operation's name (`import { CreateTeam } from './team.graphql'`).
		const fromDocument = ts.isStringLiteral(st.moduleSpecifier) && isGraphqlDocument(st.moduleSpecifier.text);
		for (const el of bindings.elements) {
			const imported = (el.propertyName ?? el.name).text;
			const op = fromDocument ? imported : operationOfGenerated(imported);
			if (op) ops.set(el.name.text, op);
		}
	}
	if (ops.size === 0) return;
	const seen = new Set<string>();
	const visit = (n: ts.Node): void => {
		if (ts.isImportDeclaration(n)) return;
		if (ts.isIdentifier(n)) {
			const op = ops.get(n.text);
			if (op && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
				const at = wrap<Node>(sf, n);
				const where = `${ctx.enclosingDefId(at)}\0${op}`;
				if (!seen.has(where)) {
					seen.add(where);
					out.push(record(CANDIDATE, documentUse({ member: op }), at, at, ctx));
				}
			}
			return;
		}
		ts.forEachChild(n, visit);
	};
	visit(file);
}

/**
 * GraphQL client calls given a constant holding a `gql` document (`useQuery(GET_TEAM)`,
 * `client.mutate({ mutation: CREATE_TEAM })`), the constant found through the checker (imported or
 * local): the caller sends the document's operations. Keyed by the constant's definition; finalize
 * gives it the keys of the operations written there.
 */
function documentConstantCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	if (isGraphqlDocument(ctx.filePath)) return;
	const seen = new Set<string>();
	for (const cn of nodes.calls) {
		// The name alone: few calls are GraphQL client calls, and the receiver is not read.
		const name = calleeNameOf(cn);
		if (name === undefined || !GRAPHQL_CLIENT_CALLS.names.has(name)) continue;
		const named: ts.Identifier[] = [];
		for (const a of cn.arguments) {
			const x = skipWrappers(a);
			if (ts.isIdentifier(x)) named.push(x);
			else if (ts.isObjectLiteralExpression(x))
				for (const p of x.properties)
					if (
						ts.isPropertyAssignment(p) &&
						ts.isIdentifier(p.name) &&
						GRAPHQL_CLIENT_CALLS.documentProperties.has(p.name.text) &&
						ts.isIdentifier(skipWrappers(p.initializer))
					)
						named.push(skipWrappers(p.initializer) as ts.Identifier);
		}
		for (const id of named) {
			if (operationOfGenerated(id.text)) continue; // a generated name: documentUseCandidates
			const at = wrap<Node>(sf, id);
			const decl = declarationsOf(at)[0];
			if (!decl || !Node.isVariableDeclaration(decl)) continue;
			// An operation imported from a document is taken by its name (documentUseCandidates).
			const declaredIn = decl
				.getSourceFile()
				.getFilePath()
				.replace(/\.tsx?$/, "");
			if (isGraphqlDocument(declaredIn)) continue;
			const init = decl.getInitializer();
			if (!init || documentText(init.compilerNode) === null) continue;
			const def = ctx.defIdOf(decl);
			const where = `${ctx.enclosingDefId(at)}\0${def}`;
			if (!def || seen.has(where)) continue;
			seen.add(where);
			out.push(record(CANDIDATE, documentUse({ holder: def }), at, at, ctx));
		}
	}
}

/** A place that uses a GraphQL document: the operation it names (`member`) or the constant holding it (`holder`). */
function documentUse(which: { member: string } | { holder: string }): CandidateInfo {
	return {
		form: "graphql",
		receiver: "graphql",
		name: DOCUMENT_USE,
		arg: 0,
		keys: [],
		handlerArg: null,
		handler: null,
		callee: null,
		...which,
	};
}
