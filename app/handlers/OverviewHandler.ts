import type { IHttp, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { newRequestId } from "../lib/jobs";
import { maxMessageChars, notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { splitMessage } from "../lib/splitMessage";
import { readAppSettings } from "../settings/settings";

/** An overview is a map, not an answer: a few messages at most, to the asker only. */
const MAX_OVERVIEW_MESSAGES = 4;

/**
 * `/codeask overview [package]`: the repository's (or one package's) parts and how they fit
 * together, computed offline by the sidecar in well under the command's time limit.
 */
export async function showOverview(
	read: IRead,
	modify: IModify,
	http: IHttp,
	user: IUser,
	room: IRoom,
	packageName: string | undefined,
	threadId?: string,
): Promise<void> {
	const tell = (text: string) => notifyUser(read, modify, user, room, text, threadId);
	const loaded = await readAppSettings(read);
	if (!loaded.ok) {
		await tell(messages.notConfigured(loaded.problems));
		return;
	}
	const { sidecarUrl, sharedSecret } = loaded.settings;
	try {
		const overview = await new SidecarClient(http, sidecarUrl, sharedSecret).overview(
			packageName ? { package: packageName, user: user.username } : { user: user.username },
			newRequestId(),
		);
		const parts = splitMessage(overview.narrative ?? overview.markdown, await maxMessageChars(read));
		for (const part of parts.slice(0, MAX_OVERVIEW_MESSAGES)) await tell(part);
		if (parts.length > MAX_OVERVIEW_MESSAGES) {
			await tell(
				`… (${parts.length - MAX_OVERVIEW_MESSAGES} more parts left out; \`codeask overview\` prints it all)`,
			);
		}
	} catch (error) {
		if (error instanceof SidecarError) {
			await tell(messages.sidecarFailure(error.code, error.message));
			return;
		}
		throw error;
	}
}
