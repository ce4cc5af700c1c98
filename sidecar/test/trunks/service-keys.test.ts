/**
 * api-call keys a declaration-based join used to miss: templates over `this.name` (a class property
 * holding a literal), the queue worker's `queueWork(queue, 'svc.method', data)`, facades made with
 * the core-services factory outside that package, facades reached through a local const (a ternary
 * of two facades), and facade methods handed over by reference; Meteor methods registered by the
 * DDP streamer's own server and dispatched by action settings. Each with its look-alike negative.
 */
import { describe, expect, it } from "vitest";
import { extractSites, summary } from "./in-memory.js";

const CORE = `
export abstract class ServiceClass {
	protected abstract name: string;
}
class InProcessBroker {
	async call(method: string, ...args: unknown[]): Promise<unknown> { return null; }
}
export const api = new InProcessBroker();
export function proxify<T>(namespace: string): T { return {} as T; }
export interface IQueueWorkerService {
	queueWork<T extends Record<string, unknown>>(queue: 'work', to: string, data: T): Promise<void>;
}
export interface ITranscriptService {
	requestTranscript(roomId: string): Promise<void>;
	renderPdf(job: { roomId: string }): Promise<void>;
}
export const QueueWorker = proxify<IQueueWorkerService>('queue-worker');
`;

const paths = {
	"@x/core-services": ["packages/core-services/src/index.ts"],
	"@x/models": ["packages/models/src/index.ts"],
	"@y/other": ["packages/other/src/index.ts"],
};

const apiCall = (files: Record<string, string>) =>
	summary(
		extractSites({ "packages/core-services/src/index.ts": CORE, ...files }, undefined, paths),
		"api-call",
	);

describe("keys over this.name", () => {
	it("binds a template over a class property holding a literal, and the queue worker's target", () => {
		const sites = apiCall({
			"apps/server/transcript.ts": `import { QueueWorker as queueService, ServiceClass } from '@x/core-services';
export class TranscriptService extends ServiceClass {
	protected name = 'transcript';
	async requestTranscript(roomId: string) {
		await queueService.queueWork('work', \`\${this.name}.renderPdf\`, { roomId });
	}
	async renderPdf(job: { roomId: string }) {}
}`,
		});
		expect(sites).toEqual([
			"api-call dispatch queue-worker.queueWork",
			"api-call dispatch transcript.renderPdf",
			"api-call register transcript.renderPdf",
			"api-call register transcript.requestTranscript",
		]);
	});

	it("leaves the key unbound when a subclass (in another file) redeclares the property, or the class reassigns it", () => {
		const sites = apiCall({
			"apps/server/exporter.ts": `import { QueueWorker, ServiceClass } from '@x/core-services';
export abstract class RoomExporter extends ServiceClass {
	protected name = 'exporter';
	async exportRoom(roomId: string) { await QueueWorker.queueWork('work', \`\${this.name}.writeFile\`, { roomId }); }
}`,
			"apps/server/csv.ts": `import { RoomExporter } from './exporter';
export class CsvExporter extends RoomExporter { protected name = 'csv-exporter'; }`,
			"apps/server/renamed.ts": `import { QueueWorker, ServiceClass } from '@x/core-services';
export class Renamed extends ServiceClass {
	protected name = 'before';
	rename(to: string) { this.name = to; }
	async go() { await QueueWorker.queueWork('work', \`\${this.name}.run\`, {}); }
}`,
		});
		expect(sites.filter((s) => s.includes("dispatch") && !s.includes("queue-worker."))).toEqual([
			"api-call dispatch UNBOUND(`${this.name}.run`)",
			"api-call dispatch UNBOUND(`${this.name}.writeFile`)",
		]);
	});

	it("reads static readonly class members, not mutable ones", () => {
		const sites = apiCall({
			"apps/server/statics.ts": `import { api } from '@x/core-services';
class Names { static readonly PDF = 'transcript.renderPdf'; static mutable = 'transcript.requestTranscript'; }
export const a = () => api.call(Names.PDF);
export const b = () => api.call(Names.mutable);`,
		});
		expect(sites).toEqual([
			"api-call dispatch UNBOUND(Names.mutable)",
			"api-call dispatch transcript.renderPdf",
		]);
	});

	it("does not take queueWork on an unrelated object named like the queue service", () => {
		const sites = apiCall({
			"apps/server/retries.ts": `const queueService = {
	pending: [] as string[],
	queueWork(queue: string, to: string) { this.pending.push(queue + to); },
};
export const retry = () => queueService.queueWork('retry', 'transcript.renderPdf');`,
		});
		expect(sites).toEqual([]);
	});
});

