/**
 * Calls through a module's own context (`self.record(req, doc)` inside `methods(self) {…}` or a
 * sibling section `handlers(self) {…}`): the parameter is untyped in JavaScript, so the checker
 * resolves nothing. The member called is the one of that name a module of methods of the same file
 * defines (returned-functions.ts), returned by a function whose first parameter has the same name.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import {
	hasBlockBody,
	isFunction,
	returnedMethodModules,
	selfAccessParameter,
	selfCallParameter,
} from "./returned-functions.js";

const cache = new WeakMap<ts.SourceFile, Map<string, ts.Node>>();

/** `parameter\0member` → the member's node, over the modules of methods of a file. */
function selfMembers(sf: ts.SourceFile): Map<string, ts.Node> {
	const cached = cache.get(sf);
	if (cached) return cached;
	const out = new Map<string, ts.Node>();
	const visit = (n: ts.Node): void => {
		const first = hasBlockBody(n) ? n.parameters[0] : undefined;
		if (hasBlockBody(n) && first && ts.isIdentifier(first.name)) {
			for (const literal of returnedMethodModules(n))
				for (const member of literal.properties) {
					const name = ts.isSpreadAssignment(member) ? null : propertyNameText(member.name);
					const key = `${first.name.text}\u0000${name}`;
					// The first section defining a name keeps it: a later one overriding it is rarer.
					if (name !== null && !out.has(key)) out.set(key, member);
				}
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(sf, visit);
	cache.set(sf, out);
	return out;
}

/** The member node a call `self.name(…)` through a function's first parameter runs, if its file defines one. */
export function selfMemberCalled(call: ts.CallExpression): ts.Node | undefined {
	const through = selfCallParameter(call);
	if (!through) return undefined;
	return selfMembers(call.getSourceFile()).get(`${through.name}\u0000${through.member}`);
}

/**
 * The method a `self.name` read hands on as a value (`app.get('*', …, self.serve)`, `promisify(self.copyIn)`)
 * through a function's first parameter: a function-valued member only (a group of methods is no handler).
 */
export function selfMemberRead(access: ts.PropertyAccessExpression): ts.Node | undefined {
	const through = selfAccessParameter(access);
	if (!through) return undefined;
	const member = selfMembers(access.getSourceFile()).get(`${through.name}\u0000${through.member}`);
	if (!member) return undefined;
	return ts.isMethodDeclaration(member) || (ts.isPropertyAssignment(member) && isFunction(member.initializer))
		? member
		: undefined;
}
