/**
 * Decorated methods with a literal key (`@OnEvent('order.created')`, `@Process('resize')`, `@Post('cancel')`
 * under `@Controller('billing')`): the method handles the key.
 */
import type { Decorator, SourceFile } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, record } from "./candidates.js";
import { HTTP_DECORATORS, KEY_PROPERTY, ROUTE_CLASS_DECORATORS } from "./families.js";
import { importedNames, resolverDecorator } from "./graphql-candidates.js";
import { constantOf, keyLike, literalKeys } from "./literal-keys.js";

/** Decorated methods with a literal key (`@OnEvent('order.created')`, `@Process('resize')`): the method handles it. */
export function decoratorCandidates(
	sf: SourceFile,
	decorators: readonly ts.Decorator[],
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	presetLines: ReadonlySet<number> = new Set(),
): void {
	let imports: ReadonlyMap<string, string> | undefined;
	for (const raw of decorators) {
		if (!ts.isMethodDeclaration(raw.parent) || !ts.isCallExpression(raw.expression)) continue;
		if (presetLines.size > 0) {
			const keyNode = raw.expression.arguments[0] ?? raw;
			if (
				presetLines.has(
					sf.compilerNode.getLineAndCharacterOfPosition(keyNode.getStart(sf.compilerNode)).line + 1,
				)
			)
				continue;
		}
		// GraphQL resolvers are taken by graphqlCandidates.
		imports ??= importedNames(sf.compilerNode);
		if (resolverDecorator(raw.expression, imports)) continue;
		const dec = wrap<Decorator>(sf, raw);
		const method = dec.getParent();
		if (!Node.isMethodDeclaration(method)) continue;
		const expr = dec.getExpression();
		if (!Node.isCallExpression(expr)) continue;
		const arg = expr.getArguments()[0];
		// `@Controller('billing')` on the class prefixes its methods' keys (`@Post('cancel')` → `billing/cancel`).
		const prefix = HTTP_DECORATORS.has(`@${dec.getName()}`) ? classKey(method.getParent()) : null;
		const keyArg = arg && Node.isObjectLiteralExpression(arg) ? keyProperty(arg) : arg;
		const own = keyArg ? literalKeys(keyArg.compilerNode as ts.Expression, keyArg.getSourceFile()) : null;
		const empty = !arg || (Node.isStringLiteral(arg) && arg.getLiteralValue().replace(/\//g, "") === "");
		const keys = prefix ? (own ?? (empty ? [""] : null))?.map((k) => joinKey(prefix, k)) : own;
		if (!keys) continue;
		const constant = keyArg && !prefix ? constantOf(keyArg.compilerNode as ts.Expression) : undefined;
		const info: CandidateInfo = {
			// `@Handles({ name: JOB })`: the key is the object's `name`, as a call's can be (`queue({ name: JOB })`).
			...(keyArg && keyArg !== arg && !prefix ? { named: true as const } : {}),
			...(constant ? { constant } : {}),
			...(prefix !== null || HTTP_DECORATORS.has(`@${dec.getName()}`)
				? { method: dec.getName().toUpperCase() }
				: {}),
			form: "decorator",
			receiver: "",
			name: `@${dec.getName()}`,
			arg: 0,
			keys,
			handlerArg: null,
			handler: ctx.defIdOf(method),
			callee: null,
		};
		out.push(record(CANDIDATE, info, method, arg ?? dec, ctx));
	}
}

/** `{ name: JOB, concurrency: 2 }` → the `name` property's value node. */
function keyProperty(obj: Node): Node | undefined {
	if (!Node.isObjectLiteralExpression(obj)) return undefined;
	const p = obj.getProperty(KEY_PROPERTY);
	return p && Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
}

const joinKey = (a: string, b: string) =>
	[a, b]
		.map((p) => p.replace(/^\/+|\/+$/g, ""))
		.filter(Boolean)
		.join("/");

/** The literal key of a route class decorator (`@Controller('billing')`, not `@ApiTags('Billing')`), or null. */
function classKey(cls: Node | undefined): string | null {
	if (!cls || !Node.isClassDeclaration(cls)) return null;
	for (const dec of cls.getDecorators()) {
		if (!ROUTE_CLASS_DECORATORS.has(dec.getName())) continue;
		const expr = dec.getExpression();
		const arg = Node.isCallExpression(expr) ? expr.getArguments()[0] : undefined;
		if (arg && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg))) {
			const v = arg.getLiteralValue();
			if (keyLike(v)) return v;
		}
	}
	return null;
}
