/**
 * Members of a register call's arguments are named by the callee and the key
 * (`API.v1.addRoute(chat.send).post`); the callee's comments are no part of that name.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { extractDefs } from "../../src/indexer/defs.js";

const names = (code: string) =>
	extractDefs(ts.createSourceFile("routes.ts", code, ts.ScriptTarget.Latest, true), "routes.ts").defs.map(
		(d) => d.qualifiedName,
	);

describe("callee names of register-call members", () => {
	it("leaves a comment inside a chained callee out of the member's name", () => {
		const code = [
			"app",
			"\t/** Uploads a file; keep the size limit in step with the proxy. */",
			"\t.route // the files router",
			"\t.register('files.upload', { async post() { return 1; } });",
		].join("\n");
		const named = names(code).filter((n) => n.endsWith(".post"));
		expect(named).toEqual(["app.route.register(files.upload).post"]);
	});

	it("names a plain callee as before", () => {
		const code = "API.v1.addRoute('chat.send', { authRequired: true }, { async post() { return 1; } });";
		expect(names(code)).toContain("API.v1.addRoute(chat.send).post");
	});

	it("names a route of a builder chain by its member and key, not by the handlers before it", () => {
		const code = [
			"export const filesRoute = new Hono()",
			"\t.post('/upload', async (c) => { const userId = await resolve(c); return c.json(userId); })",
			"\t.get('/token/:token', async (c) => c.json(1));",
			"app.route('/users').get('/:id', async (req, res) => res.end());",
		].join("\n");
		const all = names(code);
		expect(all).toContain("filesRoute.post(/upload)");
		expect(all).toContain("filesRoute.get(/token/:token)");
		expect(all).toContain("app.get(/:id)");
		expect(all.some((n) => n.includes("resolve"))).toBe(false);
	});
});
