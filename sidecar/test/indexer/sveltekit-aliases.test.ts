/**
 * SvelteKit's `$lib` and `kit.alias` imports resolve although the generated tsconfig that declares
 * them (`.svelte-kit/tsconfig.json`) is absent from a checkout.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { kitAliases } from "../../src/indexer/sveltekit-aliases.js";
import { repoWith } from "../support/repo-with.js";

const scratch: string[] = [];
afterAll(() => {
	for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const json = (value: unknown) => JSON.stringify(value);

/** `web/` (a SvelteKit app importing `$lib` and a `kit.alias`) beside `plain/` (no SvelteKit). */
const APP = {
	"web/package.json": json({ name: "web", devDependencies: { "@sveltejs/kit": "^2.0.0" } }),
	"web/tsconfig.json": json({ extends: "./.svelte-kit/tsconfig.json", compilerOptions: { strict: true } }),
	"web/svelte.config.js": `import adapter from '@sveltejs/adapter-static';
const shared = '../shared';
const config = {
  kit: {
    adapter: adapter({ fallback: 'index.html' }),
    alias: { '@components': 'src/components', $shared: shared, '$helpers/*': 'src/helpers/*' },
  },
};
export default config;
`,
	"web/src/uploader.ts": `import { uploadRequest } from '$lib/utils';
import { button } from '@components/button';
import { slug } from '$helpers/slug';
export function uploadFile() { button(); slug(); return uploadRequest('/assets'); }
`,
	"web/src/lib/utils.ts":
		"export function uploadRequest(url: string) { return fetch(url, { method: 'POST' }); }\n",
	"web/src/components/button.ts": "export function button() { return 1; }\n",
	"web/src/helpers/slug.ts": "export function slug() { return 's'; }\n",
	"plain/package.json": json({ name: "plain", dependencies: { vite: "^5.0.0" } }),
	"plain/src/main.ts": "import { helper } from '$lib/helper';\nexport function main() { return helper(); }\n",
	"plain/src/lib/helper.ts": "export function helper() { return 1; }\n",
};

async function indexed(files: Record<string, string>) {
	const root = repoWith(files, "codeask-sveltekit-");
	scratch.push(root);
	const out = join(root, ".codeask/index.db");
	const result = await indexRepository({ repo: root, out, full: true });
	return { index: IndexReader.open(out), result };
}

describe("SvelteKit aliases", () => {
	it("reads kit.alias string entries from svelte.config, leaving computed ones out", () => {
		expect(
			kitAliases(
				"const x = 'a';\nexport default { kit: { alias: { $c: 'src/c', 'd/*': 'src/d/*', $e: x, [x]: 'y' } } };",
			),
		).toEqual({ $c: "src/c", "d/*": "src/d/*" });
		expect(kitAliases("export default { alias: { $c: 'src/c' } };")).toEqual({});
	});

	it("resolves $lib to src/lib and kit.alias entries in a package depending on @sveltejs/kit, and only there", async () => {
		const { index, result } = await indexed(APP);
		try {
			const callees = (defId: string) =>
				index.edgesFrom(index.def(defId)?.id ?? -1).map((e) => `${e.kind} ${index.defById(e.dst)?.defId}`);
			expect(callees("web/src/uploader.ts#uploadFile")).toEqual(
				expect.arrayContaining([
					"call web/src/lib/utils.ts#uploadRequest",
					"call web/src/components/button.ts#button",
					"call web/src/helpers/slug.ts#slug",
				]),
			);
			// `$lib` means nothing to a package that is no SvelteKit app.
			expect(callees("plain/src/main.ts#main")).toEqual([]);
			expect(result.imports.byKind.alias).toEqual({ inRepo: 3, resolved: 3 });
			// The generated config a checkout lacks is a note, not a problem (exit code 0).
			expect(result.problems).toEqual([]);
			expect(result.notes.map((n) => n.file)).toContain("web/tsconfig.json");
		} finally {
			index.close();
		}
	});
});
