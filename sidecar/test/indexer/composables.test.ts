/**
 * Composables and factories: the functions a function returns are definitions named under it
 * (`useItem.save`), and a call through its result — destructured (`const { save } = useItem()`)
 * or as a member (`item.save()`) — is an edge to them, in a `.ts` module and a Vue component alike.
 * Nested helpers that are not returned stay part of the function around them.
 */
import { describe, expect, it } from "vitest";
import { ts } from "#ts-morph";
import { blankableBodies } from "../../src/indexer/body-ranges.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "web", "private": true }',
	"src/api.ts": [
		"export const api = {",
		"\tpost: (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body) }),",
		"\tremove: (url: string) => fetch(url, { method: 'DELETE' }),",
		"};",
	].join("\n"),
	"src/use-item.ts": [
		"import { api } from './api';",
		"",
		"export function useItem(collection: string) {",
		"\tconst saving = { value: false };",
		"\treturn { saving, save, remove: removeItem, reset() { saving.value = false; }, isNew: () => collection === '+' };",
		"",
		"\t/** Saves the item. */",
		"\tasync function save(body: unknown) {",
		"\t\tvalidate(body);",
		"\t\treturn api.post(`/items/${collection}`, body);",
		"\t}",
		"",
		"\tasync function removeItem() {",
		"\t\treturn api.remove(`/items/${collection}`);",
		"\t}",
		"",
		"\tfunction validate(body: unknown) {",
		"\t\tif (!body) throw new Error('empty');",
		"\t}",
		"}",
		"",
		"type Typed = { load: () => Promise<unknown>; drop: () => void };",
		"",
		"export function useTyped(): Typed {",
		"\treturn { load, drop: () => undefined };",
		"\tasync function load() {",
		"\t\treturn api.post('/typed', {});",
		"\t}",
		"}",
		"",
		"export const useList = (collection: string) => {",
		"\tconst refresh = async () => api.post(`/items/${collection}/query`, {});",
		"\tconst format = (n: number) => String(n);",
		"\tformat(1);",
		"\treturn { refresh };",
		"};",
	].join("\n"),
	"src/ItemPage.vue": [
		"<template>",
		'\t<button @click="saveAndStay">Save</button>',
		'\t<button @click="remove">Delete</button>',
		"</template>",
		'<script setup lang="ts">',
		"import { useItem } from './use-item';",
		"",
		"const { save, remove } = useItem('articles');",
		"",
		"async function saveAndStay() {",
		"\tawait save({ title: 'x' });",
		"}",
		"</script>",
	].join("\n"),
	"src/editor.ts": [
		"import { useItem, useList, useTyped } from './use-item';",
		"",
		"export function saveAll() {",
		"\tconst item = useItem('articles');",
		"\titem.save({});",
		"\titem.reset();",
		"}",
		"",
		"export function discard() {",
		"\tconst { remove: del, isNew } = useItem('articles');",
		"\tif (!isNew()) del();",
		"}",
		"",
		"export function loadTyped() {",
		"\tconst { load, drop } = useTyped();",
		"\tdrop();",
		"\treturn load();",
		"}",
		"",
		"export function reload() {",
		"\tconst { refresh } = useList('articles');",
		"\treturn refresh();",
		"}",
		"",
		"const context = { tools: { item: useItem('drafts') } };",
		"",
		"export function saveDraft() {",
		"\tconst {",
		"\t\ttools: {",
		"\t\t\titem: { save: keep },",
		"\t\t},",
		"\t} = context;",
		"\treturn keep({});",
		"}",
	].join("\n"),
};

const USE_ITEM = "src/use-item.ts";

describe("bodies an incremental run may blank", () => {
	it("keeps the body of a typed function whose returned functions are definitions", () => {
		const text = FILES[USE_ITEM] ?? "";
		const ranges = blankableBodies(ts.createSourceFile("/r/use-item.ts", text, ts.ScriptTarget.Latest, true));
		const inside = (at: number) =>
			(ranges ?? []).some((x, i) => i % 2 === 0 && x <= at && at < (ranges?.[i + 1] ?? 0));
		expect(inside(text.indexOf("async function load()"))).toBe(false);
	});
});

