/**
 * Vue and Svelte single-file components and CommonJS/dynamic imports through the real indexer:
 * script blocks indexed at the component's own line numbers, template event handlers as
 * references at their template line, imports of components, require() and import() as imports.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { sfcToScript } from "../../src/indexer/sfc.js";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

async function indexFixture(
	name: string,
): Promise<{ repo: string; index: IndexReader; problems: { file: string; reason: string }[] }> {
	const repo = join(mkdtempSync(join(tmpdir(), `codeask-${name}-`)), name);
	cpSync(join(FIXTURES, name), repo, { recursive: true });
	const result = await indexRepository({ repo, out: join(repo, "index.db") });
	return { repo, index: IndexReader.open(result.out), problems: result.problems };
}

/** 1-based line of the first line of `file` containing `text`. */
function lineOf(repo: string, file: string, text: string): number {
	const i = readFileSync(join(repo, file), "utf8")
		.split("\n")
		.findIndex((l) => l.includes(text));
	expect(i, `${text} in ${file}`).toBeGreaterThanOrEqual(0);
	return i + 1;
}

function edges(index: IndexReader): string[] {
	return (
		index.db
			.prepare(
				"SELECT s.def_id AS a, t.def_id AS b, e.kind, e.line FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst",
			)
			.all() as { a: string; b: string; kind: string; line: number }[]
	).map((e) => `${e.a} -> ${e.b} ${e.kind} @${e.line}`);
}

describe("sfcToScript", () => {
	it("keeps script blocks at their offsets, blanks the rest and keeps every line", () => {
		const vue =
			'<template>\n  <Card @click="open" />\n</template>\n<script setup lang="ts">\nconst a = 1;\n</script>\n';
		const out = sfcToScript(vue);
		expect(out.length).toBe(vue.length);
		expect(out.split("\n")).toHaveLength(vue.split("\n").length);
		expect(out.split("\n")[4]).toBe("const a = 1;");
		expect(out.split("\n")[1]).toMatch(/^ +;Card; +;open; +$/);
		expect(out).not.toMatch(/template|script/);
	});

	it("ends a script's opening tag after its quoted attributes, a `>` inside them included", () => {
		const svelte =
			'<script lang="ts" generics="T extends Map<string, number>">\nlet a: T;\n</script>\n<p>{a}</p>\n';
		const out = sfcToScript(svelte).split("\n");
		expect(out[0]).toMatch(/^ +$/);
		expect(out[1]).toBe("let a: T;");
	});

	it("takes the function a handler calls, and no assignment, ternary or template global", () => {
		const vue = [
			"<template>",
			'  <Btn @click="remove(item.id, index)" @keyup.enter="() => save(x)" v-on:submit="(e) => form.send(e)" />',
			'  <a @click="options?.tippy.show()" @click="$emit(\'x\')" @click="open = false" @click="ok ? go() : null" />',
			"  <button on:click={(e) => reset(e)} on:blur={touched = true}>x</button>",
			"</template>",
		].join("\n");
		const out = sfcToScript(vue).split("\n");
		expect(out).toHaveLength(5);
		expect(out.join("\n")).toHaveLength(vue.length);
		// The statements each line holds, spaces inside them dropped (`;   save;` is `save` read).
		const statements = (line: string | undefined) =>
			line?.match(/;[^;]+;/g)?.map((x) => x.replace(/\s+/g, ""));
		expect(statements(out[1])).toEqual([";Btn;", ";remove;", ";save;", ";form.send;"]);
		expect(statements(out[2])).toEqual([";options.tippy.show;"]);
		expect(statements(out[3])).toEqual([";reset;"]);
	});

	it("keeps the newline after a component tag whose attributes start on the next line", () => {
		const vue = [
			"<template>",
			"  <Card",
			'    :title="t"',
			'    @click="open"',
			"  />",
			"  <Dialog",
			"  ></Dialog>",
			"</template>",
			'<script setup lang="ts">',
			"const a = 1;",
			"</script>",
		].join("\n");
		const out = sfcToScript(vue).split("\n");
		expect(out).toHaveLength(11);
		expect(out[1]).toMatch(/^ +;Card$/);
		expect(out[5]).toMatch(/^ +;Dialog$/);
		expect(out[9]).toBe("const a = 1;");
	});
});

