#!/usr/bin/env node
/**
 * Prepares @rocket.chat/apps-engine 1.62.0's Deno runtime so a real AppManager can run the app in
 * tests. Run once after `npm ci` (.ci/run does); everything it fetches comes from the npm registry,
 * and nothing is fetched at test time (the engine runs `deno run --cached-only`). Idempotent.
 *
 * What the published package needs on a machine without jsr.io (see docs/app.md, "Testing"):
 *  1. stand-ins for the three jsr @std functions the runtime uses (writeAll, toArrayBuffer,
 *     parseArgs) and an import map pointing at them;
 *  2. src/definition/exceptions/AppsEngineException.ts, which one runtime file imports but the
 *     tarball lacks (a stand-in re-exporting the shipped .js);
 *  3. the Deno cache filled (`deno install --entrypoint`) in the folder the engine reads
 *     (env DENO_DIR, else <apps-engine>/.deno-cache), run through a symlink outside
 *     node_modules because Deno refuses to run scripts inside node_modules.
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
const require = createRequire(join(repo, "package.json"));
const engineDir = dirname(require.resolve("@rocket.chat/apps-engine/package.json"));
const runtimeDir = join(engineDir, "deno-runtime");
const denoDir = process.env.DENO_DIR ?? join(engineDir, ".deno-cache");
const denoBin = join(dirname(require.resolve("deno/package.json")), "deno");
const STAND_IN_VERSION = "codeask-1";

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

/** deno.jsonc is JSON with comments; the shipped one has none, but strip line comments anyway. */
function readJsonc(path) {
	return JSON.parse(readFileSync(path, "utf8").replace(/^\s*\/\/.*$/gm, ""));
}

function patchImportMap() {
	const configPath = join(runtimeDir, "deno.jsonc");
	const config = readJsonc(configPath);
	const imports = config.imports;
	delete imports["@std/cli"];
	imports["@std/cli/parse-args"] = "./codeask-std/parse-args.ts";
	imports["@std/io"] = "./codeask-std/io.ts";
	imports["@std/streams"] = "./codeask-std/streams.ts";
	writeIfChanged(configPath, `${JSON.stringify(config, null, "\t")}\n`);
	// The shipped lockfile pins the jsr packages no longer used; Deno rewrites it on install.
	rmSync(join(runtimeDir, "deno.lock"), { force: true });
}

function fillCache() {
	const marker = join(denoDir, `.${STAND_IN_VERSION}-filled`);
	if (existsSync(marker)) {
		log(`Deno cache already filled (${denoDir})`);
		return;
	}
	const outside = mkdtempSync(join(tmpdir(), "codeask-deno-"));
	const linked = join(outside, "deno-runtime");
	symlinkSync(runtimeDir, linked, "dir");
	try {
		log(`filling the Deno cache in ${denoDir} (npm packages from the npm registry)`);
		execFileSync(
			denoBin,
			["install", `--config=${join(runtimeDir, "deno.jsonc")}`, "--entrypoint", join(linked, "main.ts")],
			{
				cwd: linked,
				stdio: ["ignore", "inherit", "inherit"],
				env: {
					...process.env,
					DENO_DIR: denoDir,
					// Deno does not read the system CA bundle unless told to (registry proxies).
					DENO_CERT: process.env.DENO_CERT ?? "/etc/ssl/certs/ca-certificates.crt",
					DENO_NO_UPDATE_CHECK: "1",
				},
			},
		);
		writeFileSync(marker, `${new Date().toISOString()}\n`);
	} finally {
		rmSync(outside, { recursive: true, force: true });
	}
}

try {
	execFileSync(denoBin, ["--version"], { stdio: "ignore" });
	for (const [name, text] of Object.entries(STD_STAND_INS)) {
		writeIfChanged(join(runtimeDir, "codeask-std", name), text);
	}
	writeIfChanged(
		join(engineDir, "src", "definition", "exceptions", "AppsEngineException.ts"),
		EXCEPTION_STAND_IN,
	);
	patchImportMap();
	fillCache();
	log("ready");
} catch (error) {
	log(`failed: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
