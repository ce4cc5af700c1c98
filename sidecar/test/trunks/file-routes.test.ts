/** The route path a file-based route module's location spells, and files that are no route module. */
import { describe, expect, it } from "vitest";
import { bindMethodKey, templateAsPath, withoutBaseUrl } from "../../src/trunks/bind.js";
import {
	defaultExportRoute,
	fileNameRoutePath,
	fileRoutePath,
} from "../../src/trunks/discover/file-routes.js";

describe("fileRoutePath", () => {
	it("reads the folders below the outermost routes root under src, parameters as :name", () => {
		expect(fileRoutePath("packages/medusa/src/api/admin/products/[id]/route.ts")).toBe("/admin/products/:id");
		expect(fileRoutePath("apps/web/app/api/users/[...slug]/route.ts")).toBe("/api/users/:slug");
		expect(fileRoutePath("packages/api/src/api/orders/route.ts")).toBe("/orders");
		expect(fileRoutePath("apps/web/app/dashboard/[[...rest]]/route.js")).toBe("/dashboard/:rest");
		expect(fileRoutePath("web/src/routes/api/items/[id=integer]/+server.ts")).toBe("/api/items/:id");
		expect(fileRoutePath("src/api/route.ts")).toBe("/");
		expect(fileRoutePath("app/api/og/route.tsx")).toBe("/api/og");
	});

	it("takes the routes root at its package's top or in its top src folder, never deeper in the code", () => {
		expect(fileRoutePath("apps/web/app/api/v2/me/route.ts", "apps/web")).toBe("/api/v2/me");
		expect(fileRoutePath("packages/medusa/src/api/admin/route.ts", "packages/medusa")).toBe("/admin");
		expect(fileRoutePath("app/api/og/route.tsx", "")).toBe("/api/og");
		// A handler module a real route re-exports, kept beside its feature's code.
		expect(fileRoutePath("apps/web/modules/api/v2/me/route.ts", "apps/web")).toBeNull();
		expect(fileRoutePath("apps/web/modules/ee/contacts/api/v1/contacts/route.ts", "apps/web")).toBeNull();
		expect(fileRoutePath("src/features/billing/api/route.ts", "")).toBeNull();
	});

	it("drops route groups and slots, and takes no private folder", () => {
		expect(fileRoutePath("app/(marketing)/@modal/contact/route.ts")).toBe("/contact");
		expect(fileRoutePath("src/api/_lib/route.ts")).toBeNull();
	});

	it("takes only route modules below a routes root", () => {
		expect(fileRoutePath("src/lib/route.ts")).toBeNull();
		expect(fileRoutePath("src/api/orders/routes.ts")).toBeNull();
		expect(fileRoutePath("src/api/orders/route.d.ts")).toBeNull();
		expect(fileRoutePath("src/api/route/index.ts")).toBeNull();
	});

	it("reads default-export routes: Next.js pages/api and Nuxt server routes, method from the file name", () => {
		const route = (f: string) => {
			const r = defaultExportRoute(f);
			return r && `${r.method} ${r.path}`;
		};
		expect(route("apps/web/pages/api/users/[id].ts")).toBe("ALL /api/users/:id");
		expect(route("src/pages/api/auth/[...nextauth].ts")).toBe("ALL /api/auth/:nextauth");
		expect(route("pages/api/posts/index.ts")).toBe("ALL /api/posts");
		expect(route("server/api/todos/[id].patch.ts")).toBe("PATCH /api/todos/:id");
		expect(route("server/api/todos/index.get.ts")).toBe("GET /api/todos");
		expect(route("server/routes/sitemap.xml.ts")).toBeNull();
		expect(route("server/routes/feed.get.ts")).toBe("GET /feed");
	});

	it("takes no page, private module or declaration file for a default-export route", () => {
		expect(defaultExportRoute("pages/users/[id].tsx")).toBeNull();
		expect(defaultExportRoute("pages/api/_lib/db.ts")).toBeNull();
		expect(defaultExportRoute("server/api/types.d.ts")).toBeNull();
		expect(defaultExportRoute("server/utils/db.ts")).toBeNull();
		// A Koa app's `server/routes/api/middlewares/pagination.ts` exports a middleware factory.
		expect(defaultExportRoute("server/routes/api/middlewares/pagination.ts")).toBeNull();
		expect(defaultExportRoute("pages/api/middleware/auth.ts")).toBeNull();
	});
});

