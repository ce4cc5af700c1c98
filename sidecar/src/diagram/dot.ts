/** Graphviz DOT for the same pictures, for offline PNG rendering. */
import type { DiagramModel } from "./model.js";
import { type PackageGraphOptions, type PackageGraphSource, packageGraph } from "./package-graph.js";

const FONT = "DejaVu Sans";
const KIND_FILL: Record<string, string> = {
	class: "#e8f0fe",
	method: "#f1f8e9",
	function: "#f1f8e9",
	interface: "#fff8e1",
	type: "#fff8e1",
	variable: "#f3e5f5",
	module: "#eceff1",
	"dispatch-key": "#ffe0b2",
};
const TRUNK_COLOUR = "#d84315";

function q(text: string): string {
	return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}

/** Text inside a Graphviz HTML-like label. */
function html(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Names longer than this are shortened in the middle so boxes stay narrow. */
function shorten(text: string, max = 40): string {
	return text.length <= max ? text : `${text.slice(0, max - 12)}…${text.slice(-11)}`;
}

/**
 * Top-to-bottom for chains (deep), left-to-right for fans (wide): whichever keeps the picture
 * closer to a chat window's shape.
 */
function rankdirOf(model: DiagramModel): "TB" | "LR" {
	const level = new Map<string, number>();
	const incoming = new Set(model.edges.map((e) => e.to));
	let frontier = model.nodes.filter((n) => !incoming.has(n.id)).map((n) => n.id);
	for (let depth = 0; frontier.length > 0 && depth < model.nodes.length; depth++) {
		const next: string[] = [];
		for (const id of frontier) {
			if (level.has(id)) continue;
			level.set(id, depth);
			for (const e of model.edges) if (e.from === id) next.push(e.to);
		}
		frontier = next;
	}
	const widths = new Map<number, number>();
	for (const d of level.values()) widths.set(d, (widths.get(d) ?? 0) + 1);
	const widest = Math.max(1, ...widths.values());
	return widest > 2 * Math.max(1, widths.size) ? "LR" : "TB";
}

export function modelDot(model: DiagramModel, title?: string): string {
	const out = [
		"digraph chains {",
		`  graph [rankdir=${rankdirOf(model)}, fontname=${q(FONT)}, fontsize=12, nodesep=0.3, ranksep=0.35, pad=0.2${title ? `, label=${q(title)}, labelloc=t` : ""}];`,
		`  node [shape=box, style="rounded,filled", fontname=${q(FONT)}, fontsize=11, margin="0.12,0.05"];`,
		`  edge [fontname=${q(FONT)}, fontsize=10, color="#455a64"];`,
	];
	const clusters = new Map<string, typeof model.nodes>();
	for (const n of model.nodes) clusters.set(n.cluster, [...(clusters.get(n.cluster) ?? []), n]);
	let c = 0;
	for (const [cluster, nodes] of clusters) {
		out.push(
			`  subgraph cluster_${c++} { label=${q(cluster)}; style="rounded,dashed"; color="#90a4ae"; fontcolor="#37474f";`,
		);
		for (const n of nodes) {
			const fill = KIND_FILL[n.kind] ?? "#ffffff";
			const shape = n.kind === "dispatch-key" ? ", shape=ellipse" : "";
			const pen = n.root ? ", penwidth=2.5" : "";
			const label = `<${html(shorten(n.label))}<BR/><FONT POINT-SIZE="9" COLOR="#546e7a">${html(n.detail)}</FONT>>`;
			out.push(`    ${n.id} [label=${label}, fillcolor=${q(fill)}${shape}${pen}];`);
		}
		out.push("  }");
	}
	for (const e of model.edges) {
		const attrs: string[] = [];
		if (e.label) attrs.push(`label=${q(` ${e.label} `)}`);
		if (e.style === "dispatch")
			attrs.push(`color=${q(TRUNK_COLOUR)}`, `fontcolor=${q(TRUNK_COLOUR)}`, "style=bold");
		if (e.style === "register")
			attrs.push(`color=${q(TRUNK_COLOUR)}`, `fontcolor=${q(TRUNK_COLOUR)}`, "style=dashed");
		if (e.style === "collapsed") attrs.push("style=dashed", `tooltip=${q(e.hidden.join(" → "))}`);
		out.push(`  ${e.from} -> ${e.to}${attrs.length ? ` [${attrs.join(", ")}]` : ""};`);
	}
	out.push("}");
	return `${out.join("\n")}\n`;
}

export function packageGraphDot(data: PackageGraphSource, options: PackageGraphOptions = {}): string {
	const g = packageGraph(data, options);
	const out = [
		"digraph packages {",
		`  graph [rankdir=LR, fontname=${q(FONT)}, nodesep=0.25, ranksep=0.6, pad=0.2];`,
		`  node [shape=box, style="rounded,filled", fillcolor="#e8f0fe", fontname=${q(FONT)}, fontsize=11];`,
		`  edge [fontname=${q(FONT)}, fontsize=9, color="#607d8b"];`,
	];
	for (const n of g.nodes) {
		out.push(
			`  ${n.id} [label=${q(n.label)}${n.id === g.focus ? ', penwidth=2.5, fillcolor="#c5e1a5"' : ""}];`,
		);
	}
	for (const e of g.edges) {
		const trunk = e.trunk ? `, style=dashed, color=${q(TRUNK_COLOUR)}, fontcolor=${q(TRUNK_COLOUR)}` : "";
		out.push(`  ${e.from} -> ${e.to} [label=${q(e.label)}${trunk}];`);
	}
	out.push("}");
	return `${out.join("\n")}\n`;
}
