import { describe, expect, it } from "vitest";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("functions wrapped in a call", () => {
	it("makes a throttled class property or variable a definition, charged with the calls in its body", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "editor" }',
				"src/editor.ts": [
					"const throttle = <T extends (...a: never[]) => unknown>(fn: T, _ms: number): T => fn;",
					"const batched = <T,>(fn: T): T => fn;",
					"export function readClipboard(text: string): string[] {",
					"\treturn text.split('\\n');",
					"}",
					"export class Editor {",
					"\tonPaste = batched(",
					"\t\tthrottle((text: string) => {",
					"\t\t\treturn readClipboard(text);",
					"\t\t}, 50),",
					"\t);",
					"\tonCopy = (text: string) => readClipboard(text);",
					"\tsettings = { delay: 50 };",
					"\tpaste(text: string) {",
					"\t\treturn this.onPaste(text);",
					"\t}",
					"}",
					"export const pasteLater = throttle((text: string) => readClipboard(text), 10);",
					"export const LIMIT = Math.max(1, 2);",
				].join("\n"),
			},
			"codeask-wrapped-",
		);
		await withIndexOf(repo, (index) => {
			const kinds = Object.fromEntries(
				index.defsInFile("src/editor.ts").map((d) => [d.qualifiedName, d.kind]),
			);
			expect(kinds["Editor.onPaste"]).toBe("method");
			expect(kinds["Editor.onCopy"]).toBe("method");
			expect(kinds["Editor.settings"]).toBeUndefined();
			expect(kinds.pasteLater).toBe("function");
			expect(kinds.LIMIT).toBe("variable");
			const parse = index.def("src/editor.ts#readClipboard");
			const paste = index.def("src/editor.ts#Editor.onPaste");
			if (!parse || !paste) throw new Error("definitions missing");
			const callers = index.edgesTo(parse.id).map((e) => index.defById(e.src)?.qualifiedName);
			expect(callers).toEqual(expect.arrayContaining(["Editor.onPaste", "Editor.onCopy", "pasteLater"]));
			expect(callers).not.toContain("Editor");
			const fromPaste = index.edgesFrom(index.def("src/editor.ts#Editor.paste")?.id ?? -1);
			expect(fromPaste.map((e) => e.dst)).toContain(paste.id);
			expect(paste.signature).toContain("onPaste = batched(");
		});
	});
	it("makes the functions of an object a class field holds definitions under the field, charged with their calls", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "client" }',
				"src/client.ts": [
					"export function post(path: string) {",
					"\treturn path.length;",
					"}",
					"export class Client {",
					"\tlimits = { retries: 3 };",
					"\tsession = {",
					"\t\tstart: async (name: string) => post(`/start/${name}`),",
					"\t\tstop() {",
					"\t\t\treturn post('/stop');",
					"\t\t},",
					"\t};",
					"}",
					"export const client = new Client();",
					"export function begin() {",
					"\treturn client.session.start('x');",
					"}",
				].join("\n"),
			},
			"codeask-field-objects-",
		);
		await withIndexOf(repo, (index) => {
			const kinds = Object.fromEntries(
				index.defsInFile("src/client.ts").map((d) => [d.qualifiedName, d.kind]),
			);
			expect(kinds["Client.session"]).toBe("property");
			expect(kinds["Client.session.start"]).toBe("method");
			expect(kinds["Client.session.stop"]).toBe("method");
			// A field of data holds no definition.
			expect(kinds["Client.limits"]).toBeUndefined();
			const post = index.def("src/client.ts#post");
			const start = index.def("src/client.ts#Client.session.start");
			if (!post || !start) throw new Error("definitions missing");
			const callers = index.edgesTo(post.id).map((e) => index.defById(e.src)?.qualifiedName);
			expect(callers).toEqual(expect.arrayContaining(["Client.session.start", "Client.session.stop"]));
			expect(callers).not.toContain("Client");
			const fromBegin = index.edgesFrom(index.def("src/client.ts#begin")?.id ?? -1);
			expect(fromBegin.map((e) => e.dst)).toContain(start.id);
		});
	});

	it("makes a wrapped function held by an object a module-level variable's call is given a definition under the variable", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "api" }',
				"src/api.ts": [
					"type Fn = (a: { input: string }) => unknown;",
					"const procedure = { input: (_s: unknown) => ({ mutation: (fn: Fn) => fn, query: (fn: Fn) => fn }) };",
					"const router = <T,>(routes: T): T => routes;",
					"const check = (_v: unknown) => ({ refine: (f: (v: string) => boolean, _o?: object) => f });",
					"export function signField(token: string) {",
					"\treturn token.length;",
					"}",
					"export function isToken(token: string) {",
					"\treturn token.length > 0;",
					"}",
					"export const fieldRouter = router({",
					"\tsign: procedure.input({}).mutation(async ({ input }) => {",
					"\t\treturn signField(input);",
					"\t}),",
					"\tadmin: router({ count: procedure.input({}).query(({ input }) => signField(input)) }),",
					"\tnested: { list: procedure.input({}).query(({ input }) => signField(input)) },",
					"\tping: async () => 'pong',",
					"\tlimit: Math.max(1, 2),",
					"\tschema: check({ token: check('x').refine(isToken) }),",
					"\tname: check('x').refine((v) => isToken(v), { message: 'no token' }),",
					"});",
					"export const options = router({ origin: check('x'), retries: 3 });",
					"const z = { object: <T,>(shape: T): T => shape, string: () => ({ transform: (f: (v: string) => unknown) => f }) };",
					"export const Filters = z.object({ at: z.string().transform((v) => new Date(signField(v))) });",
				].join("\n"),
			},
			"codeask-wrapped-members-",
		);
		await withIndexOf(repo, (index) => {
			const defs = Object.fromEntries(
				index.defsInFile("src/api.ts").map((d) => [d.qualifiedName, [d.kind, d.startLine, d.endLine]]),
			);
			expect(defs["fieldRouter.sign"]).toEqual(["method", 12, 14]);
			expect(defs["fieldRouter.admin.count"]).toEqual(["method", 15, 15]);
			expect(defs["fieldRouter.nested.list"]).toEqual(["method", 16, 16]);
			// Data and options make none: a call given only values (`check(…).refine(isToken)` names a
			// function, it writes none) or a function and then options (a schema's refinement), a plain
			// value, an object holding no wrapped function. A function written directly in the call's
			// object is left as it was (the variable's code).
			for (const q of [
				"fieldRouter.ping",
				"fieldRouter.limit",
				"fieldRouter.schema",
				"fieldRouter.schema.token",
				"fieldRouter.name",
				"fieldRouter.admin",
				"fieldRouter.nested",
				"options.origin",
				"options.retries",
				// A schema builder's field converting its value is no handler (`z.string().transform(fn)`).
				"Filters.at",
			])
				expect(defs[q], q).toBeUndefined();
			const sign = index.def("src/api.ts#fieldRouter.sign");
			expect(sign?.parentId).toBe(index.def("src/api.ts#fieldRouter")?.id);
			expect(sign?.signature).toBe("sign: procedure.input({}).mutation(async ({ input }) =>");
			const callers = index
				.edgesTo(index.def("src/api.ts#signField")?.id ?? -1)
				.map((e) => index.defById(e.src)?.qualifiedName)
				.sort();
			expect(callers).toEqual([
				"Filters",
				"fieldRouter.admin.count",
				"fieldRouter.nested.list",
				"fieldRouter.sign",
			]);
		});
	});
	it("leads a use of a wrapped default export (`export default memo(ComposerBox)`) to the function it wraps", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "chat-ui" }',
				"tsconfig.json":
					'{ "compilerOptions": { "jsx": "preserve", "strict": true, "module": "esnext", "moduleResolution": "bundler" } }',
				"src/memo.ts": "export function memo<T>(component: T): T {\n\treturn component;\n}\n",
				"src/ComposerBox.tsx": [
					'import { memo } from "./memo";',
					"export function sendMessage(text: string): string {",
					"\treturn text.trim();",
					"}",
					"function ComposerBox() {",
					'\treturn sendMessage("hi");',
					"}",
					"export default memo(ComposerBox);",
				].join("\n"),
				"src/Room.tsx": [
					'import ComposerBox from "./ComposerBox";',
					"export function Room() {",
					"\treturn <ComposerBox />;",
					"}",
					"export function plain() {",
					"\treturn ComposerBox();",
					"}",
				].join("\n"),
			},
			"codeask-wrapped-export-",
		);
		await withIndexOf(repo, (index) => {
			const box = index.def("src/ComposerBox.tsx#ComposerBox");
			const room = index.def("src/Room.tsx#Room");
			const plain = index.def("src/Room.tsx#plain");
			if (!box || !room || !plain) throw new Error("definitions missing");
			expect(index.edgesFrom(room.id).map((e) => e.dst)).toContain(box.id);
			expect(index.edgesFrom(plain.id).map((e) => e.dst)).toContain(box.id);
			// The wrapper itself stays an ordinary callee: ComposerBox's module calls memo, not the reverse.
			expect(index.edgesTo(box.id).map((e) => index.defById(e.src)?.qualifiedName)).not.toContain("memo");
		});
	});
});