describe("functions returned by a composable", () => {
	const index = indexForSuite(() => openIndexOf(repoWith(FILES, "codeask-composables-")));

	/** Qualified names of the definitions `defId` has an edge of `kind` to. */
	function targets(defId: string, kind: string): string[] {
		const def = index().def(defId);
		expect(def, defId).toBeDefined();
		return index()
			.edgesFrom(def?.id ?? -1)
			.filter((e) => e.kind === kind)
			.map((e) => index().defById(e.dst)?.defId ?? "")
			.sort();
	}

	it("makes the returned functions definitions under the composable, and no other nested helper", () => {
		const useItem = index().def(`${USE_ITEM}#useItem`);
		const defs = index()
			.defsInFile(USE_ITEM)
			.filter((d) => d.parentId === useItem?.id)
			.map((d) => [d.qualifiedName, d.kind]);
		// Functions written inside the returned literal (`reset() {…}`, `isNew: () => …`) stay the composable's own code.
		expect(defs).toEqual([
			["useItem.save", "function"],
			["useItem.removeItem", "function"],
		]);
		const names = index()
			.defsInFile(USE_ITEM)
			.map((d) => d.name);
		expect(names).not.toContain("validate");
		expect(names).not.toContain("saving");
		expect(names).not.toContain("format");
		expect(index().def(`${USE_ITEM}#useList.refresh`)?.kind).toBe("function");
		const save = index().def(`${USE_ITEM}#useItem.save`);
		expect(save?.doc).toBe("Saves the item.");
		expect(save?.signature).toBe("async function save(body: unknown)");
		expect([save?.startLine, save?.endLine]).toEqual([8, 11]);
	});

	it("charges what a returned function does to it, and links the composable to it", () => {
		expect(targets(`${USE_ITEM}#useItem.save`, "call")).toEqual(["src/api.ts#api.post"]);
		expect(targets(`${USE_ITEM}#useItem.removeItem`, "call")).toEqual(["src/api.ts#api.remove"]);
		// Named in its `return { … }`: the composable leads to each.
		expect(targets(`${USE_ITEM}#useItem`, "reference")).toEqual([
			`${USE_ITEM}#useItem.removeItem`,
			`${USE_ITEM}#useItem.save`,
		]);
		// A helper that is not returned stays part of its function.
		expect(targets(`${USE_ITEM}#useList`, "call")).toEqual([]);
	});

	it("links a call through a destructured result in a Vue component to the returned function", () => {
		expect(targets("src/ItemPage.vue#saveAndStay", "call")).toEqual([`${USE_ITEM}#useItem.save`]);
		// The template's handler, and the component's destructured variables, lead there too.
		expect(targets("src/ItemPage.vue#(module)", "reference")).toContain(`${USE_ITEM}#useItem.removeItem`);
		expect(targets("src/ItemPage.vue#save", "reference")).toEqual([`${USE_ITEM}#useItem.save`]);
	});

	it("links member calls and renamed destructured calls in a module to the returned functions", () => {
		expect(targets("src/editor.ts#saveAll", "call")).toEqual([
			`${USE_ITEM}#useItem`,
			`${USE_ITEM}#useItem.save`,
		]);
		expect(targets("src/editor.ts#discard", "call")).toEqual([
			`${USE_ITEM}#useItem`,
			`${USE_ITEM}#useItem.removeItem`,
		]);
		// A declared return type hides the object literal: the callee's own `return { … }` is read.
		expect(targets("src/editor.ts#loadTyped", "call")).toEqual([
			`${USE_ITEM}#useTyped`,
			`${USE_ITEM}#useTyped.load`,
		]);
		expect(targets("src/editor.ts#reload", "call")).toEqual([
			`${USE_ITEM}#useList`,
			`${USE_ITEM}#useList.refresh`,
		]);
		// Destructured two levels down from an object holding the result (a context of services).
		expect(targets("src/editor.ts#saveDraft", "call")).toEqual([`${USE_ITEM}#useItem.save`]);
	});
});
