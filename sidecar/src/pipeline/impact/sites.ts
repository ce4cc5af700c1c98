/** The full impact answer's section of every use of X: each site of the listing as a plain line, by file. */
import type { IndexReader } from "../../index/reader.js";
import { code, keyInCode } from "../markdown.js";
import type { ImpactListing } from "../material/types.js";
import { plural } from "./counts.js";
import { clip, QUOTE_CHARS } from "./lines.js";

/**
 * Every site of the listing, grouped by package, as plain lines (`file:line [kind] code`), for the
 * full answer: what the short answer counts and shows a part of.
 */
export function impactSitesSection(index: Pick<IndexReader, "fileLines">, listing: ImpactListing): string[] {
	if (listing.all.length === 0) return [];
	const out = [
		`### Every use of ${keyInCode(listing.target)} (${plural(listing.sites, "site")} in ${plural(listing.files, "file")})`,
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
