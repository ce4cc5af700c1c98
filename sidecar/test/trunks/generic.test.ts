import { describe, expect, it } from "vitest";
import { alwaysOn, extractSites, summary } from "./in-memory.js";

const EVENTS_DTS = `declare module "events" {
	class EventEmitter {
		on(event: string | symbol, listener: (...args: any[]) => void): this;
		once(event: string | symbol, listener: (...args: any[]) => void): this;
		emit(event: string | symbol, ...args: any[]): boolean;
	}
	export { EventEmitter };
}`;

describe("generic preset: Express-style routes", () => {
	it("keys routes by method and path, including chained .route() and the root path", () => {
		const sites = extractSites({
			"src/routes/users.js": `const express = require('express');
const router = express.Router();
function getUser(req, res) {}
function deleteUser(req, res) {}
router.get('/users/:id', getUser);
router.delete('/users/:id', deleteUser);
router.route('/users').get(function listUsers(req, res) {}).post(function createUser(req, res) {});
module.exports = router;`,
			"src/app.js": `const app = require('express')();
app.get('/', function home(req, res) {});
app.all('/health', function health(req, res) {});
const cache = new Map();
cache.get('/users/1');`,
			"web/client.ts": `export async function load(id: string) {
	await fetch('/users/42');
	await fetch('/users/42', { method: 'DELETE' });
	await fetch('/users', { method: 'POST', body: '{}' });
	await fetch('/health');
	await fetch('https://example.com/users/1');
	await fetch('/images/logo.png');
	await fetch(\`\${base}/users\`);
	await fetch(\`\${prefix}/users\`);
	await fetch(\`/users/\${id}\`);
}
declare const base: string;
declare const prefix: string;
declare const axios: { get(u: string): Promise<unknown>; post(u: string, b?: unknown): Promise<unknown> };
export const create = () => axios.post('/users', {});`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch ALL /health",
			"http-route dispatch DELETE /users/:id",
			// `${base}/users`: a base URL by its name is cut; `${prefix}/users` is no known part.
			"http-route dispatch GET /users",
			"http-route dispatch GET /users/:id",
			"http-route dispatch GET /users/:id",
			"http-route dispatch POST /users",
			"http-route dispatch POST /users",
			"http-route register ALL /health",
			"http-route register DELETE /users/:id",
			"http-route register GET /",
			"http-route register GET /users",
			"http-route register GET /users/:id",
			"http-route register POST /users",
		]);
		const byKey = (side: string, key: string) =>
			sites.filter((s) => s.side === side && s.key === key).map((s) => s.handlerDefId);
		expect(byKey("register", "GET /users/:id")).toEqual(["src/routes/users.js#getUser"]);
		expect(byKey("register", "DELETE /users/:id")).toEqual(["src/routes/users.js#deleteUser"]);
		expect(sites.find((s) => s.rawKey === "POST /users" && s.side === "register")?.line).toBe(7);
	});
});

describe("generic preset: any-method routes", () => {
	it("binds a request of any method to an ALL route, with no :param route in the trunk", () => {
		const sites = extractSites({
			"src/app.js": `const app = require('express')();
app.all('/ping', function ping(req, res) {});
app.post('/login', function login(req, res) {});`,
			"web/client.ts": `export async function check() {
	await fetch('/ping', { method: 'POST' });
	await fetch('/login', { method: 'POST' });
	await fetch('/logout', { method: 'POST' });
}`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch ALL /ping",
			"http-route dispatch POST /login",
			"http-route dispatch POST /logout",
			"http-route register ALL /ping",
			"http-route register POST /login",
		]);
	});
});

describe("generic preset: less common HTTP verbs", () => {
	it("registers Express's search/WebDAV verbs and Nest's @Search, met by fetch with that method", () => {
		const sites = extractSites({
			"src/app.js": `const express = require('express');
const router = express.Router();
function searchItems(req, res) {}
router.search('/items', searchItems);
router.route('/files').propfind(function listProps(req, res) {});
const text = 'abc';
text.search('/x');`,
			"src/items.controller.ts": `declare function Controller(p?: string): ClassDecorator;
declare function Search(p?: string): MethodDecorator;
@Controller('users')
export class UsersController { @Search() find() {} }`,
			"web/client.ts": `export const find = () => fetch('/items', { method: 'SEARCH' });`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch SEARCH /items",
			"http-route register PROPFIND /files",
			"http-route register SEARCH /items",
			"http-route register SEARCH /users",
		]);
		const search = sites.find((s) => s.side === "register" && s.key === "SEARCH /items");
		expect(search?.handlerDefId).toBe("src/app.js#searchItems");
	});
});

