import type { IHttp, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { lastFallback } from "../lib/AnswerRecords";
import { newRequestId } from "../lib/jobs";
import { messages } from "../lib/messages";
import { isInsecureSidecar } from "../lib/security";
import type { AppSettings } from "../settings/settings";
import { withSidecar } from "./withSidecar";

/** What the app asks the sidecar to use, in words (never the key). */
export function describeLlm(settings: AppSettings): string {
	switch (settings.llm) {
		case "sidecar":
			return "this app sends no LLM setting (the sidecar's default is used)";
		case "none":
			return "this app asks for the offline answer (no LLM)";
		default: {
			const details = [
				settings.llmModel || "the provider's default model",
				settings.llmApiKey ? "API key set in the app" : "no API key in the app (the sidecar's own is used)",
			];
			return `this app asks for ${settings.llm} (${details.join(", ")})`;
		}
	}
}

/** `/codeask status`: the sidecar's health and index, the app's LLM setting, to the asker only. */
export async function showStatus(
	read: IRead,
	modify: IModify,
	http: IHttp,
	user: IUser,
	room: IRoom,
	threadId?: string,
): Promise<void> {
	await withSidecar(read, modify, http, user, room, threadId, async (client, tell, settings) => {
		const status = await client.status(newRequestId());
		const fallback = await lastFallback(read.getPersistenceReader());
		const isAdmin = (user.roles ?? []).includes("admin");
		await tell(
			messages.status({
				status,
				llm: describeLlm(settings),
				...(fallback ? { lastFallback: fallback } : {}),
				...(isAdmin
					? { admin: { sidecarUrl: settings.sidecarUrl, insecure: isInsecureSidecar(settings.sidecarUrl) } }
					: {}),
			}),
		);
	});
}
