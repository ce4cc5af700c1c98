import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";

describe("functions wrapped in a call", () => {
	it("makes a throttled class property or variable a definition, charged with the calls in its body", async () => {
		const repo = mkdtempSync(join(tmpdir(), "codeask-wrapped-"));
		mkdirSync(join(repo, "src"));
		writeFileSync(join(repo, "package.json"), '{ "name": "editor" }');
		writeFileSync(
			join(repo, "src/editor.ts"),
			[
				"const throttle = <T extends (...a: never[]) => unknown>(fn: T, _ms: number): T => fn;",
				"const batched = <T,>(fn: T): T => fn;",
				"export function parseClipboard(text: string): string[] {",
				"\treturn text.split('\\n');",
				"}",
				"export class Editor {",
				"\tonPaste = batched(",
				"\t\tthrottle((text: string) => {",
				"\t\t\treturn parseClipboard(text);",
				"\t\t}, 50),",
				"\t);",
				"\tonCopy = (text: string) => parseClipboard(text);",
				"\tsettings = { delay: 50 };",
				"\tpaste(text: string) {",
				"\t\treturn this.onPaste(text);",
				"\t}",
				"}",
				"export const pasteLater = throttle((text: string) => parseClipboard(text), 10);",
				"export const LIMIT = Math.max(1, 2);",
			].join("\n"),
		);
		const result = await indexRepository({ repo, out: join(repo, "index.db") });
		const index = IndexReader.open(result.out);
		try {
			const kinds = Object.fromEntries(
				index.defsInFile("src/editor.ts").map((d) => [d.qualifiedName, d.kind]),
			);
			expect(kinds["Editor.onPaste"]).toBe("method");
			expect(kinds["Editor.onCopy"]).toBe("method");
			expect(kinds["Editor.settings"]).toBeUndefined();
			expect(kinds.pasteLater).toBe("function");
			expect(kinds.LIMIT).toBe("variable");
			const parse = index.def("src/editor.ts#parseClipboard");
			const paste = index.def("src/editor.ts#Editor.onPaste");
			if (!parse || !paste) throw new Error("definitions missing");
			const callers = index.edgesTo(parse.id).map((e) => index.defById(e.src)?.qualifiedName);
			expect(callers).toEqual(expect.arrayContaining(["Editor.onPaste", "Editor.onCopy", "pasteLater"]));
			expect(callers).not.toContain("Editor");
			const fromPaste = index.edgesFrom(index.def("src/editor.ts#Editor.paste")?.id ?? -1);
			expect(fromPaste.map((e) => e.dst)).toContain(paste.id);
			expect(paste.signature).toContain("onPaste = batched(");
		} finally {
			index.close();
		}
	});
	it("leads a use of a wrapped default export (`export default memo(MessageBox)`) to the function it wraps", async () => {
		const repo = mkdtempSync(join(tmpdir(), "codeask-wrapped-export-"));
		mkdirSync(join(repo, "src"));
		writeFileSync(join(repo, "package.json"), '{ "name": "chat-ui" }');
		writeFileSync(
			join(repo, "tsconfig.json"),
			'{ "compilerOptions": { "jsx": "preserve", "strict": true, "module": "esnext", "moduleResolution": "bundler" } }',
		);
		writeFileSync(
			join(repo, "src/memo.ts"),
			"export function memo<T>(component: T): T {\n\treturn component;\n}\n",
		);
		writeFileSync(
			join(repo, "src/MessageBox.tsx"),
			[
				'import { memo } from "./memo";',
				"export function sendMessage(text: string): string {",
				"\treturn text.trim();",
				"}",
				"function MessageBox() {",
				'\treturn sendMessage("hi");',
				"}",
				"export default memo(MessageBox);",
			].join("\n"),
		);
		writeFileSync(
			join(repo, "src/Room.tsx"),
			[
				'import MessageBox from "./MessageBox";',
				"export function Room() {",
				"\treturn <MessageBox />;",
				"}",
				"export function plain() {",
				"\treturn MessageBox();",
				"}",
			].join("\n"),
		);
		const result = await indexRepository({ repo, out: join(repo, "index.db") });
		const index = IndexReader.open(result.out);
		try {
			const box = index.def("src/MessageBox.tsx#MessageBox");
			const room = index.def("src/Room.tsx#Room");
			const plain = index.def("src/Room.tsx#plain");
			if (!box || !room || !plain) throw new Error("definitions missing");
			expect(index.edgesFrom(room.id).map((e) => e.dst)).toContain(box.id);
			expect(index.edgesFrom(plain.id).map((e) => e.dst)).toContain(box.id);
			// The wrapper itself stays an ordinary callee: MessageBox's module calls memo, not the reverse.
			expect(index.edgesTo(box.id).map((e) => index.defById(e.src)?.qualifiedName)).not.toContain("memo");
		} finally {
			index.close();
		}
	});
});