describe("generic preset: router mounts", () => {
	it("prefixes routes with their (nested) mount paths, through require and import", () => {
		const sites = extractSites({
			"src/routes/users.js": `const router = require('express').Router();
router.get('/', function listUsers(req, res) {});
router.get('/:id', function getUser(req, res) {});
router.delete('/:id', function deleteUser(req, res) {});
module.exports = router;`,
			"src/routes/posts.ts": `import { Router } from 'express';
const posts = Router();
posts.get('/:postId', function getPost() {});
export default posts;`,
			"src/api.ts": `import { Router } from 'express';
import posts from './routes/posts';
const users = require('./routes/users');
export const apiRouter = Router();
apiRouter.use('/users', users);
apiRouter.use('/posts', posts);`,
			"src/app.ts": `import { apiRouter } from './api';
declare const app: { use(...a: unknown[]): void; get(p: string, h: Function): void };
app.use('/v1', apiRouter);
app.get('/', function home() {});`,
			"web/client.ts": `export const a = () => fetch('/v1/users/7');
export const b = (id: string) => fetch(\`/v1/posts/\${id}\`);
export const c = () => fetch('/v1/users', { method: 'GET' });`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch GET /v1/posts/:postId",
			"http-route dispatch GET /v1/users",
			"http-route dispatch GET /v1/users/:id",
			"http-route register DELETE /v1/users/:id",
			"http-route register GET /",
			"http-route register GET /v1/posts/:postId",
			"http-route register GET /v1/users",
			"http-route register GET /v1/users/:id",
		]);
	});
});

describe("generic preset: routes chained on a new router", () => {
	it("reads every link of a chain on `new Elysia()` as returning the router, lifecycle hooks included", () => {
		const sites = extractSites({
			"src/auth.ts": `import { Elysia } from 'elysia';
export class Auth {
  route() {
    return new Elysia()
      .use(plugin())
      .group('/api/auth', (app) => app)
      .onAfterResponse((ctx: any) => log(ctx))
      .get('/api/me', function me(ctx: any) { return ctx.user; })
      .derive(() => ({}))
      .post('/api/login', async function login(ctx: any) { return ctx.body; });
  }
}
declare function plugin(): any;
declare function log(x: unknown): void;`,
			"src/cache.ts": `class Cache { onError(f: unknown) { return this; } get(k: string) { return k; } }
// Not a router: a chain on any other new object registers nothing.
export const value = new Cache().onError(() => 0).get('/api/me');`,
			"web/login.ts": `export const login = (input: unknown) => fetch('/api/login', { method: 'POST', body: JSON.stringify(input) });
export const me = () => fetch('/api/me');`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch GET /api/me",
			"http-route dispatch POST /api/login",
			"http-route register GET /api/me",
			"http-route register POST /api/login",
		]);
	});
});

describe("generic preset: a query string glued to the URL", () => {
	it("joins `/api/links${qs}` to the route `/api/links`", () => {
		const sites = extractSites({
			"src/app.ts": `import express from 'express';
const app = express();
app.get('/api/links', function listLinks(req: any, res: any) { res.json([]); });
app.get('/api/folders/:id/users', function folderUsers(req: any, res: any) { res.json([]); });`,
			"web/links.ts": `export const links = (qs: string) => fetch(\`/api/links\${qs}\`);
export const users = (id: string, q: string) => fetch(\`/api/folders/\${id}/users\${getQueryString(q)}\`);
declare function getQueryString(q: string): string;`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch GET /api/folders/:id/users",
			"http-route dispatch GET /api/links",
			"http-route register GET /api/folders/:id/users",
			"http-route register GET /api/links",
		]);
	});
});

