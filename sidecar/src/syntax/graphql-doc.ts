/**
 * GraphQL documents (`.graphql`, `.gql`) as TypeScript the program can read, and the scanner that
 * finds their top-level definitions (also used for `gql` templates in TS/JS).
 *
 * Each top-level definition with a body becomes, on its own lines, a constant holding it as a `gql`
 * template — `mutation CreateTeam($name: String!) {` is read as
 * `export const CreateTeam = gql\`mutation CreateTeam($name: String!) {` and the closing `}` as
 * ``}`;`` — so the operation (fragment, type) name is a definition at its line, trunk discovery reads
 * the template like any `gql` document, and an import of the file (`import { CreateTeam } from
 * './team.graphql'`) resolves to it. Text outside definitions (comments, `scalar Date`) becomes block
 * comments. Lines never move: citations into the document are its own lines.
 *
 * The program sees the file as `<file>.graphql.ts` (see sfc.ts, which maps the names both ways).
 */

export { GRAPHQL_EXTENSIONS, isGraphqlDocument } from "../index/documents.js";

/** Keywords that start a top-level definition. */
const DEFINITION_KEYWORDS = new Set([
	"query",
	"mutation",
	"subscription",
	"fragment",
	"type",
	"input",
	"enum",
	"interface",
	"union",
	"scalar",
	"schema",
	"extend",
	"directive",
]);
const OPERATION_KEYWORDS = new Set(["query", "mutation", "subscription"]);

export interface GraphqlDefinition {
	/** `query`, `mutation`, `subscription`, `fragment`, `type`, …; `query` for an anonymous `{ … }`. */
	keyword: string;
	/** The definition's name (`CreateTeam`, the type's name), or null (anonymous operation, `schema`). */
	name: string | null;
	/** Offsets in the document: the keyword (or `{`), and just past the body's closing `}` (or the last token). */
	start: number;
	end: number;
	/** Offset of the body's `{`, or -1 for a definition without one (`scalar Date`). */
	body: number;
	/** What an `extend` extends (`type`, `schema`). */
	kind?: string;
}

/** Offset past a comment or string starting at `i`, or `i` when none starts there. */
function skipTrivia(doc: string, i: number): number {
	const ch = doc[i];
	if (ch === "#") {
		const nl = doc.indexOf("\n", i);
		return nl < 0 ? doc.length : nl;
	}
	if (ch !== '"') return i;
	if (doc.startsWith('"""', i)) {
		let j = i + 3;
		while (j < doc.length && !(doc.startsWith('"""', j) && doc[j - 1] !== "\\")) j++;
		return Math.min(doc.length, j + 3);
	}
	let j = i + 1;
	while (j < doc.length && doc[j] !== '"' && doc[j] !== "\n") j += doc[j] === "\\" ? 2 : 1;
	return Math.min(doc.length, j + 1);
}

const NAME = /[_A-Za-z][_0-9A-Za-z]*/y;

function nameAt(doc: string, i: number): string | null {
	NAME.lastIndex = i;
	return NAME.exec(doc)?.[0] ?? null;
}

/** The first name token at or after `i` (skipping spaces and `@`), before any `(`, `{` or `:`. */
function nextName(doc: string, i: number): string | null {
	const m = /^[\s,@]*([_A-Za-z][_0-9A-Za-z]*)/.exec(doc.slice(i, i + 200));
	return m ? (m[1] as string) : null;
}

/** The top-level definitions of a GraphQL document, in order. */
export function graphqlDefinitions(doc: string): GraphqlDefinition[] {
	const out: GraphqlDefinition[] = [];
	let current: GraphqlDefinition | null = null;
	let lastToken = 0;
	let depth = 0;
	let parens = 0;
	const close = (def: GraphqlDefinition, end: number) => {
		def.end = end;
		out.push(def);
	};
	for (let i = 0; i < doc.length; ) {
		const after = skipTrivia(doc, i);
		if (after !== i) {
			i = after;
			continue;
		}
		const ch = doc[i] as string;
		if (ch === "(") parens++;
		else if (ch === ")") parens = Math.max(0, parens - 1);
		else if (ch === "{") {
			if (depth === 0 && parens === 0) {
				if (!current) current = { keyword: "query", name: null, start: i, end: i, body: i };
				else if (current.body < 0) current.body = i;
			}
			depth++;
		} else if (ch === "}") {
			depth = Math.max(0, depth - 1);
			if (depth === 0 && parens === 0 && current && current.body >= 0) {
				close(current, i + 1);
				current = null;
			}
		} else if (depth === 0 && parens === 0 && /[_A-Za-z]/.test(ch)) {
			const word = nameAt(doc, i) as string;
			const prev = i > 0 ? (doc[i - 1] as string) : " ";
			// `extend type Query`: the keyword after `extend` is its kind, not another definition.
			const extending = current?.keyword === "extend" && current.body < 0 && !current.kind;
			if (extending && current) current.kind = word;
			else if (DEFINITION_KEYWORDS.has(word) && !/[\w@$]/.test(prev)) {
				if (current) close(current, lastToken);
				let name: string | null = null;
				if (word === "extend") {
					const kind = nextName(doc, i + word.length);
					const kindAt = kind ? doc.indexOf(kind, i + word.length) : -1;
					name = kind && kind !== "schema" ? nextName(doc, kindAt + kind.length) : null;
				} else if (word !== "schema") name = nextName(doc, i + word.length);
				if (OPERATION_KEYWORDS.has(word) && name !== null && DEFINITION_KEYWORDS.has(name)) name = null;
				current = { keyword: word, name, start: i, end: i, body: -1 };
			}
			i += word.length;
			lastToken = i;
			continue;
		}
		if (!/\s/.test(ch)) lastToken = i + 1;
		i++;
	}
	if (current) close(current, current.body >= 0 ? doc.length : lastToken);
	return out;
}

