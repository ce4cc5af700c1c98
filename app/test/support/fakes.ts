/**
 * Recording fakes of the Apps-Engine accessors (IRead, IModify, IHttp, IPersistence) in the style
 * of the engine's own test data: plain objects whose builders record what the app did.
 */
import type {
	IHttp,
	IHttpRequest,
	IHttpResponse,
	IModify,
	IPersistence,
	IRead,
} from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { SettingId, settings } from "../../settings/settings";

type Association = { model: string; id: string };

export interface Posted {
	id: string;
	roomId: string;
	threadId?: string;
	text: string;
	senderId?: string;
	attachments?: Array<Record<string, unknown>>;
	blocks?: Array<Record<string, unknown>>;
	parseUrls?: boolean;
}

export interface Notified {
	userId: string;
	roomId: string;
	threadId?: string;
	text: string;
	senderId?: string;
}

export interface HttpCall {
	method: string;
	url: string;
	options: IHttpRequest;
}

export type HttpHandler = (call: HttpCall) => Partial<IHttpResponse> | Promise<Partial<IHttpResponse>>;

export function user(username: string, extra: Partial<IUser> = {}): IUser {
	return {
		id: `id-${username}`,
		username,
		name: username,
		type: "user",
		roles: ["user"],
		emails: [],
		isEnabled: true,
		status: "online",
		statusConnection: "online",
		utcOffset: 0,
		createdAt: new Date(0),
		updatedAt: new Date(0),
		lastLoginAt: new Date(0),
		...extra,
	} as IUser;
}

export function room(id: string, type: "c" | "d" = "c", members: Array<IUser> = []): IRoom {
	return {
		id,
		slugifiedName: id,
		type,
		creator: members[0] ?? user("creator"),
		usernames: members.map((member) => member.username),
		userIds: members.map((member) => member.id),
	} as unknown as IRoom;
}

export const BOT = user("codeask.bot", { type: "app", appId: "app-id" } as Partial<IUser>);

/** Everything the app did, plus the state it reads. */
export class Recorder {
	public readonly settings = new Map<string, unknown>(
		settings.map((setting) => [setting.id, setting.packageValue]),
	);
	public readonly serverSettings = new Map<string, unknown>([
		["Site_Url", "https://chat.example.com/"],
		["Message_MaxAllowedSize", 5000],
	]);
	public readonly users = new Map<string, IUser>([[BOT.id, BOT]]);
	public readonly rooms = new Map<string, IRoom>();
	public readonly posted: Array<Posted> = [];
	public readonly notified: Array<Notified> = [];
	public readonly scheduled: Array<{ id: string; when: unknown; data: Record<string, unknown> }> = [];
	public readonly httpCalls: Array<HttpCall> = [];
	public readonly records: Array<{ associations: Array<Association>; data: object }> = [];
	public readonly logs: Array<{ level: string; args: Array<unknown> }> = [];
	public appUser: IUser | undefined = BOT;
	public http: HttpHandler = () => {
		throw new Error("connect ECONNREFUSED 127.0.0.1:3900");
	};
	private nextId = 1;

	public constructor() {
		this.settings.set(SettingId.SharedSecret, "s3cret-s3cret-s3cret");
	}

	public add(...items: Array<IUser | IRoom>): this {
		for (const item of items) {
			if ("username" in item) this.users.set(item.id, item);
			else this.rooms.set(item.id, item);
		}
		return this;
	}

	public app(id = "app-id"): IApp {
		const logger = Object.fromEntries(
			["debug", "info", "log", "warn", "error", "success"].map((level) => [
				level,
				(...args: Array<unknown>) => this.logs.push({ level, args }),
			]),
		);
		return { getID: () => id, getLogger: () => logger } as unknown as IApp;
	}

	private matching(associations: Array<Association>) {
		return this.records.filter((record) =>
			associations.every((wanted) =>
				record.associations.some((have) => have.model === wanted.model && have.id === wanted.id),
			),
		);
	}

	private plain(associations: Array<Association>): Array<Association> {
		return associations.map((association) => ({ model: association.model, id: association.id }));
	}

	public read(): IRead {
		const persistenceReader = {
			readByAssociation: async (association: Association) => this.matching([association]).map((r) => r.data),
			readByAssociations: async (associations: Array<Association>) =>
				this.matching(associations).map((r) => r.data),
		};
		return {
			getEnvironmentReader: () => ({
				getSettings: () => ({ getValueById: async (id: string) => this.settings.get(id) }),
				getServerSettings: () => ({
					getValueById: async (id: string) => {
						if (!this.serverSettings.has(id)) throw new Error(`no server setting ${id}`);
						return this.serverSettings.get(id);
					},
				}),
			}),
			getUserReader: () => ({
				getAppUser: async () => this.appUser,
				getById: async (id: string) => this.users.get(id),
			}),
			getRoomReader: () => ({ getById: async (id: string) => this.rooms.get(id) }),
			getPersistenceReader: () => persistenceReader,
		} as unknown as IRead;
	}

