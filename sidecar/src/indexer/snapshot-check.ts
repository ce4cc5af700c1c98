/**
 * The argument asking a process started from the startup snapshot for the key its blob was built
 * for (snapshot-entry.ts answers; snapshot-build.ts checks a new blob with it). Not an option: after
 * `--snapshot-blob` node still reads its own options (`--check` is node's `-c`), and the process's
 * own arguments follow them. A module of its own: the builder must not load the entry's modules.
 */
export const CHECK_ARG = "check";
