/**
 * An in-memory Rocket.Chat for a real Apps-Engine AppManager: the bridges the engine calls when
 * an app posts, notifies, reads users/rooms/settings, persists, schedules and makes HTTP calls.
 * Everything the app does lands in `World`, where tests assert on it. Bridges the app never
 * touches throw, so an unexpected call shows up as an error instead of passing silently.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * The two engines the app is tested in: the oldest it supports (the app's own
 * @rocket.chat/apps-engine, 1.46.0, run by Deno 1.46) and the newest on npm that ships its server
 * (apps-engine-162 = 1.62.0, run by Deno 2.5). 1.65+ on npm ship definitions only.
 */
export const ENGINES = {
	oldest: "@rocket.chat/apps-engine",
	newest: "apps-engine-162",
} as const;
export type EnginePackage = (typeof ENGINES)[keyof typeof ENGINES];

/* The engine is CommonJS without an exports map; its classes are loaded at run time. */
function engineClasses(pkg: EnginePackage) {
	const engine = (path: string) => require(`${pkg}/${path}`);
	return {
		AppBridges: engine("server/bridges/AppBridges.js").AppBridges,
		CommandBridge: engine("server/bridges/CommandBridge.js").CommandBridge,
		ApiBridge: engine("server/bridges/ApiBridge.js").ApiBridge,
		MessageBridge: engine("server/bridges/MessageBridge.js").MessageBridge,
		UserBridge: engine("server/bridges/UserBridge.js").UserBridge,
		RoomBridge: engine("server/bridges/RoomBridge.js").RoomBridge,
		PersistenceBridge: engine("server/bridges/PersistenceBridge.js").PersistenceBridge,
		HttpBridge: engine("server/bridges/HttpBridge.js").HttpBridge,
		SchedulerBridge: engine("server/bridges/SchedulerBridge.js").SchedulerBridge,
		ServerSettingBridge: engine("server/bridges/ServerSettingBridge.js").ServerSettingBridge,
		EnvironmentalVariableBridge: engine("server/bridges/EnvironmentalVariableBridge.js")
			.EnvironmentalVariableBridge,
		AppActivationBridge: engine("server/bridges/AppActivationBridge.js").AppActivationBridge,
		AppDetailChangesBridge: engine("server/bridges/AppDetailChangesBridge.js").AppDetailChangesBridge,
		InternalBridge: engine("server/bridges/InternalBridge.js").InternalBridge,
		AppMetadataStorage: engine("server/storage/AppMetadataStorage.js").AppMetadataStorage,
		AppLogStorage: engine("server/storage/AppLogStorage.js").AppLogStorage,
		AppSourceStorage: engine("server/storage/AppSourceStorage.js").AppSourceStorage,
	};
}

/** Lets other pending work run, as a database round trip would. */
const roundTrip = () => new Promise((done) => setTimeout(done, 1));

export interface WorldUser {
	id: string;
	username: string;
	name: string;
	type: string;
	roles: Array<string>;
	appId?: string;
	[key: string]: unknown;
}

export interface WorldRoom {
	id: string;
	slugifiedName: string;
	displayName?: string;
	type: "c" | "p" | "d";
	creator: WorldUser;
	usernames: Array<string>;
	userIds: Array<string>;
	[key: string]: unknown;
}

export interface PostedMessage {
	id: string;
	text: string;
	attachments?: Array<Record<string, unknown>>;
	blocks?: Array<Record<string, unknown>>;
	parseUrls?: boolean;
	roomId: string;
	threadId?: string;
	senderId: string;
	senderUsername: string;
}

export interface Notification {
	userId: string;
	roomId: string;
	threadId?: string;
	text: string;
	senderUsername?: string;
}

export interface ScheduledJob {
	id: string;
	processorId: string;
	appId: string;
	when: unknown;
	data: Record<string, unknown>;
}

interface Association {
	model: string;
	id: string;
}

interface StoredRecord {
	id: string;
	appId: string;
	data: object;
	associations: Array<Association>;
}

interface Processor {
	id: string;
	processor: (context: Record<string, unknown>) => Promise<void>;
}

type Anything = Record<string, unknown>;

