/**
 * GraphQL documents among the indexed files (`.graphql`, `.gql`): the indexer reads them as program
 * text (indexer/graphql-doc.ts), the writer keeps their text out of the full-text tables.
 */

export const GRAPHQL_EXTENSIONS = [".graphql", ".gql"];

/** True for a `.graphql` or `.gql` file name. */
export function isGraphqlDocument(name: string): boolean {
	return GRAPHQL_EXTENSIONS.some((x) => name.endsWith(x));
}
