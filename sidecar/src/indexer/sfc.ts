/**
 * Vue and Svelte single-file components as TypeScript the program can read. The component's
 * `<script>` blocks (`<script setup lang="ts">`, Svelte's `<script context="module">` …) are kept
 * at their exact offsets and everything else is blanked to spaces (newlines kept), so every line
 * and column of the virtual file is the original file's: definitions, edges and citations point
 * at the `.vue`/`.svelte` file as written.
 *
 * Where it is cheap, the template adds references at their own places (also in the blanked part):
 * a component used as a tag (`<UserCard …>`) and an event handler named by an identifier or a
 * member path (`@click="save"`, `v-on:submit="form.send"`, `on:click={save}`) become expression
 * statements `;save;`, so the type checker resolves them like any reference in the script.
 *
 * The program sees the file as `<file>.vue.ts` (`.tsx` for `lang="tsx"`/`"jsx"`); an import of
 * `./UserCard.vue` resolves there (see `resolve.ts`).
 */

import { GRAPHQL_EXTENSIONS, graphqlToScript, isGraphqlDocument } from "../syntax/graphql-doc.js";

export const SFC_EXTENSIONS = [".vue", ".svelte"];
/** Files the program reads through a transform: components, and GraphQL documents (syntax/graphql-doc.ts). */
export const VIRTUAL_EXTENSIONS = [...SFC_EXTENSIONS, ...GRAPHQL_EXTENSIONS];

/** True for a `.vue` or `.svelte` file name. */
export function isSfc(name: string): boolean {
	return SFC_EXTENSIONS.some((x) => name.endsWith(x));
}

/** True for a file the program reads as transformed text (a component, a GraphQL document). */
export function isVirtualSource(name: string): boolean {
	return isSfc(name) || isGraphqlDocument(name);
}

/** The text the program and the index get for a component or GraphQL document (same lines). */
export function virtualText(name: string, content: string): string {
	return isGraphqlDocument(name) ? graphqlToScript(content) : sfcToScript(content);
}

/**
 * A script's opening tag. A quoted attribute may hold a `>`: Svelte's and Vue's type parameters
 * (`<script lang="ts" generics="T extends Record<string, unknown>">`) end the tag at the quote, not there.
 */
const OPEN_TAG = String.raw`<script\b(?:[^>"']|"[^"]*"|'[^']*')*>`;
const SCRIPT_OPEN = new RegExp(OPEN_TAG, "gi");
const SCRIPT_BLOCK = new RegExp(String.raw`(${OPEN_TAG})([\s\S]*?)<\/script\s*>`, "gi");

/** The program's name for a component file or GraphQL document: `App.vue` → `App.vue.ts`. */
export function virtualPath(abs: string, content: string): string {
	if (isGraphqlDocument(abs)) return `${abs}.ts`;
	const jsx = [...content.matchAll(SCRIPT_OPEN)].some((m) => /\blang\s*=\s*["']?(tsx|jsx)\b/i.test(m[0]));
	return `${abs}${jsx ? ".tsx" : ".ts"}`;
}

/** `App.vue.ts` / `App.vue.tsx` / `ops.graphql.ts` → `App.vue` / `ops.graphql`, or null for any other path. */
export function sfcOfVirtual(path: string): string | null {
	const m = /^(.*\.(?:vue|svelte|graphql|gql))\.tsx?$/.exec(path);
	return m ? (m[1] as string) : null;
}

/** Blocks whose content is never code for us: styles, HTML comments. */
const NOT_MARKUP = /<style\b[^>]*>[\s\S]*?<\/style\s*>|<!--[\s\S]*?-->/gi;
/** A component tag: PascalCase (`<UserCard`, `<Forms.Input`). Lower-case tags are HTML. */
const COMPONENT_TAG = /<([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)(?=[\s/>])/g;
/**
 * `@click="save"`, `v-on:click="save"`, `on:click={save}` with a plain name or member path; or the
 * function a handler calls (`@click="remove(item.id)"`, `on:click={(e) => save(e)}`; the callee only,
 * its arguments may name template-only variables). Template globals (`$emit`, `$router`) are no
 * script references.
 */
const EVENT_BINDING =
	/(?:@|v-on:|\bon:)[\w.:-]+\s*=\s*(["{])\s*(?:(?:\([\w$,\s]*\)|[A-Za-z_$][\w$]*)\s*=>\s*)?([A-Za-z_][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*)\s*(["}(])/g;

/**
 * The component as program text of the same length and lines: script blocks verbatim, template
 * references as statements, everything else spaces.
 */
export function sfcToScript(content: string): string {
	// UTF-16 units, like the offsets TypeScript counts in.
	const chars: string[] = content.split("").map((ch) => (ch === "\n" || ch === "\r" ? ch : " "));
	const scriptRanges: [number, number][] = [];
	for (const m of content.matchAll(SCRIPT_BLOCK)) {
		const bodyStart = (m.index as number) + (m[1] as string).length;
		const body = m[2] as string;
		for (let i = 0; i < body.length; i++) chars[bodyStart + i] = body[i] as string;
		scriptRanges.push([m.index as number, (m.index as number) + (m[0] as string).length]);
	}
	const skipped: [number, number][] = [...scriptRanges];
	for (const m of content.matchAll(NOT_MARKUP))
		skipped.push([m.index as number, (m.index as number) + (m[0] as string).length]);
	const inSkipped = (at: number) => skipped.some(([a, b]) => at >= a && at < b);
	const write = (at: number, text: string) => {
		for (let i = 0; i < text.length; i++) chars[at + i] = text[i] as string;
	};
	for (const m of content.matchAll(COMPONENT_TAG)) {
		const at = m.index as number;
		if (inSkipped(at)) continue;
		const name = m[1] as string;
		// `<Name` + the next character: `;Name;`. A tag whose attributes start on the next line is
		// followed by a newline, which must stay one (every later line would move up by one).
		const next = content[at + name.length + 1];
		write(at, next === "\n" || next === "\r" ? `;${name}` : `;${name};`);
	}
	for (const m of content.matchAll(EVENT_BINDING)) {
		const at = m.index as number;
		if (inSkipped(at)) continue;
		const whole = m[0] as string;
		const open = whole.indexOf(m[1] as string, whole.indexOf("="));
		const name = (m[2] as string).replaceAll("?.", ".");
		const nameAt = whole.indexOf(m[2] as string, open + 1);
		// A call (`remove(id)`): the callee, ended where its `(` was; else the closing quote or brace.
		const close = m[3] === "(" ? nameAt + name.length : whole.lastIndexOf(m[3] as string);
		write(at + open, ";");
		write(at + nameAt, name);
		write(at + close, ";");
	}
	return chars.join("");
}
