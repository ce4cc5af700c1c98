/** Decorator idioms: `@Controller('team')` + `@Get(':id')` — the decorated method is the handler. */
import type { ClassDeclaration, Decorator } from "ts-morph";
import { Node } from "#ts-morph";
import type { SiteContext } from "../../index/types.js";
import type { DecoratorIdiom } from "../config.js";
import { evaluateKey, resolveObject } from "../key-eval.js";
import type { Emit } from "../sites.js";
import { routeApp } from "./app-prefix.js";
import type { ClassIdiom } from "./class-idiom.js";

/** The key(s) a decorator's argument gives: a string, or a property of an object argument. */
export function decoratorKey(
	dec: Decorator,
	spec: { arg: number; property?: string | undefined },
): { values: string[] | null; node: Node } | undefined {
	const arg = dec.getArguments()[spec.arg];
	if (!arg) return undefined;
	const obj = spec.property ? resolveObject(arg) : undefined;
	if (obj && Node.isObjectLiteralExpression(obj)) {
		const prop = obj.getProperty(spec.property as string);
		const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
		return init ? { values: evaluateKey(init), node: init } : undefined;
	}
	return { values: evaluateKey(arg), node: arg };
}

/** The key argument's text, whitespace folded, for an idiom keyed as written (`keyAsWritten`); else null. */
function asWritten(node: Node, idiom: DecoratorIdiom): string[] | null {
	return idiom.keyAsWritten ? [node.getText().replace(/\s+/g, " ")] : null;
}

export const joinPath = (a: string, b: string) =>
	[a, b]
		.map((p) => p.replace(/^\/+|\/+$/g, ""))
		.filter(Boolean)
		.join("/");

/** Decorated methods of decorated classes (`@Controller('team')` + `@Get(':id')`): the method is the handler. */
export const extractDecorators: ClassIdiom = (cls, c, ctx, emit) => {
	const methods = cls.getMethods().filter((m) => m.getDecorators().length > 0);
	for (const { trunk, idiom } of c.decorators) {
		if (idiom.target === "class") {
			classSites(cls, trunk.name, idiom, ctx, emit);
			continue;
		}
		if (methods.length === 0) continue;
		const names = new Set(idiom.names);
		let prefixes: string[] = [""];
		let classDecorator: Decorator | undefined;
		if (idiom.classPrefix) {
			const classNames = new Set(idiom.classPrefix.names);
			const dec = cls.getDecorators().find((d) => classNames.has(d.getName()));
			if (!dec) continue;
			classDecorator = dec;
			const k = decoratorKey(dec, idiom.classPrefix);
			if (k && k.values === null) prefixes = [];
			else if (k?.values) prefixes = k.values;
		}
		for (const m of methods) {
			for (const dec of m.getDecorators()) {
				if (!names.has(dec.getName())) continue;
				const k = decoratorKey(dec, idiom.key);
				const method = idiom.methodFromName ? dec.getName().toUpperCase() : undefined;
				const handler = ctx.defIdOf(m);
				// The app's global prefix and version reach the route through its receiver identity (app-prefix.ts).
				const app = idiom.appPrefix ? routeApp(m, cls, classDecorator, idiom.appPrefix, ctx) : undefined;
				const keyNode = k?.node ?? dec;
				const values = k
					? (k.values ?? asWritten(k.node, idiom))
					: idiom.emptyKey !== undefined
						? [idiom.emptyKey]
						: null;
				if (!k && idiom.emptyKey === undefined) continue;
				if (values === null || prefixes.length === 0) {
					emit(trunk.name, idiom.side, null, keyNode, m, handler, "syntactic", [], method);
					continue;
				}
				for (const prefix of prefixes) {
					for (const v of values) {
						const raw = idiom.methodFromName ? `/${joinPath(prefix, v)}` : prefix ? `${prefix}/${v}` : v;
						emit(trunk.name, idiom.side, raw, keyNode, m, handler, "syntactic", idiom.also, method, app);
					}
				}
			}
		}
	}
};

/**
 * A class decorator naming a key (`@Processor('mail') class MailProcessor`): the class registers it,
 * handled by its own `handlerMember` method when it declares one (a worker's `process`), else by itself.
 */
function classSites(
	cls: ClassDeclaration,
	trunk: string,
	idiom: DecoratorIdiom,
	ctx: SiteContext,
	emit: Emit,
): void {
	const names = new Set(idiom.names);
	for (const dec of cls.getDecorators()) {
		if (!names.has(dec.getName())) continue;
		const k = decoratorKey(dec, idiom.key);
		if (!k && idiom.emptyKey === undefined) continue;
		const member = idiom.handlerMember ? cls.getInstanceMethod(idiom.handlerMember) : undefined;
		const handlerNode = member?.hasBody() ? member : cls;
		const handler = ctx.defIdOf(handlerNode);
		const values = k ? k.values : [idiom.emptyKey as string];
		const keyNode = k?.node ?? dec;
		if (values === null) {
			emit(trunk, idiom.side, null, keyNode, cls, handler, "syntactic", []);
			continue;
		}
		for (const v of values) emit(trunk, idiom.side, v, keyNode, cls, handler, "syntactic", idiom.also);
	}
}
