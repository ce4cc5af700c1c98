/**
 * Workflows run by name (Temporal): a workflow module (one importing the engine's workflow API)
 * registers each function it exports under its own name, the workflow type; a client's
 * `client.workflow.start('orderWorkflow', …)` (or `execute`, `signalWithStart`) and a parent
 * workflow's `startChild('orderWorkflow')` start it. The name is a string on one side and a
 * function name on the other, so no import edge crosses the hop. Shapes and module names, as data:
 * see `WORKFLOWS` in families. The entry of the workflow families' per-file pass: activities.ts and
 * signals.ts read the rest; workflow-modules.ts holds what they share.
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { type FileNodes, wrap } from "../walk.js";
import { activityCandidates } from "./activities.js";
import { CANDIDATE, declaredInfo, record } from "./candidates.js";
import { WORKFLOWS } from "./families.js";
import { literalKeys } from "./literal-keys.js";
import { signalCandidates } from "./signals.js";
import {
	exportedFunctions,
	starterName,
	WORKFLOW,
	WORKFLOW_START,
	workflowImports,
} from "./workflow-modules.js";

/** A file's candidates of the workflow families, in one order: signals, exported workflows, activities, starts. */
export function workflowCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const imports = workflowImports(sf.compilerNode);
	// Signals: a file of the engine's, or one naming a signal at all (`signalWithStart`, `handle.signal`).
	if (imports.engine || sf.compilerNode.text.includes("signal"))
		signalCandidates(sf, nodes, ctx, imports, out);
	if (imports.any)
		for (const fn of exportedFunctions(sf.compilerNode)) {
			const at = wrap<Node>(sf, fn.node);
			const handler = ctx.defIdOf(at);
			if (!handler) continue;
			const info = declaredInfo("workflow", WORKFLOW, [fn.name], handler);
			const nameNode = ts.isFunctionDeclaration(fn.node)
				? fn.node.name
				: (fn.node as ts.VariableDeclaration).name;
			out.push(record(CANDIDATE, info, at, wrap(sf, nameNode as ts.Node), ctx));
		}
	activityCandidates(sf, nodes, ctx, imports.names, out);
	// Children are started by functions imported from the workflow module; clients by `….workflow.start`.
	const children = new Set([...imports.names].filter((n) => WORKFLOWS.children.has(n)));
	for (const cn of nodes.calls) {
		const name = starterName(cn.expression, children);
		const arg = cn.arguments[0];
		if (!name || !arg) continue;
		const keys = literalKeys(arg, sf);
		if (!keys) continue;
		const info = declaredInfo("workflow-start", WORKFLOW_START, keys, null);
		out.push(record(CANDIDATE, info, wrap(sf, cn), wrap(sf, arg), ctx));
	}
}
