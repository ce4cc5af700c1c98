/**
 * Handlers that used to hide inside other code are definitions of their own (issue 11 §2): a local
 * function handed to a register call by name, a class field wrapping one of the class's methods,
 * the anonymous callbacks of top-level startup and registration calls, and the local functions those
 * callbacks share inside one register function.
 */
import { describe, expect, it } from "vitest";
import { indexForSuite, openFixtureIndex, withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("handler definitions on mini-chat", () => {
	const index = indexForSuite(openFixtureIndex);

	it("makes a local handler passed by name the handler of its register sites", () => {
		const file = "apps/server/src/services/roles/RolesService.ts";
		const clear = index().def(`${file}#RolesService.constructor.clearCache`);
		expect(clear?.kind).toBe("function");
		const sites = index().dispatchSites("service-events", "watch.roles");
		const register = sites.filter((s) => s.side === "register" && s.file === file);
		expect(register.map((s) => s.handlerDefId)).toEqual([`${file}#RolesService.constructor.clearCache`]);
		expect(sites.some((s) => s.side === "dispatch")).toBe(true);
		// The code inside the local function is charged to it, not to the constructor.
		const fromClear = index()
			.edgesFrom(clear?.id ?? -1)
			.map((e) => index().defById(e.dst)?.qualifiedName);
		expect(fromClear).toContain("RolesService.getRolesCached");
	});

	it("makes a class field wrapping one of the class's methods a method", () => {
		const cached = index().def("apps/server/src/services/roles/RolesService.ts#RolesService.getRolesCached");
		expect(cached?.kind).toBe("method");
		const targets = index()
			.edgesFrom(cached?.id ?? -1)
			.map((e) => index().defById(e.dst)?.qualifiedName);
		expect(targets).toContain("RolesService.getRoles");
	});

	it("makes a callback registered under a key inside a constructor the key's handler", () => {
		const file = "apps/server/src/services/push/PushService.ts";
		const name = "PushService.constructor.this.onEvent(message.sent)";
		const callback = index().def(`${file}#${name}`);
		expect(callback?.kind).toBe("function");
		expect(callback?.name).toBe("onEvent(message.sent)");
		expect(callback?.signature).toBe("this.onEvent('message.sent', async (message: IMessage) =>");
		const owner = index().def(`${file}#PushService.constructor`);
		expect(callback?.parentId).toBe(owner?.id);
		const register = index()
			.dispatchSites("service-events", "message.sent")
			.filter((s) => s.side === "register" && s.file === file);
		expect(register.map((s) => s.handlerDefId)).toEqual([`${file}#${name}`]);
		// A call with no string key (`list.map(x => …)`) makes no definition.
		expect(
			index()
				.defsInFile(file)
				.filter((d) => d.qualifiedName.includes(".map")),
		).toEqual([]);
	});

	it("makes the anonymous callback of a top-level startup call a definition", () => {
		const startup = index().def("apps/server/src/startup.ts#Meteor.startup");
		expect(startup?.kind).toBe("function");
		expect(startup?.signature).toBe("Meteor.startup(() =>");
		const calls = index()
			.edgesFrom(startup?.id ?? -1)
			.map((e) => index().defById(e.dst)?.qualifiedName);
		expect(calls).toContain("PushService");
	});
});

describe("anonymous callbacks of registration calls", () => {
	it("names each by its call and key, and makes it the route's handler", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "api", "dependencies": { "express": "4" } }',
				"src/routes.js": [
					"const express = require('express');",
					"const router = express.Router();",
					"function load(id) { return { id }; }",
					"router.get('/docs/:id', (req, res) => {",
					"\tres.json(load(req.params.id));",
					"});",
					"router.post('/docs', function (req, res) { res.json(load('new')); });",
					"describe('some test name', () => {});",
					"module.exports = router;",
				].join("\n"),
			},
			"codeask-callbacks-",
		);
		await withIndexOf(repo, (index) => {
			const defs = index.defsInFile("src/routes.js").map((d) => [d.qualifiedName, d.name]);
			expect(defs).toEqual(
				expect.arrayContaining([
					["router.get(/docs/:id)", "get(/docs/:id)"],
					["router.post(/docs)", "post(/docs)"],
					["describe", "describe"],
				]),
			);
			const load = index.def("src/routes.js#load");
			const callers = index.edgesTo(load?.id ?? -1).map((e) => index.defById(e.src)?.qualifiedName);
			expect(callers.sort()).toEqual(["router.get(/docs/:id)", "router.post(/docs)"]);
		});
	});
});

describe("local functions the keyed callbacks of a register function call", () => {
	// Filler statements: the rule weighs how long the register function and the helper are.
	const steps = (n: number, indent: string) =>
		Array.from({ length: n }, (_, i) => `${indent}item.step${i} = ${i};`);
	it("makes a long helper of a long register function a definition, with the helpers it calls", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "desktop", "dependencies": { "electron": "30" } }',
				"src/ipc.js": [
					"const { ipcMain } = require('electron');",
					"function send(request) { return request; }",
					"const register = (win) => {",
					"\tconst prepare = (item) => ({ ...item, ready: true });",
					"\tconst run = async (item) => {",
					"\t\tconst stamp = (x) => x;",
					...steps(30, "\t\t"),
					"\t\treturn send(stamp(prepare(item)));",
					"\t};",
					"\tconst notify = (id) => win.send(id);",
					"\tconst unused = () => win;",
					"\tipcMain.handle('send-request', async (event, item) => run(item));",
					"\tipcMain.handle('cancel-request', async (event, id) => {",
					"\t\tconst own = () => id;",
					"\t\tnotify(id);",
					"\t\treturn own();",
					"\t});",
					...steps(180, "\t"),
					"};",
					"module.exports = register;",
				].join("\n"),
				"src/spawn.js": [
					"const watch = (proc, item) => {",
					"\tconst settle = () => {",
					...steps(35, "\t\t"),
					"\t};",
					"\tproc.on('close', () => settle());",
					"};",
					"module.exports = watch;",
				].join("\n"),
			},
			"codeask-shared-helpers-",
		);
		await withIndexOf(repo, (index) => {
			const names = index.defsInFile("src/ipc.js").map((d) => d.qualifiedName);
			expect(names).toEqual(expect.arrayContaining(["register.run", "register.prepare"]));
			// A short helper a callback calls, one no callback reaches, one declared inside its caller: part of the code around it.
			for (const inner of [
				"register.notify",
				"register.unused",
				"register.run.stamp",
				"register.stamp",
				"register.own",
			])
				expect(names).not.toContain(inner);
			// A short function's helper is a detail of it, however long.
			expect(index.defsInFile("src/spawn.js").map((d) => d.qualifiedName)).not.toContain("watch.settle");
			const callees = (name: string) =>
				index
					.edgesFrom(index.def(`src/ipc.js#${name}`)?.id ?? -1)
					.map((e) => index.defById(e.dst)?.qualifiedName);
			expect(callees("register.ipcMain.handle(send-request)")).toContain("register.run");
			expect(callees("register.run")).toEqual(expect.arrayContaining(["register.prepare", "send"]));
		});
	});
});
