import { describe, expect, it } from "vitest";
import { inStaticFolder } from "../../src/trunks/discover/families.js";

describe("static-asset folders (not read for idioms)", () => {
	it("are plain scripts under public/ or static/ outside any src folder", () => {
		expect(inStaticFolder("apps/web/public/vendor/pixel.js")).toBe(true);
		expect(inStaticFolder("static/sw.mjs")).toBe(true);
	});

	it("are not code in a package or folder that happens to be named so", () => {
		expect(inStaticFolder("packages/static/src/index.js")).toBe(false);
		expect(inStaticFolder("src/modules/public/routes.js")).toBe(false);
		expect(inStaticFolder("lib/static/handlers.ts")).toBe(false);
		expect(inStaticFolder("apps/web/public/worker.ts")).toBe(false);
	});
});
