/**
 * The short offline answer to an impact question ("what would break if X changed?"): what X is,
 * cited at its declaration; the exact counts of the impact listing (material/impact.ts: every
 * reference, register and dispatch site and literal use of X, tests included); then the places a
 * developer checks, grouped — where X runs (its dispatch sites, or its calls), who registers on it,
 * who extends it, what else names it — each cited at the line that makes the reference, as many as
 * one message holds (SHORT_ANSWER_CHARS with its sources), X's own folder and the files most others
 * use first. The counts are the listing's: the places shown are a part of them, and the answer says
 * how many are not shown.
 */
import { posix } from "node:path";
import { firstSentence } from "../index/doc-comment.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow, EdgeRow } from "../index/types.js";
import { CitationBook, type DraftAnswer } from "./answer-offline.js";
import { encloses, SHORT_ANSWER_CHARS } from "./answer-short.js";
import { implementationsOf } from "./families.js";
import { FileUsers } from "./file-users.js";
import { Labels } from "./labels.js";
import { code, keyWords, listWords, sentence, shownKey } from "./markdown.js";
import { TEST_PATH } from "./material/test-scan.js";
import type { ImpactListing } from "./material/types.js";
import { namesIn } from "./verify.js";

export type ImpactAnswerIndex = Pick<
	IndexReader,
	| "edgesTo"
	| "edgesFrom"
	| "defsInFile"
	| "defAt"
	| "def"
	| "defById"
	| "defsByName"
	| "dispatchSites"
	| "fileLines"
	| "file"
>;

type GroupId = "run" | "register" | "extend" | "up" | "drives" | "other" | "related";

interface Group {
	id: GroupId;
	title: string;
	/** Shown first, before any other group takes more (pass 1 of the budget). */
	first: number;
	/** Shown at most (a weak signal does not fill the message). */
	max?: number;
}

/**
 * What the question's search ranks highest that no reference links to X: a call through a callback
 * or an injected list of handlers is not in the index. Last, and only with room left.
 */
/** Sites outside X itself at most for the related places to be told (a well-linked X needs none). */
const FEW_LINKED = 10;
const RELATED_TITLE = "Related by name (the index links them to it by no reference)";
/** A key runs where it is dispatched and reaches whoever registers on it. */
const KEY_GROUPS: readonly Group[] = [
	{ id: "run", title: "Where it is run", first: 5 },
	{ id: "up", title: "Who calls those (one call further up)", first: 4 },
	{ id: "register", title: "Who registers on it", first: 8 },
	{ id: "other", title: "Other references", first: 4 },
	{ id: "related", title: RELATED_TITLE, first: 3, max: 3 },
];
/** A definition runs where it is called (or created, or rendered); subclasses change with it. */
const DEF_GROUPS: readonly Group[] = [
	{ id: "run", title: "Where it is called", first: 8 },
	{ id: "up", title: "Who calls those (one call further up)", first: 4 },
	{ id: "register", title: "Where it is registered or handled", first: 4 },
	{ id: "extend", title: "Who extends or implements it", first: 4 },
	{ id: "related", title: RELATED_TITLE, first: 3, max: 3 },
	// What X calls is context: a change to X leaves it as it is (its callers are what a change reaches).
	{ id: "drives", title: "What it calls (context: a change to it does not change these)", first: 3 },
	{ id: "other", title: "Other references", first: 3 },
];
const CALL_KINDS = new Set(["call", "new", "jsx"]);
const REGISTER_KINDS = new Set(["register", "handler"]);
/** (An `implementation` edge into a member is the member implementing a contract: the class's own code.) */
const EXTEND_KINDS = new Set(["extends", "implements"]);
/** Order of sites within a group: what is made or derived of X first, plain mentions (literal) last. */
const KIND_ORDER: Record<string, number> = {
	new: 0,
	extends: 0,
	implements: 0,
	call: 1,
	jsx: 1,
	register: 1,
	handler: 1,
	reference: 2,
	import: 3,
	literal: 4,
	implementation: 5,
};
/** Characters of a quoted code line, of a doc sentence. */
const QUOTE_CHARS = 70;
const DOC_CHARS = 120;
/** A site line shorter than this is quoted with the line before it. */
const SHORT_LINE = 30;
/** Lines of the declaration's head cited. */
const HEAD_LINES = 12;
/** Lines above a site searched for a name to cite it by (a call opened a line or two above its key). */
const LINES_ABOVE = 2;
/** Members named in the per-member breakdown of a class's uses. */
const MEMBERS_NAMED = 5;
/** Packages named beside the package count. */
const PACKAGES_NAMED = 3;
/** Test files named. */
const TEST_FILES_NAMED = 3;
/** A callee used more than this (a logger, a generic helper) is no part of what X in particular drives. */
const HOT_CALLEE = 40;
/** Room kept for what verification and the sources heading add. */
const MARGIN = 40;

