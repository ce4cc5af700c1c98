/**
 * The index file: one SQLite database that every other part of CodeAsk reads.
 *
 * This module is the contract between the indexer (writer) and its readers (pipeline, service,
 * MCP, benchmark, overview). Bump INDEX_FORMAT_VERSION on any change readers can observe; an
 * index of another format version is rebuilt from scratch, never migrated.
 *
 * Identity: `defId = <repo-relative posix path>#<qualified name>`, e.g.
 * `apps/server/src/push/push.ts#PushSender.sendNativeNotification`.
 * Every file also has a module pseudo-definition `<path>#(module)` that owns top-level code.
 * Each string-dispatch key is a pseudo-definition of kind `dispatch-key` with
 * `defId = trunk:<trunk>#<normalised key>` and no file.
 */

export const INDEX_FORMAT_VERSION = 2;

export const DEF_KINDS = [
	"module",
	"function",
	"method",
	"class",
	"interface",
	"type",
	"variable",
	"enum",
	"property",
	"dispatch-key",
	/** a workspace/build manifest (package.json, tsconfig, turbo/nx/pnpm) or one of its sections: indexer/manifests.ts */
	"manifest",
] as const;
export type DefKind = (typeof DEF_KINDS)[number];

export const EDGE_KINDS = [
	"call",
	"new",
	"jsx",
	"reference",
	"import",
	"extends",
	"implements",
	/** interface (or abstract) member → a member that implements it */
	"implementation",
	/** a definition that registers a handler under a key → the key pseudo-node */
	"register",
	/** the key pseudo-node → the handler definition registered under it */
	"handler",
	/** a definition that dispatches by key (call, run, broadcast, fetch …) → the key pseudo-node */
	"dispatch",
	/**
	 * a typed map's member named by a key (`'/v1/notes.create': {…}` of an endpoint type) → the key
	 * pseudo-node it declares (trunks/declarations.ts); no use: left out of fan-in/out
	 */
	"declares",
] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** How an edge or dispatch site was resolved. */
export type Resolution = "checker" | "syntactic";

export const SCHEMA_SQL = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- keys: formatVersion, toolVersion, repoRoot (absolute), commit (or ''), builtAt (ISO),
--       options (JSON), stats (JSON: IndexStats), trunkConfig (JSON)

CREATE TABLE packages (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,       -- package.json name, or the folder name
  dir         TEXT NOT NULL,       -- repo-relative posix folder ('' for the root package)
  description TEXT,                -- package.json description
  readme      TEXT,                -- first paragraph(s) of the package README, if any
  hash        TEXT NOT NULL        -- hash over the package's file hashes (reuse key)
);

CREATE TABLE files (
  id         INTEGER PRIMARY KEY,
  path       TEXT NOT NULL UNIQUE, -- repo-relative posix path
  package_id INTEGER NOT NULL REFERENCES packages(id),
  hash       TEXT NOT NULL,        -- sha1 of content
  line_count INTEGER NOT NULL,
  content    TEXT NOT NULL         -- full source text: the index is self-contained for reading and verifying
);