describe("fileNameRoutePath", () => {
	const path = (f: string) => fileNameRoutePath(f)?.path ?? null;

	it("reads a Remix flat route's file name as its URL: dots as slashes, $param as :param", () => {
		expect(path("apps/webapp/app/routes/api.v1.tasks.$taskId.trigger.ts")).toBe(
			"/api/v1/tasks/:taskId/trigger",
		);
		expect(path("app/routes/api.v1.runs.$runId/route.ts")).toBe("/api/v1/runs/:runId");
		expect(path("app/routes/api/v1/projects/$id.tsx")).toBe("/api/v1/projects/:id");
		expect(path("app/routes/files.$.ts")).toBe("/files/:splat");
		expect(path("app/routes/sitemap[.]xml.ts")).toBe("/sitemap.xml");
	});

	it("drops index routes, pathless layouts, optional segments and a trailing underscore", () => {
		expect(path("app/routes/_index.tsx")).toBe("/");
		expect(path("app/routes/_app.settings_.$section.tsx")).toBe("/settings/:section");
		expect(path("app/routes/($lang).about.tsx")).toBe("/about");
	});

	it("flattens remix-flat-routes' `x+` folders into the dotted name", () => {
		expect(path("app/routes/api+/preferred-team.tsx")).toBe("/api/preferred-team");
		expect(path("apps/remix/app/routes/_authenticated+/t.$teamUrl+/settings.tsx")).toBe(
			"/t/:teamUrl/settings",
		);
		expect(path("app/routes/api+/branding.logo.team.$teamId.ts")).toBe("/api/branding/logo/team/:teamId");
		// A folder's `_layout` (and any `_x`) is the folder's own route; `_index` its index; `_.x` no layout nesting.
		expect(path("app/routes/_authenticated+/t.$teamUrl+/_layout.tsx")).toBe("/t/:teamUrl");
		expect(path("app/routes/_authenticated+/admin+/_index.tsx")).toBe("/admin");
		expect(path("app/routes/embed+/_v0+/sign.$token.tsx")).toBe("/embed/sign/:token");
		expect(path("app/routes/users+/_.edit.tsx")).toBe("/users/edit");
		expect(path("app/routes/_redirects+/ingest.$.tsx")).toBe("/ingest/:splat");
		// An escaped folder name is a segment as written, even one starting with `_`.
		expect(path("app/routes/_internal+/[__htmltopdf]+/certificate.tsx")).toBe("/__htmltopdf/certificate");
		expect(path("app/routes/_public+/contact[.jpg].tsx")).toBe("/contact.jpg");
		// A trailing `route` names nothing.
		expect(path("app/routes/users+/route.tsx")).toBe("/users");
		expect(path("app/routes/docs+/readme.route.tsx")).toBe("/docs/readme");
	});

	it("reads a plain folder inside a `+` folder as a flat-folder route: its route module only", () => {
		expect(path("app/routes/admin+/users.$userId/route.tsx")).toBe("/admin/users/:userId");
		expect(path("app/routes/project+/parent.child/index.tsx")).toBe("/project/parent/child");
		expect(path("app/routes/project+/parent.child/_layout.tsx")).toBe("/project/parent/child");
		expect(path("app/routes/docs+/guides/intro.route.tsx")).toBe("/docs/guides/intro");
		expect(path("app/routes/admin+/users.$userId/columns.tsx")).toBeNull();
	});

	it("takes only modules below app/routes, never .server/.client modules", () => {
		expect(path("app/lib/tasks.ts")).toBeNull();
		expect(path("src/routes/api.users.ts")).toBeNull();
		expect(path("app/routes/api.tasks.server.ts")).toBeNull();
		expect(path("app/routes/api.tasks.d.ts")).toBeNull();
	});

	it("maps loader to GET and action to every other method", () => {
		expect(fileNameRoutePath("app/routes/api.tasks.ts")?.exports).toEqual({ loader: "GET", action: "ALL" });
	});
});