describe("generic preset: Hono routes and mounts", () => {
	const files = {
		"src/routes/email-password.ts": `import { Hono } from 'hono';
async function authorize(c: any) { return c.json({}); }
async function signup(c: any) { return c.json({}); }
// Hono's RPC style: routes chained on the constructor.
export const emailPasswordRoute = new Hono<{ Bindings: {} }>()
  .post('/authorize', authorize)
  .post('/signup', signup);`,
		"src/auth.ts": `import { Hono } from 'hono';
import { emailPasswordRoute } from './routes/email-password';
export const auth = new Hono()
  .use(async (c, next) => next())
  .get('/csrf', function csrf(c: any) { return c.json({}); })
  .route('/email-password', emailPasswordRoute);`,
		"src/files/pdf.ts": `import { Hono } from 'hono';
const route = new Hono();
route.get('/pdf/:id', function pdf(c: any) { return c.body(null); });
export default route;`,
		"src/files/files.ts": `import { Hono } from 'hono';
import pdfRoute from './pdf';
export const filesRoute = new Hono().post('/upload', function upload(c: any) { return c.json({}); });
filesRoute.route('/', pdfRoute);`,
		"src/app.ts": `import { Hono } from 'hono';
import { auth } from './auth';
import { filesRoute } from './files/files';
const app = new Hono().basePath('/api');
app.route('/auth', auth).route('/files', filesRoute);
app.get('/health', function health(c: any) { return c.text('ok'); }).post('/ping', function ping(c: any) { return c.text('pong'); });`,
		"web/client.ts": `export const login = (email: string) =>
  fetch('/api/auth/email-password/authorize', { method: 'POST', body: JSON.stringify({ email }) });
export const csrf = () => fetch('/api/auth/csrf');
export const pdf = (id: string) => fetch(\`/api/files/pdf/\${id}\`);
export const upload = () => fetch('/api/files/upload', { method: 'POST' });
export const health = () => fetch('/api/health');
export const ping = () => fetch('/api/ping', { method: 'POST' });`,
	};

	it("registers routes chained on new Hono(), prefixed by .route() mounts (chained too) and basePath", () => {
		const sites = extractSites(files);
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch GET /api/auth/csrf",
			"http-route dispatch GET /api/files/pdf/:id",
			"http-route dispatch GET /api/health",
			"http-route dispatch POST /api/auth/email-password/authorize",
			"http-route dispatch POST /api/files/upload",
			"http-route dispatch POST /api/ping",
			"http-route register GET /api/auth/csrf",
			"http-route register GET /api/files/pdf/:id",
			"http-route register GET /api/health",
			"http-route register POST /api/auth/email-password/authorize",
			"http-route register POST /api/auth/email-password/signup",
			"http-route register POST /api/files/upload",
			"http-route register POST /api/ping",
		]);
		const key = "POST /api/auth/email-password/authorize";
		const edge = sites
			.filter((s) => s.trunk === "http-route" && s.key === key)
			.map(
				(s) => `${s.side} ${s.file}:${s.line} ${s.side === "register" ? s.handlerDefId : s.enclosingDefId}`,
			)
			.sort();
		// The request, the three lines its path is composed on (base path, `.route('/auth')`, the chained
		// `.route('/email-password')` at its own line, not its chain's first), and the handler.
		expect(edge).toEqual([
			"dispatch web/client.ts:2 web/client.ts#login",
			"mount src/app.ts:4 src/app.ts#app",
			"mount src/app.ts:5 src/app.ts#(module)",
			"mount src/auth.ts:6 src/auth.ts#auth",
			"register src/routes/email-password.ts:6 src/routes/email-password.ts#authorize",
		]);
	});

	it("joins a typed client's calls (hc<typeof app>) to the app's routes, prefixed where the app is mounted", () => {
		const sites = extractSites({
			...files,
			"src/app-type.ts": `import { auth } from './auth';
export type AuthApp = typeof auth;`,
			"web/auth-client.ts": `import { hc as makeClient } from 'hono/client';
import type { AuthApp } from '../src/app-type';
import { auth } from '../src/auth';
export class AuthClient {
  client: ReturnType<typeof makeClient<AuthApp>>;
  constructor(base: string) { this.client = makeClient<AuthApp>(base); }
  signIn(email: string) { return this.client['email-password'].authorize.$post({ json: { email } }); }
  csrf() { return this.client.csrf.$get(); }
}
const direct = makeClient<typeof auth>('/');
export const token = () => direct.csrf.$get();
const notAClient = { csrf: { $get: () => 1 } };
export const x = notAClient.csrf.$get();`,
		});
		const client = sites
			.filter((s) => s.trunk === "http-route" && s.file === "web/auth-client.ts")
			.map((s) => `${s.side} ${s.key} :${s.line} ${s.enclosingDefId}`)
			.sort();
		expect(client).toEqual([
			"dispatch GET /api/auth/csrf :11 web/auth-client.ts#token",
			"dispatch GET /api/auth/csrf :8 web/auth-client.ts#AuthClient.csrf",
			"dispatch POST /api/auth/email-password/authorize :7 web/auth-client.ts#AuthClient.signIn",
		]);
		// The keys are the routes' own: each has its register site.
		const registered = new Set(sites.filter((s) => s.side === "register").map((s) => s.key));
		for (const line of client) expect(registered.has(line.split(" ").slice(1, 3).join(" "))).toBe(true);
	});

	it("leaves Express's one-argument router.route('/x') a route object, not a mount", () => {
		const sites = extractSites({
			"src/app.ts": `import { Router } from 'express';
const router = Router();
const users = Router();
users.get('/:id', function getUser() {});
router.route('/users').get(function list() {});
router.use('/v1', users).get('/ping', function ping() {});`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route register GET /ping",
			"http-route register GET /users",
			"http-route register GET /v1/:id",
		]);
	});
});

describe("generic preset: Hono apps made by a factory, and Supabase function calls", () => {
	// Edge functions and workers build their apps with a helper (`createApp(name)`) and name them `app<Name>`;
	// the dashboard reaches the routes through supabase-js, `supabase.functions.invoke('fn/path', { method })`.
	const files = {
		"server/sub/invite.ts": `import { Hono } from 'hono';
export const app = new Hono();
app.post('/', function invite(c: any) { return c.json({}); });
app.get('/:id', function readInvite(c: any) { return c.json({}); });`,
		"server/factory.ts": `import { Hono } from 'hono';
export function createApp(name: string) { const made = new Hono(); made.use('*', async (_c, next) => next()); return made; }`,
		"server/worker.ts": `import { createApp } from './factory';
import { app as invite } from './sub/invite';
const app = createApp('api');
const appPrivate = createApp('private');
appPrivate.route('/invite', invite);
app.route('/private', appPrivate);
const appointments = { route(_p: string, _x: unknown) {} };
appointments.route('/ignored', invite);`,
		"web/members.ts": `declare const supabase: any;
declare const cache: any;
export const inviteUser = (email: string) => supabase.functions.invoke('private/invite', { body: { email } });
export const readInvite = (id: string) => supabase.functions.invoke(\`private/invite/\${id}\`, { method: 'GET' });
export const warm = () => cache.invoke('private/invite');`,
	};

	it("prefixes a sub-app's routes through mounts on app<Name> receivers and joins functions.invoke calls to them", () => {
		expect(summary(extractSites(files), "http-route")).toEqual([
			"http-route dispatch GET /private/invite/:id",
			"http-route dispatch POST /private/invite",
			"http-route register GET /private/invite/:id",
			"http-route register POST /private/invite",
		]);
	});
});

