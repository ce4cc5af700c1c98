/**
 * GraphQL documents among the indexed files (`.graphql`, `.gql`): the indexer reads them as program
 * text (syntax/graphql-doc.ts), the writer keeps their text out of the full-text tables.
 */

export const GRAPHQL_EXTENSIONS = [".graphql", ".gql"];

/** True for a `.graphql` or `.gql` file name. */
export function isGraphqlDocument(name: string): boolean {
	return GRAPHQL_EXTENSIONS.some((x) => name.endsWith(x));
}

/**
 * Workspace and build manifests among the indexed files (indexer/manifests.ts): package.json,
 * tsconfig/jsconfig files, turbo/nx/lerna/pnpm workspace files, nx project files. Their text has no
 * full-text row (dependency lists would match questions about anything), nor have their definitions
 * (they shifted the word statistics every question is ranked by): they are reached by defId and name.
 */
export function isManifestPath(path: string): boolean {
	const name = path.slice(path.lastIndexOf("/") + 1);
	return MANIFEST_NAMES.has(name) || /^[tj]sconfig(?:[.-][\w.-]+)?\.json$/.test(name);
}

const MANIFEST_NAMES = new Set([
	"package.json",
	"turbo.json",
	"nx.json",
	"lerna.json",
	"project.json",
	"pnpm-workspace.yaml",
]);
