/** Plain-text renderings of graph query results (CLI output, MCP tool text). */
import { shownScopedKey } from "../bus-key.js";
import type { GraphNode, ListenersResult, NeighbourResult, PathResult } from "./types.js";

function where(n: GraphNode): string {
	return n.file ? `${n.file}${n.startLine ? `:${n.startLine}` : ""}` : "(dispatch key)";
}

export function formatNeighbours(r: NeighbourResult): string {
	const head = `${r.direction} of ${r.target.defId} (${r.target.kind}, ${where(r.target)}): ${r.neighbours.length}${r.truncated ? "+" : ""}`;
	const lines = r.neighbours.map((n) => {
		const at = n.file ? ` at ${n.file}${n.line ? `:${n.line}` : ""}` : "";
		const via = n.key ? `${n.via} ${shownScopedKey(n.key, '"')}` : n.via;
		return `${"  ".repeat(n.depth)}${n.node.defId}  [${via}]${at}`;
	});
	return [head, ...lines].join("\n");
}

export function formatPath(r: PathResult): string {
	if (r.steps.length === 0) {
		const why = r.exhausted ? `search stopped after ${r.visited} definitions (--max-visited)` : "no path";
		return `no path from ${r.from.defId} to ${r.to.defId}: ${why}`;
	}
	const trunks = r.trunks.length ? `, across ${r.trunks.join(" → ")}` : "";
	const lines = r.steps.map((s, i) => {
		const via = s.via ? ` --${s.via}${s.file ? ` (${s.file}${s.line ? `:${s.line}` : ""})` : ""}-->` : "";
		return `${String(i).padStart(2)}.${via} ${s.node.defId}`;
	});
	return [`path of ${r.steps.length - 1} edges${trunks}:`, ...lines].join("\n");
}

export function formatListeners(results: readonly ListenersResult[]): string {
	return results
		.map((r) => {
			if (r.handlers.length + r.registerSites.length + r.dispatchers.length === 0) {
				const hint = r.suggestions.length ? `; similar keys: ${r.suggestions.join(", ")}` : "";
				return `no sites for key "${r.key}"${r.trunk === "*" ? "" : ` on trunk ${r.trunk}`}${hint}`;
			}
			const site = (s: { node: GraphNode | null; file: string; line: number }) =>
				`  ${s.node?.defId ?? "(inline)"}  at ${s.file}:${s.line}`;
			return [
				`${r.trunk} ${shownScopedKey(r.key, '"')}: ${r.handlers.length} handler(s), ${r.dispatchers.length} dispatch site(s)`,
				...(r.handlers.length ? ["handlers:", ...r.handlers.map(site)] : []),
				...(r.registerSites.length
					? ["register sites without a known handler:", ...r.registerSites.map(site)]
					: []),
				...(r.dispatchers.length ? ["dispatched from:", ...r.dispatchers.map(site)] : []),
			].join("\n");
		})
		.join("\n\n");
}