/** An operation of a document: its root fields, and the paths selected below them (`team.members`). */
export interface GraphqlOperation {
	name: string | null;
	fields: string[];
	nested: string[];
}

/** The operations of a document (`query`, `mutation`, `subscription`, an anonymous `{ … }`). */
export function graphqlOperations(doc: string): GraphqlOperation[] {
	const out: GraphqlOperation[] = [];
	for (const def of graphqlDefinitions(doc)) {
		if (!OPERATION_KEYWORDS.has(def.keyword) || def.body < 0) continue;
		const paths = selectionPaths(doc, def.body, def.end);
		out.push({
			name: def.name,
			fields: paths.filter((p) => !p.includes(".")),
			nested: paths.filter((p) => p.includes(".")),
		});
	}
	return out;
}

/** Deepest selection path kept (`team.members.user`). */
const MAX_PATH = 4;

/**
 * The fields selected in the selection set opening at `open`, as paths (`team`, `team.members`):
 * aliases resolved; fragment spreads, directives and what an inline fragment selects left out.
 */
function selectionPaths(doc: string, open: number, end: number): string[] {
	const out = new Set<string>();
	// The field each open brace belongs to ("" for the operation's own and an inline fragment's).
	const stack: string[] = [];
	let last = "";
	for (let i = open; i < end; ) {
		const after = skipTrivia(doc, i);
		if (after !== i) {
			i = after;
			continue;
		}
		const ch = doc[i] as string;
		if (ch === "{") {
			stack.push(stack.length === 0 ? "(root)" : last);
			last = "";
		} else if (ch === "}") {
			stack.pop();
			last = "";
			if (stack.length === 0) break;
		} else if (ch === "(") {
			let d = 1;
			for (i++; i < end && d > 0; i++) {
				const skipped = skipTrivia(doc, i);
				if (skipped !== i) i = skipped - 1;
				else d += doc[i] === "(" ? 1 : doc[i] === ")" ? -1 : 0;
			}
			continue;
		} else if (doc.startsWith("...", i)) {
			const spread = /^\.\.\.\s*(?:on\b\s*)?[_A-Za-z]\w*/.exec(doc.slice(i, i + 300));
			i += spread ? spread[0].length : 3;
			last = "";
			continue;
		} else if (stack.length > 0 && /[_A-Za-z]/.test(ch)) {
			const word = nameAt(doc, i) as string;
			const directive = /@\s*$/.test(doc.slice(Math.max(open, i - 2), i));
			const rest = doc.slice(i + word.length).trimStart();
			i += word.length;
			if (rest.startsWith(":")) continue; // an alias: the field follows
			if (directive) continue;
			last = word;
			const parents = stack.slice(1);
			if (parents.every(Boolean) && parents.length < MAX_PATH) out.add([...parents, word].join("."));
			continue;
		}
		i++;
	}
	return [...out];
}

/** Words a constant cannot be named. */
const RESERVED = new Set(
	"break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(
		" ",
	),
);

/** The template tag the program text uses: trunk discovery reads it as a GraphQL document. */
export const DOCUMENT_TAG = "gql";

/**
 * The document as program text with the same lines: each definition with a body a constant holding
 * it as a `gql` template, everything else comments.
 */
export function graphqlToScript(doc: string): string {
	const parts: string[] = [];
	const used = new Map<string, number>();
	// Comments keep the text on its lines; the spaces around it stay outside.
	const comment = (text: string) => {
		const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) as RegExpExecArray;
		parts.push(m[2] ? `${m[1]}/* ${(m[2] as string).replace(/\*\//g, "* /")} */${m[3]}` : text);
	};
	let at = 0;
	for (const def of graphqlDefinitions(doc)) {
		if (def.body < 0) continue;
		comment(doc.slice(at, def.start));
		const base = def.name ?? def.keyword;
		let name = RESERVED.has(base) ? `${base}_` : base;
		const seen = used.get(name) ?? 0;
		used.set(name, seen + 1);
		if (seen > 0) name = `${name}_${seen + 1}`;
		const text = doc.slice(def.start, def.end).replace(/`/g, "'").replace(/\$\{/g, "$ {").replace(/\\$/, " ");
		parts.push(`export const ${name} = ${DOCUMENT_TAG}\`${text}\`;`);
		at = def.end;
	}
	comment(doc.slice(at));
	return parts.join("");
}
