import type { RepoAddRequest } from "../../shared/src/contract";
import { CALLBACK_PATH, callbackUrl, newRequestId } from "../lib/jobs";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { ReposClient } from "../lib/ReposClient";
import { roomRepo, setRoomRepo } from "../lib/RoomRepos";
import { repoMessages } from "../lib/repoMessages";
import type { AppRequest } from "../lib/request";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { readRepoSettings } from "../settings/repoSettings";
import { readAppSettings } from "../settings/settings";
import { askQuestion } from "./AskHandler";

/** Path of the app endpoint the sidecar reports indexing progress to. */
export const REPO_PROGRESS_PATH = "repo-progress";

export interface RepoCommandInput extends AppRequest {
	args: ReadonlyArray<string>;
}

/** `/codeask repos …`, `/codeask use <repo>`, `/codeask in <repo> <question>`; false when not one of them. */
export async function handleRepoCommand(input: RepoCommandInput): Promise<boolean> {
	const first = (input.args[0] ?? "").toLowerCase();
	const rest = input.args.slice(1);
	if (first === "in" && rest.length >= 2) await askInRepo(input, rest);
	else if (first === "use" && rest.length === 1) await useRepo(input, rest[0] as string);
	else if (first === "repos") await showRepos(input, rest);
	else return false;
	return true;
}

/**
 * `/codeask in <repo> <question>`. When the word after `in` is no registered repository, the
 * whole text is the question ("in which file is the login checked?").
 */
export async function askInRepo(input: AppRequest, args: ReadonlyArray<string>): Promise<void> {
	const [name, ...words] = args;
	let known: Array<string> = [];
	if (name && words.length > 0) {
		const loaded = await readAppSettings(input.read);
		if (loaded.ok) {
			try {
				const client = new ReposClient(
					input.http,
					loaded.settings.sidecarUrl,
					loaded.settings.sharedSecret,
					"",
				);
				known = (await client.list(newRequestId())).map((r) => r.name);
			} catch {
				// A sidecar without repositories (or unreachable): ask the text as it is.
			}
		}
	}
	const inRepo = name !== undefined && known.includes(name);
	await askQuestion({
		app: input.app,
		read: input.read,
		modify: input.modify,
		http: input.http,
		persis: input.persis,
		user: input.user,
		room: input.room,
		...(input.threadId ? { threadId: input.threadId } : {}),
		question: inRepo ? words.join(" ") : ["in", ...args].join(" "),
		...(inRepo ? { repo: name } : {}),
		source: "command",
	});
}

/** Options `--branch B` / `--subdir D` among positional words. */
function options(words: ReadonlyArray<string>): { positional: Array<string>; flags: Record<string, string> } {
	const positional: Array<string> = [];
	const flags: Record<string, string> = {};
	for (let i = 0; i < words.length; i++) {
		const w = words[i] as string;
		const m = /^--(branch|subdir)(?:=(.+))?$/.exec(w);
		if (m) {
			const value = m[2] ?? words[++i];
			if (value) flags[m[1] as string] = value;
		} else positional.push(w);
	}
	return { positional, flags };
}

async function clientFor(input: AppRequest, tell: (t: string) => Promise<void>) {
	const loaded = await readAppSettings(input.read);
	if (!loaded.ok) {
		await tell(messages.notConfigured(loaded.problems));
		return null;
	}
	const repoSettings = await readRepoSettings(input.read);
	return {
		client: new ReposClient(
			input.http,
			loaded.settings.sidecarUrl,
			loaded.settings.sharedSecret,
			repoSettings.adminToken,
		),
		settings: loaded.settings,
		repoSettings,
	};
}

/** `/codeask repos [list | add … | remove <name> | sync [<name>]]`; `args` are the words after `repos`. */
export async function showRepos(context: AppRequest, args: ReadonlyArray<string>): Promise<void> {
	const input = { ...context, args: ["repos", ...args] };
	const { read, modify, user, room, threadId } = input;
	const tell = (text: string) => notifyUser(read, modify, user, room, text, threadId);
	const sub = (input.args[1] ?? "list").toLowerCase();
	const setup = await clientFor(input, tell);
	if (!setup) return;
	const { client, settings, repoSettings } = setup;
	const requestId = newRequestId();
	try {
		if (sub === "list") {
			const list = await client.list(requestId);
			await tell(repoMessages.list(list, await roomRepo(read.getPersistenceReader(), room.id)));
			return;
		}
		if (sub !== "add" && sub !== "remove" && sub !== "sync") {
			await tell(repoMessages.usage);
			return;
		}
		if (!(user.roles ?? []).includes(repoSettings.adminRole)) {
			await tell(repoMessages.notAdmin(repoSettings.adminRole));
			return;
		}
		if (!repoSettings.adminToken) {
			await tell(repoMessages.noAdminToken);
			return;
		}
		const { positional, flags } = options(input.args.slice(2));
		if (sub === "add") {
			const [name, url] = positional;
			if (!name || !url || positional.length > 2) {
				await tell(repoMessages.usage);
				return;
			}
			const request: RepoAddRequest = { name, url, context: room.id };
			if (flags.branch) request.branch = flags.branch;
			if (flags.subdir) request.subdir = flags.subdir;
			// Progress comes back to this app (signed with the shared secret) and goes to this room.
			const jobCallback = await callbackUrl(read, settings, input.app.getID());
			if (jobCallback && settings.sharedSecret.length >= 16) {
				// A loopback/private Rocket.Chat must be registered before the sidecar calls it back.
				const origin = /^https?:\/\/[^/?#]+/i.exec(jobCallback)?.[0] ?? "";
				try {
					await new SidecarClient(
						input.http,
						settings.sidecarUrl,
						settings.sharedSecret,
					).registerCallbackOrigin(origin, requestId);
				} catch (error) {
					if (!(error instanceof SidecarError) || error.code !== "not_found") {
						input.app
							.getLogger()
							.warn(`codeask: callback origin ${origin} not registered; no progress reports`);
					}
				}
				request.callback = {
					url: jobCallback.replace(new RegExp(`${CALLBACK_PATH}$`), REPO_PROGRESS_PATH),
					secret: settings.sharedSecret,
				};
			}
			await client.add(request, requestId);
			await tell(repoMessages.added(name));
		} else if (sub === "remove") {
			const [name] = positional;
			if (!name) {
				await tell(repoMessages.usage);
				return;
			}
			await client.remove(name, requestId);
			await tell(repoMessages.removed(name));
		} else {
			await tell(repoMessages.syncQueued(await client.sync(positional[0], requestId)));
		}
	} catch (error) {
		if (error instanceof SidecarError) {
			await tell(messages.sidecarFailure(error.code, error.message));
			return;
		}
		throw error;
	}
}

/** `/codeask use <repo>`: this room's default repository for questions. */
export async function useRepo(input: AppRequest, name: string | undefined): Promise<void> {
	const { read, modify, user, room, threadId, persis } = input;
	const tell = (text: string) => notifyUser(read, modify, user, room, text, threadId);
	if (!name) {
		await tell(repoMessages.usage);
		return;
	}
	const setup = await clientFor(input, tell);
	if (!setup) return;
	try {
		const known = (await setup.client.list(newRequestId())).map((r) => r.name);
		if (!known.includes(name)) {
			await tell(repoMessages.unknownRepo(name, known));
			return;
		}
	} catch (error) {
		if (error instanceof SidecarError) {
			await tell(messages.sidecarFailure(error.code, error.message));
			return;
		}
		throw error;
	}
	await setRoomRepo(persis, room.id, name);
	await tell(repoMessages.roomDefault(name));
}
