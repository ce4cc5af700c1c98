/**
 * What the workflow families (workflows, activities, signals: workflows.ts, activities.ts, signals.ts)
 * share: their record kinds and candidate forms, a workflow module's imports and exported functions,
 * and the client call that starts a workflow by name.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../../syntax/unwrap.js";
import type { CandidateInfo } from "./candidates.js";
import { WORKFLOWS } from "./families.js";

export const WORKFLOW = "(workflow)";
export const WORKFLOW_START = "(workflow start)";
export const ACTIVITY = "(activity)";
export const ACTIVITY_CALL = "(activity call)";
export const ACTIVITY_MODULE = "(activity module)";
export const SIGNAL = "(signal)";
export const SIGNAL_SEND = "(signal send)";

/** The candidate forms of each family a preset can pin (`{ kind: "family", family, side }`). */
export const FAMILY_FORMS = {
	workflows: { register: "workflow", dispatch: "workflow-start" },
	activities: { register: "activity", dispatch: "activity-call" },
	signals: { register: "signal", dispatch: "signal-send" },
} as const satisfies Record<string, Record<"register" | "dispatch", CandidateInfo["form"]>>;

/** The family and side of a candidate form, for `--save`; null for forms of no family. */
export function familyOf(
	form: CandidateInfo["form"],
): { family: keyof typeof FAMILY_FORMS; side: "register" | "dispatch" } | null {
	for (const [family, sides] of Object.entries(FAMILY_FORMS))
		for (const [side, f] of Object.entries(sides))
			if (f === form)
				return { family: family as keyof typeof FAMILY_FORMS, side: side as "register" | "dispatch" };
	return null;
}

/**
 * Local names imported from a workflow module (`startChild`), whether the file imports one at all,
 * and whether it imports any package of the engine (a bare `handle.signal('x')` is then one).
 */
export function workflowImports(sf: ts.SourceFile): { any: boolean; names: Set<string>; engine: boolean } {
	const names = new Set<string>();
	let any = false;
	let engine = false;
	for (const st of sf.statements) {
		if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
		if (WORKFLOWS.signals.modules.test(st.moduleSpecifier.text)) engine = true;
		if (!WORKFLOWS.modules.has(st.moduleSpecifier.text) || st.importClause?.isTypeOnly) continue;
		any = true;
		const bindings = st.importClause?.namedBindings;
		if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.add(el.name.text);
	}
	return { any, names, engine };
}

export const exported = (n: ts.Node) =>
	ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The functions a workflow module exports by name: `export async function x()`, `export const x = async () => …`. */
export function exportedFunctions(sf: ts.SourceFile): { name: string; node: ts.Node }[] {
	const out: { name: string; node: ts.Node }[] = [];
	for (const st of sf.statements) {
		if (ts.isFunctionDeclaration(st) && st.name && st.body && exported(st))
			out.push({ name: st.name.text, node: st });
		else if (ts.isVariableStatement(st) && exported(st))
			for (const d of st.declarationList.declarations) {
				const init = d.initializer && skipWrappers(d.initializer);
				if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
					out.push({ name: d.name.text, node: d });
			}
	}
	return out;
}

/** `x.workflow.start(…)`, `x?.workflow?.execute(…)`: the called name when the receiver's last name is the client's. */
export function starterName(callee: ts.Expression, children: ReadonlySet<string>): string | null {
	if (ts.isIdentifier(callee)) return children.has(callee.text) ? callee.text : null;
	if (!ts.isPropertyAccessExpression(callee) || !WORKFLOWS.starters.names.has(callee.name.text)) return null;
	const recv = skipWrappers(callee.expression);
	return ts.isPropertyAccessExpression(recv) && recv.name.text === WORKFLOWS.starters.receiver
		? callee.name.text
		: null;
}
