import { resolve } from "node:path";

/** Exit codes shared by every `codeask` command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * A known, user-facing problem (bad input, missing index, bad config): printed as one line
 * and exits 2. Anything else is a bug and is re-thrown with its stack.
 */
export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "UsageError";
	}
}

/** Errors of lower layers whose message is already a sentence for the user (mapped by name). */
const KNOWN_ERRORS = new Set(["IndexError", "TrunkConfigError"]);

/** What the failing command was working on, to name it in the sentence. */
export interface ErrorContext {
	/** The index file being read (--index), if any. */
	index?: string;
	/** The file being written (index --out), if any. */
	out?: string;
}

const ERRNO_REASONS: Record<string, string> = {
	ENOSPC: "no space left on the device",
	EDQUOT: "the disk quota is used up",
	EFBIG: "the file is larger than the file size limit (ulimit -f)",
	EACCES: "permission denied",
	EPERM: "operation not permitted",
	EROFS: "the file system is read-only",
	ENOENT: "no such file or folder",
	ENOTDIR: "a part of the path is not a folder",
	EISDIR: "it is a folder",
	EEXIST: "it already exists",
	ENAMETOOLONG: "the name is too long",
	ELOOP: "too many symbolic links",
	EINVAL: "invalid path",
	EMFILE: "too many open files",
	EIO: "input/output error",
	EBUSY: "the file is busy",
	ETXTBSY: "the file is busy",
	EXDEV: "it is on another device",
};

const WRITE_SYSCALLS = new Set(["mkdir", "open", "write", "rename", "copyfile", "unlink", "rmdir", "fsync"]);

/**
 * One clear sentence for the failures a user can cause or fix — a damaged index, an output
 * that cannot be written, a full disk — or null for a bug (printed with its stack).
 */
export function describeError(err: unknown, context: ErrorContext = {}): string | null {
	if (!(err instanceof Error)) return null;
	if (err.name === "IndexError" && (err as { code?: unknown }).code === "index-corrupt")
		return `${err.message}: the file is damaged or is not a CodeAsk index; rebuild it with \`codeask index <repo> --full\``;
	if (err instanceof UsageError || KNOWN_ERRORS.has(err.name)) return err.message;
	const code = (err as { code?: unknown }).code;
	if (typeof code !== "string") return null;
	if (code.startsWith("SQLITE_")) return describeSqlite(code, err.message, context);
	const reason = ERRNO_REASONS[code];
	if (!reason) return null;
	const e = err as NodeJS.ErrnoException;
	const path = e.path ?? context.out;
	const writing =
		(e.syscall !== undefined && WRITE_SYSCALLS.has(e.syscall)) ||
		(path !== undefined && context.out !== undefined && resolve(context.out).startsWith(resolve(path)));
	const verb = writing ? "cannot write" : "cannot read";
	const what = path ? `${verb} ${path}` : `${verb} a file`;
	return `${what}: ${reason}${code === "ENOSPC" || code === "EFBIG" || code === "EDQUOT" ? "; nothing was replaced" : ""}`;
}

function describeSqlite(code: string, message: string, context: ErrorContext): string {
	if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") {
		const file = context.index ?? context.out ?? "the index";
		return `${file} is damaged or is not a CodeAsk index (${message}): rebuild it with \`codeask index <repo> --full\``;
	}
	const file = context.out ?? context.index;
	const target = file ? ` ${file}` : " the index";
	if (code === "SQLITE_FULL") return `cannot write${target}: the disk is full; nothing was replaced`;
	if (code === "SQLITE_CANTOPEN")
		return `cannot open${target}: its folder does not exist or cannot be written`;
	if (code.startsWith("SQLITE_READONLY") || code === "SQLITE_PERM" || code === "SQLITE_AUTH")
		return `cannot write${target}: it is read-only`;
	if (code.startsWith("SQLITE_IOERR"))
		return `cannot ${context.out ? "write" : "read"}${target}: input/output error (${message}; a full disk or a file size limit?)`;
	return `the index${file ? ` ${file}` : ""} could not be used: ${message}`;
}