/** The abstract getters of AppBridges in 1.62.0 (abstract members leave no trace at run time). */
const BRIDGE_GETTERS = [
	"getCommandBridge",
	"getContactBridge",
	"getApiBridge",
	"getAppDetailChangesBridge",
	"getEnvironmentalVariableBridge",
	"getHttpBridge",
	"getListenerBridge",
	"getLivechatBridge",
	"getMessageBridge",
	"getPersistenceBridge",
	"getAppActivationBridge",
	"getRoomBridge",
	"getInternalBridge",
	"getInternalFederationBridge",
	"getServerSettingBridge",
	"getUploadBridge",
	"getEmailBridge",
	"getUserBridge",
	"getUiInteractionBridge",
	"getSchedulerBridge",
	"getCloudWorkspaceBridge",
	"getVideoConferenceBridge",
	"getOAuthAppsBridge",
	"getModerationBridge",
	"getThreadBridge",
	"getRoleBridge",
	"getOutboundMessageBridge",
	"getExperimentalBridge",
];

function notImplemented(name: string): object {
	return new Proxy(
		{},
		{
			get(_target, property) {
				if (property === "then") return undefined;
				return () => {
					throw new Error(`test world: ${name}.${String(property)} is not implemented`);
				};
			},
		},
	);
}

function sameAssociation(a: Association, b: Association): boolean {
	return a.model === b.model && a.id === b.id;
}

function plainAssociations(associations: Array<Anything>): Array<Association> {
	return associations.map((association) => ({
		model: String(association.model),
		id: String(association.id),
	}));
}

export class World {
	public constructor(public readonly enginePackage: EnginePackage = ENGINES.newest) {}

	public readonly users = new Map<string, WorldUser>();
	public readonly rooms = new Map<string, WorldRoom>();
	public readonly messages: Array<PostedMessage> = [];
	public readonly notifications: Array<Notification> = [];
	public readonly records: Array<StoredRecord> = [];
	public readonly scheduled: Array<ScheduledJob> = [];
	public readonly processors = new Map<string, Processor>();
	public readonly serverSettings = new Map<string, unknown>();
	public readonly commands = new Set<string>();
	public readonly apis: Array<{ appId: string; api: Anything }> = [];
	public readonly httpCalls: Array<{
		method: string;
		url: string;
		headers: Record<string, string>;
		body?: string;
	}> = [];
	public readonly keys = generateKeyPairSync("rsa", {
		modulusLength: 2048,
		publicKeyEncoding: { type: "spki", format: "pem" },
		privateKeyEncoding: { type: "pkcs8", format: "pem" },
	});

	public addUser(username: string, extra: Partial<WorldUser> = {}): WorldUser {
		const user: WorldUser = {
			id: `user-${username}`,
			username,
			name: username,
			type: "user",
			roles: ["user"],
			emails: [],
			isEnabled: true,
			status: "online",
			statusConnection: "online",
			utcOffset: 0,
			createdAt: new Date(),
			updatedAt: new Date(),
			lastLoginAt: new Date(),
			...extra,
		};
		this.users.set(user.id, user);
		return user;
	}

	public addRoom(id: string, type: WorldRoom["type"], members: Array<WorldUser>): WorldRoom {
		const room: WorldRoom = {
			id,
			slugifiedName: id,
			displayName: id,
			type,
			creator: members[0] as WorldUser,
			usernames: members.map((member) => member.username),
			userIds: members.map((member) => member.id),
			createdAt: new Date(),
			updatedAt: new Date(),
		};
		this.rooms.set(id, room);
		return room;
	}

	public appUser(appId: string): WorldUser | undefined {
		return [...this.users.values()].find((user) => user.appId === appId);
	}

	/** Runs every scheduled one-time job that is queued now, as Rocket.Chat's agenda would. */
	public async runScheduledJobs(): Promise<number> {
		const due = this.scheduled.splice(0, this.scheduled.length);
		for (const job of due) {
			const processor = this.processors.get(job.processorId);
			if (!processor) throw new Error(`no processor ${job.processorId}`);
			// Like Rocket.Chat: the job's own id is added to the data as `jobId`.
			await processor.processor({ ...job.data, jobId: job.id });
		}
		return due.length;
	}