describe("generic preset: a base path set inside an app-building factory", () => {
	// `makeApp(area)` sets `basePath(`/${area}`)` on one runtime only; `serviceApp(name)` always does.
	const files = {
		"node_modules/hono/index.d.ts": `export declare class Hono { basePath(p: string): Hono; route(p: string, a: Hono): Hono; use(...a: unknown[]): Hono; get(p: string, h: Function): Hono; post(p: string, h: Function): Hono }`,
		"server/make.ts": `import { Hono } from 'hono';
declare const onEdge: () => boolean;
export function makeApp(area: string, _version: string) {
	let made;
	if (onEdge()) made = new Hono().basePath(\`/\${area}\`);
	else made = new Hono();
	made.use('*', async (_c: unknown, next: () => Promise<void>) => next());
	return made;
}
export const serviceApp = (name: string) => new Hono().basePath(\`/svc/\${name}\`).use(async (_c: unknown, n: () => Promise<void>) => n());
export function plainApp(name: string) { const other = new Hono().basePath(\`/\${name}\`); return new Hono(); }`,
		"server/sub/charge.ts": `import { makeApp } from '../make';
export const app = makeApp('', '1');
app.post('/', function charge(c: any) { return c.json({}); });`,
		"server/sub/nested.ts": `import { makeApp } from '../make';
export const app = makeApp('nested', '1');
app.get('/x', function nestedX(c: any) { return c.json({}); });`,
		"server/edge.ts": `import { makeApp, serviceApp, plainApp } from './make';
import { app as charge } from './sub/charge';
import { app as nested } from './sub/nested';
const area = 'billing';
const appGlobal = makeApp(area, '1');
appGlobal.route('/charge', charge);
appGlobal.route('/n', nested);
const reportsRouter = serviceApp('reports');
reportsRouter.get('/daily', function daily(c: any) { return c.json({}); });
declare const env: Record<string, string>;
const laterRouter = makeApp(env.AREA as string, '1');
laterRouter.get('/status', function status(c: any) { return c.json({}); });
const plainRouter = plainApp('ignored');
plainRouter.get('/health', function health(c: any) { return c.json({}); });`,
	};

	it("serves the app's routes under the factory's argument, and also without it when the factory sets it on one path (where another app mounts it: without)", () => {
		expect(summary(extractSites(files), "http-route")).toEqual([
			"http-route register GET /billing/n/x",
			"http-route register GET /health",
			"http-route register GET /n/x",
			"http-route register GET /status",
			"http-route register GET /svc/reports/daily",
			"http-route register POST /billing/charge",
			"http-route register POST /charge",
		]);
	});
});

describe("generic preset: Koa-style router prefix", () => {
	it("prefixes keys with the router's constructor option", () => {
		const sites = extractSites({
			"src/orders.ts": `declare class Router { constructor(o?: { prefix?: string }); get(p: string, h: Function): void }
const router = new Router({ prefix: '/orders' });
router.get('/:id', function show() {});
const plain = new Router();
plain.get('/', function root() {});`,
		});
		expect(summary(sites, "http-route")).toEqual([
			"http-route register GET /",
			"http-route register GET /orders/:id",
		]);
	});
});

describe("generic preset: events", () => {
	it("joins EventEmitter fields, subclasses, *Events receivers and socket.io", () => {
		const sites = extractSites({
			"node_modules/@types/node/events.d.ts": EVENTS_DTS,
			"src/store.ts": `import { EventEmitter } from "events";
export class Store extends EventEmitter {
	private emitter = new EventEmitter();
	private lifecycleEvents = new EventEmitter();
	save() {
		this.emitter.emit('saved', 1);
		this.lifecycleEvents.emit('mounted');
		this.emit('changed');
	}
}
export function wire(store: Store, e: EventEmitter) {
	e.on('saved', function onSaved() {});
	store.on('changed', () => {});
	store.once('mounted', () => {});
}`,
			"src/socket.js": `io.on('connection', (socket) => {
	socket.on('chat message', function onChat(msg) { io.to('room').emit('chat message', msg); });
	socket.broadcast.emit('typing');
});
clientSocket.on('typing', () => {});`,
			"src/untyped.js": `const { EventEmitter } = require('node:events');
class Queue extends EventEmitter { push(job) { this.emit('job', job); } }
new Queue().on('job', function run(job) {});`,
		});
		expect(summary(sites, "events")).toEqual([
			"events dispatch changed",
			"events dispatch chat message",
			"events dispatch job",
			// The private `lifecycleEvents = new EventEmitter()` is not the Store `store.once('mounted')` listens on.
			"events dispatch mounted⟨lifecycleEvents⟩",
			"events dispatch saved",
			"events dispatch typing",
			"events register changed",
			"events register chat message",
			"events register connection",
			// `new Queue().on('job')`: the receiver's class extends EventEmitter.
			"events register job",
			"events register mounted⟨Store⟩",
			"events register saved",
			"events register typing",
		]);
		const saved = sites.find((s) => s.side === "register" && s.key === "saved");
		expect(saved?.resolution).toBe("checker");
	});

	it("registers nothing for unrelated .on/.emit/.get, nor for emitters keyed by a function", () => {
		const sites = extractSites({
			"src/other.ts": `class Toggle { on(name: string, h: () => void) {} emit(name: string) {} }
const emitter = new Toggle();
emitter.on('x', () => {});
emitter.emit('x');
declare const button: { on(e: string, h: () => void): void };
button.on('click', () => {});
declare const settings: { get(k: string): string };
settings.get('/path');
class Emitter { on(h: () => void) {} emit() {} }
const changes = new Emitter();
changes.on(() => {});
declare class Component { emit(e: string): void }
class Panel extends Component { close() { this.emit('close'); } }`,
		});
		expect(summary(sites)).toEqual([]);
	});
});