describe("facades", () => {
	const sdk = `import { proxify, type ITranscriptService } from '@x/core-services';
export const Transcript = proxify<ITranscriptService>('transcript');
export const TranscriptEE = proxify<ITranscriptService>('transcript-enterprise');`;

	it("binds facades made with the core-services factory outside that package", () => {
		const sites = apiCall({
			"apps/server/sdk/index.ts": sdk,
			"apps/server/use.ts": `import { Transcript } from './sdk';
export const go = () => Transcript.requestTranscript('r1');`,
		});
		expect(sites).toEqual(["api-call dispatch transcript.requestTranscript"]);
	});

	it("does not take a same-named factory of another package for the facade factory", () => {
		const sites = apiCall({
			"packages/other/src/index.ts": "export function proxify<T>(ns: string): T { return {} as T; }",
			"apps/client/sdk.ts": `import { proxify } from '@y/other';
export const Transcript = proxify<{ requestTranscript(r: string): void }>('transcript');`,
			"apps/client/use.ts": `import { Transcript } from './sdk';
export const go = () => Transcript.requestTranscript('r1');`,
		});
		expect(sites).toEqual([]);
	});

	it("follows a local const holding either of two facades, and facade methods passed by reference", () => {
		const sites = apiCall({
			"apps/server/sdk/index.ts": sdk,
			"packages/models/src/index.ts": "export const Rooms = { async findOne(id: string) { return id; } };",
			"apps/server/use.ts": `import { Rooms } from '@x/models';
import { Transcript, TranscriptEE } from './sdk';
declare function withRetry<F>(fn: F, times: number): F;
declare const ee: boolean;
export async function request(roomId: string) {
	const service = ee ? TranscriptEE : Transcript;
	await service.requestTranscript(roomId);
	const lookup = ee ? Rooms : undefined;
	await lookup?.findOne(roomId);
}
export const render = withRetry(Transcript.renderPdf, 3);
export const find = withRetry(Rooms.findOne, 3);`,
		});
		expect(sites).toEqual([
			"api-call dispatch transcript-enterprise.requestTranscript",
			"api-call dispatch transcript.renderPdf",
			"api-call dispatch transcript.requestTranscript",
		]);
	});
});

describe("meteor methods beyond Meteor.methods", () => {
	it("registers the DDP streamer's server.methods and dispatches action settings by their value", () => {
		const sites = extractSites({
			"apps/ddp/Server.ts": `export class Server { methods(obj: Record<string, Function>): void {} }`,
			"apps/ddp/configure.ts": `import { Server } from './Server';
export const server = new Server();
server.methods({ login() {}, async 'UserPresence:away'() {} });`,
			"apps/ddp/health.ts": `const server = { methods(allowed: Record<string, boolean>) {} };
server.methods({ GET: true });`,
			"apps/server/settings.ts": `declare const settingsRegistry: { add(id: string, value: string, o: { type: string }): Promise<void> };
export async function addSettings() {
	await settingsRegistry.add('SMTP_Test_Button', 'sendSMTPTestEmail', { type: 'action' });
	await settingsRegistry.add('SMTP_Host', 'smtp.example.com', { type: 'string' });
}`,
		});
		expect(summary(sites, "meteor-method")).toEqual([
			"meteor-method dispatch sendSMTPTestEmail",
			"meteor-method register UserPresence:away",
			"meteor-method register login",
		]);
	});
});

describe("rest routes beyond API.v1.addRoute", () => {
	it("registers the REST base class's own routes and dispatches through a `self.rest` client", () => {
		const sites = extractSites({
			"packages/restivus/lib/restivus.js": `export class Restivus {
	addRoute(path, options, endpoints) {}
	init() { this.addRoute('login', { authRequired: false }, { post() {} }); }
}`,
			"apps/server/other.ts": `export class Menu {
	addRoute(path: string, o: object, e: object) {}
	init() { this.addRoute('settings', {}, {}); }
}`,
			"packages/sdk/legacy.ts": `declare const client: { rest: { get(path: string): Promise<unknown> } };
export function legacy() {
	const self = client;
	return { users: () => self.rest.get('/v1/users.list'), login: () => self.rest.get('/v1/login') };
}`,
		});
		expect(summary(sites, "rest")).toEqual([
			"rest dispatch login",
			"rest dispatch users.list",
			"rest register login",
		]);
	});
});
