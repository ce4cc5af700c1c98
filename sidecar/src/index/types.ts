import type { DefKind, EdgeKind, Resolution } from "./schema.js";

/** A register or dispatch site of a string-dispatch trunk, as extracted from one file. */
export interface DispatchSiteRecord {
	trunk: string;
	/**
	 * `declare`: a typed map's member declaring a bound key (trunks/declarations.ts), made by finalize;
	 * written as a `declares` edge, never as a dispatch_sites row. `mount`: the line mounting the router
	 * that registers the key under a path (`app.use('/x', sub)`, trunks/idioms/mounts.ts); a row, no edge.
	 */
	side: "register" | "dispatch" | "declare" | "mount";
	/** Normalised key; null when the key is built at run time (unbound). */
	key: string | null;
	/** The key as written, when it is a literal. */
	rawKey: string | null;
	/** Source text of the key expression (evidence for unbound keys). */
	expression: string;
	/** Repo-relative posix path. */
	file: string;
	line: number;
	/** defId of the definition whose body holds the site (a `(module)` def for top-level code). */
	enclosingDefId: string | null;
	/** Register side: defId of the handler, when it is a known definition. */
	handlerDefId: string | null;
	resolution: Resolution;
	/** False for trunks outside the six-trunk counts (e.g. slash commands). */
	inScope: boolean;
}

/** What a definition is, as the writer takes it and readers see it. */
export interface DefFields {
	defId: string;
	/** Repo-relative path; null for dispatch-key pseudo-nodes. */
	file: string | null;
	name: string;
	qualifiedName: string;
	startLine: number | null;
	endLine: number | null;
	signature: string | null;
	/** Every leading comment's words: what search reads. */
	doc: string | null;
	/** The comment block attached to the declaration: what an answer says about it. */
	description: string | null;
	exported: boolean;
}

/** A definition row as readers see it (joined with its file). */
export interface DefRow extends DefFields {
	id: number;
	packageName: string | null;
	kind: DefKind;
	parentId: number | null;
	fanIn: number;
	fanOut: number;
}

/** A dispatch key's pseudo-definition `defId` (`name` as written, `qualifiedName` with its trunk): no file, no line. */
export function keyDefFields(
	defId: string,
	name: string,
	qualifiedName: string,
): DefFields & { kind: "dispatch-key" } {
	return {
		defId,
		file: null,
		name,
		qualifiedName,
		kind: "dispatch-key",
		startLine: null,
		endLine: null,
		signature: null,
		doc: null,
		description: null,
		exported: false,
	};
}

/** An edge as readers see it: both ends' defIds and where the reference is written. */
export interface EdgeRow {
	src: number;
	dst: number;
	srcDefId: string;
	dstDefId: string;
	kind: EdgeKind;
	file: string | null;
	line: number | null;
	resolution: Resolution;
}

/** A dispatch_sites row as readers see it: a record of a register or dispatch site, numbered. */
export interface DispatchSiteRow extends Omit<DispatchSiteRecord, "side" | "expression"> {
	id: number;
	side: "register" | "dispatch";
	/** The column is nullable (schema.ts), though the extractor always sets it. */
	expression: string | null;
}

/** A mount line under a key it prefixes (`IndexReader.mountSites`): its raw key is the mount's own path. */
export interface MountSiteRow extends Omit<DispatchSiteRow, "side"> {
	side: "mount";
}

export interface OutlineSectionRow {
	id: number;
	sectionId: string;
	kind: "package" | "folder";
	title: string;
	path: string;
	packageName: string | null;
	parent: string | null;
	summary: string;
	files: string[];
	topSymbols: string[];
	keys: { trunk: string; key: string; side: "register" | "dispatch" }[];
}

export interface PackageRow {
	id: number;
	name: string;
	dir: string;
	description: string | null;
	readme: string | null;
}

export interface FileRow {
	id: number;
	path: string;
	packageName: string;
	lineCount: number;
}

/** What the indexer gives a site extractor for each file. */
export interface SiteContext {
	repoRoot: string;
	/** Repo-relative posix path of the file being extracted. */
	filePath: string;
	/**
	 * defId of an indexed declaration, or null when that declaration is not a definition of the index.
	 * A compiler node is accepted too (a declaration of any file: a callee resolved on compiler nodes).
	 */
	defIdOf(declaration: import("ts-morph").Node | import("ts-morph").ts.Node): string | null;
	/**
	 * defId of the innermost indexed definition containing `node` (the file's `(module)` def at top level).
	 * A compiler node of the file is accepted too: a hot path need not wrap one in ts-morph for this.
	 */
	enclosingDefId(node: import("ts-morph").Node | import("ts-morph").ts.Node): string | null;
}

/**
 * A plug-in of the indexer's per-file pass that finds string-dispatch sites (the trunks).
 * `finalize` runs once over all sites of the repository (e.g. to match concrete REST paths
 * against `:param` patterns) before they are written.
 */
export interface SiteExtractor {
	extractFile(sourceFile: import("ts-morph").SourceFile, ctx: SiteContext): DispatchSiteRecord[];
	finalize?(sites: DispatchSiteRecord[]): DispatchSiteRecord[];
	/**
	 * One file's `extractFile` output (before `finalize`) as text for the index, and back: an
	 * incremental run passes the reused files' saved sites to `finalize` with the re-extracted
	 * files' sites. Default: JSON of the records; an extractor keeping facts about its records
	 * outside them implements both. `loadSites` gets the repository root `extractFile` would see.
	 */
	saveSites?(sites: DispatchSiteRecord[]): string;
	loadSites?(saved: string, repoRoot: string): DispatchSiteRecord[];
}
