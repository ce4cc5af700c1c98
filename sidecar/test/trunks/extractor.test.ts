import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseTrunkConfig } from "../../src/trunks/load.js";
import { extractSites, summary } from "./in-memory.js";

const CALLBACKS = `
export class Callbacks {
	priority = { LOW: 1 };
	add(hook: string, fn: (...a: any[]) => any, priority?: number, id?: string): void {}
	run<T = unknown>(hook: string, item?: T, ...rest: unknown[]): T { return item as T; }
	async runAsync(hook: string, item?: unknown): Promise<void> {}
	static create(hook: string): Callbacks { return new Callbacks(); }
}
export const callbacks = new Callbacks();
`;

describe("callbacks trunk", () => {
	it("joins add and run by hook, through aliases, type arguments and Callbacks.create registries", () => {
		const sites = extractSites({
			"apps/server/lib/callbacks.ts": CALLBACKS,
			"apps/server/lib/afterLeave.ts": `import { Callbacks } from './callbacks';
export const afterLeaveRoomCallback = Callbacks.create('afterLeaveRoom');`,
			"apps/server/feature.ts": `import { callbacks } from './lib/callbacks';
import { afterLeaveRoomCallback } from './lib/afterLeave';
export function onSaved(m: unknown) { return m; }
callbacks.add('afterMessageSave', onSaved, callbacks.priority.LOW, 'feature');
afterLeaveRoomCallback.add('ignored-by-registry', (u: string) => u);`,
			"apps/server/core.ts": `import { callbacks as systemCallbacks } from './lib/callbacks';
import { afterLeaveRoomCallback } from './lib/afterLeave';
export async function save(m: string, kind: string) {
	systemCallbacks.run<string>('afterMessageSave', m);
	await systemCallbacks.runAsync('beforeDelete', m);
	systemCallbacks.run(\`after\${kind}\`, m);
	await afterLeaveRoomCallback.run('u1', 'room');
}`,
		});
		expect(summary(sites, "callbacks")).toEqual([
			"callbacks dispatch UNBOUND(`after${kind}`)",
			"callbacks dispatch afterLeaveRoom",
			"callbacks dispatch afterMessageSave",
			"callbacks dispatch beforeDelete",
			"callbacks register afterLeaveRoom",
			"callbacks register afterMessageSave",
		]);
		const add = sites.find((s) => s.side === "register" && s.key === "afterMessageSave");
		expect(add).toMatchObject({
			handlerDefId: "apps/server/feature.ts#onSaved",
			enclosingDefId: "apps/server/feature.ts#(module)",
			resolution: "checker",
			line: 4,
		});
		const run = sites.find((s) => s.side === "dispatch" && s.key === "afterMessageSave");
		expect(run?.enclosingDefId).toBe("apps/server/core.ts#save");
	});

	it("registers nothing for a method named add on an unrelated object, even one called `callbacks`", () => {
		const sites = extractSites({
			"apps/server/lib/callbacks.ts": CALLBACKS,
			"apps/server/audit.ts": `const callbacks = new Set<string>();
const recent = { add(x: string) { return x; } };
export function audit() { callbacks.add('afterMessageSave'); recent.add('general'); }`,
		});
		expect(summary(sites, "callbacks")).toEqual([]);
	});

	it("falls back to the receiver text when the callee does not resolve, and marks it syntactic", () => {
		const sites = extractSites({
			"apps/server/x.js": `import { callbacks } from 'not-installed';
callbacks.add('afterLogin', function handler() {});`,
		});
		expect(sites.filter((s) => s.trunk === "callbacks")).toMatchObject([
			{ side: "register", key: "afterLogin", resolution: "syntactic" },
		]);
	});
});

const API = `
export class RestApiClass {
	constructor(readonly options: { apiPath?: string; version?: string }) {}
	addRoute(path: string | string[], options: object, actions?: object): void {}
}
export const API = { v1: new RestApiClass({ apiPath: 'api/', version: 'v1' }), ApiClass: RestApiClass };
`;