interface Place {
	group: GroupId;
	file: string;
	line: number;
	kind: string;
	/** The definition the site is written in (undefined: module level). */
	within: DefRow | undefined;
	/** For a register site: the handler registered (its name when it has one of its own). */
	handler: string | null;
	/** Other sites of the same file in the same group (folded into this line). */
	alsoInFile: number;
	/** One call further up: the caller of X this site calls. */
	via?: DefRow;
	/** …or uses `via`, a variable holding an instance of X (passes it on, reads it). */
	uses?: boolean;
	/** …through a key: the key this site dispatches, which `via` handles (a route, method, job). */
	key?: DefRow;
	/** What X runs: the callee this site calls, or the implementation / handler cited at its head. */
	runs?: { def: DefRow; head: boolean; of?: DefRow };
}

/**
 * How a definition is named to the reader: its code name, whose label (labels.ts: "the `x` listener
 * (`emitter.on`) in `Foo.start`") the book's Labels put in after verification, as in the short answer.
 */
function defName(def: DefRow, book: CitationBook): string {
	return book.labels ? book.labels.name(def) : code(def.qualifiedName);
}

/** The short answer for `target`, or null when the listing holds nothing to tell (then the caller falls back). */
export function impactAnswer(
	index: ImpactAnswerIndex,
	question: string,
	target: DefRow,
	listing: ImpactListing,
	related: readonly DefRow[] = [],
): DraftAnswer | null {
	const sites = listing.all;
	if (sites.length === 0) return null;
	const isKey = target.kind === "dispatch-key" && target.defId.startsWith("trunk:");
	// A key no trunk joins (`literalKey`): only the lines writing it, in strings.
	const isLiteral = target.defId.startsWith("literal:");
	const groups = isKey ? KEY_GROUPS : DEF_GROUPS;
	// A class that is also a trunk's key (an event keyed by its class): its listeners are registrations.
	const classKey =
		target.kind === "class"
			? index
					.defsByName(target.name, 5)
					.find((d) => d.kind === "dispatch-key" && d.defId.startsWith("trunk:"))
			: undefined;
	const keyDef = isKey ? target : classKey;
	const trunk = keyDef ? keyDef.defId.slice(6, keyDef.defId.indexOf("#")) : "";
	const keySites = keyDef ? index.dispatchSites(trunk, keyDef.name) : [];
	const keySide = new Map(keySites.map((s) => [`${s.file}:${s.line}`, s]));
	const groupOf = (s: { file: string; line: number; kind: string }): GroupId => {
		const ks = keySide.get(`${s.file}:${s.line}`);
		if (ks) return ks.side === "dispatch" ? "run" : "register";
		if (isKey)
			return s.kind.startsWith("dispatch") ? "run" : s.kind.startsWith("register") ? "register" : "other";
		if (CALL_KINDS.has(s.kind)) return "run";
		if (REGISTER_KINDS.has(s.kind) || s.kind.startsWith("register")) return "register";
		if (EXTEND_KINDS.has(s.kind)) return "extend";
		return "other";
	};
	const tests = sites.filter((s) => TEST_PATH.test(s.file));
	const code_ = sites.filter((s) => !TEST_PATH.test(s.file));
	const byGroup = new Map<GroupId, typeof code_>();
	for (const s of code_) {
		const g = groupOf(s);
		byGroup.set(g, [...(byGroup.get(g) ?? []), s]);
	}
	const filesOf = (list: readonly { file: string }[]) => new Set(list.map((s) => s.file)).size;
	// Names a site's line can be cited by: the name looked for, the target's own, its members'.
	const members = memberNames(index, target);
	const citeNames = [...new Set([listing.target, target.name, ...members.names])];
	const sitesPerFile = new Map<string, number>();
	for (const s of code_) sitesPerFile.set(s.file, (sitesPerFile.get(s.file) ?? 0) + 1);
	// X's own body using itself (a class calling its members) changes with it: outside uses first.
	const inside = (s: { file: string; line: number }) =>
		s.file === target.file &&
		target.startLine !== null &&
		target.endLine !== null &&
		s.line >= target.startLine &&
		s.line <= target.endLine;
	const selfSites = code_.filter(inside).length;
	// Files that only mention X (no call, registration, …): an import beside a call shown says nothing new.
	const elsewhereFiles = new Set(code_.filter((s) => groupOf(s) !== "other").map((s) => s.file));

	const declaration = isKey ? keyDeclaration(index, listing.target) : target;
	// X's home, its module's own wiring, is checked first: the folder of its definition; a key (no
	// body of its own) lives where it is declared and, past the run sites, where it is run.
	const ownDirs = [target.file, declaration?.file].filter((f): f is string => !!f).map(dirOf);
	const runDirs = keyDef ? (byGroup.get("run") ?? []).map((s) => dirOf(s.file)) : [];
	const home = (g: GroupId) => new Set(g === "run" ? ownDirs : [...ownDirs, ...runDirs]);
	const atDeclaration = (s: { file: string; line: number }) =>
		isKey &&
		declaration?.file === s.file &&
		declaration.startLine !== null &&
		s.line >= declaration.startLine &&
		s.line <= (declaration.endLine ?? declaration.startLine);
	// Each group's places, most important first: a creation before a call, then those in X's own
	// folder, then the files most others use (central code before a leaf), then the files that use
	// X most, then by path. "Other references" get one line per file (its other sites folded in).
	const users = new FileUsers(index);
	const candidates = new Map<GroupId, Place[]>();
	for (const g of groups) {
		if (g.id === "up" || g.id === "drives" || g.id === "related") continue;
		const dirs = home(g.id);
		const away = (s: { file: string }) => Number(!dirs.has(dirOf(s.file)));
		const list = [...(byGroup.get(g.id) ?? [])].sort(
			(a, b) =>
				Number(inside(a)) - Number(inside(b)) ||
				(KIND_ORDER[a.kind] ?? 4) - (KIND_ORDER[b.kind] ?? 4) ||
				away(a) - away(b) ||
				users.of(b.file) - users.of(a.file) ||
				(sitesPerFile.get(b.file) ?? 0) - (sitesPerFile.get(a.file) ?? 0) ||
				a.file.localeCompare(b.file) ||
				a.line - b.line,
		);
		const places: Place[] = [];
		const perFile = new Map<string, Place>();
		for (const s of list) {
			// X's own body is counted, not listed: the places are where X is used from outside; so is a
			// key's declaration (cited in "In short" already).
			if (inside(s) || atDeclaration(s)) continue;
			// A name in a comment (or a definition's name in a string: 'DDP-Streamer') is counted, not a
			// place to check; a path importing X's own file (`from './CachedSettings'`) is one.
			const text = s.kind === "literal" ? (index.fileLines(s.file, s.line, s.line)?.[0] ?? "") : "";
			if (
				s.kind === "literal" &&
				!namesInCode(text, listing.target, isKey || isLiteral) &&
				!(target.file && importsFile(text, s.file, target.file))
			)
				continue;
			const ks = keySide.get(`${s.file}:${s.line}`);
			// A register site's own enclosing definition (defAt would give the inline handler itself).
			const within = ks
				? ks.enclosingDefId
					? index.def(ks.enclosingDefId)
					: undefined
				: index.defAt(s.file, s.line);
			// Other references fold by file; calls by file and caller (each caller is a place to check).
			const fold = g.id === "other" ? s.file : g.id === "run" ? `${s.file}#${within?.id ?? ""}` : null;
			const folded = fold === null ? undefined : perFile.get(fold);
			if (folded) {
				folded.alsoInFile++;
				continue;
			}
			const p: Place = {
				group: g.id,
				file: s.file,
				line: s.line,
				kind: s.kind,
				within,
				handler: ks?.handlerDefId ? handlerName(index, ks.handlerDefId) : null,
				alsoInFile: 0,
			};
			if (fold !== null) perFile.set(fold, p);
			places.push(p);
		}
		candidates.set(g.id, breadthFirst(places, g.id === "other" ? elsewhereFiles : null));
	}
	const listed = new Set(sites.map((s) => `${s.file}:${s.line}`));
	const up = furtherUp(index, candidates.get("run") ?? [], target, inside, listed);
	// Callers in X's folder or the run sites', then in central files (a service many modules use
	// before a leaf command or a script); every file's first before any file's second.
	const upHome = home("up");
	const upAway = (p: Place) => Number(!upHome.has(dirOf(p.file)));
	const upOrder = [...up.places].sort(
		(a, b) =>
			upAway(a) - upAway(b) ||
			users.of(b.file) - users.of(a.file) ||
			a.file.localeCompare(b.file) ||
			a.line - b.line,
	);
	candidates.set("up", breadthFirst(upOrder, null));
	byGroup.set("up", up.sites);
	const drives = isKey ? [] : whatItRuns(index, target);
	const linked = new Set<string | null>([
		target.file,
		declaration?.file ?? null,
		...sites.map((s) => s.file),
		...up.sites.map((s) => s.file),
		...drives.map((p) => p.file),
	]);
	const relatedPlaces: Place[] = [];
	const linkedPlaces = code_.length - selfSites;
	for (const d of linkedPlaces <= FEW_LINKED ? related : []) {
		if (!d.file || d.startLine === null || linked.has(d.file) || TEST_PATH.test(d.file)) continue;
		linked.add(d.file);
		relatedPlaces.push({
			group: "related",
			file: d.file,
			line: d.startLine,
			kind: "related",
			within: d,
			handler: null,
			alsoInFile: 0,
			runs: { def: d, head: true },
		});
	}
	candidates.set("related", relatedPlaces);
	candidates.set("drives", drives);
	byGroup.set(
		"drives",
		drives.map((p) => ({ file: p.file, line: p.line, kind: p.kind })),
	);

	const packages = listing.byPackage;
	const countsSentence = (() => {
		const pk = packages.length;
		const named = packages
			.slice(0, PACKAGES_NAMED)
			.map((p) => `${p.packageName} ${p.sites}`)
			.join(", ");
		const where =
			pk === 1
				? `, all in ${packages[0]?.packageName}`
				: ` across ${pk} packages (${named}${pk > PACKAGES_NAMED ? ", …" : ""})`;
		const parts: string[] = [];
		const count = (id: GroupId) => byGroup.get(id) ?? [];
		const run = count("run");
		const reg = count("register");
		const ext = count("extend");
		const other = count("other");
		if (isLiteral) {
			// No register or dispatch call is known: counting "run at 0 sites" would read as "unused".
		} else if (isKey) {
			parts.push(`it is run at ${plural(run.length, "site")} in ${plural(filesOf(run), "file")}`);
			parts.push(
				`${plural(reg.length, "handler")} ${reg.length === 1 ? "is" : "are"} registered on it in ${plural(filesOf(reg), "file")}`,
			);
		} else {
			const own = run.filter(inside).length;
			parts.push(
				`it is called at ${plural(run.length, "site")} in ${plural(filesOf(run), "file")}${own ? ` (${own} inside ${code(target.name)} itself)` : ""}`,
			);
			if (reg.length) parts.push(`registered or handled at ${plural(reg.length, "site")}`);
			if (ext.length) parts.push(`extended or implemented at ${plural(ext.length, "site")}`);
		}
		const importers = filesOf(other.filter((s) => s.kind === "import"));
		const otherText = `${plural(other.length, isLiteral ? "line" : "other line")} in ${plural(filesOf(other), "file")} ${isLiteral ? "write" : "name"} it${importers ? ` (${importers === 1 ? "1 file imports" : `${importers} files import`} it)` : ""}`;
		if (other.length) parts.push(otherText);
		// Test files outside the index were read from the tree within limits: a scan cut short gives a floor.
		const floor = listing.testsComplete ? "" : "at least ";
		const testText = tests.length
			? ` Tests: ${floor}${plural(tests.length, "site")} in ${floor}${plural(filesOf(tests), "test file")}${testNames(tests)}.`
			: listing.testsComplete
				? " No test names it."
				: " No test file read names it (not every test file could be read).";
		const drivesText = drives.length
			? ` It calls into ${plural(drives.length, "place")} (callees, and the implementations or handlers they reach): context, not changed with it.`
			: "";
		const calls = up.callers === 1 ? "calls" : "call";
		const upText = up.sites.length
			? ` One call further up, ${plural(up.callers, "definition")} ${up.instanceUses ? `${calls} those or ${up.callers === 1 ? "uses" : "use"} an instance of it` : `${calls} those`} at ${plural(up.sites.length, "site")} in ${plural(filesOf(up.sites), "file")}${up.instanceUses ? ` (${plural(up.instanceUses, "site")} ${up.instanceUses === 1 ? "uses" : "use"} the instance)` : ""}.`
			: "";
		return `Changing it touches ${plural(listing.sites, "site")} in ${plural(listing.files, "file")}${where}: ${listWords(parts)}.${upText}${drivesText}${testText}`;
	})();

	const memberSentence =
		members.counts.length > 1
			? ` Its members are used at: ${members.counts
					.slice(0, MEMBERS_NAMED)
					.map(([name, n]) => `${code(name)} ${n}`)
					.join(
						", ",
					)}${members.counts.length > MEMBERS_NAMED ? `, and ${members.counts.length - MEMBERS_NAMED} more members` : ""}.`
			: "";

	// One Labels for every render: the names it has seen are put in after verification (ask.ts).
	const labels = new Labels(index);
	const render = (chosen: ReadonlySet<Place>): { lines: string[]; book: CitationBook } => {
		const book = new CitationBook(Number.MAX_SAFE_INTEGER, labels);
		const out: string[] = [`**Question:** ${question.trim()}`, ""];
		out.push(
			"**In short**",
			`${whatItIs(index, target, declaration, book)} ${countsSentence}${memberSentence}`,
			"",
		);
		let shown = 0;
		for (const g of groups) {
			const list = (candidates.get(g.id) ?? []).filter(
				(p) => chosen.has(p) || (g.id === "drives" && p.file === target.file && !p.runs?.head),
			);
			if (list.length === 0) continue;
			const all = byGroup.get(g.id) ?? [];
			out.push(
				g.id === "related"
					? `**${g.title}**`
					: `**${isLiteral && g.id === "other" ? "Where it is written" : g.title}** (${plural(all.length, "site")} in ${plural(filesOf(all), "file")})`,
			);
			// What X calls in its own file (its helpers): named on one line, the file is cited already.
			const own =
				g.id === "drives"
					? (candidates.get(g.id) ?? []).filter((p) => p.file === target.file && !p.runs?.head)
					: [];
			if (own.length)
				out.push(
					`- in its own file: calls ${listWords(own.map((p) => defName(p.runs?.def as DefRow, book)))}`,
				);
			for (const p of list) {
				if (own.includes(p)) continue;
				out.push(
					placeLine(
						index,
						p,
						p.key ? keyNames(p.key) : p.via ? [p.via.name] : p.runs ? [p.runs.def.name] : citeNames,
						book,
					),
				);
				if (g.id !== "up" && g.id !== "drives" && g.id !== "related") shown += 1 + p.alsoInFile;
			}
			out.push("");
		}
		const hidden = code_.length - selfSites - shown;
		const self = selfSites ? `, besides ${selfSites} inside ${code(target.name)} itself` : "";
		out.push(
			`_${hidden > 0 ? `${plural(hidden, "more site")} (of ${code_.length} outside tests${self}) ${hidden === 1 ? "is" : "are"} not shown; ` : ""}ask with \`--detail full\` for every site. Offline answer from the index's impact listing (no LLM)._`,
		);
		return { lines: out, book };
	};
	const size = (chosen: ReadonlySet<Place>) => {
		const { lines, book } = render(chosen);
		const body = lines.join("\n");
		const shownBody = labels.apply(body);
		const sources = book.drafts
			.filter((d) => body.includes(`[${d.n}]`))
			.reduce((n, d) => n + `[${d.n}] ${d.file}:${d.startLine}-${d.endLine} — ${d.symbol}\n`.length, 12);
		return shownBody.length + sources + 2;
	};
	// Pass 0: of each group's first few, those in X's own folder (the module's own wiring) — they
	// keep their place whatever the groups before them take; pass 1: each group its first few, in
	// group order; pass 2: the rest, in group order, while room lasts.
	const chosen = new Set<Place>();
	const limit = SHORT_ANSWER_CHARS - MARGIN;
	for (const pass of [0, 1, 2]) {
		for (const g of groups) {
			const list = candidates.get(g.id) ?? [];
			const upTo = pass === 2 ? (g.max ?? list.length) : g.first;
			const dirs = home(g.id);
			for (const p of list.slice(0, upTo)) {
				if (pass === 0 && !dirs.has(dirOf(p.file))) continue;
				if (chosen.has(p)) continue;
				chosen.add(p);
				if (size(chosen) > limit) {
					chosen.delete(p);
					break;
				}
			}
		}
	}
	const { lines, book } = render(chosen);
	return { body: lines.join("\n").trimEnd(), drafts: book.drafts, labels };
}

