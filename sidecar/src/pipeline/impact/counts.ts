/**
 * The counts an impact answer's "In short" tells: the sites and files changing X touches, by package
 * and by group, one call further up, what X calls, the tests that name it, and its members' uses.
 */

import { code, listWords } from "../markdown.js";
import type { ImpactListing } from "../material/types.js";
import type { GroupId } from "./groups.js";
import { shortPath } from "./lines.js";

/** Members named in the per-member breakdown of a class's uses. */
const MEMBERS_NAMED = 5;
/** Packages named beside the package count. */
const PACKAGES_NAMED = 3;
/** Test files named. */
const TEST_FILES_NAMED = 3;

type Site = { file: string; line: number; kind: string };

/** What the counts sentence reads: the listing, its sites outside tests by group (one call further up included), the tests' sites. */
export interface ImpactCounts {
	listing: ImpactListing;
	byGroup: ReadonlyMap<GroupId, readonly Site[]>;
	tests: readonly Site[];
	isKey: boolean;
	isLiteral: boolean;
	targetName: string;
	/** Whether a site is inside X's own body. */
	inside: (s: { file: string; line: number }) => boolean;
	/** Places X calls into. */
	drives: number;
	/** One call further up: the calling definitions, their sites, and the sites using an instance of X. */
	up: { callers: number; instanceUses: number; sites: readonly Site[] };
}

/** "Changing it touches 12 sites in 5 files across 2 packages (…): it is called at …; Tests: …" */
export function countsSentence({
	listing,
	byGroup,
	tests,
	isKey,
	isLiteral,
	targetName,
	inside,
	drives,
	up,
}: ImpactCounts): string {
	const packages = listing.byPackage;
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
		// "Run at 0 sites" reads like a count that missed something: nothing in the indexed code runs it.
		parts.push(
			run.length
				? `it is run at ${plural(run.length, "site")} in ${plural(filesOf(run), "file")}`
				: "no indexed code runs it (no dispatch site)",
		);
		parts.push(
			`${plural(reg.length, "handler")} ${reg.length === 1 ? "is" : "are"} registered on it in ${plural(filesOf(reg), "file")}`,
		);
	} else {
		const own = run.filter(inside).length;
		parts.push(
			`it is called at ${plural(run.length, "site")} in ${plural(filesOf(run), "file")}${own ? ` (${own} inside ${code(targetName)} itself)` : ""}`,
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
		: !listing.testsSearched
			? " Test files were not searched: the name is too short to find as text."
			: listing.testsComplete
				? " No test names it."
				: " No test file read names it (not every test file could be read).";
	const drivesText = drives
		? ` ${isKey ? "Its handler calls" : "It calls"} into ${plural(drives, "place")} (callees, and the implementations or handlers they reach): context, not changed with it.`
		: "";
	const calls = up.callers === 1 ? "calls" : "call";
	const upText = up.sites.length
		? ` One call further up, ${plural(up.callers, "definition")} ${up.instanceUses ? `${calls} those or ${up.callers === 1 ? "uses" : "use"} an instance of it` : `${calls} those`} at ${plural(up.sites.length, "site")} in ${plural(filesOf(up.sites), "file")}${up.instanceUses ? ` (${plural(up.instanceUses, "site")} ${up.instanceUses === 1 ? "uses" : "use"} the instance)` : ""}.`
		: "";
	return `Changing it touches ${plural(listing.sites, "site")} in ${plural(listing.files, "file")}${where}: ${listWords(parts)}.${upText}${drivesText}${testText}`;
}

/** " Its members are used at: `a` 4, `b` 2." for a class (interface, enum) with more than one member in use. */
export function membersSentence(counts: readonly [string, number][]): string {
	return counts.length > 1
		? ` Its members are used at: ${counts
				.slice(0, MEMBERS_NAMED)
				.map(([name, n]) => `${code(name)} ${n}`)
				.join(
					", ",
				)}${counts.length > MEMBERS_NAMED ? `, and ${counts.length - MEMBERS_NAMED} more members` : ""}.`
		: "";
}

/** How many files the sites are in. */
export const filesOf = (list: readonly { file: string }[]) => new Set(list.map((s) => s.file)).size;

function testNames(tests: readonly { file: string }[]): string {
	const files = [...new Set(tests.map((s) => s.file))];
	const named = files.slice(0, TEST_FILES_NAMED).map((f) => code(shortPath(f)));
	return ` (${named.join(", ")}${files.length > named.length ? ", …" : ""})`;
}

export function plural(n: number, word: string): string {
	return `${n} ${word}${n === 1 ? "" : "s"}`;
}
