/**
 * The complete picture for an impact question ("what would break if X changed"): every
 * reference to X the index knows (calls, references, registrations, dispatches, members of a
 * class), every register and dispatch site of a key, and every literal use of its name in the
 * indexed files, tests included — grouped by package, with exact counts. The counts are the
 * answer's figures; the listing is bounded, the counts are not. A line that only shares the name
 * (a local of that name, an object key, a comment or message) is no use (impact/literal-use.ts).
 */
import { escapeRegExp } from "../../escape-regexp.js";
import type { IndexReader } from "../../index/reader.js";
import { type DefRow, keyDefFields } from "../../index/types.js";
import { importsFile } from "../code-mentions.js";
import { bareRun, memberRun, usingLines } from "../impact/literal-use.js";
import { plainNameTargets } from "../impact/plain-target.js";
import { handledKey } from "../impact/target.js";
import { wordedMemberTarget } from "../impact/worded-target.js";
import { estimateTokens } from "../read.js";
import { scanTestFiles, TEST_PATH, type TestScan } from "./test-scan.js";
import type { ImpactListing } from "./types.js";

export type ImpactIndex = Pick<
	IndexReader,
	| "db"
	| "defById"
	| "edgesFrom"
	| "edgesTo"
	| "defsInFile"
	| "defsByName"
	| "dispatchSites"
	| "file"
	| "fileLines"
	| "meta"
	| "packages"
>;

/** A name shorter than this is too common to look for literally. */
const MIN_LITERAL = 4;
/** Files holding the name literally above which the literal channel says nothing (a common word). */
const MAX_LITERAL_FILES = 400;
/** Same-named definitions whose files are told apart (a method name every repository class declares: `insert`). */
const MAX_HOMONYMS = 100;
/** Members of a class whose references count as references to the class. */
const MAX_MEMBERS = 60;

interface Site {
	file: string;
	line: number;
	kind: string;
}

/**
 * Files whose text holds `literal`: the full-text index first (a phrase over its words, found
 * without scanning every file), a substring scan when the phrase cannot be searched. The caller
 * checks each line with a case-sensitive whole-word match.
 */
function filesNaming(index: ImpactIndex, literal: string): { path: string }[] {
	const words = literal.split(/[^A-Za-z0-9]+/).filter(Boolean);
	if (words.length) {
		try {
			return index.db
				.prepare(
					"SELECT f.path FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH ? LIMIT ?",
				)
				.all(`body : "${words.join(" ")}"`, MAX_LITERAL_FILES + 1) as { path: string }[];
		} catch {
			// not searchable as a phrase: scan
		}
	}
	return index.db
		.prepare("SELECT path FROM files WHERE instr(content, ?) > 0 LIMIT ?")
		.all(literal, MAX_LITERAL_FILES + 1) as { path: string }[];
}

/** A trunk key definition's trunk and key (`trunk:<trunk>#<key>`). */
function trunkKey(def: DefRow): [string, string] {
	return [def.defId.slice(6, def.defId.indexOf("#")), def.defId.slice(def.defId.indexOf("#") + 1)];
}

/** The definitions with a call edge into `target`, by file and lines (a nested caller's own range). */
function callerRanges(
	index: ImpactIndex,
	target: DefRow,
): { file: string; startLine: number; endLine: number }[] {
	const out: { file: string; startLine: number; endLine: number }[] = [];
	for (const e of index.edgesTo(target.id)) {
		if (e.kind !== "call") continue;
		const d = index.defById(e.src);
		if (d?.file && d.startLine !== null && d.endLine !== null)
			out.push({ file: d.file, startLine: d.startLine, endLine: d.endLine });
	}
	return out;
}

