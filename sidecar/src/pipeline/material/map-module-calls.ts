/**
 * The module-level lines of a held file that call or construct a definition the material names:
 * where that definition is plugged in or started (`registry.register(new SomeProvider())`,
 * `bus.setTransport(transport)`); a class counts as named
 * when the material names one of its methods. No definition holds
 * such a line, so no other pass of the map reaches it, and module blocks are read only for the
 * files the bodies hold.
 */
import { callHead, lineSpan } from "./call-heads.js";
import { named, reachedCandidate } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** Edges of a module's own code that plug a definition in or start it. */
const PLUG_KINDS = new Set(["call", "new"]);

/** List the module-level call lines (at most `perFile` a file) of each file the material holds. */
export function listModuleCalls(m: SignatureMap, perFile: number): void {
	for (const file of m.a.files()) listModuleCallsOf(m, file, perFile);
}

/**
 * List right away (not waiting), in line order, `file`'s module-level lines that call or construct a
 * definition the material names, if the material holds the file: at most `perFile` over all visits.
 */
export function listModuleCallsOf(m: SignatureMap, file: string, perFile: number): void {
	const { a } = m;
	if (perFile <= 0) return;
	const owner = a.firstSourceIn(file);
	const module = a.index.def(`${file}#(module)`);
	if (!owner || !module) return;
	const held = new Map(a.sources.map((s) => [s.node.def.id, s.node.def]));
	// A class whose method the material names counts as named: `new Provider()` plugs that method in.
	for (const s of a.sources) {
		const parent = s.node.def.parentId === null ? undefined : a.index.defById(s.node.def.parentId);
		if (parent?.kind === "class" && !held.has(parent.id)) held.set(parent.id, parent);
	}
	const lines = new Map<number, string>();
	for (const e of a.index.edgesFrom(module.id)) {
		const target = held.get(e.dst);
		if (!PLUG_KINDS.has(e.kind) || e.file !== file || e.line === null || !target || lines.has(e.line))
			continue;
		lines.set(e.line, named(target));
	}
	const c = reachedCandidate(
		module,
		{ depth: owner.node.depth, via: "module", from: null, relevance: 0 },
		owner.chain,
		"neighbour",
	);
	// A file visited again (a waiting entry brings it in) lists only what its first visits left of `perFile`.
	let n = a.sources.filter((s) => s.node.def.id === module.id && s.unit === "signature").length;
	for (const [line, target] of [...lines].sort(([x], [y]) => x - y)) {
		if (n >= perFile) return;
		if (a.isCovered(file, line, line)) continue;
		const from = callHead(a.index, file, line, 1);
		const label = `module-level line ${lineSpan(from, line)}: calls ${target}`;
		if (a.add(c, from, line, "signature", label, m.budget)) n++;
	}
}
