import type { IApiEndpointInfo, IApiRequest } from "@rocket.chat/apps-engine/definition/api";
import { describe, expect, it } from "vitest";
import { route } from "../../commands/router";
import { RepoProgressEndpoint } from "../../endpoints/RepoProgressEndpoint";
import { handleRepoCommand } from "../../handlers/ReposHandler";
import { roomRepo } from "../../lib/RoomRepos";
import { signCallback } from "../../lib/signature";
import { RepoSettingId } from "../../settings/repoSettings";
import { BOT, Recorder, room, user } from "../support/fakes";

const SECRET = "s3cret-s3cret-s3cret";
const ADMIN_TOKEN = "admin-token-0123456789";
const alice = user("alice");
const admin = user("root", { roles: ["user", "admin"] });
const general = room("general", "c", [alice, admin]);

const repoInfo = (name: string) => ({
	name,
	url: `https://github.com/acme/${name}.git`,
	branch: "main",
	subdir: null,
	trunks: "builtin",
	addedAt: "2026-12-01T10:00:00Z",
	state: "ready",
	indexedCommit: "0123456789abcdef0123456789abcdef01234567",
	headSeen: "0123456789abcdef0123456789abcdef01234567",
	lastSyncAt: "2026-12-01T10:01:00Z",
	lastError: null,
	progress: null,
	counts: { files: 3, definitions: 9, edges: 4 },
	isDefault: false,
});

function world(): Recorder {
	const recorder = new Recorder().add(general, alice, admin);
	recorder.settings.set(RepoSettingId.AdminToken, ADMIN_TOKEN);
	recorder.settings.set(RepoSettingId.AdminRole, "admin");
	return recorder;
}

async function run(recorder: Recorder, who: typeof alice, text: string): Promise<boolean> {
	return handleRepoCommand({
		app: recorder.app(),
		read: recorder.read(),
		modify: recorder.modify(),
		http: recorder.httpAccessor(),
		persis: recorder.persistence(),
		user: who,
		room: general,
		args: text.split(" ").filter(Boolean),
	});
}

