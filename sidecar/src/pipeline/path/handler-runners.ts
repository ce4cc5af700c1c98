/** Where a key's handler that is an object (a value built by a chain of calls, not code) is run: the code calling its class's methods. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { hopsFrom } from "./graph.js";
import type { Edge, Hop, PathIndex } from "./types.js";

/** Runners of one handler object at most: with more, its class is a library every feature calls. */
const MAX_RUNNERS = 2;

/**
 * A key registered with an object as its handler (`const onPaid = new MailListener('paid').on(OrderPaid).loadData(…)`)
 * names no code that runs: the object is handed to a plugin, and a generic loop (`bus.ofType(h.event).subscribe(e =>
 * this.handle(h, e))`) calls its class's methods (`h.handle(…)`), with no key and no edge back to the object. So for each
 * handler that is a variable, the classes whose methods its value calls (not in its own file) are looked at; the
 * definitions outside those classes' files that call one of their methods — at most MAX_RUNNERS over all of them, tests
 * left out — run the object: each joins the graph after it (a `register` hop, cited where it calls the method), so the
 * flow goes on from the event to the plugin code that handles it. A class with more such callers (an injector, a
 * logger) says nothing about this object and is skipped.
 */
export function joinHandlerRunners(
	index: PathIndex,
	graph: Map<number, Edge[]>,
	byId: Map<number, DefRow>,
): void {
	for (const v of [...byId.values()]) {
		if (v.kind !== "variable" || !v.file || !isKeyHandler(index, v)) continue;
		const runs: Edge[] = [];
		for (const { runner } of runnersOf(index, v)) {
			if (runner.id === v.id) continue;
			if (!byId.has(runner.id)) {
				byId.set(runner.id, runner);
				graph.set(runner.id, hopsFrom(index, runner, byId));
			}
			runs.push({ to: runner.id, hop: runHop(index, v) });
		}
		// The object's own calls build it (at load time); when the key fires, the flow goes on in its runners.
		if (runs.length > 0) graph.set(v.id, runs);
	}
}

function isKeyHandler(index: PathIndex, v: DefRow): boolean {
	return index.edgesTo(v.id).some((e) => e.kind === "handler");
}

/** The code that runs `v`'s object: callers of its classes' methods, with the call; empty past MAX_RUNNERS. */
function runnersOf(index: PathIndex, v: DefRow): { runner: DefRow; call: EdgeRow }[] {
	const classes = new Set<number>();
	for (const e of index.edgesFrom(v.id)) {
		if (e.kind !== "call") continue;
		const m = index.defById(e.dst);
		if (m?.kind === "method" && m.parentId !== null && m.file !== v.file) classes.add(m.parentId);
	}
	const out: { runner: DefRow; call: EdgeRow }[] = [];
	for (const classId of classes) {
		const cls = index.defById(classId);
		if (cls?.kind !== "class" || !cls.file) continue;
		const found = new Map<number, { runner: DefRow; call: EdgeRow }>();
		for (const m of index.defsInFile(cls.file)) {
			if (m.parentId !== cls.id || m.kind !== "method") continue;
			for (const e of index.edgesTo(m.id)) {
				if (e.kind !== "call" || found.has(e.src)) continue;
				const r = index.defById(e.src);
				if (!r?.file || r.file === cls.file || r.file === v.file || isAuxiliaryPath(r.file)) continue;
				if (r.kind !== "function" && r.kind !== "method") continue;
				found.set(r.id, { runner: r, call: e });
			}
		}
		if (found.size === 0 || found.size > MAX_RUNNERS) continue;
		for (const f of found.values()) if (!out.some((o) => o.runner.id === f.runner.id)) out.push(f);
	}
	return out.length > MAX_RUNNERS ? [] : out;
}

/** Lines from the object's head to its register call cited together at most; further down, its head alone. */
const RUN_CITE_LINES = 6;

/**
 * The hop from the handler object to its runner, cited where the object is written (its head, down to
 * the call registering it under the key when that is near): the runner's own file is cited by its next
 * step, and the object's by nothing else.
 */
function runHop(index: PathIndex, v: DefRow): Hop {
	const head = v.startLine;
	const at = index.edgesTo(v.id).find((e) => e.kind === "handler" && e.file === v.file)?.line ?? null;
	const end = head !== null && at !== null && at > head && at - head < RUN_CITE_LINES ? at : head;
	const lines = v.file && head !== null && end !== null ? (index.fileLines(v.file, head, end) ?? []) : [];
	const text = lines.length > 0 ? lines.map((l) => l.trim()).join(" ") : null;
	return {
		kind: "register",
		key: null,
		file: v.file,
		line: head,
		...(end !== null && end !== head ? { endLine: end } : {}),
		text,
		named: v.name,
	};
}
