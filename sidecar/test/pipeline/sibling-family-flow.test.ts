/**
 * A plug-in family no edge declares (pipeline/sibling-families.ts, family-flow.ts): three login
 * strategies in one folder extending a base class from outside the repository, created by a
 * registry that a controller calls. No implementation edge links them; their shared base
 * expression does. With the strategies leading the seed ranking, the registry and the controller
 * entering it rank above the second strategy; two such siblings are a pair, not a family.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { baseHead, shapesOf } from "../../src/pipeline/sibling-families.js";
import { openIndexOf } from "../support/open-index.js";
import { indexedRepo } from "../support/path-fixture.js";
import { rankedFiles as rankedFilesOf } from "../support/ranked-files.js";
import { defIn } from "../support/skeletons.js";

const STRATEGIES = ["github", "google", "microsoft"];
const className = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}Strategy`;
const strategy = (s: string) =>
	[
		'import { PassportStrategy, Strategy } from "external-passport";',
		`export class ${className(s)} extends PassportStrategy(Strategy, "${s}") {`,
		"\tvalidate(token: string): string {",
		...Array.from({ length: 6 }, (_, i) => `\t\tconst part${i} = token.slice(${i}, ${i + 1});`),
		`\t\treturn "${s}" + part0;`,
		"\t}",
		"}",
	].join("\n");

const FILES: Record<string, string> = {
	"package.json": '{ "name": "login-app", "private": true }',
	...Object.fromEntries(STRATEGIES.map((s) => [`src/auth/strategies/${s}.strategy.ts`, strategy(s)])),
	"src/auth/registry.ts": [
		...STRATEGIES.map((s) => `import { ${className(s)} } from "./strategies/${s}.strategy";`),
		"export function strategyFor(name: string) {",
		...STRATEGIES.map((s) => `\tif (name === "${s}") return new ${className(s)}();`),
		"\tthrow new Error(name);",
		"}",
	].join("\n"),
	"src/auth/login.controller.ts": [
		'import { strategyFor } from "./registry";',
		"export function login(name: string, token: string): string {",
		"\treturn strategyFor(name).validate(token);",
		"}",
	].join("\n"),
	"src/settings/unrelated.ts": "export function unrelated(): number {\n\treturn 1;\n}",
};

const { index } = indexedRepo(FILES, "codeask-sibling-family-", (root) => openIndexOf(root));
let defs: { members: DefRow[]; registry: DefRow; controller: DefRow; unrelated: DefRow };
beforeAll(() => {
	const def = (id: string) => defIn(index(), id);
	defs = {
		members: STRATEGIES.map((s) => def(`src/auth/strategies/${s}.strategy.ts#${className(s)}.validate`)),
		registry: def("src/auth/registry.ts#strategyFor"),
		controller: def("src/auth/login.controller.ts#login"),
		unrelated: def("src/settings/unrelated.ts#unrelated"),
	};
});

const rankedFiles = (read: readonly DefRow[]) => rankedFilesOf(index(), read);

describe("sibling family flow", () => {
	it("reads the shared base expression and the method name as the strategies' shape", () => {
		expect(baseHead('export class A extends PassportStrategy(Strategy, "a")')).toBe("PassportStrategy");
		expect(baseHead("export class A")).toBeNull();
		for (const member of defs.members) {
			expect(shapesOf(index(), member)).toEqual(["base:PassportStrategy", "method:validate"]);
		}
	});

	it("ranks the registry creating the strategies, and the controller entering it, above the second strategy", () => {
		const [best, second] = defs.members.map((d) => d.file as string);
		const files = rankedFiles([...defs.members, defs.unrelated, defs.controller, defs.registry]);
		expect(files[0]).toBe(best);
		const at = (f: string | null | undefined) => files.indexOf(f as string);
		expect(at(defs.registry.file)).toBeLessThan(at(second));
		expect(at(defs.controller.file)).toBeLessThan(at(second));
		// A file off the flow keeps its place after the family.
		expect(at(defs.unrelated.file)).toBeGreaterThan(at(second));
	});

	it("leaves two sibling strategies alone: a pair is not a family", () => {
		const [first, second] = defs.members as [DefRow, DefRow];
		const files = rankedFiles([first, second, defs.unrelated, defs.controller, defs.registry]);
		expect(files.slice(0, 2)).toEqual([first.file, second.file]);
	});
});