/**
 * Every site of the listing, grouped by package, as plain lines (`file:line [kind] code`), for the
 * full answer: what the short answer counts and shows a part of.
 */
export function impactSitesSection(index: Pick<IndexReader, "fileLines">, listing: ImpactListing): string[] {
	if (listing.all.length === 0) return [];
	const out = [
		`### Every use of ${code(shownKey(listing.target))} (${plural(listing.sites, "site")} in ${plural(listing.files, "file")})`,
	];
	const byFile = new Map<string, typeof listing.all>();
	for (const s of listing.all) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
	for (const [file, list] of byFile) {
		out.push(`- ${code(file)}`);
		for (const s of list) {
			const text = (index.fileLines(file, s.line, s.line)?.[0] ?? "").trim();
			out.push(`  - ${s.line} [${s.kind}]${text ? ` ${code(clip(text, QUOTE_CHARS + 40))}` : ""}`);
		}
	}
	return out;
}

/**
 * Every file's first place before any file's second: the reader sees which files are touched before
 * the second site of one. With `later`, places in those files go after the others.
 */
function breadthFirst(places: readonly Place[], later: ReadonlySet<string> | null): Place[] {
	const nth = new Map<string, number>();
	const rank = places.map((p) => {
		const n = nth.get(p.file) ?? 0;
		nth.set(p.file, n + 1);
		return n;
	});
	return places
		.map((p, i) => ({ p, i, r: rank[i] as number, l: Number(later?.has(p.file) ?? false) }))
		.sort((a, b) => a.l - b.l || a.r - b.r || a.i - b.i)
		.map((x) => x.p);
}

