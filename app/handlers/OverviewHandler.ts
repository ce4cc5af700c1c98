import type { IHttp, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import type { OverviewResponse } from "../../shared/src/contract";
import { chatSafe } from "../lib/chatText";
import { newRequestId } from "../lib/jobs";
import { maxMessageChars } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { SidecarError } from "../lib/SidecarClient";
import { splitMessage } from "../lib/splitMessage";
import { withSidecar } from "./withSidecar";

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
	await withSidecar(read, modify, http, user, room, threadId, async (client, tell) => {
		let overview: OverviewResponse;
		try {
			overview = await client.overview(
				packageName ? { package: packageName, user: user.username } : { user: user.username },
				newRequestId(),
			);
		} catch (error) {
			// The sidecar's 404 here means "no such package", not "wrong sidecar URL".
			if (packageName && error instanceof SidecarError && error.code === "not_found") {
				await tell(messages.unknownPackage(packageName, error.message));
				return;
			}
			throw error;
		}
		const parts = splitMessage(
			chatSafe(overview.narrative ?? overview.markdown),
			await maxMessageChars(read),
		);
		for (const part of parts.slice(0, MAX_OVERVIEW_MESSAGES)) await tell(part);
		if (parts.length > MAX_OVERVIEW_MESSAGES) {
			await tell(
				`… (${parts.length - MAX_OVERVIEW_MESSAGES} more parts left out; \`codeask overview\` prints it all)`,
			);
		}
	});
}
