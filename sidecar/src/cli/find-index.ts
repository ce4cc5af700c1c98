/**
 * Which index a command reads when no `--index` is given: `.codeask/index.db` in the current
 * folder or the nearest parent that has one (where `codeask index` writes it by default), then
 * `$CODEASK_INDEX`. So `codeask ask "…"` works anywhere inside an indexed repository.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { UsageError } from "./errors.js";

export const INDEX_OPTION_HELP =
	"index file built by `codeask index` (default: .codeask/index.db in this folder or the nearest parent, then $CODEASK_INDEX)";

/** The nearest `.codeask/index.db` from `cwd` upwards, or null. */
export function findIndexUpwards(cwd: string): string | null {
	let dir = resolve(cwd);
	for (;;) {
		const candidate = join(dir, ".codeask", "index.db");
		if (existsSync(candidate)) return candidate;
		const parent = dirname(dir);
		if (parent === dir) return null;
		dir = parent;
	}
}

/** The index to use when `--index` is absent: upwards from `cwd`, then CODEASK_INDEX, else null. */
export function defaultIndexPath(
	cwd: string,
	env: Readonly<Record<string, string | undefined>>,
): string | null {
	return findIndexUpwards(cwd) ?? (env.CODEASK_INDEX?.trim() ? env.CODEASK_INDEX : null);
}

/**
 * How a command treats a missing `--index`: "required" commands fail with one sentence when no
 * index is found; "optional" ones (diagram) run without; the long-running "service" commands keep
 * their own configuration (flag, CODEASK_INDEX, then .codeask/index.db, see docs/service.md) and
 * only take a found index when CODEASK_INDEX is not set.
 */
const POLICY: Record<string, "optional" | "service"> = {
	diagram: "optional",
	serve: "service",
	mcp: "service",
};

/** A preAction hook: fill in `--index` for any command that has the option and was not given it. */
export function fillIndexOption(
	command: Command,
	cwd: string = process.cwd(),
	env: Readonly<Record<string, string | undefined>> = process.env,
): void {
	if (!command.options.some((o) => o.attributeName() === "index")) return;
	if (command.getOptionValue("index") !== undefined) return;
	const policy = POLICY[command.name()] ?? "required";
	if (policy === "service") {
		const found = env.CODEASK_INDEX ? null : findIndexUpwards(cwd);
		if (found) command.setOptionValue("index", found);
		return;
	}
	const path = defaultIndexPath(cwd, env);
	if (path) command.setOptionValue("index", path);
	else if (policy === "required")
		throw new UsageError(
			`no index: there is no .codeask/index.db in ${resolve(cwd)} or any parent folder and CODEASK_INDEX is not set; run \`codeask index <repo>\` or pass --index <file>`,
		);
}
