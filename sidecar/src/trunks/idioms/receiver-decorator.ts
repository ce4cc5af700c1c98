/**
 * Keys a receiver carries in a decorator on its declaration: dependency-injected handles named by a
 * string (`@InjectQueue('mail') private mailQueue: Queue`, then `this.mailQueue.add('send', …)`).
 * Read syntactically from the enclosing class (constructor parameter properties and fields) or, for a
 * plain name, from the parameter declaring it.
 */

import type { Decorator } from "ts-morph";
import { Node } from "#ts-morph";
import { unwrap } from "../../syntax/unwrap.js";
import { decoratorKey } from "./decorators.js";

/** The decorators of the declaration `receiver` names (`this.x` or a decorated parameter `x`). */
function receiverDecorators(receiver: Node): Decorator[] {
	const r = unwrap(receiver);
	if (Node.isPropertyAccessExpression(r) && Node.isThisExpression(unwrap(r.getExpression()))) {
		const cls = r.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
		if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return [];
		const name = r.getName();
		const field = cls.getProperty(name);
		if (field) return field.getDecorators();
		for (const ctor of cls.getConstructors()) {
			const param = ctor.getParameter(name);
			if (param?.isParameterProperty()) return param.getDecorators();
		}
		return [];
	}
	if (Node.isIdentifier(r)) {
		for (const decl of r.getSymbol()?.getDeclarations() ?? [])
			if (Node.isParameterDeclaration(decl)) return decl.getDecorators();
	}
	return [];
}

/**
 * The key(s) a decorator named `names` on the receiver's declaration gives; undefined when the receiver
 * has none (the call is no site), `values: null` when the decorator's argument is not a constant.
 */
export function receiverDecoratorKey(
	receiver: Node | undefined,
	spec: { names: readonly string[]; arg: number },
): { values: string[] | null; expr: Node } | undefined {
	if (!receiver) return undefined;
	const dec = receiverDecorators(receiver).find((d) => spec.names.includes(d.getName()));
	if (!dec) return undefined;
	const k = decoratorKey(dec, { arg: spec.arg });
	return k ? { values: k.values, expr: k.node } : undefined;
}