CREATE TABLE defs (
  id             INTEGER PRIMARY KEY,
  def_id         TEXT NOT NULL UNIQUE,
  file_id        INTEGER REFERENCES files(id),     -- NULL for dispatch-key pseudo-nodes
  package_id     INTEGER REFERENCES packages(id),  -- NULL for dispatch-key pseudo-nodes
  name           TEXT NOT NULL,     -- last segment: 'sendNativeNotification'
  qualified_name TEXT NOT NULL,     -- 'PushSender.sendNativeNotification'
  kind           TEXT NOT NULL,     -- DefKind
  start_line     INTEGER,           -- 1-based, inclusive; NULL for pseudo-nodes
  end_line       INTEGER,
  signature      TEXT,              -- one line, e.g. 'sendNativeNotification(app: string, ...): Promise<void>'
  doc            TEXT,              -- leading JSDoc / comment text, every block (search reads it)
  description    TEXT,              -- the comment block attached to the declaration (answers say it)
  exported       INTEGER NOT NULL DEFAULT 0,
  parent_id      INTEGER REFERENCES defs(id),       -- class of a method, object of a member, …
  fan_in         INTEGER NOT NULL DEFAULT 0,        -- distinct definitions with an edge into this one
  fan_out        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX defs_file ON defs(file_id);
CREATE INDEX defs_name ON defs(name);

CREATE TABLE edges (
  src        INTEGER NOT NULL REFERENCES defs(id),
  dst        INTEGER NOT NULL REFERENCES defs(id),
  kind       TEXT NOT NULL,         -- EdgeKind
  file_id    INTEGER REFERENCES files(id),  -- where the reference is written
  line       INTEGER,               -- 1-based line of the reference
  resolution TEXT NOT NULL          -- Resolution
);
CREATE INDEX edges_src ON edges(src);
CREATE INDEX edges_dst ON edges(dst);

-- Every register/dispatch site of every trunk, including unbound ones (key built at run time).
CREATE TABLE dispatch_sites (
  id          INTEGER PRIMARY KEY,
  trunk       TEXT NOT NULL,        -- 'rest', 'meteor-method', 'callbacks', …, or a config's own
  side        TEXT NOT NULL,        -- 'register' | 'dispatch'
  key         TEXT,                 -- normalised key; NULL when unbound
  raw_key     TEXT,                 -- key as written (literal text) when bound
  expression  TEXT,                 -- the key's source expression (always set; the evidence when unbound)
  file_id     INTEGER NOT NULL REFERENCES files(id),
  line        INTEGER NOT NULL,
  enclosing   INTEGER REFERENCES defs(id),  -- the definition whose body holds the site
  handler     INTEGER REFERENCES defs(id),  -- register side: the handler definition, when known
  key_def     INTEGER REFERENCES defs(id),  -- the dispatch-key pseudo-node, when bound
  resolution  TEXT NOT NULL,        -- Resolution
  in_scope    INTEGER NOT NULL DEFAULT 1    -- 0 for trunks outside the six-trunk counts (e.g. slash commands)
);
CREATE INDEX dispatch_key ON dispatch_sites(trunk, key);
CREATE INDEX dispatch_file ON dispatch_sites(file_id);

-- Per file: the site extractor's output before \`finalize\`, serialised by the extractor. An
-- incremental run feeds the reused files' rows back to \`finalize\` with the re-extracted files'
-- sites, so cross-file joins (facades, router mounts, :param routes) come out as in a full run.
CREATE TABLE file_sites (
  file_id INTEGER PRIMARY KEY REFERENCES files(id),
  sites   TEXT NOT NULL
);

-- Per TypeScript file: the bodies an incremental run's program may blank in it when the file is
-- there only for its declarations (indexer/bodies.ts), valid for the file's content of \`files.hash\`.
CREATE TABLE file_bodies (
  file_id INTEGER PRIMARY KEY REFERENCES files(id),
  ranges  TEXT NOT NULL               -- start/end offsets, each from the previous, base 36, comma-separated
);

-- Per file: how its module names resolved when it was last extracted (indexer/resolve.ts), taken
-- by later incremental runs while the tree's layout is the one it was recorded under.
CREATE TABLE file_imports (
  file_id     INTEGER PRIMARY KEY REFERENCES files(id),
  layout      TEXT NOT NULL,          -- indexer/resolution-layout.ts
  resolutions TEXT NOT NULL           -- JSON: [module name, resolved module or null][]
);

-- Unresolved references, by reason (e.g. 'external-module-missing', 'any-typed', 'no-symbol').
CREATE TABLE unresolved (
  reason TEXT PRIMARY KEY,
  count  INTEGER NOT NULL
);

-- Knowledge layer: generated at index time from the code itself.
CREATE TABLE outline_sections (
  id          INTEGER PRIMARY KEY,
  section_id  TEXT NOT NULL UNIQUE,  -- 'pkg:<package name>' or 'dir:<repo-relative folder>'
  kind        TEXT NOT NULL,         -- 'package' | 'folder'
  title       TEXT NOT NULL,
  path        TEXT NOT NULL,         -- folder
  package_id  INTEGER REFERENCES packages(id),
  parent      TEXT,                  -- section_id of the enclosing section
  summary     TEXT NOT NULL,         -- description / README excerpt / doc comments
  files       TEXT NOT NULL,         -- JSON string[] of repo-relative paths
  top_symbols TEXT NOT NULL,         -- JSON string[] of defIds by fan-in
  keys        TEXT NOT NULL          -- JSON {trunk, key, side}[] registered/dispatched here
);

-- Lexical channel over definitions: names split on camelCase/snake_case, path words, signature, doc.
CREATE VIRTUAL TABLE defs_fts USING fts5(name_words, path_words, signature, doc, tokenize = 'porter unicode61');
-- rowid = defs.id

-- Lexical channel over whole files (BM25 file ranking, full-text seed channel). rowid = files.id
CREATE VIRTUAL TABLE files_fts USING fts5(path_words, body, tokenize = 'porter unicode61');

-- Outline sections. rowid = outline_sections.id
CREATE VIRTUAL TABLE outline_fts USING fts5(title, path_words, summary, symbols, keys, tokenize = 'porter unicode61');
`;

/** Counts printed by `codeask index --json` and stored in meta.stats. */
export interface IndexStats {
	packages: number;
	files: number;
	definitions: number;
	edges: number;
	crossPackageEdges: number;
	externalRefs: number;
	unresolvedRefs: number;
	unresolvedShare: number;
	wallMs: number;
	reusedPackages: number;
}

/** Split an identifier or path into lower-case words: `sendNativeNotification` → send notification native. */
export function identifierWords(text: string): string {
	return text
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
		.split(/[^A-Za-z0-9]+/)
		.filter(Boolean)
		.map((w) => w.toLowerCase())
		.join(" ");
}
