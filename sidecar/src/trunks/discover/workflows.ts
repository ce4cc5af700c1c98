/**
 * Workflows run by name (Temporal): a workflow module (one importing the engine's workflow API)
 * registers each function it exports under its own name, the workflow type; a client's
 * `client.workflow.start('orderWorkflow', …)` (or `execute`, `signalWithStart`) and a parent
 * workflow's `startChild('orderWorkflow')` start it. The name is a string on one side and a
 * function name on the other, so no import edge crosses the hop. Shapes and module names, as data:
 * see `WORKFLOWS` in families.
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { type FileNodes, wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, literalKeys, record } from "./candidates.js";
import { WORKFLOWS } from "./families.js";

export const WORKFLOW = "(workflow)";
export const WORKFLOW_START = "(workflow start)";

/** Local names imported from a workflow module (`startChild`), and whether the file imports one at all. */
function workflowImports(sf: ts.SourceFile): { any: boolean; names: Set<string> } {
	const names = new Set<string>();
	let any = false;
	for (const st of sf.statements) {
		if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
		if (!WORKFLOWS.modules.has(st.moduleSpecifier.text) || st.importClause?.isTypeOnly) continue;
		any = true;
		const bindings = st.importClause?.namedBindings;
		if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.add(el.name.text);
	}
	return { any, names };
}

const exported = (n: ts.Node) =>
	ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The functions a workflow module exports by name: `export async function x()`, `export const x = async () => …`. */
function exportedFunctions(sf: ts.SourceFile): { name: string; node: ts.Node }[] {
	const out: { name: string; node: ts.Node }[] = [];
	for (const st of sf.statements) {
		if (ts.isFunctionDeclaration(st) && st.name && st.body && exported(st))
			out.push({ name: st.name.text, node: st });
		else if (ts.isVariableStatement(st) && exported(st))
			for (const d of st.declarationList.declarations) {
				let init = d.initializer;
				while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init)))
					init = init.expression;
				if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
					out.push({ name: d.name.text, node: d });
			}
	}
	return out;
}

/** `x.workflow.start(…)`, `x?.workflow?.execute(…)`: the called name when the receiver's last name is the client's. */
function starterName(callee: ts.Expression, children: ReadonlySet<string>): string | null {
	if (ts.isIdentifier(callee)) return children.has(callee.text) ? callee.text : null;
	if (!ts.isPropertyAccessExpression(callee) || !WORKFLOWS.starters.names.has(callee.name.text)) return null;
	let recv: ts.Expression = callee.expression;
	while (ts.isNonNullExpression(recv) || ts.isParenthesizedExpression(recv)) recv = recv.expression;
	return ts.isPropertyAccessExpression(recv) && recv.name.text === WORKFLOWS.starters.receiver
		? callee.name.text
		: null;
}

export function workflowCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const imports = workflowImports(sf.compilerNode);
	if (imports.any)
		for (const fn of exportedFunctions(sf.compilerNode)) {
			const at = wrap<Node>(sf, fn.node);
			const handler = ctx.defIdOf(at);
			if (!handler) continue;
			const info: CandidateInfo = {
				form: "workflow",
				receiver: "",
				name: WORKFLOW,
				arg: 0,
				keys: [fn.name],
				handlerArg: null,
				handler,
				callee: null,
			};
			const nameNode = ts.isFunctionDeclaration(fn.node)
				? fn.node.name
				: (fn.node as ts.VariableDeclaration).name;
			out.push(record(CANDIDATE, info, at, wrap(sf, nameNode as ts.Node), ctx));
		}
	// Children are started by functions imported from the workflow module; clients by `….workflow.start`.
	const children = new Set([...imports.names].filter((n) => WORKFLOWS.children.has(n)));
	for (const cn of nodes.calls) {
		const name = starterName(cn.expression, children);
		const arg = cn.arguments[0];
		if (!name || !arg) continue;
		const keys = literalKeys(arg, () => wrap(sf, arg));
		if (!keys) continue;
		const info: CandidateInfo = {
			form: "workflow-start",
			receiver: "",
			name: WORKFLOW_START,
			arg: 0,
			keys,
			handlerArg: null,
			handler: null,
			callee: null,
		};
		out.push(record(CANDIDATE, info, wrap(sf, cn), wrap(sf, arg), ctx));
	}
}
