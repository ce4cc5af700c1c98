import type { IPersistence, IPersistenceRead } from "@rocket.chat/apps-engine/definition/accessors";
import {
	RocketChatAssociationModel,
	RocketChatAssociationRecord,
} from "@rocket.chat/apps-engine/definition/metadata";

/** A room's default repository (`/codeask use <repo>`), in the app's persistence. */
interface RoomRepo {
	roomRepo: string;
}

function associationFor(roomId: string): Array<RocketChatAssociationRecord> {
	return [
		new RocketChatAssociationRecord(RocketChatAssociationModel.ROOM, roomId),
		new RocketChatAssociationRecord(RocketChatAssociationModel.MISC, "codeask-room-repo"),
	];
}

export async function roomRepo(reader: IPersistenceRead, roomId: string): Promise<string | undefined> {
	const records = await reader.readByAssociations(associationFor(roomId));
	const found = records.find(
		(r): r is RoomRepo => typeof (r as Partial<RoomRepo> | null)?.roomRepo === "string",
	);
	return found?.roomRepo;
}

export async function setRoomRepo(persis: IPersistence, roomId: string, repo: string): Promise<void> {
	await persis.updateByAssociations(associationFor(roomId), { roomRepo: repo } satisfies RoomRepo, true);
}

/** Which repository a question goes to: the one named, the room's, the app's default, or none. */
export async function repoFor(
	reader: IPersistenceRead,
	roomId: string,
	named: string | undefined,
	appDefault: string,
): Promise<string | undefined> {
	return named ?? (await roomRepo(reader, roomId)) ?? (appDefault || undefined);
}
