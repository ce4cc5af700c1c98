/**
 * Which file names are tests, in one place: the indexer leaves them out (indexer/collect.ts), the
 * impact listing reads them as text and counts their sites as tests (pipeline/material/test-scan.ts),
 * the matcher ranks them last (pipeline/match.ts). Kept together so a naming the indexer learns to
 * leave out is also one the answers know to be a test.
 */

/**
 * Always a test: `x.test.ts`, `x.spec.ts`, NestJS's `x.e2e-spec.ts` (and `x.e2e-test.ts`), Cypress's `x.cy.ts`.
 */
export const TEST_FILE_NAME = /\.(?:test|spec|e2e-spec|e2e-test|cy)\.[cm]?[jt]sx?$/;

/**
 * Not a test by name: a suite split by where it runs (`x.servertest.ts`, `x.clienttest.tsx`) is indexed
 * and ranked as product code. Measured in session 36 (benchmarks/answers.md, house36): leaving such
 * suites out of the index, or ranking them with the tests, cost the Langfuse set cited recall.
 */

/** Storybook stories: not tests, but no part of the product either. */
export const STORY_FILE_NAME = /\.(?:stories|story)\.[cm]?[jt]sx?$/;

/**
 * A test only when it uses a test framework: `x.e2e.ts` is an end-to-end suite or end-to-end
 * encryption, `x-spec.ts` a spec or an API specification (`openapi-spec.ts`), `x-test.ts` /
 * `x_test.ts` a test or an A/B test or speed test feature.
 */
export const AMBIGUOUS_TEST_FILE_NAME = /(?:\.e2e|[-_](?:test|spec))\.[cm]?[jt]sx?$/;

/** An import of a test framework (a page object's `expect`, a suite factory's `test`). */
export const TEST_RUNNER_IMPORT =
	/from\s+["'](?:@playwright\/test|vitest|@jest\/globals|mocha|chai|cypress|supertest)["']/;

/** Code that runs a test framework: its calls, or an import of one. */
export const TEST_FRAMEWORK_USE = new RegExp(
	`\\b(?:describe|it|test|beforeEach|beforeAll)\\s*\\(|${TEST_RUNNER_IMPORT.source}`,
);

/** True for a test or story file; `content` decides the ambiguous names (read only for those). */
export function isTestFile(name: string, content: () => string): boolean {
	if (TEST_FILE_NAME.test(name) || STORY_FILE_NAME.test(name)) return true;
	return AMBIGUOUS_TEST_FILE_NAME.test(name) && TEST_FRAMEWORK_USE.test(content());
}
