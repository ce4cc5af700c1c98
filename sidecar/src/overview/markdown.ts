/** The structured (offline) overview as Markdown: what a newcomer reads first. */
import { posix } from "node:path";
import { shownScopedKey } from "../bus-key.js";
import type { OverviewData, PackageDependency, PackageSummary, TrunkLink } from "./types.js";

export interface MarkdownOptions {
	/** Packages listed in the repository table (the rest are counted). */
	maxPackages?: number;
	/** Dependency and trunk lines listed. */
	maxLinks?: number;
}

export function renderOverviewMarkdown(data: OverviewData, options: MarkdownOptions = {}): string {
	return data.scope === "package" ? renderPackage(data, options) : renderRepository(data, options);
}

function renderRepository(data: OverviewData, options: MarkdownOptions): string {
	const maxPackages = options.maxPackages ?? 30;
	const maxLinks = options.maxLinks ?? 20;
	const out: string[] = [];
	out.push(
		`# Overview of ${repoName(data)}${data.commit ? ` (commit ${data.commit.slice(0, 12)})` : ""}`,
		"",
	);
	out.push(`${totalsLine(data)}`, "");

	out.push(
		"## Packages",
		"",
		"| package | folder | what it is | size | most used |",
		"|---|---|---|---|---|",
	);
	for (const p of data.packages.slice(0, maxPackages)) {
		out.push(
			`| \`${p.name}\` | \`${p.dir || "."}\` | ${cell(p.description ?? "—")} | ${plural(p.files, "file")}, ${plural(p.lines, "line")} | ${cell(topNames(p, 3))} |`,
		);
	}
	if (data.packages.length > maxPackages) {
		out.push(
			"",
			`…and ${data.packages.length - maxPackages} smaller packages (\`codeask overview --json\` lists all).`,
		);
	}

	out.push("", "## How the packages depend on each other", "");
	out.push(...dependencyLines(data.dependencies, maxLinks));
	out.push("", "## How packages talk over string-dispatch trunks", "");
	out.push(...trunkLines(data.trunkLinks, maxLinks));

	const entries = data.packages.filter((p) => p.entryPoints.length > 0).slice(0, maxPackages);
	out.push("", "## Entry points", "");
	if (entries.length === 0) out.push("No entry files found by name (index/main/server/client/…).");
	for (const p of entries)
		out.push(`- \`${p.name}\`: ${p.entryPoints.map((e) => `\`${e.file}\``).join(", ")}`);
	return `${out.join("\n")}\n`;
}

function renderPackage(data: OverviewData, options: MarkdownOptions): string {
	const maxLinks = options.maxLinks ?? 20;
	const p = data.packages[0];
	if (!p) return "# (no package)\n";
	const out: string[] = [];
	out.push(`# Package \`${p.name}\` (\`${p.dir || "."}\`)`, "");
	if (p.description) out.push(p.description, "");
	out.push(
		`${plural(p.files, "file")}, ${plural(p.lines, "line")}, ${plural(p.definitions, "definition")}.`,
		"",
	);

	out.push("## Most used symbols", "");
	if (p.topSymbols.length === 0) out.push("None with callers inside the index.");
	for (const s of p.topSymbols) {
		out.push(`- \`${s.name}\` (${s.kind}, used by ${s.fanIn}) — \`${s.file}${s.line ? `:${s.line}` : ""}\``);
	}

	if (data.folders.length > 0) {
		out.push("", "## Feature folders", "");
		for (const f of data.folders) {
			const symbols = f.topSymbols.length
				? `; most used: ${f.topSymbols.map((s) => `\`${s}\``).join(", ")}`
				: "";
			const subs = f.subfolders.length
				? `; subfolders: ${f.subfolders.map((c) => `\`${c.name}\` (${c.files})`).join(", ")}`
				: "";
			out.push(
				`- \`${f.path}\` (${plural(f.files, "file")})${f.summary ? ` — ${f.summary}` : ""}${subs}${symbols}`,
			);
		}
	}

	out.push("", "## Depends on", "");
	out.push(
		...(p.dependsOn.length
			? p.dependsOn.slice(0, maxLinks).map((d) => `- \`${d.package}\` (${plural(d.edges, "edge")})`)
			: ["No other package."]),
	);
	out.push("", "## Used by", "");
	out.push(
		...(p.usedBy.length
			? p.usedBy.slice(0, maxLinks).map((d) => `- \`${d.package}\` (${plural(d.edges, "edge")})`)
			: ["No other package."]),
	);

	out.push("", "## String-dispatch keys", "");
	if (p.trunks.length === 0) out.push("Registers and dispatches no keys.");
	for (const t of p.trunks) {
		out.push(
			`- **${t.trunk}**: registers ${plural(t.registers, "key")}, dispatches ${plural(t.dispatches, "key")} (e.g. ${t.sampleKeys.map((k) => shownScopedKey(k, "`")).join(", ")})`,
		);
	}
	if (data.trunkLinks.length > 0) {
		out.push("", "Across packages:", "", ...trunkLines(data.trunkLinks, maxLinks));
	}

	out.push("", "## Entry points", "");
	if (p.entryPoints.length === 0) out.push("No entry files found by name (index/main/server/client/…).");
	for (const e of p.entryPoints) out.push(`- \`${e.file}\` (${e.reason})`);
	return `${out.join("\n")}\n`;
}

function dependencyLines(deps: readonly PackageDependency[], max: number): string[] {
	if (deps.length === 0) return ["No static edges cross package boundaries."];
	const lines = deps.slice(0, max).map((d) => {
		const kinds = Object.entries(d.kinds)
			.sort((a, b) => b[1] - a[1])
			.map(([k, n]) => `${n} ${k}`)
			.join(", ");
		return `- \`${d.from}\` → \`${d.to}\` (${plural(d.edges, "edge")}: ${kinds})`;
	});
	if (deps.length > max) lines.push(`- …and ${deps.length - max} weaker dependencies`);
	return lines;
}

function trunkLines(links: readonly TrunkLink[], max: number): string[] {
	if (links.length === 0) return ["No keys dispatched in one package and registered in another."];
	const lines = links
		.slice(0, max)
		.map(
			(l) =>
				`- \`${l.from}\` → \`${l.to}\` over **${l.trunk}**: ${plural(l.keys, "key")} (${l.sampleKeys.map((k) => shownScopedKey(k, "`")).join(", ")})`,
		);
	if (links.length > max) lines.push(`- …and ${links.length - max} more package pairs`);
	return lines;
}

export function totalsLine(data: OverviewData): string {
	const t = data.totals;
	return `${t.packages} package${t.packages === 1 ? "" : "s"} with code, ${t.files} files, ${t.lines} lines, ${t.definitions} definitions.`;
}

export function repoName(data: OverviewData): string {
	return posix.basename(data.repoRoot.replace(/\\/g, "/").replace(/\/+$/, "")) || "the repository";
}

function topNames(p: PackageSummary, n: number): string {
	return p.topSymbols.length
		? p.topSymbols
				.slice(0, n)
				.map((s) => `\`${s.name}\``)
				.join(", ")
		: "—";
}

function cell(text: string): string {
	return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function plural(n: number, word: string): string {
	return `${n} ${word}${n === 1 ? "" : "s"}`;
}
