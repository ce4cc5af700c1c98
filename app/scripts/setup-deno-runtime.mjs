/**
 * Prepares the Deno runtimes of the two Apps-Engine versions the integration test installs the app
 * into, so a real AppManager can run it: the oldest the app supports (@rocket.chat/apps-engine
 * 1.46.0, the app's own devDependency, run by Deno 1.46.3) and the newest on npm that still ships
 * its server (apps-engine-162 = 1.62.0, run by Deno 2.5.6). Run once after `npm ci` (.ci/run
 * does); everything it fetches comes from the npm registry, and nothing is fetched at test time
 * (the runtimes run with `--cached-only`). Idempotent.
 *
 * What the published packages need on a machine without jsr.io or deno.land (docs/app.md, "Testing"):
 *  1. stand-ins for the @std functions the runtimes import (1.62: writeAll, toArrayBuffer,
 *     parseArgs from jsr; 1.46: writeAll from deno.land) and an import map pointing at them;
 *  2. (1.62) src/definition/exceptions/AppsEngineException.ts, which one runtime file imports but
 *     the tarball lacks (a stand-in re-exporting the shipped .js);
 *  3. the Deno cache filled in the folder each engine reads (<engine>/.deno-cache, or env
 *     DENO_DIR for 1.62), run through a symlink outside node_modules because Deno refuses to
 *     run scripts inside node_modules.
 * (1.46.0 finds Deno through its dependency deno-bin, whose install script downloads from GitHub:
 * the root package.json overrides it with app/test/deno-bin, a stand-in running npm's deno 1.46.3.)
 *
 * Usage: node app/scripts/setup-deno-runtime.mjs   (exit 0 ready, 1 failed)
 */
import { execFileSync } from "node:child_process";
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const appRequire = createRequire(join(repo, "app", "package.json"));
const packageDir = (name) => dirname(appRequire.resolve(`${name}/package.json`));
const STAND_IN_VERSION = "codeask-2";

const STD_STAND_INS = {
	"io.ts": `// Stand-in for jsr:@std/io (unreachable here): only writeAll is used by the runtime.
export async function writeAll(writer: { write(p: Uint8Array): Promise<number> }, data: Uint8Array): Promise<void> {
	let written = 0;
	while (written < data.length) {
		written += await writer.write(data.subarray(written));
	}
}
`,
	"streams.ts": `// Stand-in for jsr:@std/streams: only toArrayBuffer is used by the runtime.
export async function toArrayBuffer(readable: ReadableStream<Uint8Array>): Promise<ArrayBuffer> {
	return await new Response(readable).arrayBuffer();
}
`,
	"parse-args.ts": `// Stand-in for jsr:@std/cli/parse-args: the runtime passes only --name value pairs.
export function parseArgs(args: string[]): Record<string, unknown> {
	const parsed: Record<string, unknown> = { _: [] as string[] };
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		if (!arg.startsWith("--")) {
			(parsed._ as string[]).push(arg);
			continue;
		}
		const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
		const value = inline ?? (i + 1 < args.length && !args[i + 1].startsWith("--") ? args[++i] : true);
		parsed[name] = typeof value === "string" && value !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;
	}
	return parsed;
}
`,
};

const EXCEPTION_STAND_IN = `// Stand-in: the published apps-engine ships only the compiled .js of this module.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
export const { AppsEngineException } = require("../../../definition/exceptions/AppsEngineException.js");
`;

function log(message) {
	process.stderr.write(`[setup-deno-runtime] ${message}\n`);
}

