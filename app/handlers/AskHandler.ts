import type { IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import { formatQuestion } from "../lib/formatAnswer";
import { buildJobRequest, newRequestId, schedulePoll, submitJob } from "../lib/jobs";
import { MAX_QUESTION_CHARS } from "../lib/limits";
import { notifyUser, postAsBot } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { savePending } from "../lib/PendingQuestions";
import { RateLimiter } from "../lib/RateLimiter";
import { repoFor } from "../lib/RoomRepos";
import type { AppRequest } from "../lib/request";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { isInsecureSidecar } from "../lib/security";
import { readRepoSettings } from "../settings/repoSettings";
import { type AppSettings, readAppSettings } from "../settings/settings";

export interface AskInput extends AppRequest {
	question: string;
	/** `command` answers publicly in the room; `dm` answers in the direct room with the bot. */
	source: "command" | "dm";
	/** The repository named with `/codeask in <repo>`; else the room's, else the app's default. */
	repo?: string;
}

/** Warns once per app process (and URL) in the app's log that secrets travel unencrypted. */
const warnedInsecure = new Set<string>();
export function warnIfInsecure(app: IApp, settings: AppSettings): void {
	if (isInsecureSidecar(settings.sidecarUrl) && !warnedInsecure.has(settings.sidecarUrl)) {
		warnedInsecure.add(settings.sidecarUrl);
		app.getLogger().warn(`codeask: ${messages.insecureSidecar(settings.sidecarUrl)}`);
	}
}

/** Creates the sidecar job; returns its id, or undefined after telling the asker why not. */
export async function createJob(
	input: Pick<AskInput, "app" | "read" | "http"> & {
		settings: AppSettings;
		question: string;
		username: string;
		detail: "short" | "full";
		tell: (text: string) => Promise<void>;
		/** The repository the question is about (sidecars serving several). */
		repo?: string;
	},
): Promise<string | undefined> {
	const { app, read, http, settings } = input;
	warnIfInsecure(app, settings);
	const requestId = newRequestId();
	const client = new SidecarClient(http, settings.sidecarUrl, settings.sharedSecret);
	try {
		const request = await buildJobRequest(read, settings, app.getID(), {
			question: input.question,
			username: input.username,
			requestId,
			detail: input.detail,
			...(input.repo ? { repo: input.repo } : {}),
		});
		const jobId = await submitJob(client, request, requestId, app.getLogger());
		app
			.getLogger()
			.info(`codeask: job ${jobId} (${input.detail}) created for ${input.username} (request ${requestId})`);
		return jobId;
	} catch (error) {
		if (error instanceof SidecarError) {
			app
				.getLogger()
				.warn(`codeask: job not created (${error.code}, request ${requestId}): ${error.message}`);
			await input.tell(messages.sidecarFailure(error.code, error.message));
			return undefined;
		}
		throw error;
	}
}

/**
 * Hands a question to the sidecar as a job and returns at once (the engine cuts executors off
 * after ~30 s). The answer arrives later through the signed callback or the scheduled poll; the
 * pending record in persistence is what keeps the question from being lost in between.
 */
export async function askQuestion(input: AskInput): Promise<void> {
	const { app, read, modify, http, persis, user, room } = input;
	const tell = (text: string, threadId = input.threadId) =>
		notifyUser(read, modify, user, room, text, threadId);

	const loaded = await readAppSettings(read);
	if (!loaded.ok) {
		await tell(messages.notConfigured(loaded.problems));
		return;
	}
	const settings = loaded.settings;
	const question = input.question.trim();
	if (!question) {
		await tell(messages.usage);
		return;
	}
	if (question.length > MAX_QUESTION_CHARS) {
		await tell(messages.questionTooLong(MAX_QUESTION_CHARS));
		return;
	}
	const rate = await new RateLimiter(read.getPersistenceReader(), persis).take(
		user.id,
		settings.rateLimitPerMinute,
	);
	if (!rate.allowed) {
		await tell(messages.rateLimited(settings.rateLimitPerMinute, rate.retryAfterSeconds));
		return;
	}
	const repo = await questionRepo(read, room.id, input.repo);
	const jobId = await createJob({
		app,
		read,
		http,
		settings,
		question,
		username: user.username,
		detail: "short",
		tell,
		...repo,
	});
	if (!jobId) return;

	// A slash command is invisible to others, so the public answer needs the question with it:
	// in thread mode a bot message quoting it becomes the thread root.
	let threadId = input.threadId;
	let quoteQuestion = input.source === "command";
	let publicQuestion = input.source === "dm";
	if (!threadId && input.source === "command" && settings.placement === "thread") {
		threadId = await postAsBot(read, modify, room, formatQuestion(user.username, question));
		quoteQuestion = false;
		publicQuestion = true;
	}
	await savePending(persis, {
		jobId,
		question,
		userId: user.id,
		roomId: room.id,
		...(threadId ? { threadId } : {}),
		quoteQuestion,
		publicQuestion,
		source: input.source,
		detail: "short",
		...repo,
		askedAt: Date.now(),
		polls: 0,
		resubmits: 0,
	});
	await schedulePoll(modify, jobId, 0);
	await tell(messages.working(question), threadId);
}

/** `{repo}` for a question: the one it names, the room's default, the app's default, or none. */
async function questionRepo(
	read: IRead,
	roomId: string,
	named: string | undefined,
): Promise<{ repo?: string }> {
	const repo = await repoFor(
		read.getPersistenceReader(),
		roomId,
		named,
		(await readRepoSettings(read)).defaultRepo,
	);
	return repo ? { repo } : {};
}
