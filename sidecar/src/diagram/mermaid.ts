/** Mermaid flowcharts: an answer's chains, and the package graph of an overview. */
import type { Chain } from "@codeask/shared";
import { buildDiagramModel, type DiagramModel, type ModelOptions } from "./model.js";
import { type PackageGraphOptions, type PackageGraphSource, packageGraph } from "./package-graph.js";

/** Text safe inside a quoted Mermaid label. */
function esc(text: string): string {
	return text.replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;");
}

export function chainsMermaid(chains: readonly Chain[], options: ModelOptions = {}): string {
	return modelMermaid(buildDiagramModel(chains, options));
}

export function modelMermaid(model: DiagramModel): string {
	const out = ["flowchart TD"];
	const clusters = new Map<string, typeof model.nodes>();
	for (const n of model.nodes) clusters.set(n.cluster, [...(clusters.get(n.cluster) ?? []), n]);
	let c = 0;
	for (const [cluster, nodes] of clusters) {
		out.push(`  subgraph c${c++}["${esc(cluster)}"]`);
		for (const n of nodes) {
			const text = `"${esc(n.label)}<br/><small>${esc(n.detail)}</small>"`;
			out.push(`    ${n.id}${n.kind === "dispatch-key" ? `([${text}])` : `[${text}]`}`);
		}
		out.push("  end");
	}
	for (const e of model.edges) {
		if (e.style === "dispatch" || e.style === "register")
			out.push(`  ${e.from} -. "${esc(e.label ?? "")}" .-> ${e.to}`);
		else if (e.label) out.push(`  ${e.from} -->|"${esc(e.label)}"| ${e.to}`);
		else out.push(`  ${e.from} --> ${e.to}`);
	}
	const roots = model.nodes.filter((n) => n.root).map((n) => n.id);
	if (roots.length > 0) {
		out.push("  classDef root stroke-width:3px", `  class ${roots.join(",")} root`);
	}
	return `${out.join("\n")}\n`;
}

export function packageGraphMermaid(data: PackageGraphSource, options: PackageGraphOptions = {}): string {
	const g = packageGraph(data, options);
	const out = ["flowchart LR"];
	for (const n of g.nodes) out.push(`  ${n.id}["${esc(n.label)}"]`);
	for (const e of g.edges) {
		if (e.trunk) out.push(`  ${e.from} -. "${esc(e.label)}" .-> ${e.to}`);
		else out.push(`  ${e.from} -->|"${esc(e.label)}"| ${e.to}`);
	}
	if (g.focus) out.push("  classDef focus stroke-width:3px", `  class ${g.focus} focus`);
	if (g.omitted > 0) out.push(`  %% ${g.omitted} weaker links omitted`);
	return `${out.join("\n")}\n`;
}
