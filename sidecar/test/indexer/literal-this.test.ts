import { describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/** Every edge out of one definition, as `kind dstDefId`. */
const edgesOut = (index: IndexReader, defKey: string): string[] =>
	index.edgesFrom(index.def(defKey)?.id ?? -1).map((e) => `${e.kind} ${e.dstDefId}`);

describe("`this.m` inside a method written in an object literal", () => {
	it("calls the literal's own member when an annotation types `this` as a signature", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "literal-this-app" }',
				"tsconfig.json": '{ "compilerOptions": { "strict": true } }',
				"src/router.ts": [
					"type Routing = { take(id: string): string; delegate(id: string): string };",
					"export const Router: Routing = {",
					"\ttake(id) {",
					"\t\treturn id.trim();",
					"\t},",
					"\tdelegate(id) {",
					"\t\tconst run = () => this.take(id);",
					"\t\treturn run();",
					"\t},",
					"};",
				].join("\n"),
			},
			"codeask-literal-this-",
		);
		await withIndexOf(repo, (index) => {
			expect(callsFrom(index, "src/router.ts#Router.delegate")).toContain("src/router.ts#Router.take@7");
		});
	});

	it("reaches a sibling section of an options object, and a method handed on as a value", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "options-app" }',
				"src/editor.js": [
					"export default {",
					"\tprops: { item: Object },",
					"\twatch: {",
					"\t\titem() {",
					"\t\t\treturn this.item && this.label;",
					"\t\t},",
					"\t},",
					"\tmounted() {",
					"\t\tthis.poll();",
					"\t},",
					"\tcomputed: {",
					"\t\tlabel() {",
					"\t\t\treturn 'x';",
					"\t\t},",
					"\t},",
					"\tmethods: {",
					"\t\tasync onSave() {",
					"\t\t\tawait this.save(this.label);",
					"\t\t\tsetTimeout(this.poll, 10);",
					"\t\t},",
					"\t\tasync save(label) {",
					"\t\t\treturn label;",
					"\t\t},",
					"\t\tpoll() {",
					"\t\t\treturn 1;",
					"\t\t},",
					"\t},",
					"};",
				].join("\n"),
			},
			"codeask-options-this-",
		);
		await withIndexOf(repo, (index) => {
			expect(edgesOut(index, "src/editor.js#default.methods.onSave")).toEqual(
				expect.arrayContaining([
					"call src/editor.js#default.methods.save",
					"reference src/editor.js#default.methods.poll",
					"reference src/editor.js#default.computed.label",
				]),
			);
			// A lifecycle hook reaches the methods; a watcher's `this.item` is the prop's value, no function.
			expect(edgesOut(index, "src/editor.js#default.mounted")).toContain(
				"call src/editor.js#default.methods.poll",
			);
			const watcher = edgesOut(index, "src/editor.js#default.watch.item");
			expect(watcher).toContain("reference src/editor.js#default.computed.label");
			expect(
				watcher.filter((e) => e.endsWith("default.props.item") || e.endsWith("default.watch.item")),
			).toEqual([]);
		});
	});

	it("leaves a name two sections define unresolved", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "options-app" }',
				"src/widget.js": [
					"export default {",
					"\tcomputed: { size() { return 1; } },",
					"\tmethods: { size() { return 2; } },",
					"\twatch: { value() { return this.size(); } },",
					"};",
				].join("\n"),
			},
			"codeask-options-ambiguous-",
		);
		await withIndexOf(repo, (index) => {
			const out = edgesOut(index, "src/widget.js#default.watch.value");
			expect(out).not.toContain("call src/widget.js#default.methods.size");
			expect(out).not.toContain("call src/widget.js#default.computed.size");
		});
	});

	it("falls back to the literal's own members when its `methods` section is a run-time registry", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "registry-app" }',
				"tsconfig.json": '{ "compilerOptions": { "strict": true } }',
				"src/routing.ts": [
					"type Routing = { methods: Record<string, unknown>; take(id: string): string; delegate(id: string): string };",
					"export const Routing: Routing = {",
					"\tmethods: {},",
					"\ttake(id) {",
					"\t\treturn id.trim();",
					"\t},",
					"\tdelegate(id) {",
					"\t\treturn this.take(id);",
					"\t},",
					"};",
				].join("\n"),
			},
			"codeask-literal-registry-",
		);
		await withIndexOf(repo, (index) => {
			expect(edgesOut(index, "src/routing.ts#Routing.delegate")).toContain(
				"call src/routing.ts#Routing.take",
			);
		});
	});
});
