/**
 * Module-level blocks of a file: code that belongs to no definition but decides how a feature is
 * wired — top-level register calls (`callbacks.add(…)`, `api.addRoute(…)`), start-up blocks
 * (`Meteor.startup(…)`), configuration computed from the environment, and the file's header
 * comment (warnings such as "do not change without a migration" live there).
 *
 * Found from what the index knows: the lines no top-level definition covers are the module's
 * own statements (a statement starts at column 0 and runs over the indented lines after it);
 * module-level variables are definitions, and those computed from the environment are config.
 * No parse is needed, so this is cheap enough to run on every file the material reads.
 */
import type { DefRow } from "../../index/types.js";

export type BlockKind = "register" | "startup" | "env" | "header" | "wiring";

export interface ModuleBlock {
	kind: BlockKind;
	startLine: number;
	endLine: number;
	/** What the block is: `callbacks.add('afterMessageSave', …)`, `header comment`, `X from the environment`. */
	label: string;
}

/** A header that only carries a licence or tool pragmas says nothing about the code. */
const BOILERPLATE = /licen[cs]e|copyright|eslint-|@ts-|prettier-ignore|biome-ignore|^\s*\/\/\s*#/i;
const STARTUP = /(?:^|\.)(?:startup|onStartup|ready|init|initialize|bootstrap|onLoad|run|main)$/i;
const ENV = /\bprocess\.env\b|\bimport\.meta\.env\b|\bDeno\.env\b/;
const CALL =
	/^(?:await\s+|void\s+)?([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(?:<[^>]*>)?\(\s*([^,)]*)/;
const COMMENT = /^\s*(?:\/\/|\/\*|\*|\*\/)/;
/** Lines that wire modules together: side-effect imports (`import './v1/chat'`) and re-exports. */
const WIRING =
	/^(?:import\s+['"]|export\s+\*\s+from|export\s+\*\s+as\s+\w+\s+from|export\s+\{[^}]*\}\s+from)/;
const CLOSING = /^[)}\]]/;
/** Longest block kept whole; a longer one gives its head (the call and its key), not its body. */
export const MAX_BLOCK_LINES = 12;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The module-level blocks of a file (file order), given its lines and its indexed definitions. */
export function moduleBlocks(lines: readonly string[], defs: readonly DefRow[]): ModuleBlock[] {
	const blocks: ModuleBlock[] = [];
	const moduleIds = new Set(defs.filter((d) => d.kind === "module").map((d) => d.id));
	const top = defs.filter(
		(d) =>
			d.kind !== "module" &&
			d.kind !== "dispatch-key" &&
			d.startLine !== null &&
			d.endLine !== null &&
			(d.parentId === null || moduleIds.has(d.parentId)),
	);
	const covered = new Uint8Array(lines.length + 2);
	for (const d of top) for (let l = d.startLine as number; l <= (d.endLine as number); l++) covered[l] = 1;

	// Header: the comment lines the file opens with.
	let h = 0;
	while (h < lines.length && (COMMENT.test(lines[h] ?? "") || !(lines[h] ?? "").trim())) h++;
	const header = lines.slice(0, h).join("\n");
	if (
		h > 0 &&
		COMMENT.test(header) &&
		!BOILERPLATE.test(header) &&
		header.replace(/[/*\s]/g, "").length > 20
	) {
		const first = lines.findIndex((l) => COMMENT.test(l));
		let last = h - 1;
		while (last > first && !(lines[last] ?? "").trim()) last--;
		blocks.push({ kind: "header", startLine: first + 1, endLine: last + 1, label: "header comment" });
	}

	// Wiring: runs of side-effect imports and re-exports (what an entry file is made of).
	for (let i = h; i < lines.length; i++) {
		if (!WIRING.test(lines[i] ?? "")) continue;
		let end = i;
		while (end + 1 < lines.length && (WIRING.test(lines[end + 1] ?? "") || !(lines[end + 1] ?? "").trim()))
			end++;
		while (end > i && !(lines[end] ?? "").trim()) end--;
		blocks.push({
			kind: "wiring",
			startLine: i + 1,
			endLine: end + 1,
			label: `${end - i + 1} lines of imports and re-exports`,
		});
		i = end;
	}

	// Statements in the gaps between top-level definitions.
	for (let i = h; i < lines.length; i++) {
		const line = i + 1;
		const text = lines[i] ?? "";
		if (covered[line] || !text.trim() || /^\s/.test(text) || CLOSING.test(text) || COMMENT.test(text))
			continue;
		if (/^(?:import|export\s+(?:\*|\{[^}]*\}\s*from|type)|['"]use )/.test(text)) continue;
		let end = i;
		while (
			end + 1 < lines.length &&
			!covered[end + 2] &&
			(/^\s/.test(lines[end + 1] ?? "") ||
				CLOSING.test(lines[end + 1] ?? "") ||
				!(lines[end + 1] ?? "").trim())
		)
			end++;
		while (end > i && !(lines[end] ?? "").trim()) end--;
		const m = CALL.exec(text);
		if (m) {
			const callee = (m[1] ?? "").replace(/\s+/g, "");
			const key = (m[2] ?? "").trim();
			const single = /^(?:async\s*)?(?:function\b|\(\s*\)\s*=>)/.test(key);
			blocks.push({
				kind: STARTUP.test(callee) || single ? "startup" : "register",
				startLine: line,
				endLine: end + 1,
				label: `${clip(callee, 60)}(${key && !single ? `${clip(key, 60)}, …` : "…"})`,
			});
		}
		i = end;
	}

	// Configuration computed from the environment (module-level variables are definitions).
	for (const d of top) {
		if (d.kind !== "variable") continue;
		const text = lines.slice((d.startLine as number) - 1, d.endLine as number).join("\n");
		if (ENV.test(text)) {
			blocks.push({
				kind: "env",
				startLine: d.startLine as number,
				endLine: d.endLine as number,
				label: `${clip(d.name, 60)} from the environment`,
			});
		}
	}
	return blocks.sort((a, b) => a.startLine - b.startLine);
}
