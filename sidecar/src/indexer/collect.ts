/**
 * Which files are indexed. Walks the repository once (never following symlinks, so symlinked
 * duplicates are skipped), assigns each source file to the innermost package folder, and leaves
 * out tests, fixtures, stories, generated and declaration files unless told otherwise.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isManifestPath } from "../index/documents.js";
import { isTestFile, STORY_FILE_NAME, TEST_FILE_NAME, TEST_FRAMEWORK_USE } from "../test-files.js";
import type { WorkspacePackage } from "../workspace/packages.js";
import { ALWAYS_SKIPPED_DIRS, BUILD_OUTPUT_DIRS, TEST_DIRS } from "../workspace/skipped-dirs.js";
import { isVirtualSource, VIRTUAL_EXTENSIONS, virtualPath, virtualText } from "./sfc.js";
import { DECLARATION_FILE, includedBuildFolder, type SkippedFolder, sourcesIn } from "./skipped-folders.js";

export { isTestFile };

export const SOURCE_EXTENSIONS = [
	".ts",
	".tsx",
	".mts",
	".cts",
	".js",
	".jsx",
	".mjs",
	".cjs",
	...VIRTUAL_EXTENSIONS,
];

/**
 * `test`/`tests` inside a package's `src/` can be a feature (a CLI's `test` command options, an A/B
 * test module) rather than a suite: there a file is skipped only when it looks like a test.
 */
