/** The route path a file-based route module's location spells, and files that are no route module. */
import { describe, expect, it } from "vitest";
import { fileRoutePath } from "../../src/trunks/discover/file-routes.js";

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
});