	public bridges(): unknown {
		const world = this;
		const {
			AppBridges,
			CommandBridge,
			ApiBridge,
			MessageBridge,
			UserBridge,
			RoomBridge,
			PersistenceBridge,
			HttpBridge,
			SchedulerBridge,
			ServerSettingBridge,
			EnvironmentalVariableBridge,
			AppActivationBridge,
			AppDetailChangesBridge,
			InternalBridge,
		} = engineClasses(this.enginePackage);

		class Commands extends CommandBridge {
			async doesCommandExist(command: string) {
				return world.commands.has(command);
			}
			async enableCommand() {}
			async disableCommand() {}
			async modifyCommand() {}
			async registerCommand(command: { command: string }) {
				world.commands.add(command.command);
			}
			async unregisterCommand(command: string) {
				world.commands.delete(command);
			}
		}

		class Apis extends ApiBridge {
			async registerApi(api: Anything, appId: string) {
				world.apis.push({ appId, api });
			}
			async unregisterApis(appId: string) {
				world.apis.splice(0, world.apis.length, ...world.apis.filter((entry) => entry.appId !== appId));
			}
		}

		class Messages extends MessageBridge {
			async create(message: Anything) {
				const id = `msg-${randomUUID()}`;
				const room = message.room as WorldRoom;
				const sender = message.sender as WorldUser;
				world.messages.push({
					id,
					text: String(message.text ?? ""),
					...(Array.isArray(message.attachments) ? { attachments: message.attachments } : {}),
					...(Array.isArray(message.blocks) ? { blocks: message.blocks } : {}),
					...(typeof message.parseUrls === "boolean" ? { parseUrls: message.parseUrls } : {}),
					roomId: room.id,
					...(message.threadId ? { threadId: String(message.threadId) } : {}),
					senderId: sender.id,
					senderUsername: sender.username,
				});
				return id;
			}
			async notifyUser(user: WorldUser, message: Anything) {
				const room = message.room as WorldRoom;
				const sender = message.sender as WorldUser | undefined;
				world.notifications.push({
					userId: user.id,
					roomId: room.id,
					...(message.threadId ? { threadId: String(message.threadId) } : {}),
					text: String(message.text ?? ""),
					...(sender ? { senderUsername: sender.username } : {}),
				});
			}
			async update() {}
			async notifyRoom() {}
			async typing() {}
			async getById() {
				return undefined;
			}
			async delete() {}
			async addReaction() {}
			async removeReaction() {}
		}

		class Users extends UserBridge {
			async getById(id: string) {
				return world.users.get(id);
			}
			async getByUsername(username: string) {
				return [...world.users.values()].find((user) => user.username === username);
			}
			async getAppUser(appId?: string) {
				return appId ? world.appUser(appId) : undefined;
			}
			async create(data: Partial<WorldUser>, appId: string) {
				const user = world.addUser(String(data.username), {
					...data,
					appId,
					type: "app",
				} as Partial<WorldUser>);
				return user.id;
			}
			async deleteUsersCreatedByApp(appId: string) {
				for (const user of [...world.users.values()]) {
					if (user.appId === appId) world.users.delete(user.id);
				}
				return true;
			}
			async getActiveUserCount() {
				return world.users.size;
			}
			async getUserUnreadMessageCount() {
				return 0;
			}
			async getUserRoomIds() {
				return [];
			}
			async remove() {
				return true;
			}
			async update() {
				return true;
			}
			async deactivate() {
				return true;
			}
		}

		class Rooms extends RoomBridge {
			async getById(roomId: string) {
				return world.rooms.get(roomId);
			}
			async getByName(name: string) {
				return [...world.rooms.values()].find((room) => room.slugifiedName === name);
			}
			async getCreatorById(roomId: string) {
				return world.rooms.get(roomId)?.creator;
			}
			async getMembers(roomId: string) {
				const room = world.rooms.get(roomId);
				return (room?.userIds ?? []).map((id) => world.users.get(id));
			}
		}

		class Persistence extends PersistenceBridge {
			private matching(associations: Array<Anything>, appId: string) {
				const wanted = plainAssociations(associations);
				return world.records.filter(
					(record) =>
						record.appId === appId &&
						wanted.every((association) =>
							record.associations.some((have) => sameAssociation(have, association)),
						),
				);
			}
			async purge(appId: string) {
				world.records.splice(
					0,
					world.records.length,
					...world.records.filter((record) => record.appId !== appId),
				);
			}
			async create(data: object, appId: string) {
				const id = randomUUID();
				world.records.push({ id, appId, data, associations: [] });
				return id;
			}
			async createWithAssociations(data: object, associations: Array<Anything>, appId: string) {
				const id = randomUUID();
				world.records.push({ id, appId, data, associations: plainAssociations(associations) });
				return id;
			}
			async readById(id: string) {
				return world.records.find((record) => record.id === id)?.data;
			}
			async readByAssociations(associations: Array<Anything>, appId: string) {
				return this.matching(associations, appId).map((record) => record.data);
			}
			// Like Rocket.Chat's bridge on MongoDB: a find, then a delete (not atomic), so two
			// concurrent removals can both return the record.
			async remove(id: string) {
				const record = world.records.find((candidate) => candidate.id === id);
				if (!record) return undefined;
				await roundTrip();
				const index = world.records.indexOf(record);
				if (index >= 0) world.records.splice(index, 1);
				return record.data;
			}
			async removeByAssociations(associations: Array<Anything>, appId: string) {
				const found = this.matching(associations, appId);
				if (found.length === 0) return undefined;
				await roundTrip();
				for (const record of found) {
					const index = world.records.indexOf(record);
					if (index >= 0) world.records.splice(index, 1);
				}
				return found.map((record) => record.data);
			}
			async update(id: string, data: object) {
				const record = world.records.find((candidate) => candidate.id === id);
				if (record) record.data = data;
				return id;
			}
			async updateByAssociations(
				associations: Array<Anything>,
				data: object,
				upsert: boolean,
				appId: string,
			) {
				const [record] = this.matching(associations, appId);
				if (record) {
					record.data = data;
					return record.id;
				}
				if (!upsert) throw new Error("no record to update");
				return this.createWithAssociations(data, associations, appId);
			}
		}

		class Http extends HttpBridge {
			async call(info: { method: string; url: string; request: Anything }) {
				const request = info.request ?? {};
				const headers = { ...((request.headers as Record<string, string>) ?? {}) };
				const body =
					typeof request.content === "string"
						? request.content
						: request.data !== undefined
							? JSON.stringify(request.data)
							: undefined;
				world.httpCalls.push({
					method: info.method,
					url: info.url,
					headers,
					...(body !== undefined ? { body } : {}),
				});
				if (
					body !== undefined &&
					!Object.keys(headers).some((name) => name.toLowerCase() === "content-type")
				) {
					headers["content-type"] = "application/json";
				}
				const timeout = typeof request.timeout === "number" ? request.timeout : 30_000;
				let response: Response;
				try {
					response = await fetch(info.url, {
						method: info.method.toUpperCase(),
						headers,
						...(body !== undefined ? { body } : {}),
						signal: AbortSignal.timeout(timeout),
					});
				} catch (error) {
					// Like Rocket.Chat's bridge: the network error reaches the app as a thrown error.
					const cause = (error as { cause?: { code?: string } }).cause;
					throw new Error(cause?.code ? `request failed: ${cause.code}` : String(error));
				}
				const content = await response.text();
				let data: unknown;
				if ((response.headers.get("content-type") ?? "").includes("json")) {
					try {
						data = JSON.parse(content);
					} catch {}
				}
				return {
					url: info.url,
					method: info.method,
					statusCode: response.status,
					headers: Object.fromEntries(response.headers.entries()),
					content,
					...(data !== undefined ? { data } : {}),
				};
			}
		}

		class Scheduler extends SchedulerBridge {
			async registerProcessors(processors: Array<Processor>) {
				for (const processor of processors) world.processors.set(processor.id, processor);
				return processors.map((processor) => processor.id);
			}
			async scheduleOnce(job: { id: string; when: unknown; data?: Record<string, unknown> }, appId: string) {
				const id = randomUUID();
				world.scheduled.push({ id, processorId: job.id, appId, when: job.when, data: job.data ?? {} });
				return id;
			}
			async scheduleRecurring() {
				throw new Error("test world: recurring jobs are not used by CodeAsk");
			}
			async cancelJob(jobId: string) {
				world.scheduled.splice(
					0,
					world.scheduled.length,
					...world.scheduled.filter((job) => job.id !== jobId && job.processorId !== jobId),
				);
			}
			async cancelAllJobs(appId: string) {
				world.scheduled.splice(
					0,
					world.scheduled.length,
					...world.scheduled.filter((job) => job.appId !== appId),
				);
			}
		}

		class ServerSettings extends ServerSettingBridge {
			async getAll() {
				return [...world.serverSettings.entries()].map(([id, value]) => ({ id, value, packageValue: value }));
			}
			async getOneById(id: string) {
				return world.serverSettings.has(id)
					? { id, value: world.serverSettings.get(id), packageValue: world.serverSettings.get(id) }
					: undefined;
			}
			async isReadableById() {
				return true;
			}
			async hideGroup() {}
			async hideSetting() {}
			async updateOne() {}
			async incrementValue() {}
		}

		class Environment extends EnvironmentalVariableBridge {
			async getValueByName() {
				return undefined;
			}
			async isReadable() {
				return false;
			}
			async isSet() {
				return false;
			}
		}

		class Activation extends AppActivationBridge {
			async appAdded() {}
			async appUpdated() {}
			async appRemoved() {}
			async appStatusChanged() {}
			async actionsChanged() {}
		}

		class DetailChanges extends AppDetailChangesBridge {
			onAppSettingsChange() {}
		}

		class Internal extends InternalBridge {
			async getUsernamesOfRoomById(roomId: string) {
				return world.rooms.get(roomId)?.usernames ?? [];
			}
			getUsernamesOfRoomByIdSync(roomId: string) {
				return world.rooms.get(roomId)?.usernames ?? [];
			}
			async getWorkspacePublicKey() {
				return { id: "Cloud_Workspace_PublicKey", value: world.keys.publicKey };
			}
		}

		const federation = {
			getPrivateKey: async () => world.keys.privateKey,
			getPublicKey: async () => world.keys.publicKey,
		};

		const instances: Record<string, unknown> = {
			getCommandBridge: new Commands(),
			getApiBridge: new Apis(),
			getMessageBridge: new Messages(),
			getUserBridge: new Users(),
			getRoomBridge: new Rooms(),
			getPersistenceBridge: new Persistence(),
			getHttpBridge: new Http(),
			getSchedulerBridge: new Scheduler(),
			getServerSettingBridge: new ServerSettings(),
			getEnvironmentalVariableBridge: new Environment(),
			getAppActivationBridge: new Activation(),
			getAppDetailChangesBridge: new DetailChanges(),
			getInternalBridge: new Internal(),
			getInternalFederationBridge: federation,
		};

		class Bridges extends AppBridges {}
		const bridges = new Bridges() as Record<string, unknown>;
		for (const name of BRIDGE_GETTERS) {
			const instance = instances[name] ?? notImplemented(name.replace(/^get/, ""));
			bridges[name] = () => instance;
		}
		return bridges;
	}

