/**
 * SvelteKit's import aliases: `$lib` (always `src/lib`) and the `kit.alias` entries of
 * svelte.config.js. SvelteKit writes them into a generated `.svelte-kit/tsconfig.json` that the
 * package's tsconfig extends, and that file is absent from a checkout: without this, every
 * `$lib/…` import of a SvelteKit app is unresolved.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ts } from "#ts-morph";

const manifestSchema = z.looseObject({
	dependencies: z.record(z.string(), z.unknown()).optional(),
	devDependencies: z.record(z.string(), z.unknown()).optional(),
	peerDependencies: z.record(z.string(), z.unknown()).optional(),
});

const CONFIG_FILES = ["svelte.config.js", "svelte.config.mjs", "svelte.config.ts"];

function dependsOnKit(packageDir: string): boolean {
	try {
		const parsed = manifestSchema.safeParse(
			JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")),
		);
		if (!parsed.success) return false;
		const { dependencies, devDependencies, peerDependencies } = parsed.data;
		return [dependencies, devDependencies, peerDependencies].some(
			(list) => list?.["@sveltejs/kit"] !== undefined,
		);
	} catch {
		return false;
	}
}

/** A property's name when it is written as an identifier or a string. */
function propertyName(name: ts.PropertyName): string | undefined {
	return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The object literal of property `name` in `object`, if it is written as one. */
function objectProperty(
	object: ts.ObjectLiteralExpression,
	name: string,
): ts.ObjectLiteralExpression | undefined {
	for (const p of object.properties) {
		if (
			ts.isPropertyAssignment(p) &&
			propertyName(p.name) === name &&
			ts.isObjectLiteralExpression(p.initializer)
		)
			return p.initializer;
	}
	return undefined;
}

/**
 * `kit.alias` of a svelte.config file when written as an object literal of string values
 * (anything computed is left out: the file is read, never run). Keys as written, values relative
 * to the package folder.
 */
export function kitAliases(configText: string): Record<string, string> {
	const sf = ts.createSourceFile("svelte.config.js", configText, ts.ScriptTarget.ES2022, true);
	const out: Record<string, string> = {};
	const visit = (node: ts.Node): void => {
		const kit = ts.isObjectLiteralExpression(node) ? objectProperty(node, "kit") : undefined;
		const alias = kit && objectProperty(kit, "alias");
		if (!alias) {
			ts.forEachChild(node, visit);
			return;
		}
		for (const p of alias.properties) {
			if (!ts.isPropertyAssignment(p) || !ts.isStringLiteralLike(p.initializer)) continue;
			const key = propertyName(p.name);
			if (key) out[key] = p.initializer.text;
		}
	};
	visit(sf);
	return out;
}

/**
 * tsconfig-style `paths` for a SvelteKit package (absolute targets, so they hold whatever the
 * package's own `baseUrl`): `$lib` → `src/lib`, then its `kit.alias` entries. A key without `/*`
 * names a file or a folder, as SvelteKit reads it: both it and its `/*` are mapped. Null for a
 * package that does not depend on `@sveltejs/kit`.
 */
export function svelteKitPaths(packageDir: string): Record<string, string[]> | null {
	if (!dependsOnKit(packageDir)) return null;
	const aliases: Record<string, string> = { $lib: "src/lib" };
	const config = CONFIG_FILES.map((f) => join(packageDir, f)).find((f) => existsSync(f));
	if (config) {
		try {
			Object.assign(aliases, kitAliases(readFileSync(config, "utf8")));
		} catch {
			// An unreadable config leaves `$lib` alone.
		}
	}
	const paths: Record<string, string[]> = {};
	for (const [key, value] of Object.entries(aliases)) {
		const target = join(packageDir, value);
		if (key.endsWith("/*")) {
			paths[key] = [target];
			continue;
		}
		paths[key] = [target];
		paths[`${key}/*`] = [join(target, "*")];
	}
	return paths;
}