describe("rest trunk", () => {
	const files = {
		"apps/server/api.ts": API,
		"apps/server/v1/rooms.ts": `import { API } from '../api';
API.v1.addRoute(['rooms.info', 'rooms.get'], {}, { async get() { return 1; } });
API.v1.addRoute('rooms/:roomId/members', {}, { async get() { return 1; } });
API.v1.addRoute('teams.info', {}, { async get() { return 1; } });`,
		"apps/server/apps.ts": `import { API, type RestApiClass } from './api';
export class AppsRestApi {
	api?: RestApiClass;
	load() { this.api = new API.ApiClass({ version: 'apps' }); }
	routes() { this.api?.addRoute('notify-admins', {}, {}); }
}`,
		"apps/server/hooks.js": `import { RestApiClass } from './api';
const Api = new RestApiClass({ apiPath: 'hooks/' });
Api.addRoute(':integrationId/:token', {}, {});`,
		"apps/client/useEndpoint.ts": `export function useEndpoint(method: string, path: string) { return () => path; }
export const sdk = { rest: { get(path: string) { return path; } } };`,
		"apps/client/view.ts": `import { useEndpoint, sdk } from './useEndpoint';
const PREFIX = '/v1/rooms';
const members = { c: '/v1/channels.members', p: '/v1/groups.members' } as const;
export function useView(t: 'c' | 'p', team: boolean, kind: string) {
	useEndpoint('GET', team ? '/v1/teams.info' : '/v1/rooms.info');
	useEndpoint('GET', \`\${PREFIX}.get\`);
	useEndpoint('GET', members[t]);
	useEndpoint('GET', '/v1/rooms/:rid/members');
	useEndpoint('POST', '/api/apps/notify-admins?x=1');
	useEndpoint('GET', \`/v1/\${kind}.history\`);
	sdk.rest.get(\`/v1/rooms/\${kind}/members\`);
	return sdk.rest.get('/v1/rooms/GENERAL/members');
}`,
	};

	it("evaluates ternaries, const maps and template prefixes; applies constructor prefixes; binds :param paths", () => {
		expect(summary(extractSites(files), "rest")).toEqual([
			"rest dispatch UNBOUND(`/v1/${kind}.history`)",
			"rest dispatch apps/notify-admins",
			"rest dispatch channels.members",
			"rest dispatch groups.members",
			"rest dispatch rooms.get",
			"rest dispatch rooms.info",
			"rest dispatch rooms/:roomId/members",
			"rest dispatch rooms/:roomId/members",
			"rest dispatch rooms/:roomId/members",
			"rest dispatch teams.info",
			"rest register apps/notify-admins",
			"rest register hooks/:integrationId/:token",
			"rest register rooms.get",
			"rest register rooms.info",
			"rest register rooms/:roomId/members",
			"rest register teams.info",
		]);
	});

	it("keeps the raw key and the handler of a route", () => {
		const sites = extractSites(files);
		const concrete = sites.find((s) => s.rawKey === "/v1/rooms/GENERAL/members");
		expect(concrete?.key).toBe("rooms/:roomId/members");
		const route = sites.find((s) => s.side === "register" && s.key === "teams.info");
		// The inline action object: its first method is the handler definition.
		expect(route?.handlerDefId).toBe("apps/server/v1/rooms.ts#get");
		expect(route?.rawKey).toBe("teams.info");
	});
});

const CORE = `
export type EventHandler = (...args: any[]) => void;
export interface IServiceBroker {
	call(method: string, ...args: unknown[]): Promise<unknown>;
	broadcast(event: string, ...args: unknown[]): Promise<void>;
}
export interface IBrokerService { onEvent(event: string, handler: EventHandler): void; }
export abstract class ServiceClass {
	protected abstract name: string;
	protected onEvent(event: string, handler: EventHandler): void {}
}
class InProcessBroker implements IServiceBroker {
	async call(method: string, ...args: unknown[]): Promise<unknown> { return null; }
	async broadcast(event: string, ...args: unknown[]): Promise<void> {}
}
export const api = new InProcessBroker();
export function proxify<T>(namespace: string): T { return {} as T; }
export const Presence = proxify<{ setStatus(u: string): Promise<void> }>('presence');
export const Settings = proxify<{ get(id: string): Promise<string> }>('settings');
`;

