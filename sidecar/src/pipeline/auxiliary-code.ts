/**
 * What auxiliary code is: the code a question about the product is not after, told apart by where
 * it sits. Two rules: test, story, fixture and declaration files (`isAuxiliaryPath`, by path alone),
 * useful only when nothing else matches; and test tooling at a package's top (below).
 *
 * Test tooling at a package's top: `e2e/`, `cypress/` and `playwright/` folders beside a package's
 * sources hold page objects, CRUD suite factories and the GraphQL documents the suites send, not the
 * product. The indexer keeps them (an `e2e` folder inside a source tree is a feature as often: end-to-end
 * encryption), so they are told apart here, by where they sit: right under a package's folder.
 *
 * Session 37 (aux37, benchmarks/answers.md): a Vendure dashboard answer led with an e2e page object.
 * Seeding every file of such a folder lower cost a held-out answer its chain: a harness that drives the
 * product (runs the CLI, imports its modules) leads the walk to the product code. So only the files
 * that use a test framework seed lower; the answer names any tooling file after the product's places.
 */
import type { IndexReader } from "../index/reader.js";
import { STORY_FILE_NAME, TEST_FILE_NAME, TEST_RUNNER_IMPORT } from "../test-files.js";

const AUXILIARY_FOLDER =
	/(^|\/)(__tests__|__mocks__|spec|fixtures?|mocks?|stories|storybook|\.storybook)(\/|$)/;

/**
 * Test, story, fixture and declaration files: useful only when nothing else matches. A folder
 * named `test` deep inside a source tree (`src/options/test/env.ts`, `src/components/http/test/`)
 * is a feature named after a test command or runner, not test code: only a `test` folder at a
 * package's top or right under `src` marks tests.
 */
export function isAuxiliaryPath(path: string): boolean {
	if (
		AUXILIARY_FOLDER.test(path) ||
		TEST_FILE_NAME.test(path) ||
		STORY_FILE_NAME.test(path) ||
		path.endsWith(".d.ts")
	)
		return true;
	return /(^|\/)tests?(\/|$)/.test(path) && !/(^|\/)src\/[^/]+\/(.+\/)?tests?(\/|$)/.test(path);
}

/** Folder names that mark test tooling when they sit right under a package's folder. */
const TOOLING_FOLDERS = new Set(["e2e", "cypress", "playwright"]);

/** A question about the tests themselves keeps their tooling where it ranks. */
const TEST_QUESTION = /\b(?:tests?|testing|e2e|end-to-end|playwright|cypress|specs?)\b/i;

/**
 * A test framework's file seeds with this share of its lexical score (as an auxiliary path does); a script
 * run by hand keeps this share of its whole fused score (handRunScriptWeight).
 */
export const TEST_TOOLING_SEED_FACTOR = 0.25;

/** What the rules read: the package folders, a file's text for the seeding rule, and a file's importers for a script's. */
export type ToolingIndex = Partial<Pick<IndexReader, "packages" | "fileContent" | "def" | "edgesTo">>;

const packageDirsOf = new WeakMap<object, string[]>();

/** The index's package folders, longest first (a nested package before its parent). */
function packageDirs(index: ToolingIndex): string[] {
	let dirs = packageDirsOf.get(index);
	if (!dirs) {
		dirs = (index.packages?.() ?? []).map((p) => p.dir).sort((a, b) => b.length - a.length);
		packageDirsOf.set(index, dirs);
	}
	return dirs;
}

/** Whether `file` sits in a tooling folder right under the folder of the package holding it. */
export function isPackageToolingFile(index: ToolingIndex, file: string): boolean {
	const dir = packageDirs(index).find((d) => d === "" || file.startsWith(`${d}/`));
	if (dir === undefined) return false;
	const rest = dir === "" ? file : file.slice(dir.length + 1);
	const slash = rest.indexOf("/");
	return slash > 0 && TOOLING_FOLDERS.has(rest.slice(0, slash));
}

/** Whether the question asks about tests (then test tooling is what it looks for). */
export function asksAboutTests(question: string): boolean {
	return TEST_QUESTION.test(question);
}

/** A name joined to a test word at its end (`webp-test`, `load-testing`): one spelling for TEST_NAMED and SCRIPT_NAMED. */
const TEST_SUFFIX = String.raw`[-_](?:tests?|testing)`;

/**
 * A file's own name (no folder, no extension) named for a test as TEST_NAMED's file names are (`webp-test`),
 * or by what TEST_NAMED leaves out: a test word first (`test-sharp`: an unimported file so named is a script,
 * an imported one, a feature's `test-runner`, product code as TEST_NAMED holds), a sample or example word
 * joined to another (`s3-options-sample`), or a sample or example alone (`sample`, `examples`).
 */
const SCRIPT_NAMED = new RegExp(
	String.raw`${TEST_SUFFIX}$|^(?:tests?|samples?|examples?)[-_.]|[-_](?:samples?|examples?)$|^(?:samples?|examples?)$`,
	"i",
);