/**
 * One call further up: who calls the definitions that run X (its callers, its dispatchers) — what
 * reaches X through them. Calls from X itself, from those definitions themselves, and from tests
 * are left out; one place per calling definition. A variable holding an instance of X (`export
 * const settings = new CachedSettings()`) stands for X: whoever uses it on a line the listing does
 * not hold already (passes it on: `new SettingsRegistry({ store: settings })`) is reached too.
 */
function furtherUp(
	index: ImpactAnswerIndex,
	run: readonly Place[],
	target: DefRow,
	inside: (s: { file: string; line: number }) => boolean,
	listed: ReadonlySet<string>,
): {
	places: Place[];
	sites: { file: string; line: number; kind: string }[];
	callers: number;
	instanceUses: number;
} {
	const direct = new Map<number, DefRow>();
	const instances = new Set<number>();
	for (const p of run) {
		if (!p.within || inside(p) || p.within.id === target.id) continue;
		direct.set(p.within.id, p.within);
		if (p.kind === "new" && p.within.kind === "variable") instances.add(p.within.id);
	}
	let instanceUses = 0;
	const seen = new Set<string>();
	const sites: { file: string; line: number; kind: string }[] = [];
	const byCaller = new Map<number, Place>();
	for (const d of direct.values()) {
		// A caller that handles a key (a route, a method, a job) is reached by whoever dispatches the key.
		const keyOf = new Map<EdgeRow, DefRow>();
		for (const h of index.edgesTo(d.id)) {
			const key = h.kind === "handler" ? index.defById(h.src) : undefined;
			if (key?.kind !== "dispatch-key") continue;
			for (const e of index.edgesTo(key.id)) if (e.kind === "dispatch") keyOf.set(e, key);
		}
		for (const e of [...index.edgesTo(d.id), ...keyOf.keys()]) {
			const key = keyOf.get(e);
			const use = instances.has(d.id) && e.kind === "reference" && !listed.has(`${e.file}:${e.line}`);
			if ((!CALL_KINDS.has(e.kind) && !key && !use) || !e.file || !e.line || TEST_PATH.test(e.file)) continue;
			if (direct.has(e.src) || e.src === target.id || inside({ file: e.file, line: e.line })) continue;
			const k = `${e.file}:${e.line}`;
			if (seen.has(k)) continue;
			seen.add(k);
			sites.push({ file: e.file, line: e.line, kind: e.kind });
			if (use) instanceUses++;
			const known = byCaller.get(e.src);
			if (known) {
				known.alsoInFile += known.file === e.file ? 1 : 0;
				continue;
			}
			const within = index.defById(e.src);
			byCaller.set(e.src, {
				group: "up",
				file: e.file,
				line: e.line,
				kind: e.kind,
				within: use && within?.kind === "module" ? undefined : within,
				handler: null,
				alsoInFile: 0,
				via: d,
				...(key ? { key } : {}),
				...(use ? { uses: true } : {}),
			});
		}
	}
	const places = [...byCaller.values()];
	return { places, sites, callers: byCaller.size, instanceUses };
}

