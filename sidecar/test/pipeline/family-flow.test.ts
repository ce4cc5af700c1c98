/**
 * A plug-in family is not the flow (pipeline/family-flow.ts): five token providers extending one
 * abstract base and a refresh service calling `provider.refreshToken()` through the base, on a small
 * repository indexed for the test. With the providers leading the seed ranking, the citation ranking
 * keeps the best provider first and puts the service (and the job entering it) above the second.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { openIndexOf } from "../support/open-index.js";
import { indexedRepo } from "../support/path-fixture.js";
import { rankedFiles as rankedFilesOf } from "../support/ranked-files.js";
import { defIn } from "../support/skeletons.js";

const PROVIDERS = ["github", "gitlab", "google", "slack", "discord"];
const className = (p: string) => `${p[0]?.toUpperCase()}${p.slice(1)}Provider`;
const provider = (p: string) =>
	[
		'import { TokenProvider } from "../token.provider";',
		`export class ${className(p)} extends TokenProvider {`,
		"\tasync refreshToken(token: string): Promise<string> {",
		...Array.from({ length: 6 }, (_, i) => `\t\tconst part${i} = token.slice(${i}, ${i + 1});`),
		`\t\treturn "${p}" + part0;`,
		"\t}",
		"}",
	].join("\n");

const FILES: Record<string, string> = {
	"package.json": '{ "name": "token-app", "private": true }',
	"src/providers/token.provider.ts": [
		"export abstract class TokenProvider {",
		"\tabstract refreshToken(token: string): Promise<string>;",
		"}",
	].join("\n"),
	...Object.fromEntries(PROVIDERS.map((p) => [`src/providers/${p}/${p}.provider.ts`, provider(p)])),
	"src/services/refresh.service.ts": [
		'import type { TokenProvider } from "../providers/token.provider";',
		"export class RefreshService {",
		"\tasync refresh(provider: TokenProvider, token: string): Promise<string> {",
		"\t\treturn this.renew(provider, token);",
		"\t}",
		"\tprivate async renew(provider: TokenProvider, token: string): Promise<string> {",
		"\t\treturn provider.refreshToken(token);",
		"\t}",
		"}",
	].join("\n"),
	"src/jobs/refresh.job.ts": [
		'import type { TokenProvider } from "../providers/token.provider";',
		'import { RefreshService } from "../services/refresh.service";',
		"export async function refreshJob(provider: TokenProvider, token: string): Promise<string> {",
		"\treturn new RefreshService().refresh(provider, token);",
		"}",
	].join("\n"),
	"src/settings/unrelated.ts": "export function unrelated(): number {\n\treturn 1;\n}",
};

const { index } = indexedRepo(FILES, "codeask-family-flow-", (root) => openIndexOf(root));
let defs: { members: DefRow[]; service: DefRow; job: DefRow; unrelated: DefRow };
beforeAll(() => {
	const def = (id: string) => defIn(index(), id);
	defs = {
		members: PROVIDERS.map((p) => def(`src/providers/${p}/${p}.provider.ts#${className(p)}.refreshToken`)),
		service: def("src/services/refresh.service.ts#RefreshService.refresh"),
		job: def("src/jobs/refresh.job.ts#refreshJob"),
		unrelated: def("src/settings/unrelated.ts#unrelated"),
	};
});

const rankedFiles = (read: readonly DefRow[]) => rankedFilesOf(index(), read);

describe("family flow", () => {
	it("indexes the providers as one family of the base's member", () => {
		const base = defIn(index(), "src/providers/token.provider.ts#TokenProvider.refreshToken");
		const implementations = index()
			.edgesFrom(base.id)
			.filter((e) => e.kind === "implementation");
		expect(implementations).toHaveLength(PROVIDERS.length);
	});

	it("ranks the service calling through the base, and the job entering it, above the second provider", () => {
		const [best, second] = defs.members.map((d) => d.file as string);
		const files = rankedFiles([...defs.members, defs.unrelated, defs.job, defs.service]);
		expect(files[0]).toBe(best);
		const at = (f: string | undefined) => files.indexOf(f as string);
		expect(at(defs.service.file ?? "")).toBeLessThan(at(second));
		expect(at(defs.job.file ?? "")).toBeLessThan(at(second));
		// A file off the flow keeps its place after the family.
		expect(at(defs.unrelated.file ?? "")).toBeGreaterThan(at(second));
	});

	it("leaves the ranking alone when one provider leads and no other member is among the first files", () => {
		const [best] = defs.members;
		const files = rankedFiles([best as DefRow, defs.unrelated, defs.service]);
		expect(files).toEqual([best?.file, defs.unrelated.file, defs.service.file]);
	});
});
