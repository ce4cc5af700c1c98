/** The `name` of the nearest package.json above a repo-relative file (workspace package of the file). */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const cache = new Map<string, string | null>();

function packageNameIn(absDir: string): string | null | undefined {
	try {
		const pkg = JSON.parse(readFileSync(join(absDir, "package.json"), "utf8")) as { name?: unknown };
		return typeof pkg.name === "string" ? pkg.name : null;
	} catch {
		return undefined;
	}
}

export function nearestPackageName(repoRoot: string, file: string): string | null {
	const segments = file.split("/").slice(0, -1);
	const seen: string[] = [];
	for (let i = segments.length; i >= 0; i--) {
		const rel = segments.slice(0, i).join("/");
		const abs = join(repoRoot, rel);
		const cached = cache.get(abs);
		if (cached !== undefined) {
			for (const s of seen) cache.set(s, cached);
			return cached;
		}
		seen.push(abs);
		const name = packageNameIn(abs);
		if (name !== undefined) {
			for (const s of seen) cache.set(s, name);
			return name;
		}
	}
	for (const s of seen) cache.set(s, null);
	return null;
}