describe("service trunks", () => {
	const paths = {
		"@x/core-services": ["packages/core-services/src/index.ts"],
		"@x/models": ["packages/models/src/index.ts"],
	};
	const files = {
		"packages/core-services/src/index.ts": CORE,
		"packages/models/src/index.ts": `export const Settings = { async findOneById(id: string) { return id; } };
export const Presence = { async setStatus(u: string) { return u; } };`,
		"apps/server/services/presence.ts": `import { ServiceClass, api, type IServiceBroker } from '@x/core-services';
export class PresenceService extends ServiceClass {
	protected name = 'presence';
	api?: IServiceBroker;
	constructor() { super(); this.onEvent('watch.users', () => {}); }
	async setStatus(u: string) { await this.api?.broadcast('presence.status', u); }
	private helper() {}
}`,
		"apps/server/modules/listeners.ts": `import type { IBrokerService } from '@x/core-services';
export function listen(service: IBrokerService) { service.onEvent('presence.status', () => {}); }`,
		"apps/server/modules/watchers.ts": `export function startWatchers(broadcast: (e: string, ...a: unknown[]) => Promise<void>) {
	return () => broadcast('watch.users', {});
}`,
		"apps/server/caller.ts": `import { Presence, Settings as settingsService } from '@x/core-services';
import { Settings, Presence as PresenceModel } from '@x/models';
export async function go() {
	await Presence.setStatus('u');
	await settingsService.get('Site_Name');
	await Settings.findOneById('x');
	await PresenceModel.setStatus('u');
}`,
		"apps/server/services/federation.ts": `import { ServiceClass } from '@x/core-services';
export abstract class AbstractFederation extends ServiceClass {
	async createRoom(name: string) { return name; }
	protected internal() {}
}
export class FederationEE extends AbstractFederation {
	protected name = 'federation-ee';
	async searchRooms(q: string) { return q; }
}`,
		"apps/server/direct.ts": `import { api } from '@x/core-services';
export const f = () => api.call('presence.setStatus', 'u');`,
	};

	it("binds facades by import source, not by name", () => {
		const sites = extractSites(files, undefined, paths);
		expect(summary(sites, "api-call")).toEqual([
			"api-call dispatch presence.setStatus",
			"api-call dispatch presence.setStatus",
			"api-call dispatch settings.get",
			"api-call register federation-ee.createRoom",
			"api-call register federation-ee.searchRooms",
			"api-call register presence.setStatus",
		]);
		const viaFacade = sites.find(
			(s) => s.trunk === "api-call" && s.file === "apps/server/caller.ts" && s.key === "presence.setStatus",
		);
		expect(viaFacade).toMatchObject({
			enclosingDefId: "apps/server/caller.ts#go",
			expression: "Presence.setStatus",
		});
		const reg = sites.find((s) => s.side === "register" && s.key === "presence.setStatus");
		expect(reg?.handlerDefId).toBe("apps/server/services/presence.ts#PresenceService.setStatus");
		// A method inherited from an abstract service base is registered by the concrete service.
		const inherited = sites.find((s) => s.key === "federation-ee.createRoom");
		expect(inherited?.handlerDefId).toBe("apps/server/services/federation.ts#AbstractFederation.createRoom");
	});

	it("without module resolution, binds facades by the importing module's package name", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-trunks-"));
		try {
			const pkgs = {
				"packages/core-services/package.json": '{"name":"@x/core-services"}',
				"packages/models/package.json": '{"name":"@x/models"}',
			};
			for (const [p, text] of Object.entries(pkgs)) {
				mkdirSync(dirname(join(root, p)), { recursive: true });
				writeFileSync(join(root, p), text);
			}
			const sites = extractSites(files, undefined, {}, root);
			expect(summary(sites, "api-call")).toEqual([
				"api-call dispatch presence.setStatus",
				"api-call dispatch presence.setStatus",
				"api-call dispatch settings.get",
				"api-call register federation-ee.createRoom",
				"api-call register federation-ee.searchRooms",
				"api-call register presence.setStatus",
			]);
			expect(sites.find((s) => s.key === "settings.get")).toMatchObject({
				file: "apps/server/caller.ts",
				resolution: "syntactic",
			});
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});

	it("finds onEvent on this and on a service parameter, and broadcasts via optional chaining and a bare bound function", () => {
		const sites = extractSites(files, undefined, paths);
		expect(summary(sites, "service-events")).toEqual([
			"service-events dispatch presence.status",
			"service-events dispatch watch.users",
			"service-events register presence.status",
			"service-events register watch.users",
		]);
		const param = sites.find((s) => s.file === "apps/server/modules/listeners.ts");
		expect(param?.resolution).toBe("checker");
	});
});

