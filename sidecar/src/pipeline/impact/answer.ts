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
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isBesideProduct } from "../auxiliary-code.js";
import { CitationBook, type DraftAnswer } from "../citation-book.js";
import { FileUsers } from "../file-users.js";
import { Labels } from "../labels.js";
import { code, listWords } from "../markdown.js";
import { TEST_PATH } from "../material/test-scan.js";
import type { ImpactListing } from "../material/types.js";
import { messageSize } from "../message-size.js";
import { SHORT_ANSWER_CHARS } from "../short/fit.js";
import { countsSentence, filesOf, membersSentence, plural } from "./counts.js";
import { placesThatFit } from "./fit.js";
import {
	breadthFirst,
	CALL_KINDS,
	DEF_GROUPS,
	EXTEND_KINDS,
	type GroupId,
	KEY_GROUPS,
	type Place,
	REGISTER_KINDS,
} from "./groups.js";
import { defName, keyNames, placeLine, whatItIs } from "./lines.js";
import { dirOf, groupPlaces, type PlaceOrder } from "./places.js";
import { furtherUp, whatItRuns } from "./reach.js";
import { reachedThroughContract } from "./related.js";
import { handledKey, keySignature, memberNames } from "./target.js";

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
	| "packages"
>;

/**
 * What the question's search ranks highest that no reference links to X (a call through an injected
 * list of handlers is not in the index) is told last, and only with room left: only when X has at most
 * this many sites outside itself (a well-linked X needs none), and only an implementation of a contract
 * X's own file refers to (related.ts).
 */
const FEW_LINKED = 10;
/** Room kept for what verification and the sources heading add. */
const MARGIN = 40;