	public storages(): {
		metadataStorage: unknown;
		logStorage: unknown;
		sourceStorage: unknown;
		logs: Array<Anything>;
	} {
		const { AppMetadataStorage, AppLogStorage, AppSourceStorage } = engineClasses(this.enginePackage);
		const items = new Map<string, Anything>();
		const logs: Array<Anything> = [];
		const sources = new Map<string, Buffer>();

		class Metadata extends AppMetadataStorage {
			constructor() {
				super("memory");
			}
			async create(item: Anything) {
				items.set(String(item.id), { ...item, _id: item.id });
				return items.get(String(item.id));
			}
			async retrieveOne(id: string) {
				return items.get(id) ?? null;
			}
			async retrieveAll() {
				return new Map(items);
			}
			async retrieveAllPrivate() {
				return new Map(items);
			}
			async remove(id: string) {
				items.delete(id);
				return { success: true };
			}
			async updatePartialAndReturnDocument(item: Anything) {
				const merged = { ...(items.get(String(item._id ?? item.id)) ?? {}), ...item };
				items.set(String(merged.id ?? merged._id), merged);
				return merged;
			}
			async updateStatus(id: string, status: string) {
				const item = items.get(id);
				if (item) item.status = status;
				return true;
			}
			async updateSetting(id: string, setting: Anything) {
				const item = items.get(id);
				if (item) (item.settings as Record<string, unknown>)[String(setting.id)] = setting;
				return true;
			}
			// Apps-Engine 1.46 saves the whole item with update().
			async update(item: Anything) {
				items.set(String(item.id), { ...(items.get(String(item.id)) ?? {}), ...item });
				return items.get(String(item.id));
			}
			async updateAppInfo(id: string, info: Anything) {
				const item = items.get(id);
				if (item) item.info = info;
				return true;
			}
			async updateMarketplaceInfo() {
				return true;
			}
		}

		class Logs extends AppLogStorage {
			constructor() {
				super("memory");
			}
			async findPaginated() {
				return { logs, total: logs.length };
			}
			async storeEntries(entry: Anything) {
				logs.push(entry);
				return entry;
			}
			async getEntriesFor(appId: string) {
				return logs.filter((entry) => entry.appId === appId);
			}
			async removeEntriesFor() {}
		}

		class Sources extends AppSourceStorage {
			async store(item: Anything, zip: Buffer) {
				sources.set(String(item.id), zip);
				return String(item.id);
			}
			async fetch(item: Anything) {
				return sources.get(String(item.id)) as Buffer;
			}
			async update(item: Anything, zip: Buffer) {
				sources.set(String(item.id), zip);
				return String(item.id);
			}
			async remove(item: Anything) {
				sources.delete(String(item.id));
			}
		}

		return { metadataStorage: new Metadata(), logStorage: new Logs(), sourceStorage: new Sources(), logs };
	}
}