/**
 * What a function or method runs: its direct callees (once each; not the hot helpers every module
 * calls), and where they lead elsewhere — the implementations of an interface member it calls, the
 * handlers of a key it dispatches (cited at their heads). Those in other files first.
 */
function whatItRuns(index: ImpactAnswerIndex, target: DefRow): Place[] {
	if (target.kind !== "function" && target.kind !== "method") return [];
	const out: Place[] = [];
	const seen = new Set<number>([target.id]);
	const head = (d: DefRow, of: DefRow) => {
		if (seen.has(d.id) || !d.file || d.startLine === null || TEST_PATH.test(d.file)) return;
		seen.add(d.id);
		out.push({
			group: "drives",
			file: d.file,
			line: d.startLine,
			kind: "head",
			within: d,
			handler: null,
			alsoInFile: 0,
			runs: { def: d, head: true, of },
		});
	};
	for (const e of index.edgesFrom(target.id)) {
		if (!["call", "new", "dispatch"].includes(e.kind) || !e.file || !e.line) continue;
		const callee = index.defById(e.dst);
		if (!callee || seen.has(callee.id)) continue;
		if (callee.kind === "dispatch-key") {
			seen.add(callee.id);
			for (const h of index.edgesFrom(callee.id).filter((x) => x.kind === "handler")) {
				const d = index.defById(h.dst);
				if (d) head(d, callee);
			}
			continue;
		}
		if (callee.fanIn > HOT_CALLEE || !callee.file || TEST_PATH.test(callee.file)) continue;
		seen.add(callee.id);
		// A helper in X's own file is named; a callee elsewhere is cited at its head (a file X reaches).
		const elsewhere = callee.file !== target.file && callee.startLine !== null;
		out.push({
			group: "drives",
			file: elsewhere ? callee.file : e.file,
			line: elsewhere ? (callee.startLine as number) : e.line,
			kind: e.kind,
			within: target,
			handler: null,
			alsoInFile: 0,
			runs: { def: callee, head: elsewhere },
		});
		for (const impl of implementationsOf(index, callee)) head(impl, callee);
	}
	const elsewhere = (p: Place) => Number(p.file !== target.file);
	const reached = (p: Place) => Number(!!p.runs?.of);
	return out.sort((a, b) => elsewhere(b) - elsewhere(a) || reached(b) - reached(a));
}

