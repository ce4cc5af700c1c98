import type { StatusResponse } from "../../shared/src/contract";
import { chatSafeInline } from "./chatText";
import type { SidecarErrorCode } from "./SidecarClient";

/**
 * Every text the app shows a user. Ephemeral texts say what went wrong and what an admin should
 * check; none carries a stack trace, a secret or the sidecar's internals.
 */
const ADMIN_HINT = "An admin can check Administration → Apps → CodeAsk → Settings.";

export const messages = {
	usage: [
		"*CodeAsk* answers questions about the code base, citing the exact lines.",
		"`/codeask <question>` ask a question, e.g. `/codeask how are push notifications sent?`",
		"`/codeask overview [package]` the main parts of the repository (or of one package) and how they fit together",
		"`/codeask status` show whether the CodeAsk service is up and which commit it indexed",
		"`/codeask help` show this help",
		"`/codeask in <repo> <question>`, `/codeask use <repo>`, `/codeask repos` when CodeAsk serves several repositories",
		"In a direct message to the CodeAsk bot, write the question (or `help`, `status`, `overview [package]`) without `/codeask`; in a group DM, mention the bot.",
	].join("\n"),

	encrypted:
		"I can't read encrypted messages. Ask me in a room or a direct message without end-to-end encryption.",

	unknownPackage: (name: string, detail: string) =>
		`CodeAsk has no package _${chatSafeInline(clip(name, 100))}_ in its index (${clip(detail, 200)}). \`/codeask overview\` lists the packages it knows.`,

	publicFailure: (reason: string) =>
		`Sorry, CodeAsk could not answer this: ${clip(reason, 300)}. Please try again later.`,

	publicTimeout: (minutes: number) =>
		`Sorry, CodeAsk could not answer this within ${minutes} minutes. Please try again later.`,

	publicLost: "Sorry, the CodeAsk service lost this question (it was probably restarted). Please ask again.",

	fullAnswerWorking: "Working on the full answer; it will be posted in the thread.",

	fullAnswerAlready: "The full answer is already posted in the thread (or on its way).",

	answerGone: "CodeAsk no longer has this answer on record. Please ask the question again.",

	voteThanks: (vote: "up" | "down") =>
		`Thanks — your ${vote === "up" ? "👍" : "👎"} was recorded. It helps to improve CodeAsk's answers.`,

	insecureSidecar: (url: string) =>
		`Warning: the sidecar URL ${url} is plain http:// to another host, so the shared secret and the LLM API key cross the network unencrypted. Use https:// or keep the sidecar on the same host.`,

	working: (question: string) =>
		`Working on it: _${chatSafeInline(clip(question, 120))}_ — the answer will be posted here.`,

	questionTooLong: (max: number) => `That question is too long: CodeAsk takes up to ${max} characters.`,

	rateLimited: (limit: number, retryAfterSeconds: number) =>
		`You have asked ${limit} question${limit === 1 ? "" : "s"} in the last minute, the limit. Try again in ${retryAfterSeconds} s.`,

	notConfigured: (problems: ReadonlyArray<string>) =>
		`CodeAsk is not configured yet: ${problems.join("; ")}. ${ADMIN_HINT}`,

	sidecarFailure: (code: SidecarErrorCode, detail: string) =>
		`CodeAsk could not ${failureText(code, detail)}`,

	jobFailed: (question: string, reason: string) =>
		`CodeAsk could not answer _${chatSafeInline(clip(question, 120))}_: ${clip(reason, 300)}. Please try again; if it keeps failing, an admin can check the CodeAsk service's logs.`,

	jobTimedOut: (question: string, minutes: number) =>
		`CodeAsk did not finish answering _${chatSafeInline(clip(question, 120))}_ within ${minutes} minutes. Please try again later; an admin can check that the CodeAsk service is running.`,

	jobLost: (question: string) =>
		`The CodeAsk service no longer knows the question _${chatSafeInline(clip(question, 120))}_ (it was probably restarted). Please ask again.`,

	unexpected:
		"CodeAsk hit an unexpected error. Please try again; an admin can find the details in the app's logs.",

	status: (input: {
		status: StatusResponse;
		llm: string;
		lastFallback?: { reason: string; at: number };
		/** Only for admins: where the sidecar is, and a warning when secrets travel unencrypted. */
		admin?: { sidecarUrl: string; insecure: boolean };
	}) => {
		const index = input.status.index;
		const commit = index.commit ? `\`${index.commit.slice(0, 12)}\`` : "not a git checkout";
		const model = input.status.llm.model ? ` (${input.status.llm.model})` : "";
		const lines = [
			`*CodeAsk service* is up — version ${input.status.version}, API v${input.status.apiVersion}`,
			`*Index:* commit ${commit}, built ${index.builtAt}`,
			`${index.files} files, ${index.definitions} definitions, ${index.edges} edges, ${index.packages} packages`,
			`*LLM:* ${input.llm}; the sidecar's own default is ${input.status.llm.provider}${model}`,
			input.lastFallback
				? `*Last fallback to the offline answer:* ${clip(input.lastFallback.reason, 200)} (${new Date(input.lastFallback.at).toISOString()})`
				: "*Last fallback to the offline answer:* none recorded",
		];
		if (input.admin) {
			lines.push(`*Sidecar URL* (shown to admins only): ${input.admin.sidecarUrl}`);
			if (input.admin.insecure) lines.push(messages.insecureSidecar(input.admin.sidecarUrl));
		}
		return lines.join("\n");
	},
};

function failureText(code: SidecarErrorCode, detail: string): string {
	switch (code) {
		case "unreachable":
			return `reach its service. An admin should check that the CodeAsk sidecar is running and that the sidecar URL setting points at it. ${ADMIN_HINT}`;
		case "timeout":
			return `get an answer from its service in time. An admin should check that the CodeAsk sidecar is running and not overloaded. ${ADMIN_HINT}`;
		case "unauthorized":
		case "forbidden":
			return `authenticate with its service: the shared secret in the app's settings does not match the sidecar's token (CODEASK_TOKEN). ${ADMIN_HINT}`;
		case "busy":
			return "start your question: its service is busy. Please try again in a minute.";
		case "rejected":
			return `accept that question: ${clip(detail, 300)}.`;
		case "not_found":
			return `find what it asked its service for. An admin should check that the sidecar URL setting points at a CodeAsk sidecar. ${ADMIN_HINT}`;
		case "bad_response":
			return `understand its service's reply: the sidecar may be a different version than the app. ${ADMIN_HINT}`;
		default:
			return `get an answer: its service reported an internal error. An admin can check the sidecar's logs.`;
	}
}

export function clip(text: string, max: number): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
