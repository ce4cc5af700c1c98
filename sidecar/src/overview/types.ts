/** The structured overview of a repository or of one package (the `--json` output). */
import type { LlmProvider } from "@codeask/shared";

export interface SymbolSummary {
	defId: string;
	name: string;
	kind: string;
	fanIn: number;
	file: string;
	line: number | null;
}

export interface TrunkUse {
	trunk: string;
	/** Distinct keys this package registers handlers for. */
	registers: number;
	/** Distinct keys this package dispatches. */
	dispatches: number;
	/** A few of the keys, most-used first. */
	sampleKeys: string[];
}

export interface EntryPoint {
	file: string;
	/** Why it counts as an entry point (e.g. "package root index", "registers 12 rest keys"). */
	reason: string;
}

export interface PackageSummary {
	name: string;
	dir: string;
	/** package.json description, else the README's first paragraph (null when neither exists). */
	description: string | null;
	files: number;
	lines: number;
	definitions: number;
	topSymbols: SymbolSummary[];
	/** Packages this one uses (static edges into them), most edges first. */
	dependsOn: { package: string; edges: number }[];
	/** Packages using this one. */
	usedBy: { package: string; edges: number }[];
	trunks: TrunkUse[];
	entryPoints: EntryPoint[];
}

/** Static dependency between two packages: edges from definitions of `from` to definitions of `to`. */
export interface PackageDependency {
	from: string;
	to: string;
	edges: number;
	/** Edge count per kind (call, reference, import, …). */
	kinds: Record<string, number>;
}

/** Packages talking over a string-dispatch trunk: `from` dispatches keys that `to` registers. */
export interface TrunkLink {
	from: string;
	to: string;
	trunk: string;
	keys: number;
	sampleKeys: string[];
}

export interface FolderSummary {
	path: string;
	title: string;
	summary: string;
	files: number;
	topSymbols: string[];
	/** Its largest subfolders (one level down), by files. */
	subfolders: { name: string; files: number }[];
}

export interface OverviewData {
	scope: "repository" | "package";
	/** The package the overview is about (scope "package"). */
	focus: string | null;
	repoRoot: string;
	commit: string | null;
	totals: { packages: number; files: number; lines: number; definitions: number };
	/** Repository scope: every package with code. Package scope: the package, then its neighbours. */
	packages: PackageSummary[];
	dependencies: PackageDependency[];
	trunkLinks: TrunkLink[];
	/** Package scope: the package's feature folders (from the outline), largest first. */
	folders: FolderSummary[];
}

export interface OverviewResult {
	data: OverviewData;
	/** Structured Markdown summary (always present; the offline answer). */
	markdown: string;
	/** The LLM's narrative, when an LLM was used and answered. */
	narrative: string | null;
	/** Mermaid flowchart of the package graph. */
	diagram: string;
	provider: LlmProvider;
	usage: { requests: number; tokensIn: number; tokensOut: number };
	fallbackReason: string | null;
	timings: Record<string, number>;
}