describe("streamer and slash commands", () => {
	it("registers stream-<name> methods for each Streamer and dispatches them from sdk.publish", () => {
		const sites = extractSites({
			"apps/server/streamer.ts": `export class Streamer { constructor(readonly name: string) {} }
export class Notifications { Streamer = Streamer; room = new this.Streamer('room-messages'); user = new Streamer('user-status'); }`,
			"apps/client/sdk.ts": `export const sdk = { publish(n: string, a: unknown[]) {}, stream(n: string, k: string) {} };
export function useStream(n: string) { return n; }`,
			"apps/client/use.ts": `import { sdk, useStream } from './sdk';
sdk.publish('user-status', []); sdk.stream('room-messages', 'r1'); useStream('room-messages');
export class Cache { constructor(private kind: 'user-status' | 'room-messages') {} listen() { sdk.stream(this.kind, 'x'); } }`,
		});
		expect(summary(sites).filter((l) => /^(streamer|meteor-method)/.test(l))).toEqual([
			"meteor-method dispatch stream-user-status",
			"meteor-method register stream-room-messages",
			"meteor-method register stream-user-status",
			"streamer dispatch UNBOUND(this.kind)",
			"streamer dispatch room-messages",
			"streamer dispatch room-messages",
			"streamer dispatch user-status",
			"streamer register room-messages",
			"streamer register user-status",
		]);
	});

	it("indexes slash commands as out of scope", () => {
		const sites = extractSites({
			"apps/server/slash.ts": `export const slashCommands = { add(c: { command: string; callback: () => void }) {}, run(c: { command: string }) {} };
function invite() {}
slashCommands.add({ command: 'invite', callback: invite });
export const go = () => slashCommands.run({ command: 'invite' });`,
		});
		const slash = sites.filter((s) => s.trunk === "slash-command");
		expect(slash.map((s) => [s.side, s.key, s.inScope])).toEqual([
			["register", "invite", false],
			["dispatch", "invite", false],
		]);
		expect(slash[0]?.handlerDefId).toBe("apps/server/slash.ts#invite");
	});
});

describe("meteor methods", () => {
	it("takes object-literal keys as method names with their handlers", () => {
		const sites = extractSites({
			"apps/server/meteor.ts": `export const Meteor = { methods(m: object) {}, callAsync(n: string, ...a: unknown[]) {} };`,
			"apps/server/methods.ts": `import { Meteor } from './meteor';
const extra = { ping() { return 1; } };
Meteor.methods({ async sendMessage(m: string) { return m; }, 'rooms:leave': () => 1, ...extra });
Meteor.callAsync('sendMessage', 'hi');`,
		});
		expect(summary(sites, "meteor-method")).toEqual([
			"meteor-method dispatch sendMessage",
			"meteor-method register UNBOUND(...extra)",
			"meteor-method register rooms:leave",
			"meteor-method register sendMessage",
		]);
	});
});

describe("a repository's own configuration", () => {
	it("declares Express routes and EventEmitter events as data", () => {
		const config = parseTrunkConfig({
			name: "shop",
			trunks: [
				{
					name: "http",
					normalize: { stripLeadingSlash: true, params: true },
					idioms: [
						{
							kind: "call",
							side: "register",
							callee: { names: ["get", "post"], receiver: "^(app|router)$" },
							key: { pattern: "^/" },
							handlerArg: -1,
						},
						{
							kind: "call",
							side: "dispatch",
							callee: { names: ["fetch"], receiver: "" },
							key: { pattern: "^/" },
						},
					],
				},
				{
					name: "bus",
					idioms: [
						{ kind: "call", side: "register", callee: { names: ["on"], receiver: "^bus$" }, handlerArg: 1 },
						{ kind: "call", side: "dispatch", callee: { names: ["emit"], receiver: "^bus$" } },
					],
				},
			],
		});
		const sites = extractSites(
			{
				"server.ts": `declare const app: { get(p: string, h: Function): void; post(p: string, h: Function): void };
declare const bus: { on(e: string, h: Function): void; emit(e: string): void };
declare const cache: { get(k: string): void };
function listOrders() {}
app.get('/orders/:id', listOrders);
app.post('/orders', () => bus.emit('order.created'));
cache.get('/orders');
bus.on('order.created', function notify() {});`,
				"client.ts": `export const load = () => fetch('/orders/42');`,
			},
			config,
		);
		expect(summary(sites)).toEqual([
			"bus dispatch order.created",
			"bus register order.created",
			"http dispatch orders/:id",
			"http register orders",
			"http register orders/:id",
		]);
	});
});
