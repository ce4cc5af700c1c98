/**
 * An in-memory ts-morph project for extractor unit tests (ts-morph's own helper style): files by
 * absolute path, workspace packages mapped with `paths`, and a SiteContext whose defIds follow the
 * index's rules closely enough for assertions (`<path>#<Class.member | function | variable>`).
 */
import { Node, Project, ts } from "ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../src/index/types.js";
import type { Preset, TrunkConfig } from "../../src/trunks/config.js";
import { createSiteExtractor } from "../../src/trunks/extractor.js";
import { builtinPresets } from "../../src/trunks/load.js";
import { wrap } from "../../src/trunks/walk.js";

export const ROOT = "/repo";

/**
 * The built-in presets, switched on whatever the (in-memory) repository looks like, and nothing
 * else: no discovery (a test of discovery asks for it with `discover: true`).
 */
export function alwaysOn(presets: Preset[] = builtinPresets()): TrunkConfig {
	return {
		extends: [],
		presets: presets.map((p) => ({
			...p,
			detect: { always: true, packages: [], dependencies: [], files: [] },
		})),
		discover: false,
	};
}

function defIdOf(node: Node): string | null {
	const names: string[] = [];
	for (let n: Node | undefined = node; n && !Node.isSourceFile(n); n = n.getParent()) {
		if (
			Node.isFunctionDeclaration(n) ||
			Node.isMethodDeclaration(n) ||
			Node.isClassDeclaration(n) ||
			Node.isVariableDeclaration(n)
		) {
			const name = n.getName();
			if (name) names.unshift(name);
		}
	}
	return names.length
		? `${node
				.getSourceFile()
				.getFilePath()
				.slice(ROOT.length + 1)}#${names.join(".")}`
		: null;
}

/** Extract and finalize the sites of `files` (repo-relative path → source) with `config`. */
export function extractSites(
	files: Record<string, string>,
	config: TrunkConfig = alwaysOn(),
	paths: Record<string, string[]> = {},
	/** A real folder to write the files to (for what reads the disk, e.g. package.json names). */
	realRoot?: string,
): DispatchSiteRecord[] {
	const root = realRoot ?? ROOT;
	const project = new Project({
		useInMemoryFileSystem: realRoot === undefined,
		compilerOptions: {
			target: ts.ScriptTarget.ES2022,
			module: ts.ModuleKind.ESNext,
			moduleResolution: ts.ModuleResolutionKind.Bundler,
			strict: true,
			allowJs: true,
			baseUrl: root,
			paths,
		},
	});
	for (const [path, text] of Object.entries(files)) {
		if (path.endsWith(".json")) project.getFileSystem().writeFileSync(`${root}/${path}`, text);
		else project.createSourceFile(`${root}/${path}`, text, { overwrite: true }).saveSync();
	}
	const extractor = createSiteExtractor(config);
	const sites: DispatchSiteRecord[] = [];
	for (const sf of project.getSourceFiles()) {
		const filePath = sf.getFilePath().slice(root.length + 1);
		const ctx: SiteContext = {
			repoRoot: root,
			filePath,
			// A compiler node (a callee resolved on compiler nodes) may be any file's declaration.
			defIdOf: (node) =>
				defIdOf(
					node instanceof Node
						? node
						: wrap(project.getSourceFileOrThrow(node.getSourceFile().fileName), node),
				),
			enclosingDefId: (node) => {
				// A compiler node (the keyed-call pass records on them) is one of this file's.
				const n = node instanceof Node ? node : wrap(sf, node);
				const owner = n.getFirstAncestor(
					(a) =>
						Node.isFunctionDeclaration(a) ||
						Node.isMethodDeclaration(a) ||
						Node.isVariableDeclaration(a) ||
						// like the indexer: code in a class outside its methods (an `extends` call) is the class's
						Node.isClassDeclaration(a),
				);
				return (owner && defIdOf(owner)) ?? `${filePath}#(module)`;
			},
		};
		sites.push(...extractor.extractFile(sf, ctx));
	}
	return extractor.finalize?.(sites) ?? sites;
}

/** `trunk side key` lines, sorted: compact to assert on. */
/** Register and dispatch rows, as the index's readers see them: mount lines are read apart (`indexed-mounts.test.ts`). */
export function summary(sites: DispatchSiteRecord[], trunk?: string): string[] {
	return sites
		.filter((s) => s.side !== "mount" && (!trunk || s.trunk === trunk))
		.map((s) => `${s.trunk} ${s.side} ${s.key ?? `UNBOUND(${s.expression})`}`)
		.sort();
}
