#!/usr/bin/env node
/**
 * Part of `npm run build` (after tsc): bundle an incremental run's type-checked half
 * (dist/indexer/snapshot-entry.js with the indexer, the trunk extractor, ts-morph and its
 * TypeScript) into one CommonJS script, dist/snapshot/incremental.cjs, which `node --build-snapshot`
 * can run (it may not require() userland modules: everything is inside but better-sqlite3, a native
 * addon loaded by path after start). Beside it, incremental.json: the bundle's hash (part of the
 * blob's key) and each of our own modules in it with its hash (a run checks dist/ still holds them).
 * Without esbuild (an install without dev dependencies) nothing is bundled: runs use the worker thread.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const sidecarDir = fileURLToPath(new URL("../", import.meta.url));
const outDir = join(sidecarDir, "dist/snapshot");
const outfile = join(outDir, "incremental.cjs");
const sha1 = (b) => createHash("sha1").update(b).digest("hex");

let esbuild;
try {
	esbuild = await import("esbuild");
} catch {
	noBundle("esbuild is not installed");
}

/**
 * `createRequire(import.meta.url)(…)` loads CommonJS packages without Node's ES-module scan
 * (lib/ts-morph.js, program.ts); in a CommonJS bundle that is plain `require`, which esbuild follows.
 */
const plainRequire = {
	name: "plain-require",
	setup(build) {
		build.onLoad({ filter: /\.js$/ }, (args) => {
			const text = readFileSync(args.path, "utf8");
			if (!text.includes("createRequire(import.meta.url)")) return undefined;
			return { contents: text.replaceAll("createRequire(import.meta.url)", "require"), loader: "js" };
		});
	},
};

/** The snapshot is an optimisation: a bundle that cannot be made must not fail `npm ci` (`prepare`). */
function noBundle(why) {
	process.stderr.write(`bundle-snapshot: ${why}: no startup snapshot for incremental runs\n`);
	rmSync(outDir, { recursive: true, force: true });
	process.exit(0);
}

const result = await esbuild
	.build({
		absWorkingDir: sidecarDir,
		entryPoints: ["dist/indexer/snapshot-entry.js"],
		bundle: true,
		platform: "node",
		format: "cjs",
		target: "node20",
		outfile,
		external: ["better-sqlite3"],
		plugins: [plainRequire],
		metafile: true,
		logLevel: "error",
	})
	.catch((err) =>
		noBundle(`esbuild failed (${err instanceof Error ? err.message.split("\n")[0] : String(err)})`),
	);
const bundle = readFileSync(outfile);
const sources = Object.keys(result.metafile.inputs)
	.filter((p) => !p.includes("node_modules/"))
	.sort()
	.map((p) => [relative(sidecarDir, join(sidecarDir, p)), sha1(readFileSync(join(sidecarDir, p)))]);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "incremental.json"), `${JSON.stringify({ hash: sha1(bundle), sources })}\n`);