describe("chained registrations", () => {
	it("registers every link of `bus.on('a', f).on('b', g)`, with the preset and with discovery", () => {
		const sites = extractSites({
			// Untyped (no installed library): the receiver's name decides.
			"src/client.ts": `declare const bus: any;
function onReady() {}
function onGone() {}
bus
	.on('chained.ready', onReady)
	.on('chained.gone', onGone)
	.on('chained.third', () => onGone());
export const fire = () => { bus.emit('chained.ready'); bus.emit('chained.gone'); bus.emit('chained.third'); };`,
		});
		expect(summary(sites, "events")).toEqual([
			"events dispatch chained.gone",
			"events dispatch chained.ready",
			"events dispatch chained.third",
			"events register chained.gone",
			"events register chained.ready",
			"events register chained.third",
		]);
		expect(sites.find((s) => s.side === "register" && s.key === "chained.gone")?.handlerDefId).toBe(
			"src/client.ts#onGone",
		);

		const discovered = extractSites(
			{
				"src/hooks.ts": `declare const hooks: any;
function a() {}
function b() {}
function c() {}
hooks.register('save.before', a).register('save.after', b).register('save.done', c);
export function save() { hooks.run('save.before'); hooks.run('save.after'); hooks.run('save.done'); }`,
			},
			{ extends: [], presets: [], discover: true },
		);
		expect(summary(discovered).filter((l) => l.includes("register"))).toEqual([
			"hooks register save.after",
			"hooks register save.before",
			"hooks register save.done",
		]);
	});
});

describe("keys chosen at run time among alternatives", () => {
	it("keeps the constant alternatives of a ternary or array key, the run-time ones one unbound site (preset)", () => {
		const sites = extractSites({
			"node_modules/@types/node/events.d.ts": EVENTS_DTS,
			"src/service.ts": `import { EventEmitter } from "events";
export const emitter = new EventEmitter();
export function createOne(collection: string, scope: string) {
	emitter.emit(scope === 'items' ? ['items.create', \`\${collection}.items.create\`] : \`\${scope}.create\`, {});
	emitter.emit(scope === 'items' ? 'items.kept' : 'items.dropped', {});
}
emitter.on('items.create', function onCreate() {});`,
		});
		expect(summary(sites, "events")).toEqual([
			"events dispatch UNBOUND(scope === 'items' ? ['items.create', `${collection}.items.create`] : `${scope}.create`)",
			"events dispatch items.create",
			"events dispatch items.dropped",
			"events dispatch items.kept",
			"events register items.create",
		]);
	});

	it("reads a ternary key in discovery as its two keys", () => {
		const sites = extractSites(
			{
				"src/decorators.ts": `export const OnEvent = (config: { name: string }): MethodDecorator => () => undefined;`,
				"src/event.repository.ts": `export class EventRepository {
	async emit(name: string, ...args: unknown[]) { return [name, args]; }
}`,
				"src/notification.service.ts": `import { OnEvent } from './decorators';
export class NotificationService {
	@OnEvent({ name: 'album.invite' }) onInvite() {}
	@OnEvent({ name: 'assets.delete' }) onDelete() {}
	@OnEvent({ name: 'assets.trash' }) onTrash() {}
}`,
				"src/album.service.ts": `import { EventRepository } from './event.repository';
export class AlbumService {
	constructor(private eventRepository: EventRepository) {}
	async invite(id: string, force: boolean) {
		await this.eventRepository.emit('album.invite', { id });
		await this.eventRepository.emit(force ? 'assets.delete' : 'assets.trash', { id });
	}
}`,
			},
			{ extends: [], presets: [], discover: true },
		);
		const keys = (side: string) =>
			sites
				.filter((s) => s.side === side && s.key !== null && !s.trunk.startsWith("("))
				.map((s) => s.key)
				.sort();
		expect(keys("dispatch")).toEqual(["album.invite", "assets.delete", "assets.trash"]);
		expect(keys("register")).toEqual(["album.invite", "assets.delete", "assets.trash"]);
	});
});