/** "`X` (function) is defined in `file` [1]: doc." or, for a key, where its signature is declared. */
function whatItIs(
	index: ImpactAnswerIndex,
	target: DefRow,
	declaration: DefRow | undefined,
	book: CitationBook,
): string {
	const marker = declaration ? citeHead(book, declaration) : "";
	const doc = declaration ? sentence(firstSentence(declaration.doc, DOC_CHARS), DOC_CHARS) : "";
	if (target.defId.startsWith("literal:"))
		return `${code(target.name)} is no definition, and no trunk of the index registers or sends it as a key: the places below write it as a string (check each: a registration, a send, or only a name).`;
	if (target.kind === "dispatch-key") {
		// What the key is in a newcomer's words ("the hook `x`", "the endpoint `POST /x`"), not the index's trunk.
		const noun = keyWords(target).noun;
		if (!declaration?.file) return `The ${noun} is a string name, with no declaration of its own.`;
		return `The ${noun} is a string name, declared as ${defName(declaration, book)} in ${code(declaration.file)} ${marker}.${doc ? ` ${doc}` : ""}`.replace(
			/ +\./g,
			".",
		);
	}
	const where = target.file ? ` in ${code(target.file)}` : "";
	void index;
	return `${defName(target, book)} (${target.kind}) is defined${where} ${marker}.${doc ? ` ${doc}` : ""}`.replace(
		/ +\./g,
		".",
	);
}