describe("/codeask repos", () => {
	it("lets only users with the admin role add, remove or sync", async () => {
		const recorder = world();
		expect(await run(recorder, alice, "repos add web https://github.com/acme/web.git")).toBe(true);
		expect(recorder.httpCalls).toHaveLength(0);
		expect(recorder.notified[0]?.text).toContain("*admin* role");
	});

	it("adds with the admin token, asking for progress in this room", async () => {
		const recorder = world();
		recorder.http = () => ({ statusCode: 201, data: repoInfo("web") });
		await run(
			recorder,
			admin,
			"repos add web https://github.com/acme/web.git --branch develop --subdir apps/web",
		);
		// The callback origin is registered first (a loopback/private Rocket.Chat needs it).
		expect(recorder.httpCalls.map((c) => c.url)).toEqual([
			"http://127.0.0.1:3900/v1/callback-origins",
			"http://127.0.0.1:3900/v1/repos",
		]);
		const call = recorder.httpCalls[1];
		expect(call?.method).toBe("post");
		expect(call?.url).toBe("http://127.0.0.1:3900/v1/repos");
		expect(call?.options.headers?.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
		expect(call?.options.data).toMatchObject({
			name: "web",
			url: "https://github.com/acme/web.git",
			branch: "develop",
			subdir: "apps/web",
			context: general.id,
			callback: { url: "https://chat.example.com/api/apps/public/app-id/repo-progress", secret: SECRET },
		});
		expect(recorder.notified.at(-1)?.text).toContain("Added *web*");
	});

	it("passes on why the sidecar refused a URL", async () => {
		const recorder = world();
		recorder.http = () => ({
			statusCode: 400,
			data: { error: { code: "bad-repo-url", message: 'transport helpers ("ext::") are not allowed' } },
		});
		await run(recorder, admin, "repos add evil ext::sh");
		expect(recorder.notified.at(-1)?.text).toContain("transport helpers");
	});

	it("lists repositories for everyone, with the asking token", async () => {
		const recorder = world();
		recorder.http = () => ({ statusCode: 200, data: { repos: [repoInfo("web"), repoInfo("api")] } });
		await run(recorder, alice, "repos");
		expect(recorder.httpCalls[0]?.options.headers?.authorization).toBe(`Bearer ${SECRET}`);
		expect(recorder.notified.at(-1)?.text).toContain("*web*");
		expect(recorder.notified.at(-1)?.text).toContain("*api*");
	});

	it("sets a room's default repository only to a known one", async () => {
		const recorder = world();
		recorder.http = () => ({ statusCode: 200, data: { repos: [repoInfo("web")] } });
		await run(recorder, alice, "use ghost");
		expect(recorder.notified.at(-1)?.text).toContain("no repository named *ghost*");
		expect(await roomRepo(recorder.read().getPersistenceReader(), general.id)).toBeUndefined();
		await run(recorder, alice, "use web");
		expect(await roomRepo(recorder.read().getPersistenceReader(), general.id)).toBe("web");
	});

	it("leaves other words to the question router", async () => {
		expect(await run(world(), alice, "how are messages saved?")).toBe(false);
	});
});

describe("questions about one repository", () => {
	function sidecar(recorder: Recorder): void {
		let n = 0;
		recorder.http = (call) => {
			if (call.url.endsWith("/v1/repos")) return { statusCode: 200, data: { repos: [repoInfo("web")] } };
			if (call.url.endsWith("/v1/jobs")) return { statusCode: 202, data: { jobId: `job-${++n}` } };
			return { statusCode: 200, data: {} };
		};
	}
	const ask = (recorder: Recorder, text: string) =>
		route(
			{
				app: recorder.app(),
				read: recorder.read(),
				modify: recorder.modify(),
				http: recorder.httpAccessor(),
				persis: recorder.persistence(),
				user: alice,
				room: general,
				source: "command",
			},
			text.split(" "),
		);
	const jobs = (recorder: Recorder) =>
		recorder.httpCalls
			.filter((c) => c.url.endsWith("/v1/jobs"))
			.map((c) => c.options.data as Record<string, unknown>);

	it("sends `in <repo>` questions to that repository, and other `in …` text as it is", async () => {
		const recorder = world();
		sidecar(recorder);
		await ask(recorder, "in web how are messages saved?");
		await ask(recorder, "in which file is the login checked?");
		expect(jobs(recorder).map((j) => [j.question, j.repo])).toEqual([
			["how are messages saved?", "web"],
			["in which file is the login checked?", undefined],
		]);
		// Kept with the pending question, so a re-sent job (and the answer's full form) ask it too.
		expect(recorder.pending().map((p) => p.repo)).toEqual(["web", undefined]);
	});

	it("uses the room's default, else the app's default repository", async () => {
		const recorder = world();
		sidecar(recorder);
		recorder.settings.set(RepoSettingId.DefaultRepo, "api");
		await ask(recorder, "how are messages saved?");
		await ask(recorder, "use web");
		await ask(recorder, "how are rooms created?");
		expect(jobs(recorder).map((j) => j.repo)).toEqual(["api", "web"]);
	});
});

describe("the repository progress endpoint", () => {
	const NOW = 1_800_000_000_000;
	const info = {} as IApiEndpointInfo;
	function request(body: unknown, secret = SECRET): IApiRequest {
		const timestamp = String(NOW / 1000);
		return {
			method: "post",
			headers: {
				"x-codeask-timestamp": timestamp,
				"x-codeask-signature": signCallback(secret, timestamp, JSON.stringify(body)),
			},
			query: {},
			params: {},
			content: body,
		} as unknown as IApiRequest;
	}
	const post = (recorder: Recorder, req: IApiRequest) =>
		new RepoProgressEndpoint(recorder.app() as never, () => NOW).post(
			req,
			info,
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);

	it("posts each signed report in the room the repository was added from", async () => {
		const recorder = world();
		const base = { repo: "web", commit: "0123456789abcdef", error: null, context: general.id };
		await post(recorder, request({ ...base, event: "started", percent: 0, counts: null }));
		await post(recorder, request({ ...base, event: "progress", percent: 40, counts: null }));
		await post(
			recorder,
			request({ ...base, event: "finished", percent: 100, counts: { files: 3, definitions: 9, edges: 4 } }),
		);
		await post(
			recorder,
			request({ ...base, event: "failed", percent: null, counts: null, error: "clone of x: timeout" }),
		);
		expect(recorder.posted.map((p) => p.roomId)).toEqual([general.id, general.id, general.id, general.id]);
		expect(recorder.posted.every((p) => p.senderId === BOT.id)).toBe(true);
		expect(recorder.posted[1]?.text).toContain("40 %");
		expect(recorder.posted[2]?.text).toContain("3 files, 9 definitions");
		expect(recorder.posted[3]?.text).toContain("failed: clone of x: timeout");
	});

	it("refuses a report with a wrong signature", async () => {
		const recorder = world();
		const response = await post(
			recorder,
			request(
				{
					repo: "web",
					event: "started",
					percent: 0,
					commit: null,
					counts: null,
					error: null,
					context: general.id,
				},
				"wrong-secret-000000",
			),
		);
		expect(response.status).toBe(401);
		expect(recorder.posted).toHaveLength(0);
	});
});
