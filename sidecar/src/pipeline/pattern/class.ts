/**
 * The answer for a class family: the base a new member extends (and the package entry exporting it),
 * the example member with its contract and class, where it is created or listed and registered, how it
 * is plugged in and reached, and further members as examples — each cited at the line that says it.
 */
import type { DefRow } from "../../index/types.js";
import type { CitationBook, DraftAnswer } from "../citation-book.js";
import type { Listing } from "../class-listings.js";
import { code, listWords } from "../markdown.js";
import { quoteLine } from "../quote-line.js";
import { namesIn } from "../verify.js";
import { type ClassFamily, memberWord } from "./class-family.js";
import { type CreatorFamily, exampleReach } from "./example-reach.js";
import type { PatternIndex } from "./family.js";
import type { Fit } from "./fit.js";
import { registrarHopsWords } from "./registrar.js";
import { loaderOf, orderedShapes, type Shape, typicalCount } from "./shapes.js";

/** Further members named as examples. */
export const OTHER_EXAMPLES = 3;

/** The class family's answer, fitted (`fit`) with OTHER_EXAMPLES further members at most; null with no member to show. */
export function classAnswer(
	index: PatternIndex,
	question: string,
	family: ClassFamily,
	files: readonly string[],
	fit: Fit,
): DraftAnswer | null {
	const { subject } = family;
	const shapes = orderedShapes(index, family, files);
	const typical = typicalCount(shapes);
	const example = shapes[0];
	if (!example) return null;
	const entry = exportedFrom(index, family.base);
	const loader = example.created ? loaderOf(index, example.created, shapes) : null;
	// A new member's contract is exported beside the base when the example's is (`export * from './models/IConfigModel'`).
	const contractExport =
		example.contract && example.contract !== family.base ? exportedFrom(index, example.contract) : null;
	const contractEntry =
		contractExport && example.contract && contractExport.file === entry?.file
			? { ...contractExport, def: example.contract }
			: null;
	// How a member is plugged in, and how the rest of the code reaches it (`Settings = proxify<…>(…)`).
	const { plugged, reached } = exampleReach(index, family, example);

	const render = (book: CitationBook, examples: number): string[] => {
		const name = (d: DefRow) => book.name(d);
		const at = (d: DefRow) => code(d.file ?? "");
		const quote = (file: string, line: number) => quoteLine(index, file, line);
		const head = (d: DefRow) => ({ startLine: d.startLine ?? 1, endLine: declarationLine(index, d) });
		const cite = (d: DefRow) => book.cite(d, head(d));
		const quoteHead = (d: DefRow) => quote(d.file ?? "", declarationLine(index, d));
		const { base, members } = family;
		const m = example.member;
		const cls = example.cls;
		const joins = base.kind === "interface" && m.kind !== "interface" ? "implement" : "extend";
		const created = example.created;
		const where = (c: NonNullable<Shape["created"]>) =>
			c.by.kind === "module" ? `at the top level of ${code(c.file)}` : `in ${name(c.by)} (${code(c.file)})`;
		const sameCreator = created
			? shapes.filter((sh) =>
					created.by.kind === "module"
						? sh.created?.by.kind === "module" && dirOf(sh.created.file) === dirOf(created.file)
						: sh.created?.by.id === created.by.id,
				).length
			: 0;

		const out: string[] = [`**Question:** ${question.trim()}`, ""];
		const summary = [
			`A new ${subject} takes the shape of the ${members.length} ${memberWord(members)} that ${new Set(members.map((d) => d.kind)).size > 1 && base.kind === "interface" ? "extend or implement" : joins} the ${base.kind === "interface" ? "interface" : "class"} ${name(base)} (${at(base)}) ${cite(base)}.`,
			`${name(m)} is one ${cite(m)}${example.contract && example.contract !== m ? `, with its own contract ${name(example.contract)} ${cite(example.contract)}` : ""}${cls && cls !== m ? `, implemented by ${name(cls)} ${cite(cls)}` : ""}.`,
		];
		if (created && cls) {
			const marker = book.citeRange(created.file, created.line, created.line, cls.name);
			const registered = example.registeredWith ? ` and registered with ${name(example.registeredWith)}` : "";
			const others =
				sameCreator > 1
					? created.by.kind === "module"
						? ` (as ${sameCreator} of the ${members.length} are, each in its own file of ${code(dirOf(created.file))})`
						: sameCreator === members.length
							? ` (which creates all ${sameCreator})`
							: ` (which creates ${sameCreator} of the ${members.length})`
					: "";
			summary.push(`${name(cls)} is created ${where(created)} ${marker}${others}${registered}.`);
			if (plugged) summary.push(pluggedSentence(plugged));
			if (loader)
				summary.push(
					`${code(loader.file)} imports ${loader.loads > 1 ? `${loader.loads} of those files` : "that file"}, which is what runs it ${book.citeRange(loader.file, loader.line, loader.line, loader.named)}.`,
				);
		}
		/** "`SendgridHandler` is one of the 19 classes extending `BaseHandler` [n]; `MailFactory` creates all 19, `SendgridHandler` among them [m]." */
		function pluggedSentence(p: CreatorFamily): string {
			const made = p.created
				? `; ${name(p.created.by)} creates ${p.sameCreator >= p.members ? `all ${p.members}` : p.sameCreator > 1 ? `${p.sameCreator} of them` : "one"}, ${name(p.cls)} among them ${book.citeRange(p.created.file, p.created.line, p.created.line, p.cls.name)}`
				: "";
			return `${name(p.cls)} is one of the ${p.members} ${p.base.kind === "interface" ? "implementations of" : "classes extending"} ${name(p.base)} ${cite(p.base)}${made}.`;
		}
		const listed = created ? null : example.listed;
		const sameLister = listed ? shapes.filter((sh) => sh.listed?.by.id === listed.by.id).length : 0;
		const shownCls = cls ?? m;
		const listing = (l: Listing) =>
			`${l.via ? `handed to ${code(l.via)}` : "listed"} ${l.by.kind === "module" ? `in ${code(l.file)}` : `in ${name(l.by)} (${code(l.file)})`} ${book.citeRange(l.file, l.line, l.line, shownCls.name)}`;
		if (listed)
			summary.push(
				`Nothing creates them with \`new\`: ${name(shownCls)} is ${listing(listed)}${sameLister > 1 ? `, as ${sameLister} of the ${members.length} are` : ""}.`,
			);
		out.push("**In short**", summary.join(" "), "");

		out.push("**The shape, step by step**");
		let n = 1;
		const parentNote =
			cls && example.parent && example.parent.id !== base.id
				? ` (it extends ${name(example.parent)} ${cite(example.parent)}${typical(example) > 1 ? `, as ${typical(example)} of the ${members.length} do` : ""})`
				: "";
		out.push(
			`${n++}. ${joins === "implement" ? "Implement" : "Extend"} ${name(base)} ${cite(base)}${quoteHead(base)}`,
		);
		if (entry)
			out.push(
				`${n++}. Import it from its package's entry ${code(entry.file)} ${book.citeRange(entry.file, entry.line, entry.line, base.name)}${quote(entry.file, entry.line)}${contractEntry ? `; the contract is exported there too, as ${name(contractEntry.def)} is ${book.citeRange(contractEntry.file, contractEntry.line, contractEntry.line, contractEntry.def.name)}` : ""}`,
			);
		if (example.contract && example.contract !== base)
			out.push(
				`${n++}. Declare the contract, as ${name(example.contract)} does ${cite(example.contract)}${quoteHead(example.contract)}`,
			);
		const shown = cls ?? m;
		out.push(
			`${n++}. Write the ${shown.kind === "class" ? "class" : "definition"}, as ${name(shown)} in ${at(shown)} does ${cite(shown)}${quoteHead(shown)}${parentNote}`,
		);
		if (listed)
			out.push(
				`${n++}. List it where the others are: ${name(shownCls)} is ${listing(listed)}${quote(listed.file, listed.line)}`,
			);
		if (created && cls)
			out.push(
				`${n++}. Create ${name(cls)} ${where(created)} ${book.citeRange(created.file, created.line, created.line, cls.name)}${quote(created.file, created.line)}`,
			);
		if (plugged)
			out.push(
				`${n++}. Write its ${name(plugged.cls)} too, as ${at(plugged.cls)} does ${cite(plugged.cls)}${quoteHead(plugged.cls)}${plugged.created ? `; ${name(plugged.created.by)} creates ${name(plugged.cls)} ${book.citeRange(plugged.created.file, plugged.created.line, plugged.created.line, plugged.cls.name)}${quote(plugged.created.file, plugged.created.line)}` : ""}`,
			);
		if (example.registeredWith) {
			// What registering does with the member one hop on (pattern/registrar.ts).
			const hops = registrarHopsWords(index, example.registeredWith, book, subject);
			out.push(
				`${n++}. ${name(example.registeredWith)} registers it ${cite(example.registeredWith)}${quote(example.registeredWith.file ?? "", example.registeredWith.startLine ?? 1)}${hops ? `; ${hops}` : ""}`,
			);
		}
		if (loader)
			out.push(
				`${n++}. Import its file where the others are imported, in ${code(loader.file)} ${book.citeRange(loader.file, loader.line, loader.line, loader.named)}${quote(loader.file, loader.line)}`,
			);
		if (reached)
			out.push(
				`${n++}. Other code reaches it through ${name(reached.access)} in ${at(reached.access)} ${cite(reached.access)}, used in ${reached.userFiles} files${quote(reached.access.file ?? "", reached.access.startLine ?? 1)}`,
			);
		out.push("");

		const others = shapes.slice(1, 1 + examples).map((sh) => sh.cls ?? sh.member);
		if (others.length > 0) {
			out.push("**Other examples**");
			for (const d of others) out.push(`- ${name(d)} in ${at(d)} ${cite(d)}`);
			out.push("");
		}
		out.push(
			`_Offline answer (no LLM), from the ${listWords(["extends", "implements", "new"].map(code))} edges of the index._`,
		);
		return out;
	};
	return fit(OTHER_EXAMPLES, render);
}