/** A definition's head (its declaration line and at most HEAD_LINES - 1 more). */
function citeHead(book: CitationBook, def: DefRow): string {
	if (!def.file || def.startLine === null || def.endLine === null) return "";
	return book.cite(def, {
		startLine: def.startLine,
		endLine: Math.min(def.endLine, def.startLine + HEAD_LINES - 1),
	});
}

/**
 * Where a key's signature is declared: a member named as the key of an interface, type or class
 * (a map of signatures such as `interface Events { 'user.created': … }`), the most used first.
 */
function keyDeclaration(index: ImpactAnswerIndex, key: string): DefRow | undefined {
	return index
		.defsByName(key, 20)
		.find((d) => d.kind !== "dispatch-key" && d.parentId !== null && d.file && !TEST_PATH.test(d.file));
}

/** The handler a register site names: its own name, or null for an inline callback (named by where it is written). */
function handlerName(index: ImpactAnswerIndex, defId: string): string | null {
	const def = index.def(defId);
	if (!def || def.qualifiedName.includes("(")) return null;
	return def.qualifiedName;
}

/** Members of a class (interface, enum) used by name, with their site counts, most used first. */
function memberNames(
	index: ImpactAnswerIndex,
	target: DefRow,
): { names: string[]; counts: [string, number][] } {
	if (!target.file || !["class", "interface", "enum"].includes(target.kind)) return { names: [], counts: [] };
	const counts = new Map<string, Set<string>>();
	for (const m of index.defsInFile(target.file).filter((d) => d.parentId === target.id)) {
		const at = counts.get(m.name) ?? new Set<string>();
		for (const e of index.edgesTo(m.id))
			if (e.file && e.line && !TEST_PATH.test(e.file)) at.add(`${e.file}:${e.line}`);
		counts.set(m.name, at);
	}
	const sorted = [...counts.entries()]
		.map(([name, at]) => [name, at.size] as [string, number])
		.filter(([, n]) => n > 0)
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
	return { names: sorted.map(([n]) => n), counts: sorted };
}

/**
 * One place: who makes the reference and the line that makes it, cited at that line by a name
 * written there (the key or name looked for, a member's name, the handler's) — up to LINES_ABOVE
 * lines above when the line itself holds none of them. The marker follows the quoted line: the
 * names before it (the enclosing definition) are not what the cited line writes.
 */
