/**
 * The packed CLI's global install names the dependencies that run install scripts (npm 11.16+
 * warns about them; npm 12 blocks them): pack.mjs prints the `--allow-scripts=` list they need.
 */
import { describe, expect, it } from "vitest";
import { installScriptPackages } from "../../scripts/install-scripts.mjs";
import { repoWith } from "../support/repo-with.js";

describe("install-script packages of the packed CLI", () => {
	it("finds them among direct, nested and optional dependencies, and a binding.gyp without a script", () => {
		const pkg = (name: string, extra: object = {}) => JSON.stringify({ name, version: "1.0.0", ...extra });
		const root = repoWith({
			"package.json": pkg("cli", { dependencies: { native: "1", plain: "1", gyp: "1" } }),
			"node_modules/native/package.json": pkg("native", { scripts: { install: "node-gyp rebuild" } }),
			"node_modules/plain/package.json": pkg("plain", {
				dependencies: { nested: "1" },
				optionalDependencies: { extract: "1" },
				scripts: { test: "x" },
			}),
			// A nested copy shadows the top-level one.
			"node_modules/plain/node_modules/nested/package.json": pkg("nested", { scripts: { postinstall: "x" } }),
			"node_modules/nested/package.json": pkg("nested"),
			"node_modules/extract/package.json": pkg("extract", { scripts: { preinstall: "x" } }),
			"node_modules/gyp/package.json": pkg("gyp"),
			"node_modules/gyp/binding.gyp": "{}",
			"node_modules/unused/package.json": pkg("unused", { scripts: { install: "x" } }),
		});
		expect(installScriptPackages(root, ["native", "plain", "gyp", "missing"])).toEqual([
			"extract",
			"gyp",
			"native",
			"nested",
		]);
	});
});