const AMBIGUOUS_TEST_DIRS = new Set(["test", "tests"]);
/** Test tooling imported by a helper of a test suite (render, mocks, stubs). */
const TEST_TOOLING_USE =
	/from\s+["'](?:@testing-library\/[\w-]+|jest-[\w-]+|sinon|msw(?:\/[\w-]+)?|nock)["']|\bjest\.fn\(|\bvi\.fn\(/;

/** True for a file under an ambiguous `src/**\/test(s)/` folder that is part of a test suite. */
function looksLikeTest(content: string): boolean {
	return TEST_FRAMEWORK_USE.test(content) || TEST_TOOLING_USE.test(content);
}

const MINIFIED_FILE = /[.-]min\.[cm]?js$/;
/** Files above this size are bundles or data, not source. */
const MAX_FILE_BYTES = 1_000_000;

/** Why a file over MAX_FILE_BYTES is left out (a skipped file's reason: a note of the run). */
function tooLarge(characters: number): string {
	return `not indexed: ${characters.toLocaleString("en-US")} characters, over the ${MAX_FILE_BYTES.toLocaleString("en-US")} limit (generated or inlined data?)`;
}

export interface CollectOptions {
	includeTests: boolean;
	/** Extra exclusions: a repo-relative path is skipped when it contains any of these substrings. */
	exclude: string[];
	/** Paths under which build-output folders are entered too (`--include`). */
	include?: string[];
}

/** What the previous index knows of a file it indexed with the same options. */
export interface KnownFile {
	/** `statSignature` when it was read. */
	stat: string;
	hash: string;
}

export interface CollectedFile {
	/** Repo-relative posix path. */
	path: string;
	/** Absolute path; for a Vue/Svelte component the program's name for it (`App.vue.ts`). */
	abs: string;
	/** Index into the packages array. */
	packageIndex: number;
	/** The text (read on first use for a file known unchanged by its stat signature). */
	readonly content: string;
	hash: string;
	readonly lineCount: number;
	/** Size, mtime and ctime, taken before the content was read. */
	stat: string;
}

export interface Collected {
	files: CollectedFile[];
	/** Declaration files in the repository: loaded into the program for types, never indexed. */
	declarationFiles: string[];
	/** Workspace and build manifests (manifests.ts): indexed as files, never given to the program. */
	manifests: CollectedFile[];
	skipped: { path: string; reason: string }[];
	/** Build-output folders left out that held TypeScript or component sources. */
	skippedFolders: SkippedFolder[];
}

/**
 * The text the program and the index get for a file: the file itself, or for a Vue/Svelte
 * component its script blocks on the component's own lines (see sfc.ts).
 */
function programText(name: string, content: string): string {
	return isVirtualSource(name) ? virtualText(name, content) : content;
}

export function sha1(text: string): string {
	return createHash("sha1").update(text).digest("hex");
}

export function isGenerated(content: string): boolean {
	const head = content.slice(0, 400);
	return /@generated|auto-generated|do not edit/i.test(head);
}

/**
 * Size, mtime and ctime of a file: when they are what they were when the previous index read it,
 * its content is taken as unchanged without reading it. ctime moves on every write, even one
 * that restores the mtime (`cp -p`, `touch -d`).
 */
export function statSignature(abs: string): string {
	const st = statSync(abs);
	return `${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

/**
 * A file the previous index holds with the same stat signature: the decisions made on its content
 * (test, generated, too large) stand, and its content is read only if something asks for it.
 */
function knownFile(
	path: string,
	abs: string,
	diskPath: string,
	packageIndex: number,
	known: KnownFile,
): CollectedFile {
	return lazyFile(path, abs, diskPath, packageIndex, known.hash, known.stat);
}

/** A collected file whose program text (an SFC's script) is read from `diskPath` on first use. */
export function lazyFile(
	path: string,
	abs: string,
	diskPath: string,
	packageIndex: number,
	hash: string,
	stat: string,
): CollectedFile {
	let text: string | undefined;
	const content = () => {
		text ??= programText(diskPath, readFileSync(diskPath, "utf8"));
		return text;
	};
	return {
		path,
		abs,
		packageIndex,
		hash,
		stat,
		get content() {
			return content();
		},
		get lineCount() {
			return content().split("\n").length;
		},
	};
}

export function collectFiles(
	repoRoot: string,
	packages: WorkspacePackage[],
	options: CollectOptions,
	known: ReadonlyMap<string, KnownFile> = new Map(),
	/** Called with the number of files found so far, every 100 files (progress). */
	onFound?: (files: number) => void,
): Collected {
	const packageOfDir = new Map(packages.map((p, i) => [p.dir, i]));
	const out: Collected = { files: [], declarationFiles: [], manifests: [], skipped: [], skippedFolders: [] };
	// `inSourceTestDir`: under a `test(s)/` folder inside `src/`, where files are judged one by one.
	const walk = (rel: string, packageIndex: number, inSourceTestDir = false): void => {
		let entries: import("node:fs").Dirent[];
		try {
			entries = readdirSync(join(repoRoot, rel), { withFileTypes: true });
		} catch (err) {
			out.skipped.push({ path: rel, reason: `cannot read folder: ${(err as Error).message}` });
			return;
		}
		entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		for (const e of entries) {
			const path = rel ? `${rel}/${e.name}` : e.name;
			if (options.exclude.some((x) => path.includes(x))) continue;
			if (e.isDirectory()) {
				if (e.name.startsWith(".")) continue;
				// A declared workspace package is source whatever its folder is called (`packages/build`).
				if (ALWAYS_SKIPPED_DIRS.has(e.name) && !packageOfDir.has(path)) {
					const opened = BUILD_OUTPUT_DIRS.has(e.name) && includedBuildFolder(path, options.include ?? []);
					if (!opened) {
						const files = BUILD_OUTPUT_DIRS.has(e.name) ? sourcesIn(repoRoot, path) : 0;
						if (files > 0) out.skippedFolders.push({ path, files });
						continue;
					}
				}
				if (!options.includeTests && TEST_DIRS.has(e.name)) {
					const inSource = AMBIGUOUS_TEST_DIRS.has(e.name) && /(^|\/)src\//.test(path);
					if (!inSource) continue;
					walk(path, packageOfDir.get(path) ?? packageIndex, true);
					continue;
				}
				walk(path, packageOfDir.get(path) ?? packageIndex, inSourceTestDir);
				continue;
			}
			// Symlinks (files or folders) are duplicates of something indexed elsewhere, or outside the repo.
			if (!e.isFile()) continue;
			if (isManifestPath(path)) {
				collectManifest(path, packageIndex);
				continue;
			}
			const ext = SOURCE_EXTENSIONS.find((x) => e.name.endsWith(x));
			if (!ext) continue;
			const diskPath = join(repoRoot, path);
			let abs = diskPath;
			if (DECLARATION_FILE.test(e.name)) {
				out.declarationFiles.push(abs);
				continue;
			}
			if (!options.includeTests && (TEST_FILE_NAME.test(e.name) || STORY_FILE_NAME.test(e.name))) continue;
			if (MINIFIED_FILE.test(e.name)) continue;
			let content: string;
			let stat: string;
			try {
				stat = statSignature(abs); // before reading: a write in between shows at the next run
				const previous = known.get(path);
				if (previous?.stat === stat) {
					// A component's program name depends on its lang: known from its content only.
					if (isVirtualSource(e.name)) abs = virtualPath(diskPath, readFileSync(diskPath, "utf8"));
					out.files.push(knownFile(path, abs, diskPath, packageIndex, previous));
					if (out.files.length % 100 === 0) onFound?.(out.files.length);
					continue;
				}
				content = readFileSync(diskPath, "utf8");
			} catch (err) {
				out.skipped.push({ path, reason: `cannot read: ${(err as Error).message}` });
				continue;
			}
			if (!options.includeTests && isTestFile(e.name, () => content)) continue;
			if (!options.includeTests && inSourceTestDir && looksLikeTest(content)) continue;
			if (content.length > MAX_FILE_BYTES) {
				out.skipped.push({ path, reason: tooLarge(content.length) });
				continue;
			}
			if (isGenerated(content)) continue;
			if (isVirtualSource(e.name)) {
				abs = virtualPath(diskPath, content);
				content = virtualText(e.name, content);
			}
			out.files.push({
				path,
				abs,
				packageIndex,
				content,
				hash: sha1(content),
				lineCount: content.split("\n").length,
				stat,
			});
			if (out.files.length % 100 === 0) onFound?.(out.files.length);
		}
	};
	const collectManifest = (path: string, packageIndex: number) => {
		const abs = join(repoRoot, path);
		try {
			const stat = statSignature(abs);
			// Read as before: not read again (a one-file re-index reads no manifest).
			const previous = known.get(path);
			if (previous?.stat === stat) {
				out.manifests.push(knownFile(path, abs, abs, packageIndex, previous));
				return;
			}
			const content = readFileSync(abs, "utf8");
			// An nx project file has targets; another tool's project.json is no manifest of this kind.
			if (path.endsWith("project.json") && !/"targets"\s*:/.test(content)) return;
			// Reported as a source file over the limit is: a manifest left out is a note, not silence.
			if (content.length > MAX_FILE_BYTES) {
				out.skipped.push({ path, reason: tooLarge(content.length) });
				return;
			}
			const lineCount = content.split("\n").length;
			out.manifests.push({ path, abs, packageIndex, content, hash: sha1(content), lineCount, stat });
		} catch (err) {
			out.skipped.push({ path, reason: `cannot read: ${(err as Error).message}` });
		}
	};
	walk("", packageOfDir.get("") ?? 0);
	onFound?.(out.files.length);
	return out;
}