function placeLine(index: ImpactAnswerIndex, p: Place, names: readonly string[], book: CitationBook): string {
	let marker = "";
	let from = p.line;
	const handler = p.handler ? lastName(p.handler) : null;
	const candidates = handler ? [...names, handler] : names;
	if (p.runs?.head) marker = citeHead(book, p.runs.def);
	for (let start = p.line; start >= Math.max(1, p.line - LINES_ABOVE) && !marker; start--) {
		const range = (index.fileLines(p.file, start, p.line) ?? []).join("\n");
		const name = candidates.find((n) => namesIn(range, n));
		if (name) {
			marker = book.citeRange(p.file, start, p.line, name);
			from = start;
		}
	}
	// A line holding only the key (`'created',` inside a call) is quoted with the line that opens the call.
	let text = (index.fileLines(p.file, from, p.line) ?? []).map((l) => l.trim()).join(" ");
	if (text.length < SHORT_LINE && from > 1)
		text = `${(index.fileLines(p.file, from - 1, from - 1)?.[0] ?? "").trim()} ${text}`.trim();
	const within = p.within ? `in ${defName(p.within, book)}` : "at module level";
	const more = p.alsoInFile ? ` (+${p.alsoInFile} more here)` : "";
	// The file (a path: no name the marker must hold) leads, its marker right after it.
	const where = `- ${code(shortPath(p.file))}${marker ? ` ${marker}` : ""}${more}`;
	if (p.group === "register") return `${where}: ${p.handler ? code(p.handler) : `inline ${within}`}`;
	// A caller written inside the definition it calls (a retry listener) calls it again, not in a loop.
	if (p.via && p.key)
		return `${where} ${within} dispatches the ${keyWords(p.key).noun}, handled by ${defName(p.via, book)}`;
	if (p.via && p.uses) return `${where} ${within} uses ${defName(p.via, book)}, an instance of it`;
	if (p.via)
		return `${where} ${within} calls ${defName(p.via, book)}${p.within && encloses(index, p.via, p.within) ? " again" : ""}`;
	if (p.group === "related") return `${where}: ${defName(p.runs?.def ?? (p.within as DefRow), book)}`;
	if (p.runs) {
		if (p.runs.of)
			return `${where}: ${defName(p.runs.def, book)}, ${p.runs.of.kind === "dispatch-key" ? `handles the ${keyWords(p.runs.of).noun}` : `implements ${defName(p.runs.of, book)}`}`;
		return `${where}: calls ${defName(p.runs.def, book)}${text && !p.runs.head ? ` — ${code(clip(text, QUOTE_CHARS))}` : ""}`;
	}
	return `${where} ${within}${text ? `: ${code(clip(text, QUOTE_CHARS))}` : ""}`;
}

/** Does `line` name `name` outside comments and string literals? */
function namesInCode(line: string, name: string, inStrings = false): boolean {
	const t = line.trim();
	if (t.startsWith("//") || t.startsWith("*") || t.startsWith("/*")) return false;
	if (inStrings) return true;
	const bare = t.replace(/\/\/.*$/, "").replace(/(['"`])(?:\\.|(?!\1).)*\1/g, "''");
	return namesIn(bare, name);
}

/**
 * Does `line`, written in `from`, import (or re-export from) the module `file`? A relative path is
 * resolved; a package path (an alias) counts when it ends in the file's own name.
 */
function importsFile(line: string, from: string, file: string): boolean {
	const spec = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"`])([^'"`]+)\1/.exec(line)?.[2];
	if (!spec) return false;
	const bare = (f: string) => f.replace(/\.[cm]?[jt]sx?$/, "").replace(/\/index$/, "");
	if (spec.startsWith(".")) return bare(posix.join(posix.dirname(from), spec)) === bare(file);
	return bare(spec).endsWith(`/${posix.basename(bare(file))}`);
}

/**
 * How a dispatch line may write a key: whole, a route's path without its verb (`POST /x` → `/x`), or
 * capitalised as an operation's name (`mutation DeleteUser { deleteUser }`).
 */
const keyNames = (key: DefRow) => {
	const path = key.name.replace(/^[A-Z]+ /, "");
	return [...new Set([key.name, path, path.charAt(0).toUpperCase() + path.slice(1)])];
};

const dirOf = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);

const lastName = (qualified: string) => qualified.split(".").pop() ?? qualified;

/** The last two segments of a path (the full path is in the sources list). */
function shortPath(file: string): string {
	const parts = file.split("/");
	return parts.length <= 2 ? file : `…/${parts.slice(-2).join("/")}`;
}

function testNames(tests: readonly { file: string }[]): string {
	const files = [...new Set(tests.map((s) => s.file))];
	const named = files.slice(0, TEST_FILES_NAMED).map((f) => code(shortPath(f)));
	return ` (${named.join(", ")}${files.length > named.length ? ", …" : ""})`;
}

function plural(n: number, word: string): string {
	return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function clip(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
