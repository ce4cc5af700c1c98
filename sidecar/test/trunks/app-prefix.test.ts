import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alwaysOn, extractSites, summary } from "./in-memory.js";

const NEST_DTS = `declare function Controller(p?: unknown): ClassDecorator;
declare function Get(p?: string): MethodDecorator;
declare function Post(p?: string): MethodDecorator;
declare function Version(v: unknown): MethodDecorator & ClassDecorator;
declare const VERSION_NEUTRAL: unique symbol;`;

const BOOTSTRAP = `declare const NestFactory: { create(m: unknown): Promise<any> };
declare enum VersioningType { URI, HEADER }
export async function bootstrap() {
	const app = await NestFactory.create({});
	app.enableVersioning({ defaultVersion: '1', type: VersioningType.URI });
	app.setGlobalPrefix('api', { exclude: ['sitemap.xml'] });
	await app.listen(3000);
}`;

const CONTROLLERS = `${NEST_DTS}
@Controller('orders')
export class OrdersController {
	@Get(':id') find() {}
	@Post() create() {}
	@Get('report') @Version('2') report() {}
	@Get('ping') @Version(VERSION_NEUTRAL) ping() {}
}
@Controller({ path: 'invoices', version: '3' })
export class InvoicesController { @Get() list() {} }`;

const CLIENT = `declare const http: { get(u: string): unknown; post(u: string, b: unknown): unknown };
export const find = (id: string) => http.get(\`/api/v1/orders/\${id}\`);
export const create = () => http.post('/api/v1/orders', {});
export const report = () => http.get('/api/v2/orders/report');
export const ping = () => http.get('/api/orders/ping');
export const invoices = () => http.get('/api/v3/invoices');`;

