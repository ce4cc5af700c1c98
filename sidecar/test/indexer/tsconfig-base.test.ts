import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";

describe("Nx-style path aliases", () => {
	it("resolves `paths` from a root tsconfig.base.json when the root has no tsconfig.json", async () => {
		const repo = mkdtempSync(join(tmpdir(), "codeask-tsbase-"));
		mkdirSync(join(repo, "apps/api/src"), { recursive: true });
		mkdirSync(join(repo, "libs/common/src/lib"), { recursive: true });
		writeFileSync(join(repo, "package.json"), '{ "name": "nx-app", "private": true }');
		writeFileSync(
			join(repo, "tsconfig.base.json"),
			JSON.stringify({
				compilerOptions: { baseUrl: ".", paths: { "@acme/common/*": ["libs/common/src/lib/*"] } },
			}),
		);
		writeFileSync(join(repo, "libs/common/src/lib/config.ts"), "export function jobName() { return 'x'; }\n");
		writeFileSync(
			join(repo, "apps/api/src/jobs.ts"),
			'import { jobName } from "@acme/common/config";\nexport function enqueue() { return jobName(); }\n',
		);
		const result = await indexRepository({ repo, out: join(repo, "index.db") });
		const index = IndexReader.open(result.out);
		try {
			const from = index.def("apps/api/src/jobs.ts#enqueue");
			const to = index.edgesFrom(from?.id ?? -1).map((e) => index.defById(e.dst)?.defId);
			expect(to).toContain("libs/common/src/lib/config.ts#jobName");
		} finally {
			index.close();
		}
	});
});