describe("a Vue SFC app", { timeout: 120_000 }, () => {
	let repo: string;
	let index: IndexReader;
	beforeAll(async () => {
		({ repo, index } = await indexFixture("vue-app"));
	});
	afterAll(() => index?.close());

	it('indexes <script setup lang="ts"> and <script setup> definitions at the component\'s lines', () => {
		const addItem = index.def("src/App.vue#addItem");
		expect(addItem?.startLine).toBe(lineOf(repo, "src/App.vue", "function addItem"));
		const onRemove = index.def("src/components/TodoItem.vue#onRemove");
		expect(onRemove?.startLine).toBe(lineOf(repo, "src/components/TodoItem.vue", "function onRemove"));
		expect(index.file("src/App.vue")?.lineCount).toBe(
			readFileSync(join(repo, "src/App.vue"), "utf8").split("\n").length,
		);
	});

	it("links script calls, template event handlers and component imports", () => {
		const all = edges(index);
		const at = (file: string, text: string) => lineOf(repo, file, text);
		expect(all).toContain(
			`src/App.vue#todos -> src/composables/useTodos.ts#useTodos call @${at("src/App.vue", "useTodos();")}`,
		);
		expect(all).toContain(
			`src/App.vue#(module) -> src/App.vue#removeItem reference @${at("src/App.vue", "@remove=")}`,
		);
		expect(all).toContain(
			`src/App.vue#(module) -> src/App.vue#addItem reference @${at("src/App.vue", "@click=")}`,
		);
		// A handler that calls a function: the callee is the reference.
		expect(all).toContain(
			`src/App.vue#(module) -> src/App.vue#clearDone reference @${at("src/App.vue", '@click="clearDone(')}`,
		);
		expect(all).toContain(
			`src/App.vue#(module) -> src/components/TodoList.vue#(module) import @${at("src/App.vue", "import TodoList")}`,
		);
		expect(all).toContain("src/main.ts#(module) -> src/App.vue#(module) import @2");
		expect(all).toContain(
			`src/components/TodoItem.vue#onRemove -> src/utils/format.js#formatTodo call @${at("src/components/TodoItem.vue", "formatTodo(props")}`,
		);
	});

	it("makes import edges of require() and import() with a literal path, resolved like static imports", () => {
		const all = edges(index);
		expect(all).toContain("src/legacy.js#(module) -> src/utils/format.js#(module) import @1");
		expect(all).toContain(
			`src/legacy.js#(module) -> src/utils/lazy-chart.ts#(module) import @${lineOf(repo, "src/legacy.js", "import(")}`,
		);
	});
});

describe("a Svelte app", { timeout: 120_000 }, () => {
	let repo: string;
	let index: IndexReader;
	let problems: { file: string; reason: string }[];
	beforeAll(async () => {
		({ repo, index, problems } = await indexFixture("svelte-app"));
	});
	afterAll(() => index?.close());

	it('indexes <script lang="ts"> and plain <script> blocks at the component\'s lines, with template handlers', () => {
		expect(index.def("src/App.svelte#handleClick")?.startLine).toBe(
			lineOf(repo, "src/App.svelte", "function handleClick"),
		);
		expect(index.def("src/lib/Counter.svelte#label")?.startLine).toBe(
			lineOf(repo, "src/lib/Counter.svelte", "function label"),
		);
		const all = edges(index);
		const at = (text: string) => lineOf(repo, "src/App.svelte", text);
		expect(all).toContain(
			`src/App.svelte#handleClick -> src/lib/store.ts#increment call @${at("increment(2)")}`,
		);
		expect(all).toContain(
			`src/App.svelte#(module) -> src/App.svelte#handleClick reference @${at("on:click={handleClick}")}`,
		);
		expect(all).toContain(
			`src/App.svelte#(module) -> src/lib/store.ts#reset reference @${at("on:click={reset}")}`,
		);
		expect(all).toContain(
			`src/App.svelte#(module) -> src/lib/store.ts#increment reference @${at("on:click={() => increment(1)}")}`,
		);
		expect(all).toContain(
			`src/App.svelte#(module) -> src/lib/Counter.svelte#(module) import @${at("import Counter")}`,
		);
		expect(all).toContain("src/main.ts#(module) -> src/App.svelte#(module) import @1");
	});

	it("reads a script whose type parameters hold a `>` inside the quoted attribute", () => {
		const file = "src/lib/Picker.svelte";
		expect(problems.filter((p) => p.file === file)).toEqual([]);
		expect(index.def(`${file}#clear`)?.startLine).toBe(lineOf(repo, file, "function clear"));
		expect(edges(index)).toContain(
			`${file}#clear -> src/lib/store.ts#reset call @${lineOf(repo, file, "reset();")}`,
		);
	});
});
