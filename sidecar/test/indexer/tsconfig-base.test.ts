import { describe, expect, it } from "vitest";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("Nx-style path aliases", () => {
	it("resolves `paths` from a root tsconfig.base.json when the root has no tsconfig.json", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "nx-app", "private": true }',
				"tsconfig.base.json": JSON.stringify({
					compilerOptions: { baseUrl: ".", paths: { "@acme/common/*": ["libs/common/src/lib/*"] } },
				}),
				"libs/common/src/lib/config.ts": "export function jobName() { return 'x'; }\n",
				"apps/api/src/jobs.ts":
					'import { jobName } from "@acme/common/config";\nexport function enqueue() { return jobName(); }\n',
			},
			"codeask-tsbase-",
		);
		await withIndexOf(repo, (index) => {
			const from = index.def("apps/api/src/jobs.ts#enqueue");
			const to = index.edgesFrom(from?.id ?? -1).map((e) => index.defById(e.dst)?.defId);
			expect(to).toContain("libs/common/src/lib/config.ts#jobName");
		});
	});
});
