/**
 * Folders a walk of the repository does not enter: the file collection (indexer/collect.ts) and the
 * search for undeclared packages (package-folders.ts) skip the same ones.
 */
/** Folders never entered: dependencies, build output, VCS and tool state. */
export const ALWAYS_SKIPPED_DIRS = new Set([
	"node_modules",
	"dist",
	"build",
	"out",
	"coverage",
	"bower_components",
]);
/** The build-output ones among them: `codeask index --include PATH` enters those under PATH. */
export const BUILD_OUTPUT_DIRS = new Set(["dist", "build", "out"]);
/** Folders of tests and fixtures, skipped unless `includeTests`. */
export const TEST_DIRS = new Set([
	"test",
	"tests",
	"__tests__",
	"__mocks__",
	"__snapshots__",
	"__fixtures__",
	"fixtures",
	// Not "e2e": it names feature folders too (end-to-end encryption); e2e test suites sit under test(s)/.
	"mocks",
]);
