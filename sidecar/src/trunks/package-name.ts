/**
 * The workspace package of a repo-relative file (the nearest package.json above it with a name), and
 * the other packages a file imports: what lets an object (an emitter) travel from one package to another.
 */
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { ts } from "#ts-morph";

export interface WorkspacePackage {
	name: string;
	/** Its folder, repo-relative ("" for the repository's root). */
	dir: string;
}

/** Internal record kind (removed by finalize): the packages a file imports, its raw key a JSON array of names. */
export const PACKAGE_IMPORTS = "(package-imports)";

const cache = new Map<string, WorkspacePackage | null>();

function packageIn(repoRoot: string, dir: string): WorkspacePackage | null | undefined {
	try {
		const pkg = JSON.parse(readFileSync(join(repoRoot, dir, "package.json"), "utf8")) as { name?: unknown };
		return typeof pkg.name === "string" ? { name: pkg.name, dir } : null;
	} catch {
		return undefined;
	}
}

/** The nearest package.json above `file`: its package when it has a name, else null. Cached per folder. */
export function nearestPackage(repoRoot: string, file: string): WorkspacePackage | null {
	const segments = file.split("/").slice(0, -1);
	const seen: string[] = [];
	for (let i = segments.length; i >= 0; i--) {
		const dir = segments.slice(0, i).join("/");
		const abs = join(repoRoot, dir);
		const cached = cache.get(abs);
		if (cached !== undefined) {
			for (const s of seen) cache.set(s, cached);
			return cached;
		}
		seen.push(abs);
		const found = packageIn(repoRoot, dir);
		if (found !== undefined) {
			for (const s of seen) cache.set(s, found);
			return found;
		}
	}
	for (const s of seen) cache.set(s, null);
	return null;
}

export function nearestPackageName(repoRoot: string, file: string): string | null {
	return nearestPackage(repoRoot, file)?.name ?? null;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for a URL-like specifier (`node:fs`). */
function packageOfSpecifier(spec: string): string | null {
	if (spec.includes(":")) return null;
	const parts = spec.split("/");
	const name = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
	return name || null;
}

/** The module specifiers of a file: import and export-from declarations, `require('x')`, `import('x')`. */
function moduleSpecifiers(sf: ts.SourceFile, calls: readonly ts.CallExpression[]): ts.StringLiteralLike[] {
	const out: ts.StringLiteralLike[] = [];
	for (const stmt of sf.statements) {
		const spec =
			ts.isImportDeclaration(stmt) || ts.isExportDeclaration(stmt)
				? stmt.moduleSpecifier
				: ts.isImportEqualsDeclaration(stmt) && ts.isExternalModuleReference(stmt.moduleReference)
					? stmt.moduleReference.expression
					: undefined;
		if (spec && ts.isStringLiteral(spec)) out.push(spec);
	}
	for (const call of calls) {
		const callee = call.expression;
		const loads =
			callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require");
		const arg = call.arguments[0];
		if (loads && arg && ts.isStringLiteralLike(arg)) out.push(arg);
	}
	return out;
}

/** The package other than `own` that a module specifier of `file` names, or null. */
function otherPackage(spec: string, own: WorkspacePackage, repoRoot: string, file: string): string | null {
	if (spec.startsWith("./") || spec.startsWith("../") || spec === "." || spec === "..") {
		const target = posix.normalize(posix.join(posix.dirname(file), spec));
		if (target.startsWith("..")) return null; // outside the repository
		// Inside its own (non-root) package folder: no other package, no look-up.
		if (own.dir !== "" && (target === own.dir || target.startsWith(`${own.dir}/`))) return null;
		// The target as a folder first (`../ui` may be a package folder), then the folders above it.
		const entered = nearestPackage(repoRoot, `${target}/_`);
		return entered && entered.name !== own.name ? entered.name : null;
	}
	if (spec.startsWith("/")) return null;
	const name = packageOfSpecifier(spec);
	return name && name !== own.name ? name : null;
}

/**
 * The packages other than its own that a file imports: a bare specifier's package name (`@acme/ui`),
 * and the package a relative import enters when it leaves the file's package folder
 * (`../../packages/ui/src/x` → `@acme/ui`). A bare name need not be a workspace package: a caller
 * matches the names against the packages it knows. `line`: the last line naming one (the record's
 * line, so that lines added above the imports move it as they move the file's sites).
 */
export function importedPackages(
	sf: ts.SourceFile,
	calls: readonly ts.CallExpression[],
	repoRoot: string,
	file: string,
): { names: string[]; line: number } {
	const own = nearestPackage(repoRoot, file);
	if (!own) return { names: [], line: 0 };
	const names = new Set<string>();
	let line = 0;
	for (const literal of moduleSpecifiers(sf, calls)) {
		const name = otherPackage(literal.text, own, repoRoot, file);
		if (name === null) continue;
		names.add(name);
		line = Math.max(line, sf.getLineAndCharacterOfPosition(literal.getStart(sf)).line + 1);
	}
	return { names: [...names], line };
}
