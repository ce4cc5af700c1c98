import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { importedPackages, nearestPackage } from "../../src/trunks/package-name.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/package-events");

function imports(file: string, text: string): string[] {
	const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const calls: ts.CallExpression[] = [];
	const visit = (n: ts.Node) => {
		if (ts.isCallExpression(n)) calls.push(n);
		n.forEachChild(visit);
	};
	visit(sf);
	return importedPackages(sf, calls, REPO, file).names;
}

describe("workspace packages of a file", () => {
	it("finds a file's package and its folder", () => {
		expect(nearestPackage(REPO, "packages/widget/src/view.js")).toEqual({
			name: "@demo/widget",
			dir: "packages/widget",
		});
		expect(nearestPackage(REPO, "tools/x.js")).toEqual({ name: "package-events", dir: "" });
	});

	it("lists the other packages a file imports: bare names, and the package a relative path enters", () => {
		const text = [
			"import { bus } from '@demo/core/src/bus.js';",
			"import { toggleWidget } from '../../../packages/widget/src/bus.js';",
			"import { local } from './local.js';",
			"import { readFileSync } from 'node:fs';",
			"export * from 'lodash/fp';",
			"const self = require('@demo/web');",
			"const later = () => import('preact');",
		].join("\n");
		expect(imports("apps/web/src/app.js", text)).toEqual(["@demo/core", "@demo/widget", "lodash", "preact"]);
	});

	it("lists nothing for a file importing only its own package", () => {
		expect(
			imports("packages/core/src/bus.js", "import { x } from './x.js';\nimport '../README.md';"),
		).toEqual([]);
	});
});