/** What the one handler of a key no indexed code dispatches calls (none when it is run, or has several). */
function soleHandlerRuns(
	index: ImpactAnswerIndex,
	keySites: readonly { side: string; handlerDefId: string | null }[],
): Place[] {
	if (keySites.some((s) => s.side === "dispatch")) return [];
	const handlers = new Set(keySites.map((s) => s.handlerDefId).filter((h): h is string => !!h));
	const [only] = handlers;
	const handler = handlers.size === 1 && only ? index.def(only) : undefined;
	return handler ? whatItRuns(index, handler) : [];
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
	// A key's handler (a module method under a registry key): the key's dispatches are its calls.
	const handled = isKey || classKey ? null : handledKey(index, target);
	const keyDef = isKey ? target : (classKey ?? handled ?? undefined);
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
	// Names a site's line can be cited by: the name looked for, the target's own, its members'.
	const members = memberNames(index, target);
	// A handled key's dispatch line writes the key, not the handler's name (`fetch("/api/orders")`).
	const citeNames = [
		...new Set([listing.target, target.name, ...members.names, ...(handled ? keyNames(handled) : [])]),
	];
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

	const declaration = isKey ? keySignature(index, listing.target) : target;
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
	// A key's sites at its declaration are cited in "In short": shown, though no place lists them.
	const declaredSites = code_.filter((s) => !inside(s) && atDeclaration(s)).length;
	// Each group's places, most important first, "Other references" one line per file (impact/places.ts).
	const users = new FileUsers(index);
	// Examples, fixtures and test tooling (auxiliary-code.ts) go after the product's places, unless X is one.
	const targetBeside = !!target.file && isBesideProduct(index, target.file);
	const beside = (file: string) => !targetBeside && isBesideProduct(index, file);
	const besideFiles = new Set([...new Set(code_.map((s) => s.file))].filter(beside)); // each file judged once
	const candidates = new Map<GroupId, Place[]>();
	const placeOrder: PlaceOrder = {
		index,
		target,
		looked: listing.target,
		inStrings: isKey || isLiteral,
		keySide,
		inside,
		atDeclaration,
		sitesPerFile,
		users,
		beside: besideFiles,
	};
	for (const g of groups) {
		if (g.id === "up" || g.id === "drives" || g.id === "related") continue;
		const later = g.id === "other" ? new Set([...elsewhereFiles, ...besideFiles]) : besideFiles;
		candidates.set(g.id, groupPlaces(placeOrder, g.id, byGroup.get(g.id) ?? [], home(g.id), later));
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
	candidates.set("up", breadthFirst(upOrder, new Set(upOrder.map((p) => p.file).filter(beside))));
	byGroup.set("up", up.sites);
	// A key nothing in the code runs (a method a client calls over the wire): what its one handler
	// calls is where the work it names lives, and who else reaches it.
	const drives = isKey ? soleHandlerRuns(index, keySites) : whatItRuns(index, target);
	const linked = new Set<string | null>([
		target.file,
		declaration?.file ?? null,
		...sites.map((s) => s.file),
		...up.sites.map((s) => s.file),
		...drives.map((p) => p.file),
	]);
	const relatedPlaces: Place[] = [];
	const linkedPlaces = code_.length - selfSites;
	// Only what X's module may run through a contract it holds (related.ts): a namesake ranked by the
	// question's words alone is another feature's code.
	const ownFiles = new Set([target.file, declaration?.file].filter((f): f is string => !!f));
	for (const d of linkedPlaces <= FEW_LINKED ? related : []) {
		if (!d.file || d.startLine === null || linked.has(d.file) || TEST_PATH.test(d.file)) continue;
		if (!reachedThroughContract(index, d, ownFiles)) continue;
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

	const countsText = countsSentence({
		listing,
		byGroup,
		tests,
		isKey,
		isLiteral,
		targetName: target.name,
		inside,
		drives: drives.length,
		up,
	});
	const memberSentence = membersSentence(members.counts);

	// One Labels for every render: the names it has seen are put in after verification (ask.ts).
	const labels = new Labels(index);
	const render = (chosen: ReadonlySet<Place>): { lines: string[]; book: CitationBook } => {
		const book = new CitationBook(Number.MAX_SAFE_INTEGER, labels);
		const out: string[] = [`**Question:** ${question.trim()}`, ""];
		out.push(
			"**In short**",
			`${whatItIs(index, target, declaration, book)} ${countsText}${memberSentence}`,
			"",
		);
		let shown = 0;
		for (const g of groups) {
			const list = (candidates.get(g.id) ?? []).filter(
				(p) => chosen.has(p) || (g.id === "drives" && p.file === target.file && !p.runs?.head),
			);
			if (list.length === 0) continue;
			const all = byGroup.get(g.id) ?? [];
			// What X calls in its own file (its helpers): named on one line, the file is cited already.
			const own =
				g.id === "drives"
					? (candidates.get(g.id) ?? []).filter((p) => p.file === target.file && !p.runs?.head)
					: [];
			// The footer counts X's own sites left out; the callers further up and the callees are no
			// sites of X, so their heading says how many of the files it counts show no line.
			const unshown =
				g.id === "up" || g.id === "drives"
					? filesOf(all) - new Set([...list, ...own].map((p) => p.file)).size
					: 0;
			out.push(
				g.id === "related"
					? `**${g.title}**`
					: `**${isLiteral && g.id === "other" ? "Where it is written" : g.title}** (${plural(all.length, "site")} in ${plural(filesOf(all), "file")}${unshown > 0 ? `; ${plural(unshown, "file")} not shown` : ""})`,
			);
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
		const hidden = code_.length - selfSites - declaredSites - shown;
		const self = selfSites ? `, besides ${selfSites} inside ${code(target.name)} itself` : "";
		out.push(
			`_${hidden > 0 ? `${plural(hidden, "more site")} (of ${code_.length} outside tests${self}) ${hidden === 1 ? "is" : "are"} not shown; ` : ""}ask with \`--detail full\` for every site. Offline answer from the index's impact listing (no LLM)._`,
		);
		return { lines: out, book };
	};
	const limit = SHORT_ANSWER_CHARS - MARGIN;
	const fits = (chosen: ReadonlySet<Place>) => {
		const { lines, book } = render(chosen);
		return messageSize(lines, book, (t) => labels.apply(t)) <= limit;
	};
	const chosen = placesThatFit(groups, candidates, (g, p) => home(g).has(dirOf(p.file)), fits);
	const { lines, book } = render(chosen);
	return { body: lines.join("\n").trimEnd(), drafts: book.drafts, labels };
}
