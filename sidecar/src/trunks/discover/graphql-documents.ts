/**
 * GraphQL documents as text: their operations' root fields, a tagged template's text, and the
 * operation a codegen name stands for (`CreateTeamDocument` → `CreateTeam`).
 */
import { ts } from "#ts-morph";
import { graphqlOperations } from "../../syntax/graphql-doc.js";
import { GRAPHQL_GENERATED_NAMES } from "./families.js";

/** The root fields of a GraphQL document's operations (aliases resolved, fragments skipped). */
export function rootFields(doc: string): string[] {
	return [...new Set(graphqlOperations(doc.replace(/^`|`$/g, "")).flatMap((op) => op.fields))];
}

/** A template's text with its substitutions (`${FRAGMENT}`) blanked: they are fragments, not fields. */
export function templateText(tt: ts.TaggedTemplateExpression): string {
	const t = tt.template;
	if (ts.isNoSubstitutionTemplateLiteral(t)) return t.text;
	return [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(" ");
}

/** The operation a generated name stands for (`CreateTeamDocument` → `CreateTeam`), or null. */
export function operationOfGenerated(name: string): string | null {
	for (const { prefix, suffix } of GRAPHQL_GENERATED_NAMES) {
		if (!name.startsWith(prefix) || !name.endsWith(suffix)) continue;
		const op = name.slice(prefix.length, name.length - suffix.length);
		if (/^[A-Z]\w*$/.test(op)) return op;
	}
	return null;
}
