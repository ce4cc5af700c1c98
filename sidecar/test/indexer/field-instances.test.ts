import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/**
 * A JS start-up object whose services are set by its init methods, each service a TS class its module
 * hands out as `module.exports = C` (which the checker does not connect to a TS file's class).
 */
const files: Record<string, string[]> = {
	"package.json": ['{ "name": "hub-app" }'],
	"src/mailer.ts": [
		'export const channel = "mail";',
		"class Mailer {",
		"\tsend(to: string) {",
		"\t\treturn to;",
		"\t}",
		"}",
		"module.exports = Mailer;",
	],
	"src/smtp.ts": [
		"export const port = 25;",
		"class Smtp {",
		"\tdeliver(x: string) {",
		"\t\treturn x;",
		"\t}",
		"}",
		"module.exports = Smtp;",
	],
	"src/ses.ts": [
		'export const region = "eu";',
		"class Ses {",
		"\tdeliver(x: string) {",
		"\t\treturn x;",
		"\t}",
		"}",
		"module.exports = Ses;",
	],
	"src/hub.js": [
		"class Hub {",
		"\tconstructor() {",
		"\t\tthis.mailer = null;",
		"\t\tthis.transport = null;",
		"\t}",
		"}",
		"Hub.prototype.setupMailer = function () {",
		'\tconst Mailer = require("./mailer");',
		"\tif (this.mailer == null) this.mailer = new Mailer(this);",
		"};",
		"Hub.prototype.setupTransport = function (useSes) {",
		'\tconst Smtp = require("./smtp");',
		'\tconst Ses = require("./ses");',
		"\tif (useSes) this.transport = new Ses();",
		"\telse this.transport = new Smtp();",
		"};",
		"Hub.prototype.setupCache = function () {",
		"\tthis.cache = makeCache();",
		"};",
		"function makeCache() {",
		"\treturn { clear() {} };",
		"}",
		"export default Hub;",
	],
	"src/routes.js": [
		"/** @param {import('./hub').default} hub */",
		"module.exports = (hub) => {",
		"\tfunction notify(req) {",
		"\t\thub.mailer.send(req.to);",
		"\t\thub.transport.deliver(req.body);",
		"\t\thub.cache.clear();",
		"\t}",
		"\treturn { notify };",
		"};",
	],
};

describe("calls through a field set at start-up", () => {
	it("runs the member of the one class every assignment of the field constructs, and no other", async () => {
		const repo = repoWith(
			Object.fromEntries(Object.entries(files).map(([path, lines]) => [path, lines.join("\n")])),
			"codeask-fields-",
		);
		await withIndexOf(repo, (index) => {
			const calls = callsFrom(index, "src/routes.js#exports.notify");
			expect(calls).toContain("src/mailer.ts#Mailer.send@4");
			// Two classes set the transport: which one runs is not known.
			expect(calls.filter((c) => c.includes("deliver"))).toEqual([]);
			// A factory's value is no known instance.
			expect(calls.filter((c) => c.includes("clear"))).toEqual([]);
		});
	});
});
