/**
 * GraphQL documents as text: their operations' root fields, a document expression's text, and the
 * operation a codegen name stands for (`CreateTeamDocument` → `CreateTeam`).
 */
import { ts } from "#ts-morph";
import { graphqlOperations } from "../../syntax/graphql-doc.js";
import { GRAPHQL_GENERATED_NAMES, GRAPHQL_TAGS } from "./families.js";

/** The root fields of a GraphQL document's operations (aliases resolved, fragments skipped). */
export function rootFields(doc: string): string[] {
	return [...new Set(graphqlOperations(doc.replace(/^`|`$/g, "")).flatMap((op) => op.fields))];
}

/** A template's text with its substitutions (`${FRAGMENT}`) blanked: they are fragments, not fields. */
function templateText(t: ts.TemplateLiteral): string {
	if (ts.isNoSubstitutionTemplateLiteral(t)) return t.text;
	return [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(" ");
}

/**
 * The text of a GraphQL document written in code: a tagged template (`gql\`…\``) or a call of the
 * same name given a template (`graphql(\`…\`, [fragment])`, codegen's client preset and gql.tada).
 * Null for anything else: `graphql(schema, source)` (graphql-js) takes no literal first.
 */
export function documentText(n: ts.Node): string | null {
	if (ts.isTaggedTemplateExpression(n))
		return GRAPHQL_TAGS.has(n.tag.getText()) ? templateText(n.template) : null;
	if (!ts.isCallExpression(n) || !ts.isIdentifier(n.expression) || !GRAPHQL_TAGS.has(n.expression.text))
		return null;
	const first = n.arguments[0];
	return first && ts.isTemplateLiteral(first) ? templateText(first) : null;
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
