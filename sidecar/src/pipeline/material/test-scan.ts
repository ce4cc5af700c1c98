/**
 * Uses of a name in the test files an index leaves out. The default index skips tests (they are
 * not type-checked: indexing them would cost time on every run), so an impact listing built from
 * the index alone would say "0 in tests" when tests do call the thing. At answer time, for an
 * impact question only, the indexed tree is walked for test files and each is scanned as text for
 * the name as a whole word. Bounded in files, bytes and directory entries, not in time: the same
 * tree gives the same listing on a loaded machine as on a quiet one (a clock bound made impact
 * material differ run to run). Folders are walked in name order for the same reason. A scan cut
 * short says so.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { escapeRegExp } from "../../escape-regexp.js";
import { TEST_FILE_NAME } from "../../test-files.js";

/** A test file path: a tests/spec/e2e/fixtures/mocks folder, or a test file's name (`.test.`, `.spec.`, `.e2e-spec.`). */
export const TEST_PATH = new RegExp(
	`(^|/)(__tests__|tests?|spec|e2e|fixtures?|mocks?)(/|$)|${TEST_FILE_NAME.source}`,
);
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
/** Folders never walked: dependencies, build output, VCS and tool folders (dot folders). */
const SKIP_DIRS = new Set(["node_modules", "dist", "build", "out", "coverage", "bower_components"]);

export interface TestScanLimits {
	/** Test files read at most. */
	files: number;
	/** Bytes read at most. */
	bytes: number;
	/** Directory entries looked at, at most: a huge tree with few tests must not stall the answer. */
	entries: number;
}

/** The pinned Rocket.Chat tree: 10.8k entries walked, 841 test files read, 0.16 s; 250k entries bounds a tree 20× that. */
export const TEST_SCAN_LIMITS: TestScanLimits = { files: 4000, bytes: 40_000_000, entries: 250_000 };

export interface TestScan {
	/** Whether the tree was at hand (the index's repository root holds its files). */
	available: boolean;
	/** Whether every test file was read (false when a limit cut the scan short). */
	complete: boolean;
	/** Test files read. */
	scanned: number;
	/** Each line naming the word: file (repository-relative), 1-based line and its text. */
	sites: { file: string; line: number; text: string }[];
}

/**
 * Lines of the test files under `root` (not already indexed) that name `word` as a whole word.
 * `probe` is one indexed file's path: when it is not under `root`, the tree is not at hand.
 */
export function scanTestFiles(
	root: string,
	word: string,
	options: { indexed: (path: string) => boolean; probe?: string; limits?: TestScanLimits },
): TestScan {
	const limits = options.limits ?? TEST_SCAN_LIMITS;
	const none: TestScan = { available: false, complete: false, scanned: 0, sites: [] };
	if (!root || !existsSync(root) || (options.probe && !existsSync(join(root, options.probe)))) return none;
	const re = new RegExp(`(?<![\\w$])${escapeRegExp(word)}(?![\\w$])`);
	const sites: TestScan["sites"] = [];
	let scanned = 0;
	let bytes = 0;
	let seen = 0;
	let complete = true;
	const over = () => scanned >= limits.files || bytes >= limits.bytes;
	const walk = (dir: string, rel: string): void => {
		let entries: import("node:fs").Dirent[];
		try {
			entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
				a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
			);
		} catch {
			return;
		}
		for (const e of entries) {
			if (!complete) return;
			// The walk itself is bounded too: a huge tree with few tests must not stall the answer.
			if (++seen > limits.entries) {
				complete = false;
				return;
			}
			const path = rel ? `${rel}/${e.name}` : e.name;
			if (e.isDirectory()) {
				if (!e.name.startsWith(".") && !SKIP_DIRS.has(e.name)) walk(join(dir, e.name), path);
				continue;
			}
			if (!e.isFile() || !SOURCE_FILE.test(e.name) || !TEST_PATH.test(path) || options.indexed(path))
				continue;
			if (over()) {
				complete = false;
				return;
			}
			let text: string;
			try {
				if (statSync(join(dir, e.name)).size > 2_000_000) continue; // generated, not a test
				text = readFileSync(join(dir, e.name), "utf8");
			} catch {
				continue;
			}
			scanned++;
			bytes += text.length;
			if (!text.includes(word)) continue;
			text.split("\n").forEach((line, i) => {
				if (re.test(line)) sites.push({ file: path, line: i + 1, text: line });
			});
		}
	};
	walk(root, "");
	return { available: true, complete, scanned, sites };
}