function writeIfChanged(path, text) {
	if (existsSync(path) && readFileSync(path, "utf8") === text) return;
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

/** deno.jsonc is JSON with comments; the shipped ones have none, but strip line comments anyway. */
function readJsonc(path) {
	return JSON.parse(readFileSync(path, "utf8").replace(/^\s*\/\/.*$/gm, ""));
}

/** Rewrites the runtime's import map with `edit`, and drops the lockfile pinning what it no longer uses. */
function patchImportMap(runtimeDir, edit) {
	const configPath = join(runtimeDir, "deno.jsonc");
	const config = readJsonc(configPath);
	edit(config.imports);
	writeIfChanged(configPath, `${JSON.stringify(config, null, "\t")}\n`);
	rmSync(join(runtimeDir, "deno.lock"), { force: true });
}

/** Fills `denoDir` with everything `main.ts` imports, through a symlink outside node_modules. */
function fillCache({ label, denoBin, runtimeDir, denoDir, args, env = {} }) {
	const marker = join(denoDir, `.${STAND_IN_VERSION}-filled`);
	if (existsSync(marker)) {
		log(`${label}: Deno cache already filled (${denoDir})`);
		return;
	}
	const outside = mkdtempSync(join(tmpdir(), "codeask-deno-"));
	const linked = join(outside, "deno-runtime");
	symlinkSync(runtimeDir, linked, "dir");
	try {
		log(`${label}: filling the Deno cache in ${denoDir} (npm packages from the npm registry)`);
		execFileSync(denoBin, [...args, `--config=${join(runtimeDir, "deno.jsonc")}`, join(linked, "main.ts")], {
			cwd: linked,
			stdio: ["ignore", "inherit", "inherit"],
			env: {
				...process.env,
				...env,
				DENO_DIR: denoDir,
				// Deno does not read the system CA bundle unless told to (registry proxies).
				DENO_CERT: process.env.DENO_CERT ?? "/etc/ssl/certs/ca-certificates.crt",
				DENO_NO_UPDATE_CHECK: "1",
			},
		});
		writeFileSync(marker, `${new Date().toISOString()}\n`);
	} finally {
		rmSync(outside, { recursive: true, force: true });
	}
}

/** Apps-Engine 1.62.0 (apps-engine-162), run by Deno 2.5.6 (the npm package deno). */
function setUpNewest() {
	const engineDir = packageDir("apps-engine-162");
	const runtimeDir = join(engineDir, "deno-runtime");
	const denoBin = join(packageDir("deno"), "deno");
	execFileSync(denoBin, ["--version"], { stdio: "ignore" });
	for (const [name, text] of Object.entries(STD_STAND_INS)) {
		writeIfChanged(join(runtimeDir, "codeask-std", name), text);
	}
	writeIfChanged(
		join(engineDir, "src", "definition", "exceptions", "AppsEngineException.ts"),
		EXCEPTION_STAND_IN,
	);
	// The runtime maps engine imports to <engine>/src/… and strips "apps-engine/src/" to find the
	// shipped .js; under the npm alias folder (apps-engine-162) that string does not occur.
	const requirePath = join(runtimeDir, "lib", "require.ts");
	writeIfChanged(
		requirePath,
		readFileSync(requirePath, "utf8").replace(
			".replace('apps-engine/src/', 'apps-engine/')",
			".replace(/(apps-engine[^/]*)\\/src\\//, '$1/')",
		),
	);
	patchImportMap(runtimeDir, (imports) => {
		delete imports["@std/cli"];
		imports["@std/cli/parse-args"] = "./codeask-std/parse-args.ts";
		imports["@std/io"] = "./codeask-std/io.ts";
		imports["@std/streams"] = "./codeask-std/streams.ts";
	});
	fillCache({
		label: "apps-engine 1.62.0",
		denoBin,
		runtimeDir,
		denoDir: process.env.DENO_DIR ?? join(engineDir, ".deno-cache"),
		args: ["install", "--entrypoint"],
	});
}

/** Apps-Engine 1.46.0 (the app's @rocket.chat/apps-engine), run by Deno 1.46.3 via deno-bin. */
function setUpOldest() {
	const engineDir = packageDir("@rocket.chat/apps-engine");
	const runtimeDir = join(engineDir, "deno-runtime");
	const denoBin = join(packageDir("deno-bin"), "bin", "deno");
	execFileSync(denoBin, ["--version"], { stdio: "ignore" });
	writeIfChanged(join(runtimeDir, "codeask-std", "io.ts"), STD_STAND_INS["io.ts"]);
	patchImportMap(runtimeDir, (imports) => {
		imports["https://deno.land/std@0.216.0/io/write_all.ts"] = "./codeask-std/io.ts";
	});
	fillCache({
		label: "apps-engine 1.46.0",
		denoBin,
		runtimeDir,
		// 1.46.0 always uses <engine>/.deno-cache; package.json files are not the runtime's config.
		denoDir: join(engineDir, ".deno-cache"),
		args: ["cache"],
		env: { DENO_NO_PACKAGE_JSON: "1" },
	});
}

try {
	setUpNewest();
	setUpOldest();
	log("ready");
} catch (error) {
	log(`failed: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