	public persistence(): IPersistence {
		const upsert = async (associations: Array<Association>, data: object, create?: boolean) => {
			const [found] = this.matching(associations);
			if (found) found.data = data;
			else if (create) this.records.push({ associations: this.plain(associations), data });
			else throw new Error("nothing to update");
			return "record-id";
		};
		return {
			updateByAssociation: (association: Association, data: object, create?: boolean) =>
				upsert([association], data, create),
			updateByAssociations: (associations: Array<Association>, data: object, create?: boolean) =>
				upsert(associations, data, create),
			// Like Rocket.Chat on MongoDB: find, then delete (not atomic): two concurrent removals
			// can both return the record.
			removeByAssociation: async (association: Association) => {
				const found = this.matching([association]);
				if (found.length === 0) return undefined;
				await new Promise((done) => setTimeout(done, 1));
				for (const record of found) {
					const index = this.records.indexOf(record);
					if (index >= 0) this.records.splice(index, 1);
				}
				return found.map((record) => record.data);
			},
		} as unknown as IPersistence;
	}

	private builder() {
		const message: {
			room?: IRoom;
			sender?: IUser;
			text?: string;
			threadId?: string;
			attachments?: Array<Record<string, unknown>>;
			blocks?: Array<Record<string, unknown>>;
			parseUrls?: boolean;
		} = {};
		const set =
			<K extends keyof typeof message>(key: K) =>
			(value: (typeof message)[K]) => {
				message[key] = value;
				return builder;
			};
		const builder = {
			setRoom: set("room"),
			setSender: set("sender"),
			setText: set("text"),
			setThreadId: set("threadId"),
			setAttachments: set("attachments"),
			setBlocks: set("blocks"),
			setParseUrls: set("parseUrls"),
			setGroupable: () => builder,
			getMessage: () => {
				if (!message.room) throw new Error("message without room");
				return { ...message };
			},
		};
		return builder;
	}

	public modify(): IModify {
		return {
			getCreator: () => ({
				startMessage: () => this.builder(),
				finish: async (builder: ReturnType<Recorder["builder"]>) => {
					const message = builder.getMessage();
					const id = `posted-${this.nextId++}`;
					this.posted.push({
						id,
						roomId: (message.room as IRoom).id,
						...(message.threadId ? { threadId: message.threadId } : {}),
						text: message.text ?? "",
						...(message.sender ? { senderId: message.sender.id } : {}),
						...(message.attachments ? { attachments: message.attachments } : {}),
						...(message.blocks ? { blocks: message.blocks } : {}),
						...(message.parseUrls !== undefined ? { parseUrls: message.parseUrls } : {}),
					});
					return id;
				},
			}),
			getNotifier: () => ({
				getMessageBuilder: () => this.builder(),
				notifyUser: async (
					target: IUser,
					message: { room: IRoom; text?: string; threadId?: string; sender?: IUser },
				) => {
					this.notified.push({
						userId: target.id,
						roomId: message.room.id,
						...(message.threadId ? { threadId: message.threadId } : {}),
						text: message.text ?? "",
						...(message.sender ? { senderId: message.sender.id } : {}),
					});
				},
			}),
			getScheduler: () => ({
				scheduleOnce: async (job: { id: string; when: unknown; data?: Record<string, unknown> }) => {
					this.scheduled.push({ id: job.id, when: job.when, data: job.data ?? {} });
				},
			}),
		} as unknown as IModify;
	}

	public httpAccessor(): IHttp {
		const call =
			(method: string) =>
			async (url: string, options: IHttpRequest = {}) => {
				const entry = { method, url, options };
				this.httpCalls.push(entry);
				const response = await this.http(entry);
				return { url, method, statusCode: 200, ...response } as IHttpResponse;
			};
		return { get: call("get"), post: call("post"), put: call("put"), del: call("del"), patch: call("patch") };
	}

	/** The pending-question records (the rate limiter and posted answers keep their own records too). */
	public pending(): Array<Record<string, unknown>> {
		return this.records
			.filter((record) =>
				record.associations.some((association) => association.id.startsWith("codeask-job:")),
			)
			.map((record) => record.data as Record<string, unknown>);
	}

	/** A sidecar that answers GET /v1/jobs/<id> with `job`, and everything else with `other`. */
	public sidecarWith(job: unknown, other: HttpHandler = () => ({ statusCode: 404, data: {} })): this {
		this.http = (call) =>
			/\/v1\/jobs\/[^/]+$/.test(call.url) ? { statusCode: 200, data: job } : other(call);
		return this;
	}

	/** Logs flattened to text, to check that secrets never reach them. */
	public logText(): string {
		return JSON.stringify(this.logs, (_key, value) => (value instanceof Error ? value.message : value));
	}
}

/** A sidecar job as GET /v1/jobs/:id returns it. */
export function doneJob(jobId: string, overrides: Record<string, unknown> = {}) {
	return {
		jobId,
		status: "done" as const,
		question: "how are push notifications sent?",
		createdAt: "2026-01-01T00:00:00.000Z",
		finishedAt: "2026-01-01T00:00:02.000Z",
		error: null,
		result: {
			answer: "Push notifications go through `PushService.sendNotification` [1].",
			citations: [
				{
					n: 1,
					file: "apps/server/src/push.ts",
					startLine: 10,
					endLine: 20,
					symbol: "PushService.sendNotification",
					verified: true,
				},
				{ n: 2, file: "apps/server/src/gone.ts", startLine: 1, endLine: 2, symbol: "Gone", verified: false },
			],
			chains: [],
			usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
			indexCommit: "0123456789abcdef0123456789abcdef01234567",
			timings: { total: 1234 },
			provider: "none" as const,
			droppedCitations: 1,
		},
		...overrides,
	};
}