/** Lines below a definition's start its declaration may sit on (decorators above a class). */
const DECORATOR_LINES = 12;

/** The line declaring a class or interface (`class X …`), below its decorators; else its first line. */
export function declarationLine(index: PatternIndex, d: DefRow): number {
	const start = d.startLine ?? 1;
	const end = Math.min(d.endLine ?? start, start + DECORATOR_LINES);
	const lines = index.fileLines(d.file ?? "", start, end) ?? [];
	const at = lines.findIndex((l) => /\b(class|interface)\b/.test(l) && namesIn(l, d.name));
	return start + Math.max(0, at);
}

const dirOf = (file: string) => file.slice(0, Math.max(0, file.lastIndexOf("/")));

/**
 * The line of the base's package entry (`src/index.ts`, `index.ts`) that exports it: where a new
 * member imports the base from. Null when the package has no such entry or it does not name the base.
 */
function exportedFrom(index: PatternIndex, base: DefRow): { file: string; line: number } | null {
	if (!base.file) return null;
	const pkg = index.packages().find((p) => p.name === base.packageName);
	if (!pkg) return null;
	const root = pkg.dir ? `${pkg.dir}/` : "";
	for (const file of [`${root}src/index.ts`, `${root}index.ts`, `${root}src/index.js`, `${root}index.js`]) {
		if (file === base.file) return null;
		const lines = index.fileLines(file, 1, ENTRY_LINES);
		if (!lines) continue;
		const i = lines.findIndex((l) => /^\s*export\b/.test(l) && namesIn(l, base.name));
		if (i >= 0) return { file, line: i + 1 };
	}
	return null;
}

/** Lines of a package entry read for the base's export. */
const ENTRY_LINES = 400;
