/** Whether a line of code names a definition outside comments and strings, or imports a given file. */
import { posix } from "node:path";
import { codeOnly, isBlank } from "./source-lines.js";
import { namesIn } from "./verify.js";

/** Does `line` name `name` outside comments and string literals? */
export function namesInCode(line: string, name: string, inStrings = false): boolean {
	if (isBlank(line)) return false;
	return inStrings || namesIn(codeOnly(line.trim()), name);
}

/**
 * Does `line`, written in `from`, import (or re-export from) the module `file`? A relative path is
 * resolved; a package path (an alias) counts when it ends in the file's own name.
 */
export function importsFile(line: string, from: string, file: string): boolean {
	const spec = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"`])([^'"`]+)\1/.exec(line)?.[2];
	if (!spec) return false;
	const bare = (f: string) => f.replace(/\.[cm]?[jt]sx?$/, "").replace(/\/index$/, "");
	if (spec.startsWith(".")) return bare(posix.join(posix.dirname(from), spec)) === bare(file);
	return bare(spec).endsWith(`/${posix.basename(bare(file))}`);
}
