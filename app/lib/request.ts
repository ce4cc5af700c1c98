import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";

/**
 * What a handler may need for one request from a user: the app, the engine's accessors, who asked
 * and where. The same for `/codeask …` and a direct message to the bot; handlers add their own fields.
 */
export interface AppRequest {
	app: IApp;
	read: IRead;
	modify: IModify;
	http: IHttp;
	persis: IPersistence;
	user: IUser;
	room: IRoom;
	/** Thread the request came from; the reply goes there. */
	threadId?: string;
}
