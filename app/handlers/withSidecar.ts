import type { IHttp, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { type AppSettings, readAppSettings } from "../settings/settings";

/** Says something to the asker only. */
export type Tell = (text: string) => Promise<void>;

/**
 * Runs `work` with a sidecar client built from the settings, for subcommands that answer the
 * asker directly: missing settings and sidecar failures become one plain ephemeral message.
 */
export async function withSidecar(
	read: IRead,
	modify: IModify,
	http: IHttp,
	user: IUser,
	room: IRoom,
	threadId: string | undefined,
	work: (client: SidecarClient, tell: Tell, settings: AppSettings) => Promise<void>,
): Promise<void> {
	const tell: Tell = (text) => notifyUser(read, modify, user, room, text, threadId);
	const loaded = await readAppSettings(read);
	if (!loaded.ok) {
		await tell(messages.notConfigured(loaded.problems));
		return;
	}
	const { sidecarUrl, sharedSecret } = loaded.settings;
	try {
		await work(new SidecarClient(http, sidecarUrl, sharedSecret), tell, loaded.settings);
	} catch (error) {
		if (error instanceof SidecarError) {
			await tell(messages.sidecarFailure(error.code, error.message));
			return;
		}
		throw error;
	}
}
