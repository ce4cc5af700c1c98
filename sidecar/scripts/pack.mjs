#!/usr/bin/env node
/**
 * `npm run pack:cli`: pack the `codeask` CLI as one tarball that installs anywhere
 * (`npm i -g ./codeask-<version>.tgz`), written to the current folder (or --out DIR).
 *
 * The sidecar imports the workspace package @codeask/shared, which is on no registry, and npm
 * does not bundle a workspace link when packing a workspace. So the package is laid out in a
 * staging folder: the sidecar's `files` (bin/, dist/, presets/), its runtime dependencies, and
 * @codeask/shared's built files as a real bundled dependency. `npm run pack:cli` builds first (a pulled
 * clone would otherwise pack the build of its last install). It prints the install command with the
 * `--allow-scripts=` list npm 11.16+ asks for (install-scripts.mjs).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { installScriptPackages } from "./install-scripts.mjs";

const sidecarDir = fileURLToPath(new URL("../", import.meta.url));
const rootDir = resolve(sidecarDir, "..");
const sharedDir = join(rootDir, "shared");
const outIdx = process.argv.indexOf("--out");
const outDir = resolve(outIdx > 0 ? process.argv[outIdx + 1] : process.cwd());

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const root = readJson(join(rootDir, "package.json"));
const sidecar = readJson(join(sidecarDir, "package.json"));
const shared = readJson(join(sharedDir, "package.json"));

for (const dir of [join(sidecarDir, "dist/cli/main.js"), join(sharedDir, "dist/index.js")]) {
	if (!existsSync(dir)) {
		process.stderr.write(`pack: ${dir} is missing: run \`npm run build\` first\n`);
		process.exit(2);
	}
}

const stage = mkdtempSync(join(tmpdir(), "codeask-pack-"));
try {
	for (const entry of sidecar.files) cpSync(join(sidecarDir, entry), join(stage, entry), { recursive: true });
	cpSync(join(rootDir, "README.md"), join(stage, "README.md"));
	const bundled = join(stage, "node_modules", "@codeask", "shared");
	cpSync(join(sharedDir, "dist"), join(bundled, "dist"), { recursive: true });
	// Without its `dependencies`: npm would expect them inside the bundle too and leave empty
	// folders. They resolve from the CLI's own (every one of them is also a sidecar dependency).
	const { name, version, type, main, types, exports, dependencies } = shared;
	const missing = Object.keys(dependencies ?? {}).filter((d) => !(d in sidecar.dependencies));
	if (missing.length) {
		process.stderr.write(`pack: add ${missing.join(", ")} to sidecar/package.json dependencies\n`);
		process.exit(2);
	}
	writeFileSync(
		join(bundled, "package.json"),
		`${JSON.stringify({ name, version, type, main, types, exports }, null, 2)}\n`,
	);
	const pkg = {
		name: "codeask",
		version: sidecar.version,
		description: root.description,
		type: "module",
		license: root.license,
		engines: root.engines,
		bin: sidecar.bin,
		imports: sidecar.imports,
		files: sidecar.files,
		dependencies: sidecar.dependencies,
		bundleDependencies: ["@codeask/shared"],
	};
	writeFileSync(join(stage, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
	const r = spawnSync("npm", ["pack", "--pack-destination", outDir], {
		cwd: stage,
		stdio: ["ignore", "pipe", "inherit"],
		encoding: "utf8",
	});
	if (r.status !== 0) process.exit(r.status ?? 1);
	const tarball = r.stdout.trim().split("\n").pop();
	process.stdout.write(`${join(outDir, tarball)}\n`);
	// npm 11.16+ asks the installing user to approve dependencies' install scripts (install-scripts.mjs).
	const scripts = installScriptPackages(sidecarDir, Object.keys(sidecar.dependencies));
	if (scripts.length)
		process.stderr.write(
			`pack: install with \`npm i -g --allow-scripts=${scripts.join(",")} ${join(outDir, tarball)}\`` +
				" (npm 11.16+ asks to approve these dependencies' install scripts, and npm 12 will not run them unapproved; better-sqlite3's compiles its native module)\n",
		);
} finally {
	rmSync(stage, { recursive: true, force: true });
}
