/**
 * The CLI's dependencies, direct or not, that run an install script (`preinstall`, `install`,
 * `postinstall`, or a `binding.gyp` npm builds by default). npm 11.16+ names them on a global
 * install (`npm warn install-scripts … not yet covered by allowScripts`): an advisory in npm 11
 * (the scripts still run), a block in npm 12, and better-sqlite3 needs its build. A package cannot
 * approve its own dependencies' scripts; the installing user does, with `--allow-scripts=<these>`.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const SCRIPTS = ["preinstall", "install", "postinstall"];

/** The package folder `name` resolves to from `fromDir`, by node_modules lookup. */
function packageDir(fromDir, name) {
	for (let dir = fromDir; ; dir = dirname(dir)) {
		const candidate = join(dir, "node_modules", name);
		if (existsSync(join(candidate, "package.json"))) return candidate;
		if (dirname(dir) === dir) return undefined;
	}
}

/** Names (sorted) of the packages among `names` and their dependencies that run an install script. */
export function installScriptPackages(fromDir, names) {
	const seen = new Set();
	const found = new Set();
	const visit = (from, name) => {
		const dir = packageDir(from, name);
		if (!dir || seen.has(dir)) return;
		seen.add(dir);
		const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
		const scripts = pkg.scripts ?? {};
		if (SCRIPTS.some((s) => scripts[s]) || existsSync(join(dir, "binding.gyp"))) found.add(pkg.name ?? name);
		for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dir, dep);
	};
	for (const name of names) visit(fromDir, name);
	return [...found].sort();
}
