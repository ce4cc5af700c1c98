/** What a pattern answer says first when no family carries the noun's qualifiers, and which family it tells instead. */
import pluralize from "pluralize";
import { code, listWords } from "../markdown.js";
import { memberWord } from "./class-family.js";
import type { PatternFamily, UnmetFamily } from "./family.js";

/**
 * What the answer says first when no family carries the noun's qualifiers: "No family of services
 * here carries “OAuth” in its names or files; below is the family “service” alone names: the 36
 * classes extending `ServiceClassInternal`."
 */
export function unmetNote(unmet: UnmetFamily): string {
	const words = unmet.subject.split(/\s+/);
	const heads = pluralize.plural(words.at(-1) ?? "");
	const missing = listWords(unmet.missing.map((w) => `“${w}”`));
	const head = words.at(-1) ?? "";
	if (unmet.namedBy === "qualifiers")
		return `No family of ${heads} here carries ${missing} in its names or files; below is the family ${missing} names without “${head}”: ${familyPhrase(unmet.closest)}.`;
	return `No family of ${heads} here carries ${missing} in its names or files; below is the family “${head}” alone names: ${familyPhrase(unmet.closest)}.`;
}

/** "the 36 classes extending `ServiceClassInternal`", "the 284 keys of `meteor-method`". */
function familyPhrase(family: PatternFamily): string {
	switch (family.kind) {
		case "class":
			return `the ${family.members.length} ${memberWord(family.members)} ${family.base.kind === "interface" ? "implementing" : "extending"} ${code(family.base.name)}`;
		case "instances":
			return `the ${family.members.length} instances of ${code(family.base.name)}`;
		case "keys":
			return `the ${family.registers.length} ${pluralize.plural(family.noun)} of ${code(family.trunk)}`;
		default:
			return `the ${family.kind} family`;
	}
}