/** Every use of `target`, grouped by package; the listing holds at most `maxTokens` tokens. */
export function impactListing(
	index: ImpactIndex,
	target: DefRow,
	maxTokens: number,
	scan: (index: ImpactIndex, word: string) => TestScan | null = testFilesOnDisk,
	// A model reads the listing: its share of the material counts real tokens, as the material does.
	count: (text: string) => number = estimateTokens,
): ImpactListing {
	const sites = new Map<string, Site>();
	/** Lines of files the index does not hold (tests read from the tree), for the listing's code column. */
	const outside = new Map<string, string>();
	const put = (file: string | null, line: number | null, kind: string) => {
		if (!file || !line) return;
		const k = `${file}:${line}`;
		if (!sites.has(k)) sites.set(k, { file, line, kind });
	};
	const ids = [target.id];
	if (target.file && (target.kind === "class" || target.kind === "interface" || target.kind === "enum")) {
		ids.push(
			...index
				.defsInFile(target.file)
				.filter((d) => d.parentId === target.id)
				.slice(0, MAX_MEMBERS)
				.map((d) => d.id),
		);
	}
	for (const id of ids) for (const e of index.edgesTo(id)) put(e.file, e.line, e.kind);
	// A contract's member (an interface's, an abstract or stub method) changes with the members
	// implementing it: each is a site at its own line.
	for (const e of index.edgesFrom(target.id)) {
		if (e.kind !== "implementation") continue;
		const impl = index.defById(e.dst);
		put(impl?.file ?? null, impl?.startLine ?? null, "implements");
	}
	// A key's handler is run wherever the key is dispatched (`self.apos.attachment.url(…)` runs the
	// attachment module's `url`): those sites are its calls.
	const handled = handledKey(index, target);
	if (handled) {
		const [trunk, key] = trunkKey(handled);
		for (const s of index.dispatchSites(trunk, key))
			if (s.side === "dispatch") put(s.file, s.line, "dispatch");
	}
	let literal = target.name;
	// A key is written in strings: there its name is used; a definition's name in a string is text.
	const key = target.kind === "dispatch-key";
	if (target.kind === "dispatch-key" && target.defId.startsWith("trunk:")) {
		const [trunk, key] = trunkKey(target);
		for (const s of index.dispatchSites(trunk, key)) put(s.file, s.line, `${s.side}:${trunk}`);
		literal = key;
	}
	// A file importing the name from a same-named definition's module uses that one (two CLIs'
	// own `interpolateVars`, each required by its package): no line of it is a use of the target.
	const homonymModules = key ? [] : homonymDefFiles(index, target);
	const importsHomonym = (file: string, lines: ReadonlyMap<number, string>) =>
		homonymModules.length > 0 &&
		[...lines.values()].some((t) => homonymModules.some((h) => importsFile(t, file, h))) &&
		!(target.file && [...lines.values()].some((t) => importsFile(t, file, target.file as string)));
	// The lines of a file that use the name, and those importing the target's own module
	// (`import type { IThing } from './Thing'`): the file depends on what the target's file declares.
	const usedLines = (file: string, lines: ReadonlyMap<number, string>, whole?: readonly string[]) => {
		const used = new Set(
			usingLines(lines, literal, {
				key,
				ownFile: file === target.file,
				test: TEST_PATH.test(file),
				...(whole ? { lineAt: (n: number) => whole[n - 1] } : {}),
			}),
		);
		if (target.file) for (const [n, t] of lines) if (importsFile(t, file, target.file)) used.add(n);
		return [...used].sort((a, b) => a - b);
	};
	// A function's or class's bare name run on the line is a call or a creation, as its edges are.
	const runs = target.kind === "function" || target.kind === "variable" || target.kind === "class";
	// A method's second call in a caller the index links (one edge per caller and callee) is a call too.
	const callers = target.kind === "method" ? callerRanges(index, target) : [];
	const inCaller = (file: string, n: number) =>
		callers.some((c) => c.file === file && n >= c.startLine && n <= c.endLine);
	const literalKind = (file: string, n: number, text: string) =>
		runs
			? (bareRun(text, literal) ?? "literal")
			: inCaller(file, n) && memberRun(text, literal)
				? "call"
				: "literal";
	if (literal.length >= MIN_LITERAL) {
		const rows = filesNaming(index, literal);
		if (rows.length <= MAX_LITERAL_FILES) {
			const word = new RegExp(`(?<![\\w$])${escapeRegExp(literal)}(?![\\w$])`);
			// The files the index already links to the target (its edges' sites, gathered above).
			const others = homonymFiles(index, target, new Set([...sites.values()].map((x) => x.file)));
			for (const { path } of rows) {
				// A file using a same-named definition elsewhere, and never this one, names that one.
				if (others.has(path)) continue;
				const naming = new Map<number, string>();
				const whole = index.fileLines(path, 1, Number.MAX_SAFE_INTEGER) ?? [];
				whole.forEach((text, i) => {
					if (word.test(text)) naming.set(i + 1, text);
				});
				if (importsHomonym(path, naming)) continue;
				for (const n of usedLines(path, naming, whole))
					put(path, n, literalKind(path, n, naming.get(n) ?? ""));
			}
		}
	}
	// Tests the index leaves out, read from the tree as text.
	const tests = literal.length >= MIN_LITERAL ? scan(index, literal) : null;
	const testLines = new Map<string, Map<number, string>>();
	for (const s of tests?.sites ?? []) {
		const lines = testLines.get(s.file) ?? new Map<number, string>();
		lines.set(s.line, s.text);
		testLines.set(s.file, lines);
	}
	for (const [file, lines] of testLines) {
		if (importsHomonym(file, lines)) continue;
		for (const n of usedLines(file, lines)) {
			put(file, n, "test");
			outside.set(`${file}:${n}`, lines.get(n) ?? "");
		}
	}
	// Its own definition line is not a use.
	if (target.file && target.startLine) sites.delete(`${target.file}:${target.startLine}`);

	const all = [...sites.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
	const pkgOf = new Map<string, string>();
	// A file outside the index belongs to the package whose folder holds it (the deepest one).
	const dirs = index
		.packages()
		.filter((p) => p.dir)
		.sort((a, b) => b.dir.length - a.dir.length);
	const packageByDir = (f: string) => dirs.find((p) => f.startsWith(`${p.dir}/`))?.name;
	const packageOf = (f: string) => {
		let p = pkgOf.get(f);
		if (p === undefined) {
			p = index.file(f)?.packageName ?? packageByDir(f) ?? "(no package)";
			pkgOf.set(f, p);
		}
		return p;
	};
	const groups = new Map<string, Site[]>();
	for (const s of all) {
		const p = packageOf(s.file);
		const list = groups.get(p) ?? [];
		list.push(s);
		groups.set(p, list);
	}
	const byPackage = [...groups.entries()]
		.map(([packageName, list]) => ({
			packageName,
			sites: list.length,
			files: new Set(list.map((s) => s.file)).size,
			testSites: list.filter((s) => TEST_PATH.test(s.file)).length,
			list,
		}))
		.sort((a, b) => b.sites - a.sites || a.packageName.localeCompare(b.packageName));
	const files = new Set(all.map((s) => s.file)).size;
	const testSites = all.filter((s) => TEST_PATH.test(s.file)).length;
	const head = [
		`Every use of \`${literal}\`${target.file ? ` (defined at ${target.file}:${target.startLine})` : ""}: ${all.length} sites in ${files} files (${testSites} in tests), by package:`,
		...(tests === null || tests.complete ? [] : [testNote(tests)]),
	];
	const listed: Site[] = [];
	let tokens = count(head.join("\n"));
	const out = [...head];
	for (const g of byPackage) {
		const line = `- ${g.packageName}: ${g.sites} sites in ${g.files} files (${g.testSites} in tests)`;
		out.push(line);
		tokens += count(line) + 1;
	}
	for (const g of byPackage) {
		for (const s of g.list) {
			const code = (outside.get(`${s.file}:${s.line}`) ?? index.fileLines(s.file, s.line, s.line)?.[0] ?? "")
				.trim()
				.slice(0, 120);
			const line = `  ${s.file}:${s.line} [${s.kind}] ${code}`;
			const t = count(line) + 1;
			if (tokens + t > maxTokens) break;
			tokens += t;
			out.push(line);
			listed.push(s);
		}
	}
	if (listed.length < all.length)
		out.push(`  … ${all.length - listed.length} more sites counted above, not listed`);
	return {
		target: literal,
		sites: all.length,
		files,
		testSites,
		byPackage: byPackage.map(({ list: _l, ...g }) => g),
		text: out.join("\n"),
		tokens,
		listed,
		all,
		testsComplete: tests === null || tests.complete,
		// Indexed tests are counted through their edges like any file; else only the text search reads them.
		testsSearched: literal.length >= MIN_LITERAL || testsIndexed(index),
	};
}

/**
 * Files that use (or define) another definition of the target's name and have no edge to the
 * target: their lines naming it name the other one (two `enum JobName` in a server and an SDK).
 */
function homonymFiles(index: ImpactIndex, target: DefRow, linked: ReadonlySet<string>): Set<string> {
	const out = new Set<string>();
	// A key's lines write it as a string whatever else shares its name: only definitions have homonyms.
	if (target.id < 0 || target.kind === "dispatch-key") return out;
	const homonyms = index
		.defsByName(target.name, MAX_HOMONYMS)
		.filter((d) => d.id !== target.id && d.kind !== "module");
	if (homonyms.length === 0) return out;
	const own = new Set<string>([target.file ?? "", ...linked]);
	for (const h of homonyms) {
		if (h.file && !own.has(h.file)) out.add(h.file);
		for (const e of index.edgesTo(h.id)) if (e.file && !own.has(e.file)) out.add(e.file);
	}
	return out;
}

/** The files defining another definition of the target's name (not the target's own file). */
function homonymDefFiles(index: ImpactIndex, target: DefRow): string[] {
	if (target.id < 0) return [];
	const files = index
		.defsByName(target.name, MAX_HOMONYMS)
		.filter((d) => d.id !== target.id && d.kind !== "module" && d.file && d.file !== target.file)
		.map((d) => d.file as string);
	return [...new Set(files)];
}

/**
 * The test files the index left out, scanned from its tree: null when the index holds its tests
 * (the literal channel above has counted them).
 */
export function testFilesOnDisk(index: ImpactIndex, word: string): TestScan | null {
	const meta = index.meta();
	if (testsIndexed(index)) return null;
	const probe = index.db.prepare("SELECT path FROM files LIMIT 1").get() as { path: string } | undefined;
	return scanTestFiles(meta.repoRoot, word, {
		indexed: (p) => index.file(p) !== undefined,
		...(probe ? { probe: probe.path } : {}),
	});
}

/** Whether the index was built with its test files (`--include-tests`). */
function testsIndexed(index: Pick<IndexReader, "meta">): boolean {
	return (index.meta().options as { includeTests?: boolean } | null)?.includeTests === true;
}

/** What the listing says when test files could not all be read: its test counts are a floor. */
function testNote(scan: TestScan): string {
	return scan.available
		? `(test files are not indexed; ${scan.scanned} were scanned before a limit was reached: the test counts are a floor)`
		: "(test files are not indexed and the repository's files are not at hand: uses in tests are not counted)";
}

/**
 * What an impact question asks about: a definition or key it names in code form (the seeds'
 * choice among same-named ones first, then the most used), else a member it names in words ("the
 * attachment module's url method"), else one it names as a capitalised word after the first ("the
 * Streamer module"), else a plain word that is its verb's object ("who calls proxify?"), else the best seed.
 */
export function impactTarget(
	index: Pick<IndexReader, "def" | "defsByName">,
	identifiers: readonly string[],
	seeds: readonly DefRow[],
	question?: string,
): DefRow | null {
	for (const id of identifiers) {
		const segments = id.split(".");
		const last = segments.pop() ?? id;
		// A dotted name is code (`BillingService.removeByOwner`, `Notes.findOneById`) when its head
		// names a definition too; else it is a product or domain name written with a dot ("Rocket.Chat").
		// Written all in lower case (`items.create`) it is a key, unless a definition is qualified by it:
		// its last word alone (`create`) would be some other definition.
		const key = KEY_FORM.test(id);
		const member = segments.length === 0 || (!key && index.defsByName(segments[0] as string, 1).length > 0);
		// A key spelled as a class's name is that class (events keyed by their class, `publish(new E())`):
		// the class's listing holds its sends and listeners, and says where it is declared.
		const keyClass = segments.length === 0 ? index.defsByName(id, 5).filter((d) => d.kind === "class") : [];
		const found = [
			...(index.def(id) ? [index.def(id) as DefRow] : []),
			...keyClass,
			...index.defsByName(id, 5).filter((d) => d.kind === "dispatch-key"),
			...index
				.defsByName(last, 20)
				.filter(
					(d) =>
						d.kind !== "module" &&
						(member || (key && d.qualifiedName.toLowerCase().endsWith(id.toLowerCase()))),
				),
		];
		if (found.length) return pick(found, seeds, question);
		// A key no trunk joins (an event name the code passes to its own emitter): its literal uses.
		if (key) return literalKey(id);
	}
	// A member named in words: "the attachment module's url method" (impact/worded-target.ts).
	const worded = question ? wordedMemberTarget(index, question) : null;
	if (worded) return worded;
	// A name written as a word: "the Streamer module", "the Push class" (capitalised mid-sentence).
	const words = (question ?? "").split(/[^A-Za-z0-9_$]+/).slice(1);
	for (const w of words.filter((x) => /^[A-Z][A-Za-z0-9_$]+$/.test(x))) {
		const found = index.defsByName(w, 20).filter((d) => NAMED_KINDS.has(d.kind));
		if (!found.length) continue;
		return pick(found, seeds, question);
	}
	// A name written as a plain word, the object of the question's verb: "who calls proxify?".
	const plain = plainNameTargets(index, question ?? "");
	if (plain.length) return pick(plain, seeds, question);
	return seeds.find((d) => d.kind !== "module") ?? null;
}

/**
 * Of same-named definitions, the one in a file the question names ("the JobName enum in
 * src/server/enum.ts"), else the seeds' choice, else the most used (the index's order).
 */
function pick(found: readonly DefRow[], seeds: readonly DefRow[], question = ""): DefRow {
	const paths = question.match(PATH_IN_QUESTION) ?? [];
	return (
		found.find((d) => d.file && paths.some((p) => d.file === p || d.file?.endsWith(`/${p}`))) ??
		found.find((d) => seeds.some((s) => s.id === d.id)) ??
		(found[0] as DefRow)
	);
}

/** A source file's path written in a question (`src/server/enum.ts`). */
const PATH_IN_QUESTION = /[\w@$.-]+(?:\/[\w@$.-]+)*\.(?:[cm]?[jt]sx?|vue|svelte)\b/g;

/** A string key written in code form: lower-case words joined by dots (`items.create`, `user.login.failed`). */
const KEY_FORM = /^[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+$/;

/**
 * A key the index holds no definition or trunk key for, as a target of its literal uses only
 * (`impactListing` finds them in the files' text). It is no row of the index: id -1, no file.
 */
export function literalKey(key: string): DefRow {
	return {
		...keyDefFields(`literal:${key}`, key, key),
		id: -1,
		packageName: null,
		parentId: null,
		fanIn: 0,
		fanOut: 0,
	};
}

/** Kinds a word in the question can name as the subject of an impact question. */
const NAMED_KINDS = new Set(["class", "interface", "function", "variable", "enum", "type", "dispatch-key"]);
