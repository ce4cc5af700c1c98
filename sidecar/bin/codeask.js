#!/usr/bin/env node
// The `codeask` command. Committed (not built) so that `npm ci` can link it before `prepare`
// has compiled the TypeScript: npm skips a bin whose file does not exist yet.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const main = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(main))) {
	const root = fileURLToPath(new URL("../../", import.meta.url));
	process.stderr.write(
		`codeask: not built yet (${fileURLToPath(main)} is missing): run \`npm run build\` in ${root}\n`,
	);
	process.exit(2);
}
await import(main.href);
