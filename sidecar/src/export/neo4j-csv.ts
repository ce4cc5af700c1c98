/**
 * Export of the index graph as CSV files in Neo4j's bulk-import layout (`neo4j-admin database
 * import full`): header rows with `:ID`, `:START_ID`, `:END_ID`, `:TYPE`, `:LABEL` and typed
 * columns. One global ID space: definition and key nodes use their defId, packages
 * `package:<name>`. Schema documented in docs/overview.md. Streams rows, so a 1M-edge index
 * exports in constant memory.
 */
import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { IndexReader } from "../index/reader.js";
import { makeDirs } from "../make-dirs.js";

export const NEO4J_FILES = {
	definitions: {
		file: "nodes-definitions.csv",
		header: [
			"defId:ID",
			"name",
			"qualifiedName",
			"kind",
			"package",
			"file",
			"startLine:int",
			"endLine:int",
			"exported:boolean",
			"fanIn:int",
			"fanOut:int",
			"signature",
			":LABEL",
		],
	},
	keys: {
		file: "nodes-keys.csv",
		header: ["defId:ID", "trunk", "key", "registerSites:int", "dispatchSites:int", ":LABEL"],
	},
	packages: {
		file: "nodes-packages.csv",
		header: ["packageId:ID", "name", "dir", "description", "files:int", "lines:int", ":LABEL"],
	},
	edges: {
		file: "relationships-edges.csv",
		header: [":START_ID", ":END_ID", ":TYPE", "file", "line:int", "resolution"],
	},
	inPackage: {
		file: "relationships-in-package.csv",
		header: [":START_ID", ":END_ID", ":TYPE"],
	},
} as const;

export type Neo4jFileName = keyof typeof NEO4J_FILES;

export interface ExportResult {
	outDir: string;
	files: { name: Neo4jFileName; file: string; rows: number }[];
	/** The neo4j-admin command that imports the files (also written to import.sh). */
	importCommand: string;
	ms: number;
}

/** Neo4j label of a definition kind: `function` → `Function`, `dispatch-key` → `DispatchKey`. */
export function kindLabel(kind: string): string {
	return kind
		.split(/[^a-zA-Z0-9]+/)
		.filter(Boolean)
		.map((w) => w[0]?.toUpperCase() + w.slice(1))
		.join("");
}

/** Relationship type of an edge kind: `implementation` → `IMPLEMENTATION`. */
export function edgeType(kind: string): string {
	return kind.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
}

/** One CSV field: quoted when needed, quotes doubled, line breaks flattened (no multiline fields). */
export function csvField(value: string | number | boolean | null | undefined): string {
	if (value === null || value === undefined) return "";
	const text = String(value).replace(/\r?\n/g, " ");
	return /[",\s]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Buffered line writer: few syscalls for a million rows. */
class CsvWriter {
	private readonly fd: number;
	private chunks: string[] = [];
	private size = 0;
	rows = 0;

	constructor(path: string, header: readonly string[]) {
		this.fd = openSync(path, "w");
		this.write(header.join(","));
	}

	row(values: readonly (string | number | boolean | null | undefined)[]): void {
		this.write(values.map(csvField).join(","));
		this.rows++;
	}

	private write(line: string): void {
		this.chunks.push(line, "\n");
		this.size += line.length + 1;
		if (this.size > 1 << 20) this.flush();
	}

	private flush(): void {
		writeSync(this.fd, this.chunks.join(""));
		this.chunks = [];
		this.size = 0;
	}

	close(): void {
		this.flush();
		closeSync(this.fd);
	}
}

export function exportNeo4jCsv(index: IndexReader, outDir: string): ExportResult {
	const t0 = performance.now();
	makeDirs(outDir);
	const open = (name: Neo4jFileName) =>
		new CsvWriter(join(outDir, NEO4J_FILES[name].file), NEO4J_FILES[name].header);
	const writers = {
		definitions: open("definitions"),
		keys: open("keys"),
		packages: open("packages"),
		edges: open("edges"),
		inPackage: open("inPackage"),
	};
	try {
		const sizes = new Map(index.packageSizes().map((s) => [s.packageName, s]));
		for (const p of index.packages()) {
			const s = sizes.get(p.name);
			writers.packages.row([
				`package:${p.name}`,
				p.name,
				p.dir,
				p.description,
				s?.files ?? 0,
				s?.lines ?? 0,
				"Package",
			]);
		}

		const siteCounts = new Map<string, { register: number; dispatch: number }>();
		for (const r of index.dispatchKeyPackages()) {
			const id = `trunk:${r.trunk}#${r.key}`;
			const c = siteCounts.get(id) ?? { register: 0, dispatch: 0 };
			c[r.side] += r.sites;
			siteCounts.set(id, c);
		}

		for (const d of index.iterateDefs()) {
			if (d.kind === "dispatch-key") {
				const m = /^trunk:([^#]+)#(.*)$/.exec(d.defId);
				const c = siteCounts.get(d.defId);
				writers.keys.row([
					d.defId,
					m?.[1] ?? "",
					m?.[2] ?? d.name,
					c?.register ?? 0,
					c?.dispatch ?? 0,
					"DispatchKey",
				]);
				continue;
			}
			writers.definitions.row([
				d.defId,
				d.name,
				d.qualifiedName,
				d.kind,
				d.packageName,
				d.file,
				d.startLine,
				d.endLine,
				d.exported,
				d.fanIn,
				d.fanOut,
				d.signature,
				`Definition;${kindLabel(d.kind)}`,
			]);
			if (d.packageName) writers.inPackage.row([d.defId, `package:${d.packageName}`, "IN_PACKAGE"]);
		}

		for (const e of index.iterateEdges()) {
			writers.edges.row([e.srcDefId, e.dstDefId, edgeType(e.kind), e.file, e.line, e.resolution]);
		}
	} finally {
		for (const w of Object.values(writers)) w.close();
	}

	const importCommand = [
		"neo4j-admin database import full",
		`--nodes=${NEO4J_FILES.packages.file}`,
		`--nodes=${NEO4J_FILES.definitions.file}`,
		`--nodes=${NEO4J_FILES.keys.file}`,
		`--relationships=${NEO4J_FILES.edges.file}`,
		`--relationships=${NEO4J_FILES.inPackage.file}`,
		"--overwrite-destination neo4j",
	].join(" ");
	writeFileSync(
		join(outDir, "import.sh"),
		`#!/bin/sh\n# Import the CodeAsk graph into an empty Neo4j database (run from this folder with Neo4j stopped).\n${importCommand}\n`,
		{ mode: 0o755 },
	);
	return {
		outDir,
		files: (Object.keys(writers) as Neo4jFileName[]).map((name) => ({
			name,
			file: NEO4J_FILES[name].file,
			rows: writers[name].rows,
		})),
		importCommand,
		ms: Math.round(performance.now() - t0),
	};
}
