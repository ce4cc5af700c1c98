import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IndexHolder } from "../../src/index/holder.js";
import { createLogger } from "../../src/logger.js";
import type { SyncJob, SyncQueue } from "../../src/repos/queue.js";
import { createRepoManager } from "../../src/repos/setup.js";
import { readWebhook, repoKey } from "../../src/repos/webhooks.js";

const SECRET = "webhook-secret-0123456789";
const tmp = mkdtempSync(join(tmpdir(), "codeask-hooks-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("push webhooks", () => {
	it("reads the pushed repository's URLs from GitHub, GitLab and Gitea payloads", () => {
		const github = Buffer.from(
			JSON.stringify({
				ref: "refs/heads/main",
				after: "a".repeat(40),
				repository: { clone_url: "https://github.com/Acme/Web.git", ssh_url: "git@github.com:Acme/Web.git" },
			}),
		);
		const sig = `sha256=${createHmac("sha256", SECRET).update(github).digest("hex")}`;
		const event = readWebhook({ "x-github-event": "push", "x-hub-signature-256": sig }, github, SECRET);
		expect(event).toMatchObject({ kind: "push", branch: "main", after: "a".repeat(40) });
		expect(event.kind === "push" && event.repoUrls.map(repoKey)).toEqual([
			"github.com/acme/web",
			"github.com/acme/web",
		]);

		const gitlab = Buffer.from(
			JSON.stringify({
				ref: "refs/heads/dev",
				project: { git_http_url: "https://gitlab.example.com/g/api.git" },
			}),
		);
		const gl = readWebhook({ "x-gitlab-event": "Push Hook", "x-gitlab-token": SECRET }, gitlab, SECRET);
		expect(gl.kind === "push" && gl.repoUrls.map(repoKey)).toEqual(["gitlab.example.com/g/api"]);
	});

	it("treats the spellings of one repository as the same, and others as different", () => {
		const same = [
			"https://github.com/acme/web",
			"https://github.com/Acme/Web.git/",
			"git@github.com:acme/web.git",
			"ssh://git@github.com:22/acme/web.git",
		].map(repoKey);
		expect(new Set(same).size).toBe(1);
		expect(repoKey("https://github.com/acme/web-old")).not.toBe(same[0]);
		expect(repoKey("/srv/git/web")).toBeNull();
	});

	it("queues every registered repository an organisation webhook's push is for, on its branch", async () => {
		const jobs: SyncJob[] = [];
		const queue: SyncQueue = {
			start: async () => {},
			enqueue: async (job) => {
				jobs.push(job);
			},
			idle: async () => {},
			close: async () => {},
		};
		const log = createLogger({ level: "silent" });
		const manager = createRepoManager(
			{
				reposDir: join(tmp, "reg"),
				gitProtocols: ["https", "ssh"],
				cloneTimeoutMs: 10_000,
				repoMaxMb: 10,
				pollMs: 0,
				syncConcurrency: 1,
			},
			{ log, createHolder: (p) => new IndexHolder(p, log), queue },
		);
		await manager.start({ recover: false });
		await manager.add({ name: "web", url: "https://github.com/acme/web.git" });
		await manager.add({ name: "web-dev", url: "git@github.com:acme/web.git", branch: "dev" });
		await manager.add({ name: "api", url: "https://github.com/acme/api.git" });
		jobs.length = 0;
		expect(await manager.pushedByUrls(["https://github.com/Acme/Web"], "main", null)).toEqual(["web"]);
		expect(await manager.pushedByUrls(["git@github.com:acme/web.git"], "dev", null)).toEqual(["web-dev"]);
		expect(await manager.pushedByUrls(["https://github.com/acme/other"], "main", null)).toEqual([]);
		expect(jobs.map((j) => j.repo)).toEqual(["web", "web-dev"]);
		await manager.close();
	});
});