describe("nestjs preset: the app's global prefix and URI version", () => {
	it("joins the clients calling a route under the prefix and its version to the route as declared", () => {
		const sites = extractSites(
			{ "src/main.ts": BOOTSTRAP, "src/orders.controller.ts": CONTROLLERS, "web/api.ts": CLIENT },
			alwaysOn(),
		);
		const registered = summary(sites, "http-route").filter((s) => s.includes(" register "));
		expect(registered).toEqual([
			"http-route register GET /invoices",
			"http-route register GET /orders/:id",
			"http-route register GET /orders/ping",
			"http-route register GET /orders/report",
			"http-route register POST /orders",
		]);
		// Every client call meets its route's key once `api/v1` (`api/v2`, `api/v3`, `api`) is cut.
		const dispatched = sites.filter((s) => s.side === "dispatch").map((s) => s.key);
		expect(dispatched.sort()).toEqual(registered.map((r) => r.replace("http-route register ", "")).sort());
		const find = sites.find((s) => s.side === "register" && s.key === "GET /orders/:id");
		expect(find?.handlerDefId).toBe("src/orders.controller.ts#OrdersController.find");
	});

	it("cuts nothing when the app sets neither, nor a version segment for header versioning", () => {
		const plain = extractSites({ "src/orders.controller.ts": CONTROLLERS, "web/api.ts": CLIENT }, alwaysOn());
		expect(summary(plain, "http-route")).toContain("http-route dispatch POST /api/v1/orders");
		const header = extractSites(
			{
				"src/main.ts": BOOTSTRAP.replace("VersioningType.URI", "VersioningType.HEADER"),
				"src/orders.controller.ts": CONTROLLERS,
				"web/api.ts": CLIENT,
			},
			alwaysOn(),
		);
		// The global prefix alone is cut: `/api/orders/ping` joins, `/api/v1/orders` does not.
		expect(summary(header, "http-route")).toContain("http-route dispatch GET /orders/ping");
		expect(summary(header, "http-route")).toContain("http-route dispatch POST /api/v1/orders");
	});

	it("binds a client behind an unknown base URL, with or without the version in its path", () => {
		const sites = extractSites(
			{
				"src/main.ts": BOOTSTRAP.replace("app.setGlobalPrefix('api', { exclude: ['sitemap.xml'] });", ""),
				"src/orders.controller.ts": CONTROLLERS,
				"web/api.ts": `declare const axios: { get(u: string): unknown; post(u: string, b: unknown): unknown };
declare const env: { API_URL: string };
export const find = (id: string) => axios.get(\`\${env.API_URL}/orders/\${id}\`);
export const report = () => axios.get(\`\${env.API_URL}/v2/orders/report\`);
export const local = (id: string) => axios.get(\`/orders/\${id}\`);`,
			},
			alwaysOn(),
		);
		const keys = (file: string) =>
			sites.filter((s) => s.side === "dispatch" && s.file === file).map((s) => s.key);
		expect(keys("web/api.ts")).toEqual(["GET /orders/:id", "GET /orders/report", "GET /orders/:id"]);
	});

	it("also when the app has no default version and its controllers name theirs", () => {
		const sites = extractSites(
			{
				"src/main.ts": `declare const app: any;
declare enum VersioningType { URI }
app.enableVersioning({ type: VersioningType.URI });`,
				"src/auth.controller.ts": `${NEST_DTS}
@Controller({ path: 'auth', version: '1' })
export class AuthController { @Get('providers') providers() {} }
@Controller('health')
export class HealthController { @Get() check() {} }`,
				"web/auth.ts": `declare const axios: { get(u: string): unknown };
export const providers = () => axios.get(\`\${import.meta.env.VITE_BACKEND_API_URL}/auth/providers\`);`,
			},
			alwaysOn(),
		);
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch GET /auth/providers",
			"http-route register GET /auth/providers",
			"http-route register GET /health",
		]);
	});

	it("reads the prefix and version of the package the call is written in", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-app-prefix-"));
		for (const app of ["api", "worker"]) mkdirSync(join(root, "apps", app, "src"), { recursive: true });
		try {
			const sites = extractSites(
				{
					"apps/api/package.json": JSON.stringify({ name: "api" }),
					"apps/api/src/main.ts": BOOTSTRAP,
					"apps/api/src/orders.controller.ts": CONTROLLERS,
					"apps/worker/package.json": JSON.stringify({ name: "worker" }),
					"apps/worker/src/health.controller.ts": `${NEST_DTS}
@Controller('health')
export class HealthController { @Get() check() {} }`,
				},
				alwaysOn(),
				{},
				root,
			);
			const keys = summary(sites, "http-route");
			expect(keys).toContain("http-route register POST /orders");
			expect(keys).toContain("http-route register GET /health");
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});

	it("cuts each app's base path only to reach that app's routes (two apps, two prefixes)", () => {
		const root = mkdtempSync(join(tmpdir(), "codeask-app-bases-"));
		for (const app of ["api", "worker"]) mkdirSync(join(root, "apps", app, "src"), { recursive: true });
		try {
			const sites = extractSites(
				{
					"apps/api/package.json": JSON.stringify({ name: "api" }),
					"apps/api/src/main.ts": BOOTSTRAP,
					"apps/api/src/orders.controller.ts": CONTROLLERS,
					"apps/worker/package.json": JSON.stringify({ name: "worker" }),
					"apps/worker/src/main.ts": BOOTSTRAP.replace("'api'", "'jobs'").replace(
						"app.enableVersioning({ defaultVersion: '1', type: VersioningType.URI });",
						"",
					),
					"apps/worker/src/health.controller.ts": `${NEST_DTS}
@Controller('health')
export class HealthController { @Get() check() {} }`,
					"web/api.ts": `declare const http: { get(u: string): unknown };
export const health = () => http.get('/jobs/health');
export const order = (id: string) => http.get(\`/api/v1/orders/\${id}\`);
export const wrongApp = () => http.get('/api/v1/health');
export const wrongPrefix = (id: string) => http.get(\`/jobs/orders/\${id}\`);`,
				},
				alwaysOn(),
				{},
				root,
			);
			const dispatched = sites
				.filter((s) => s.side === "dispatch" && s.trunk === "http-route")
				.map((s) => s.key)
				.sort();
			// Each client call joins the route of the app whose prefix it carries, never the other app's: the
			// worker's `/health` is not under `api/v1`, the API's orders not under `jobs` (a template joining
			// nothing stays unbound).
			expect(dispatched).toEqual(["GET /api/v1/health", "GET /health", "GET /orders/:id", null]);
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});
});
