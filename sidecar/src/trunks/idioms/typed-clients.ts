/**
 * Typed HTTP clients (discover/families.ts TYPED_HTTP_CLIENTS): `client.users[':id'].$get()` on a
 * client made by `hc<typeof app>(…)` dispatches `GET /users/:id` to `app`. The site carries `app`'s
 * router identity, so `applyMounts` prefixes it as it prefixes the app's own routes
 * (`app.route('/api/auth', auth)`: `POST /api/auth/signin` on both sides).
 */

import type { CallExpression, ClassDeclaration, Node as MorphNode } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { unwrap } from "../../syntax/unwrap.js";
import { TYPED_CLIENT_VERB, TYPED_HTTP_CLIENTS } from "../discover/families.js";
import { type Emit, receiverIdentity } from "../sites.js";
import { thisAssignment } from "../walk.js";
import { routerIdentity } from "./mounts.js";

/** Member accesses between the client and its verb call, at most. */
const MAX_SEGMENTS = 12;
/** Type aliases followed from the client's type argument to the app (`type AppType = typeof app`). */
const MAX_ALIASES = 4;

type Client = (typeof TYPED_HTTP_CLIENTS)[number];

/**
 * `call` (named `name`) as a typed client's verb call: emits its dispatch on `routeTrunk` with the
 * app's identity as its receiver. Returns whether it was one.
 */
export function extractTypedClientCall(
	call: CallExpression,
	name: string,
	routeTrunk: string,
	emit: Emit,
	out: DispatchSiteRecord[],
): boolean {
	const verb = TYPED_CLIENT_VERB.exec(name)?.[1];
	const callee = unwrap(call.getExpression());
	if (!verb || !Node.isPropertyAccessExpression(callee)) return false;
	const segments: string[] = [];
	let e = unwrap(callee.getExpression());
	for (let i = 0; i < MAX_SEGMENTS; i++) {
		if (Node.isPropertyAccessExpression(e) && e.getExpression().getKind() !== ts.SyntaxKind.ThisKeyword) {
			segments.unshift(e.getName());
			e = unwrap(e.getExpression());
		} else if (Node.isElementAccessExpression(e)) {
			const arg = e.getArgumentExpression();
			if (!arg || !Node.isStringLiteral(arg)) return false;
			segments.unshift(arg.getLiteralValue());
			e = unwrap(e.getExpression());
		} else break;
	}
	if (segments.length === 0) return false;
	const made = clientFactoryCall(e);
	if (!made) return false;
	const app = appIdentity(made.call);
	if (!app) return false;
	if (segments.at(-1) === made.client.index) segments.pop();
	const before = out.length;
	emit(
		routeTrunk,
		"dispatch",
		`/${segments.join("/")}`,
		callee,
		call,
		null,
		"checker",
		[],
		verb.toUpperCase(),
	);
	for (const site of out.slice(before)) if (site.trunk === routeTrunk) receiverIdentity.set(site, app);
	return true;
}

/** The `hc<…>(…)` call the client `root` (a variable, or a `this.` field) was made by. */
function clientFactoryCall(root: MorphNode): { call: CallExpression; client: Client } | null {
	let symbol: ReturnType<MorphNode["getSymbol"]>;
	try {
		symbol = root.getSymbol();
	} catch {
		return null;
	}
	for (const decl of symbol?.getDeclarations() ?? []) {
		let init: MorphNode | undefined;
		if (Node.isVariableDeclaration(decl)) init = decl.getInitializer();
		else if (Node.isPropertyDeclaration(decl)) {
			init = decl.getInitializer();
			const cls = decl.getParent();
			if (!init && Node.isClassDeclaration(cls)) init = assignedInClass(cls, decl.getName());
		}
		const u = init && unwrap(init);
		if (!u || !Node.isCallExpression(u)) continue;
		const client = factoryOf(u);
		if (client) return { call: u, client };
	}
	return null;
}

/** `this.<name> = …` in the class (its constructor, usually): the right-hand side, as a ts-morph node. */
function assignedInClass(cls: ClassDeclaration, name: string): MorphNode | undefined {
	const bin = thisAssignment(cls.compilerNode, name, true, (b) => ts.isCallExpression(b.right));
	if (!bin) return undefined;
	return cls.getDescendants().find((n) => n.compilerNode === bin.right);
}

/** The typed client whose factory `call` calls (imported from its module under its name, or renamed). */
function factoryOf(call: CallExpression): Client | undefined {
	const id = call.getExpression();
	if (!Node.isIdentifier(id)) return undefined;
	for (const decl of id.getSymbol()?.getDeclarations() ?? []) {
		if (!Node.isImportSpecifier(decl)) continue;
		const from = decl.getImportDeclaration().getModuleSpecifierValue();
		const imported = decl.getName(); // `import { hc as client }`: the name imported, not the alias
		const client = TYPED_HTTP_CLIENTS.find((c) => c.module === from && c.factory === imported);
		if (client) return client;
	}
	return undefined;
}

/** `file#name` of the app the factory's type argument names: `hc<typeof app>`, or through `type AppType = typeof app`. */
function appIdentity(call: CallExpression): string | null {
	let type: MorphNode | undefined = call.getTypeArguments()[0];
	for (let i = 0; type && i <= MAX_ALIASES; i++) {
		if (Node.isTypeQuery(type)) return routerIdentity(type.getExprName());
		if (!Node.isTypeReference(type)) return null;
		const alias: MorphNode | undefined = declarationsOf(type.getTypeName()).find((d) =>
			Node.isTypeAliasDeclaration(d),
		);
		type = alias && Node.isTypeAliasDeclaration(alias) ? alias.getTypeNode() : undefined;
	}
	return null;
}