/**
 * A script run by hand beside the product: a file named for a test or a sample by a word of its own name
 * (SCRIPT_NAMED) that no file imports. Nothing in the product reaches it, and its calls drive the product
 * the way a flow's entry would (`webp-test.js` calling `uploadfs.copyImageIn`), so its words must not
 * make it the flow's start. An imported file so named is product code (`test-providers.ts` sending a
 * channel's test notification, `complete-ab-tests.ts`) and keeps its seed score; toolingLast and
 * isBesideProduct still place one named for a test by a joined word (TEST_NAMED: `complete-ab-tests.ts`)
 * after the product's, as they did before this rule. Without the index's imports it is no script.
 */
export function isHandRunScript(index: ToolingIndex, file: string): boolean {
	const base = (file.split("/").at(-1) ?? "").replace(/\.[^.]+$/, "");
	if (!SCRIPT_NAMED.test(base) || !index.def || !index.edgesTo) return false;
	const module = index.def(`${file}#(module)`);
	return !!module && !index.edgesTo(module.id).some((e) => e.kind === "import");
}

/**
 * The seed weight of each file: TEST_TOOLING_SEED_FACTOR for a package tooling file that imports a test
 * framework, 1 otherwise (and for every file when the question asks about tests). Each file read once.
 */
export function toolingSeedWeight(index: ToolingIndex, question: string): (file: string | null) => number {
	if (asksAboutTests(question)) return () => 1;
	const weights = new Map<string, number>();
	return (file) => {
		if (!file || !isPackageToolingFile(index, file)) return 1;
		let w = weights.get(file);
		if (w === undefined) {
			w = TEST_RUNNER_IMPORT.test(index.fileContent?.(file) ?? "") ? TEST_TOOLING_SEED_FACTOR : 1;
			weights.set(file, w);
		}
		return w;
	};
}

/**
 * The share of its fused seed score a script run by hand keeps (isHandRunScript): all of it when the
 * question asks about tests. The whole score, not the lexical channel's alone: such a script repeats the
 * product's names in every channel (its text for BM25, its callbacks' names for FTS, its package's
 * routed section), so a quarter of one channel left it above the product's own entry.
 */
export function handRunScriptWeight(index: ToolingIndex, question: string): (file: string) => number {
	if (asksAboutTests(question)) return () => 1;
	return (file) => (isHandRunScript(index, file) ? TEST_TOOLING_SEED_FACTOR : 1);
}

/**
 * A file or folder named for a test by a joined word (`webp-test.js`, `test-plugins/`, `job-queue-test/`,
 * `load-testing/`):
 * a test harness or test plugin beside the product, which isAuxiliaryPath's folder and file rules do not
 * catch. A bare `test` name (`commands/test.ts`, a CLI's test command) or a feature's (`test-runner/`) is no such file.
 */
const TEST_NAMED = new RegExp(
	String.raw`(^|\/)([^/]*${TEST_SUFFIX}|tests?[-_](plugins?|utils?|helpers?|support|harness))(\.[a-z]+)?(\/|$)`,
	"i",
);

/** Whether `file` is a test harness named for a test by a joined word (TEST_NAMED). */
export function isTestNamedPath(file: string): boolean {
	return TEST_NAMED.test(file);
}

/**
 * `defs` with the test tooling files' after the others, each part in its order (none moved for a test
 * question): a package's tooling folder, a harness named for a test (`test-plugins/`, `job-queue-test/`),
 * and a script run by hand (isHandRunScript: `test-sharp.js`, `sample.js`).
 * Session 50 vc50: a worker question's places named two dev-server test plugins that create a queue, ahead
 * of the product's polling strategy and bootstrap.
 */
export function toolingLast<T extends { file: string | null }>(
	index: ToolingIndex,
	question: string,
	defs: readonly T[],
): T[] {
	if (asksAboutTests(question)) return [...defs];
	const tooling = (d: T) =>
		!!d.file &&
		(isPackageToolingFile(index, d.file) || isTestNamedPath(d.file) || isHandRunScript(index, d.file));
	return [...defs.filter((d) => !tooling(d)), ...defs.filter(tooling)];
}

/** A folder of examples beside the product (`examples/`, `example/`): code that shows the product in use. */
const EXAMPLE_FOLDER = /(^|\/)examples?\//;

/**
 * Code beside the product: an example, a test, story, fixture or declaration file, test tooling at a
 * package's top, a harness named for a test or a script run by hand (as toolingLast places them). An impact
 * answer lists its places after the product's.
 */
export function isBesideProduct(index: ToolingIndex, file: string): boolean {
	return (
		EXAMPLE_FOLDER.test(file) ||
		isAuxiliaryPath(file) ||
		isPackageToolingFile(index, file) ||
		isTestNamedPath(file) ||
		isHandRunScript(index, file)
	);
}