describe("generic preset: emitter subclasses", () => {
	it("accepts receivers whose class extends an emitter of a package that does not resolve", () => {
		const sites = extractSites({
			"src/MeetingManager.ts": `import { Emitter } from '@scope/emitter';
type Events = { 'direct/ringing': string; 'calling/ended': void };
export const MeetingManager = new (class MeetingManager extends Emitter<Events> {
	ring(id: string) { this.emit('direct/ringing', id); }
	end() { this.emit('calling/ended'); }
})();
export class RecordList extends Emitter<{ mutated: void }> { mutate() { this.emit('mutated'); } }`,
			"src/provider.ts": `import { Component } from '@scope/ui';
import { RecordList, MeetingManager } from './MeetingManager';
class Panel extends Component {}
export function listen(list: RecordList, panel: Panel) {
	MeetingManager.on('direct/ringing', () => {});
	list.on('mutated', () => {});
	panel.on('closed', () => {});
}`,
		});
		expect(summary(sites, "events")).toEqual([
			"events dispatch calling/ended",
			"events dispatch direct/ringing",
			"events dispatch mutated",
			"events register direct/ringing",
			"events register mutated",
		]);
	});
});

describe("generic preset: template keys and pub/sub", () => {
	it("joins identical template topics on both sides, and leaves a lone template unbound", () => {
		const sites = extractSites({
			"src/team.service.ts": `declare const pubsub: { publish(t: string, p: unknown): void; asyncIterator(t: string): unknown };
export function addMember(teamID: string, uid: string) {
	pubsub.publish(\`team/\${teamID}/member_added\`, uid);
	pubsub.publish('team_created', uid);
	pubsub.publish(\`team/\${teamID}/removed\`, uid);
}
export function memberAdded(teamId: string) { return pubsub.asyncIterator(\`team/\${teamId}/member_added\`); }
export function created() { return pubsub.asyncIterator('team_created'); }`,
		});
		expect(summary(sites, "pubsub")).toEqual([
			"pubsub dispatch UNBOUND(`team/${teamID}/removed`)",
			"pubsub dispatch team/:param/member_added",
			"pubsub dispatch team_created",
			"pubsub register team/:param/member_added",
			"pubsub register team_created",
		]);
		// The resolver returning the iterator is the topic's handler; top-level code is nobody's.
		const handlers = sites
			.filter((s) => s.trunk === "pubsub" && s.side === "register")
			.map((s) => `${s.key} -> ${s.handlerDefId}`)
			.sort();
		expect(handlers).toEqual([
			"team/:param/member_added -> src/team.service.ts#memberAdded",
			"team_created -> src/team.service.ts#created",
		]);
		const topLevel = extractSites({
			"src/boot.ts": `declare const pubsub: { asyncIterator(t: string): unknown };
void pubsub.asyncIterator('boot');`,
		});
		expect(topLevel.filter((s) => s.trunk === "pubsub").map((s) => s.handlerDefId)).toEqual([null]);
	});

	it("registers a pub/sub module's `on` listeners and a socket server module's emits (`websockets.in(room)`)", () => {
		const sites = extractSites({
			"src/cluster.js": `const pubsub = require('./pubsub');
const websockets = require('./socket');
const sockets = require('./socket');
function reload() {}
pubsub.on('config:update', reload);
exports.save = function () {
	pubsub.publish('config:update', {});
	websockets.in('room_1').emit('event:saved', {});
	websockets.server.emit('event:restarted');
	sockets.server.sockets.emit('event:status');
};`,
		});
		expect(summary(sites, "pubsub")).toEqual([
			"pubsub dispatch config:update",
			"pubsub register config:update",
		]);
		expect(summary(sites, "events")).toEqual([
			"events dispatch event:restarted",
			"events dispatch event:saved",
			"events dispatch event:status",
		]);
	});

	it("takes a socket a getter hands out (`hub.getOpsSocket().emit`, `getSocket().in(room).emit`) on both sides, and no other call's result", () => {
		const sites = extractSites({
			"src/server/progress.js": `const realtime = require('./realtime');
exports.report = function (userId, done) {
	realtime.getOpsSocket().emit('job:progress', { done });
	realtime.getMainSocket()
		.in('user:' + userId)
		.except('user:0')
		.emit('inbox:changed');
	realtime.getStore().emit('store:flushed');
};`,
			"src/client/inbox.js": `const app = require('./app');
app.getSocket().on('inbox:changed', () => app.refresh());
app.getOpsSocket().on('job:progress', (p) => app.show(p));
app.getStore().on('store:flushed', () => app.refresh());`,
		});
		expect(summary(sites, "events")).toEqual([
			"events dispatch inbox:changed",
			"events dispatch job:progress",
			"events register inbox:changed",
			"events register job:progress",
		]);
	});
});

