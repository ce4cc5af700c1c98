/**
 * A repository that declares no workspaces but holds sub-projects side by side (`server/`, `web/`,
 * `sdk/`), each with its own package.json and tsconfig.json: each is a package, its imports resolve
 * with its own `baseUrl`, a `file:` dependency resolves to the folder it points at, and its
 * dependencies turn presets on (a NestJS server's routes).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { discoverPackages } from "../../src/workspace/packages.js";
import { openIndexWithTrunks, readThenClose, withIndexAt } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const scratch: string[] = [];
afterAll(() => {
	for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
const repo = (files: Record<string, string>) => {
	const root = repoWith(files, "codeask-undeclared-");
	scratch.push(root);
	return root;
};
const json = (value: unknown) => JSON.stringify(value);

const SUB_PROJECTS = {
	"server/package.json": json({
		name: "server",
		dependencies: { "@nestjs/common": "^11.0.0", "@nestjs/core": "^11.0.0", "@acme/client": "file:../sdk" },
	}),
	"server/tsconfig.json": json({ compilerOptions: { experimentalDecorators: true, baseUrl: "./" } }),
	"server/src/job.repository.ts":
		"export class JobRepository { async queue(name: string) { return name; } }\n",
	"server/src/asset.service.ts": `import { JobRepository } from 'src/job.repository';
import { describeAsset } from '@acme/client';
export class AssetService {
  constructor(private jobRepository: JobRepository) {}
  async upload() { await this.jobRepository.queue(describeAsset('metadata-extraction')); }
}
`,
	"server/src/asset.controller.ts": `import { Controller, Post } from '@nestjs/common';
import { AssetService } from 'src/asset.service';
@Controller('assets')
export class AssetController {
  constructor(private service: AssetService) {}
  @Post()
  upload() { return this.service.upload(); }
}
`,
	// Published as @acme/sdk, imported by the server under the name of its `file:` dependency.
	"sdk/package.json": json({ name: "@acme/sdk", main: "./build/index.js" }),
	"sdk/src/index.ts": "export function describeAsset(name: string) { return name; }\n",
	"web/package.json": json({ name: "web", devDependencies: { vite: "^5.0.0" } }),
	"web/src/main.ts": "export const main = () => 1;\n",
};

describe("packages without a workspace declaration", () => {
	it("makes each folder holding a project's package.json a package, leaving out markers, dependencies and fixtures", () => {
		const root = repo({
			...SUB_PROJECTS,
			"web/src/esm/package.json": json({ type: "module" }),
			"web/examples/demo/package.json": json({ name: "demo" }),
			"server/libs/shared/package.json": json({ name: "@acme/shared", dependencies: { zod: "^4" } }),
			"server/node_modules/@nestjs/common/package.json": json({ name: "@nestjs/common" }),
			"server/dist/package.json": json({ name: "server-dist", dependencies: { a: "1" } }),
			"web/test/fixtures/app/package.json": json({ name: "fixture-app", dependencies: { a: "1" } }),
			".github/actions/x/package.json": json({ name: "action", dependencies: { a: "1" } }),
			"tools/scripts/package.json": json({ private: true, scripts: { gen: "node gen.js" } }),
		});
		const packages = discoverPackages(root);
		expect(packages.map((p) => [p.name, p.dir])).toEqual([
			[expect.any(String), ""],
			["@acme/sdk", "sdk"],
			["server", "server"],
			["@acme/shared", "server/libs/shared"],
			["scripts", "tools/scripts"],
			["web", "web"],
		]);
		expect(packages.find((p) => p.dir === "server")?.fileDependencies).toEqual([
			{ name: "@acme/client", dir: "sdk" },
		]);
	});

	it("keeps a repository that declares workspaces to the packages it lists", () => {
		const root = repo({ ...SUB_PROJECTS, "package.json": json({ private: true, workspaces: ["server"] }) });
		expect(discoverPackages(root).map((p) => p.dir)).toEqual(["", "server"]);
		const pnpm = repo({ ...SUB_PROJECTS, "pnpm-workspace.yaml": "packages:\n  - web\n" });
		expect(discoverPackages(pnpm).map((p) => p.dir)).toEqual(["", "web"]);
	});

	it("resolves each sub-project's baseUrl imports and file: dependencies, and finds its NestJS routes", async () => {
		const root = repo(SUB_PROJECTS);
		const out = join(root, ".codeask/index.db");
		await readThenClose(await openIndexWithTrunks(root, out), (index) => {
			const callees = (defId: string) =>
				index.edgesFrom(index.def(defId)?.id ?? -1).map((e) => `${e.kind} ${index.defById(e.dst)?.defId}`);
			expect(callees("server/src/asset.service.ts#AssetService.upload")).toEqual(
				expect.arrayContaining([
					"call server/src/job.repository.ts#JobRepository.queue",
					"call sdk/src/index.ts#describeAsset",
				]),
			);
			expect(callees("server/src/asset.controller.ts#AssetController.upload")).toContain(
				"call server/src/asset.service.ts#AssetService.upload",
			);
			const route = index.dispatchSites("http-route", "POST /assets");
			expect(route.map((s) => [s.side, s.handlerDefId])).toEqual([
				["register", "server/src/asset.controller.ts#AssetController.upload"],
			]);
		});
	});

	it("lets a sub-project without a tsconfig of its own take the nearest one above it", async () => {
		const root = repo({
			"package.json": json({ name: "nx-app", private: true }),
			"tsconfig.base.json": json({
				compilerOptions: { baseUrl: ".", paths: { "@acme/common/*": ["libs/common/src/lib/*"] } },
			}),
			"libs/common/src/lib/config.ts": "export function jobName() { return 'x'; }\n",
			"apps/api/package.json": json({ name: "api", dependencies: { express: "^5" } }),
			"apps/api/src/jobs.ts":
				'import { jobName } from "@acme/common/config";\nexport function enqueue() { return jobName(); }\n',
		});
		const out = join(root, ".codeask/index.db");
		await indexRepository({ repo: root, out, full: true });
		await withIndexAt(out, (index) => {
			const from = index.def("apps/api/src/jobs.ts#enqueue");
			expect(index.edgesFrom(from?.id ?? -1).map((e) => index.defById(e.dst)?.defId)).toContain(
				"libs/common/src/lib/config.ts#jobName",
			);
		});
	});
});