describe("withoutBaseUrl", () => {
	it("cuts a leading base URL named so, keeping the path and its parameters", () => {
		expect(withoutBaseUrl(`\`\${this.baseUrl}/api/v1/tasks/\${id}/trigger\``)).toBe(
			`\`/api/v1/tasks/\${id}/trigger\``,
		);
		expect(withoutBaseUrl(`\`\${API_URL}/users\``)).toBe("`/users`");
		expect(withoutBaseUrl(`\`\${getBaseURL()}/users\``)).toBe("`/users`");
		// A server's address named after the API it serves.
		expect(withoutBaseUrl(`\`\${config.hostFilesApi}/files/upload/\``)).toBe("`/files/upload/`");
		expect(withoutBaseUrl(`\`\${api}/users\``)).toBe("`/users`");
		expect(templateAsPath(`\`\${this.options.baseUrl}/api/runs/\${runId}?x=\${y}\``)).toBe(
			"/api/runs/:param",
		);
	});

	it("leaves any other leading substitution: a prefix not named a base URL is no known part", () => {
		expect(withoutBaseUrl(`\`\${prefix}/users\``)).toBe(`\`\${prefix}/users\``);
		expect(withoutBaseUrl(`\`\${apiVersion}/users\``)).toBe(`\`\${apiVersion}/users\``);
		expect(withoutBaseUrl(`\`\${this.baseUrl}\${path}\``)).toBe(`\`\${this.baseUrl}\${path}\``);
		expect(templateAsPath(`\`\${id}/users\``)).toBe(":param/users");
	});

	it("reads a run-time part glued to the path's last word and named as a query as its query string", () => {
		expect(templateAsPath(`\`/api/links\${getQueryString(q)}\``)).toBe("/api/links");
		expect(templateAsPath(`\`/api/folders/\${id}/users\${qs}\``)).toBe("/api/folders/:param/users");
		// A part of its own segment stays a parameter; one glued inside the path still names no path.
		expect(templateAsPath(`\`/api/links/\${id}\``)).toBe("/api/links/:param");
		expect(templateAsPath(`\`/api/v\${n}/links\``)).toBeNull();
		// Glued but not named as a query: the path's rest, an id's tail.
		expect(templateAsPath(`\`/v1\${path}\``)).toBeNull();
		expect(templateAsPath(`\`/links/link_\${nanoid(7)}\``)).toBeNull();
	});
});

describe("bindMethodKey", () => {
	const registered = new Set([
		"GET /api/tasks/:id",
		"ALL /api/runs/:runId",
		"GET /api/runs/:runId",
		"POST /api/tasks",
	]);
	const patterns = ["GET /api/tasks/:id", "ALL /api/runs/:runId", "GET /api/runs/:runId"];

	it("binds a path of unknown method to the one verb's route that fits", () => {
		expect(bindMethodKey("api/tasks/:param", registered, patterns, true)).toBe("GET /api/tasks/:id");
		expect(bindMethodKey("/api/tasks", registered, patterns, true)).toBe("POST /api/tasks");
	});

	it("leaves it where several verbs' routes fit, or none", () => {
		expect(bindMethodKey("api/runs/:param", registered, patterns, true)).toBe("api/runs/:param");
		expect(bindMethodKey("api/users", registered, patterns, true)).toBe("api/users");
	});

	it("keeps a known method's binding (and `ALL` for any method)", () => {
		expect(bindMethodKey("DELETE /api/runs/:param", registered, patterns, true)).toBe("ALL /api/runs/:runId");
		expect(bindMethodKey("GET /api/runs/:param", registered, patterns, true)).toBe("GET /api/runs/:runId");
	});
});