describe("nestjs preset", () => {
	it("registers decorated controller methods with the controller prefix, method and handler", () => {
		const sites = extractSites(
			{
				"src/team.controller.ts": `declare function Controller(p?: unknown): ClassDecorator;
declare function Get(p?: string): MethodDecorator;
declare function Post(p?: string): MethodDecorator;
declare function OnEvent(e: string): MethodDecorator;
@Controller({ path: 'team', version: '1' })
export class TeamController {
	@Get('members') list() {}
	@Post('members') add() {}
	@Get() root() {}
	helper() {}
}
@Controller()
export class HealthController { @Get('health') check() {} }
export class Listener { @OnEvent('order.created') onOrder() {} }
export class NotAController { @Get('x') x() {} }`,
				"web/api.ts": `export const m = () => fetch('/team/members', { method: 'POST' });
export class Orders {
	constructor(private eventEmitter: any) {}
	create() { this.eventEmitter.emit('order.created'); }
}`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch POST /team/members",
			"http-route register GET /health",
			"http-route register GET /team",
			"http-route register GET /team/members",
			"http-route register POST /team/members",
		]);
		expect(summary(sites, "events")).toEqual([
			"events dispatch order.created",
			"events register order.created",
		]);
		const add = sites.find((s) => s.side === "register" && s.key === "POST /team/members");
		expect(add?.handlerDefId).toBe("src/team.controller.ts#TeamController.add");
	});

	it("reads an event listener's key from its options object's `name` (`@OnEvent({ name: 'x' })`)", () => {
		const sites = extractSites(
			{
				"src/notification.service.ts": `declare function OnEvent(e: string | { name: string; priority?: number }): MethodDecorator;
export class NotificationService {
	@OnEvent({ name: 'album.invite' }) onInvite() {}
	@OnEvent({ name: 'album.update', priority: 1 }) onUpdate() {}
	@OnEvent('order.created') onOrder() {}
}`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "events")).toEqual([
			"events register album.invite",
			"events register album.update",
			"events register order.created",
		]);
		expect(sites.find((s) => s.key === "album.invite")?.handlerDefId).toBe(
			"src/notification.service.ts#NotificationService.onInvite",
		);
	});

	it("keys an event named by a static method's return (`@OnEvent(Changed.getName())` ↔ `emit(Changed.getName(), …)`)", () => {
		const sites = extractSites(
			{
				"src/events/changed.event.ts": `export class ChangedEvent {
	constructor(private id: string) {}
	public static getName() { return 'portfolio.changed'; }
	public getId() { return this.id; }
}`,
				"src/events/changed.listener.ts": `import { ChangedEvent } from './changed.event';
declare function OnEvent(e: string): MethodDecorator;
export class ChangedListener { @OnEvent(ChangedEvent.getName()) handle(event: ChangedEvent) {} }`,
				"src/orders.service.ts": `import { ChangedEvent } from './events/changed.event';
export class OrdersService {
	constructor(private readonly eventEmitter: any) {}
	create() { this.eventEmitter.emit(ChangedEvent.getName(), new ChangedEvent('u1')); }
}`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "events")).toEqual([
			"events dispatch portfolio.changed",
			"events register portfolio.changed",
		]);
		expect(sites.find((s) => s.side === "register" && s.trunk === "events")?.handlerDefId).toBe(
			"src/events/changed.listener.ts#ChangedListener.handle",
		);
	});

	it("makes each scheduled method a way in keyed by its schedule, evaluated or as written", () => {
		const sites = extractSites(
			{
				"src/cron.service.ts": `declare function Cron(expr: string, o?: object): MethodDecorator;
declare function Interval(a: string | number, b?: number): MethodDecorator;
declare function Timeout(a: string | number, b?: number): MethodDecorator;
declare const CronExpression: { EVERY_HOUR: string };
const NIGHTLY = '0 0 * * *';
export class CronService {
	private static readonly RANDOM_MINUTE = \`\${new Date().getMinutes()} * * * *\`;
	@Cron(NIGHTLY) runNightly() {}
	@Cron(CronExpression.EVERY_HOUR) runHourly() {}
	@Cron(CronService.RANDOM_MINUTE, { name: 'prices' }) refreshPrices() {}
	@Interval('sync', 5000) sync() {}
	@Timeout(1000) warmUp() {}
	helper() {}
}`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "schedule")).toEqual([
			"schedule register 0 0 * * *",
			"schedule register 1000",
			"schedule register CronExpression.EVERY_HOUR",
			"schedule register CronService.RANDOM_MINUTE",
			"schedule register sync",
		]);
		expect(sites.find((s) => s.key === "CronService.RANDOM_MINUTE")?.handlerDefId).toBe(
			"src/cron.service.ts#CronService.refreshPrices",
		);
	});

	it("joins a Passport strategy to the guards that name it", () => {
		const sites = extractSites(
			{
				"src/auth/jwt.strategy.ts": `declare function PassportStrategy(s: unknown, name?: string): new (...a: unknown[]) => object;
declare class Strategy {}
export class JwtAuthStrategy extends PassportStrategy(Strategy, 'jwt') {
	validate(payload: { sub: string }) { return payload.sub; }
}
export class GoogleStrategy extends PassportStrategy(Strategy) {}`,
				"src/guards/gql-auth.guard.ts": `declare function AuthGuard(name: string | string[]): new () => object;
export class GraphqlAuthGuard extends AuthGuard('jwt') {}
export class AnyGuard extends AuthGuard(['jwt', 'google']) {}`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "passport")).toEqual([
			"passport dispatch google",
			"passport dispatch jwt",
			"passport dispatch jwt",
			"passport register jwt",
		]);
		const jwt = sites.find((s) => s.trunk === "passport" && s.side === "register");
		// What the guard runs is the strategy's `validate`, not the class.
		expect(jwt?.handlerDefId).toBe("src/auth/jwt.strategy.ts#JwtAuthStrategy.validate");
		const guard = sites.find((s) => s.trunk === "passport" && s.side === "dispatch");
		expect(guard?.enclosingDefId).toMatch(/#(GraphqlAuthGuard|AnyGuard)$/);
	});

	it("gives each start-up hook a way in of its own: `Class.onModuleInit`, handled by the method", () => {
		const sites = extractSites(
			{
				"src/config.service.ts": `export class ConfigService {
	async onModuleInit() { await this.load(); }
	load() {}
}
export class Cache { onApplicationBootstrap() {} onModuleDestroy() {} }
export declare class PackageModule { onModuleInit(): void }`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "lifecycle")).toEqual([
			"lifecycle register Cache.onApplicationBootstrap",
			"lifecycle register ConfigService.onModuleInit",
		]);
		expect(sites.find((s) => s.key === "ConfigService.onModuleInit")).toMatchObject({
			line: 2,
			handlerDefId: "src/config.service.ts#ConfigService.onModuleInit",
		});
	});
});

describe("generic preset: a table used as a queue", () => {
	it("joins a query builder's inserts into a table to the one function reading and removing its rows", () => {
		const sites = extractSites({
			"src/db.ts": `export interface Qb { insertInto(t: string): any; selectFrom(t: string): any; deleteFrom(t: string): any }
export declare const db: Qb;`,
			"src/orders.ts": `import { db } from './db';
export class OrderOutbox {
  async save(id: string) {
    await db.insertInto('outbox').values({ id }).execute();
    await db.insertInto('orders').values({ id }).execute();
  }
}`,
			"src/relay.ts": `import { db } from './db';
export class Relay {
  async scan() {
    const rows = await db.selectFrom('outbox').selectAll().execute();
    if (rows.length > 0) await db.deleteFrom('outbox').where('id', 'in', rows).execute();
  }
  async list() {
    return db.selectFrom('orders').selectAll().execute();
  }
  async purge(id: string) {
    await db.deleteFrom('orders').where('id', '=', id).execute();
  }
}`,
		});
		// 'orders' is written, read and deleted, but never read and removed in one function: no key.
		expect(summary(sites, "table-queue")).toEqual([
			"table-queue dispatch outbox",
			"table-queue register outbox",
		]);
		const consumer = sites.find((s) => s.trunk === "table-queue" && s.side === "register");
		expect([consumer?.handlerDefId, consumer?.line]).toEqual(["src/relay.ts#Relay.scan", 4]);
		const writer = sites.find((s) => s.trunk === "table-queue" && s.side === "dispatch");
		expect([writer?.enclosingDefId, writer?.line]).toEqual(["src/orders.ts#OrderOutbox.save", 4]);
	});
});

describe("generic preset: a resumable upload client's endpoint", () => {
	const files = {
		"node_modules/hono/index.d.ts": `export declare class Hono { route(p: string, a: Hono): Hono; post(p: string, ...h: Function[]): Hono; patch(p: string, ...h: Function[]): Hono }`,
		"node_modules/tus-js-client/index.d.ts": `export declare class Upload { constructor(file: unknown, options: { endpoint?: string; chunkSize?: number }); start(): void }`,
		"server/files.ts": `import { Hono } from 'hono';
export const app = new Hono();
function uploadStart(c: any) { return c.json({}); }
function uploadChunk(c: any) { return c.json({}); }
app.post('/upload/attachments', uploadStart);
app.patch('/upload/attachments/:id', uploadChunk);`,
		"server/index.ts": `import { Hono } from 'hono';
import { app as files } from './files';
const appGlobal = new Hono();
appGlobal.route('/files', files);`,
		"cli/upload.ts": `import * as tus from 'tus-js-client';
import { Upload } from 'tus-js-client';
declare const config: { hostFilesApi: string; hostApi: string };
export function sendBundle(data: Buffer) {
	const upload = new tus.Upload(data, {
		endpoint: \`\${config.hostFilesApi}/files/upload/attachments/\`,
		chunkSize: 1024,
	});
	upload.start();
}
export function sendPlain(data: Buffer) {
	new Upload(data, { endpoint: '/files/upload/attachments' }).start();
}
export function noEndpoint(data: Buffer) {
	new Upload(data, { chunkSize: 5 }).start();
}
export async function config2() {
	return fetch(\`\${config.hostApi}/files/upload/attachments\`, { method: 'POST' });
}`,
	};

	it("joins `new tus.Upload(data, { endpoint })` to the route creating the upload (POST), behind a base URL named *Api", () => {
		const sites = extractSites(files);
		const edge = sites
			.filter((s) => s.trunk === "http-route" && s.key === "POST /files/upload/attachments")
			.map(
				(s) => `${s.side} ${s.file}:${s.line} ${s.side === "register" ? s.handlerDefId : s.enclosingDefId}`,
			)
			.sort();
		expect(edge).toEqual([
			"dispatch cli/upload.ts:12 cli/upload.ts#sendPlain",
			"dispatch cli/upload.ts:18 cli/upload.ts#config2",
			"dispatch cli/upload.ts:6 cli/upload.ts#sendBundle.upload",
			"mount server/index.ts:4 server/index.ts#(module)",
			"register server/files.ts:5 server/files.ts#uploadStart",
		]);
		// An upload with no endpoint names no request.
		expect(sites.filter((s) => s.file === "cli/upload.ts" && s.line === 15)).toEqual([]);
	});
});
