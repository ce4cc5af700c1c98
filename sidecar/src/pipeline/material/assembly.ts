/**
 * One assembly's ledger: the sources chosen so far, the tokens they cost against the budget, the
 * lines they cover (nothing is added twice), and the files and folders the signature map lists.
 */
import type { DefRow } from "../../index/types.js";
import { registerHead } from "./call-heads.js";
import { type Candidate, named } from "./candidate.js";
import { compactBody } from "./compact-text.js";
import type { MaterialIndex } from "./material-index.js";
import type { MapReach } from "./reach.js";
import { signatureText } from "./signature-text.js";
import { declarationStart, glimpseEnd, implementationStart } from "./slices.js";
import { sourceTokens, splitPath, type TokenCount } from "./source-tokens.js";
import type { MaterialSource } from "./types.js";

/**
 * Lines of a definition's head read to find its declaration line: past its decorators, and past
 * an overloaded function's overloads to its implementation (`implementationStart`'s window).
 */
const DECLARATION_LINES = 40;

/**
 * A caller's glimpse (its end read by `glimpseEnd`) merges with a glimpse of the same caller this
 * close: two calls four lines apart read as one piece, the lines between them too (run 19's readers
 * lacked an early return between two glimpses).
 */
const GLIMPSE_MERGE_GAP = 6;
/** A merged glimpse holds this many lines at most (a glimpse, not the caller's body). */
const GLIMPSE_MAX_LINES = 40;

export class Assembly {
	readonly sources: MaterialSource[] = [];
	/** Per caller, its glimpse (a source of role "caller") and the definitions shown called there. */
	private readonly glimpses = new Map<number, { source: MaterialSource; calls: string[] }>();
	spent = 0;
	private readonly covered = new Map<string, [number, number][]>();
	/** Signatures in the map per file and per folder (a folder's key ends in "/", or is "" at the root). */
	private readonly mapped = new Map<string, number>();
	/** Definitions read whole or in slices: none is read twice, and none is listed as a signature after. */
	readonly bodies = new Set<number>();
	/** Per long definition read in part: the slices to try again, most important first. */
	readonly slicesLeft = new Map<number, { c: Candidate; slices: [number, number][] }>();
	/** Long definitions read in slices, in the order read: the gaps between their slices may be filled later. */
	readonly sliced = new Map<number, Candidate>();

	constructor(
		readonly index: MaterialIndex,
		readonly count: TokenCount,
		readonly reach: MapReach,
		/** The question's words: a signature line holding them past its cut runs on (`MapReach.wordLineChars`). */
		readonly words: readonly string[] = [],
	) {}

	/** The files the material holds, in the order it first reached them. */
	files(): string[] {
		return [...new Set(this.sources.map((s) => s.range.file))];
	}

	/** The first source the material holds of `file`. */
	firstSourceIn(file: string): MaterialSource | undefined {
		return this.sources.find((s) => s.range.file === file);
	}

	/**
	 * Count `def`'s body as read; its signature line goes once a source holds its head line (a long
	 * definition whose first slice did not fit keeps the one line that names it).
	 */
	markRead(def: DefRow): void {
		this.bodies.add(def.id);
		if (this.holdsHead(def)) this.dropSignature(def.id);
	}

	/** Does the map hold a signature's file already, or (grouped by folder) its folder? */
	private listed(unit: MaterialSource["unit"], file: string): "file" | "folder" | false {
		if (unit !== "signature") return false;
		if (this.mapped.get(file)) return "file";
		return this.reach.foldersInMap && this.mapped.get(splitPath(file).folder) ? "folder" : false;
	}

	/** Count a signature into (or out of) the map's files and folders. */
	private map(file: string, by: 1 | -1): void {
		for (const key of [file, splitPath(file).folder]) this.mapped.set(key, (this.mapped.get(key) ?? 0) + by);
	}

	/** The runs of lines within [start, end] that no source covers yet. */
	uncovered(file: string, start: number, end: number): [number, number][] {
		const out: [number, number][] = [];
		let from: number | null = null;
		for (let l = start; l <= end + 1; l++) {
			const free = l <= end && !this.isCovered(file, l, l);
			if (free && from === null) from = l;
			if (!free && from !== null) {
				out.push([from, l - 1]);
				from = null;
			}
		}
		return out;
	}

	isCovered(file: string, start: number, end: number): boolean {
		return (this.covered.get(file) ?? []).some(([s, e]) => s <= start && end <= e);
	}

	/** Does a body, slice or block of `def` hold its first line? */
	holdsHead(def: DefRow): boolean {
		return this.sources.some(
			(s) =>
				s.node.def.id === def.id &&
				s.unit !== "signature" &&
				s.range.startLine <= (def.startLine ?? 0) &&
				(def.startLine ?? 0) <= s.range.endLine,
		);
	}

	/** Take back a definition's signature line (its body has been read). */
	dropSignature(defId: number): void {
		const s = this.sources.find((x) => x.unit === "signature" && x.node.def.id === defId);
		if (s) this.dropSource(s);
	}

	/** Take back one signature line (a newer version takes its place: map-fold.ts); false when not held. */
	dropSource(s: MaterialSource): boolean {
		const i = this.sources.indexOf(s);
		if (i < 0 || s.unit !== "signature") return false;
		this.sources.splice(i, 1);
		this.spent -= s.tokens;
		this.map(s.range.file, -1);
		const list = this.covered.get(s.range.file) ?? [];
		this.covered.set(
			s.range.file,
			list.filter(([a, b]) => a !== s.range.startLine || b !== s.range.endLine),
		);
		return true;
	}

	/**
	 * The slices of the long definitions read in part that the bodies' share had no room for, each
	 * printed beside the definition's other slices (in line order), within `limit`.
	 */
	addRestOfSlices(limit: number): void {
		for (const [id, { c, slices }] of this.slicesLeft) {
			const d = c.node.def;
			const file = d.file as string;
			for (const [s, e] of slices.flatMap(([s0, e0]) => this.uncovered(file, s0, e0))) {
				if (
					!this.add(c, s, e, "slice", `${named(d)} (lines ${s}-${e} of ${d.startLine}-${d.endLine})`, limit)
				)
					continue;
				// The slice is the last source: `add` pushes it, then may take back glimpses before it, so
				// the length before the call is no longer its index.
				const added = this.sources.pop() as MaterialSource;
				let i = this.sources.findLastIndex((x) => x.node.def.id === id && x.unit !== "signature");
				while (i >= 0 && this.sources[i]?.node.def.id === id && (this.sources[i]?.range.startLine ?? 0) > s)
					i--;
				this.sources.splice(i + 1, 0, added);
			}
		}
		this.slicesLeft.clear();
	}

	/**
	 * Join two slices of `c`'s definition with the lines between them (none of which a source
	 * holds) into one source, within `limit`: one header for the piece instead of two, the text in
	 * between read. False when the lines between are not all free, or it does not fit.
	 */
	joinSlices(c: Candidate, before: MaterialSource, after: MaterialSource, limit: number): boolean {
		const d = c.node.def;
		const file = before.range.file;
		const gap: [number, number] = [before.range.endLine + 1, after.range.startLine - 1];
		if (after.range.file !== file || gap[0] > gap[1] + 1) return false;
		if (gap[0] <= gap[1]) {
			// Every line between them free: a line another source holds is not read twice.
			const free = this.uncovered(file, gap[0], gap[1]);
			if (free.length !== 1 || free[0]?.[0] !== gap[0] || free[0]?.[1] !== gap[1]) return false;
		}
		const from = before.range.startLine;
		const to = after.range.endLine;
		const lines = this.index.fileLines(file, from, to);
		if (!lines?.length) return false;
		const whole = from <= (d.startLine ?? from) && to >= (d.endLine ?? to);
		const label = whole ? named(d) : `${named(d)} (lines ${from}-${to} of ${d.startLine}-${d.endLine})`;
		const unit: MaterialSource["unit"] = whole ? "whole" : "slice";
		const text = this.bodyText(lines);
		const range = { file, startLine: from, endLine: from + lines.length - 1, defId: d.defId };
		const tokens = sourceTokens({ range, label, text, unit }, this.count, false);
		const cost = tokens - before.tokens - after.tokens;
		const i = this.sources.indexOf(before);
		const j = this.sources.indexOf(after);
		if (this.spent + cost > limit || i < 0 || j < 0) return false;
		this.sources[i] = { ...before, range, text, tokens, unit, label };
		this.sources.splice(j, 1);
		this.spent += cost;
		if (gap[0] <= gap[1]) {
			const list = this.covered.get(file) ?? [];
			list.push(gap);
			this.covered.set(file, list);
		}
		return true;
	}

	/** Add one range as a source if it fits `limit`; false when it does not (or adds nothing). */
	add(
		c: Candidate,
		start: number,
		end: number,
		unit: MaterialSource["unit"],
		label: string,
		limit: number,
	): boolean {
		const file = c.node.def.file as string;
		// A line inside a definition (a key hop, a local function, a register call) runs on to the
		// question's words; a declaration line is named by its definition already.
		const inner = unit === "signature" && c.node.def.startLine !== null && start !== c.node.def.startLine;
		// A definition's one-line signature is its declaration line, not the first of its decorators;
		// an overloaded function's is its implementation's (the declaration that runs: `run(hook,
		// item)` below `run<Hook …>(…);`), as its slices hold it.
		if (
			this.reach.declarationLines &&
			unit === "signature" &&
			start === end &&
			start === c.node.def.startLine &&
			c.node.def.endLine !== null
		) {
			const d = c.node.def;
			const head =
				this.index.fileLines(file, start, Math.min(d.endLine as number, start + DECLARATION_LINES)) ?? [];
			const declaration = declarationStart(head);
			start +=
				d.kind === "function" || d.kind === "method"
					? implementationStart(head, declaration, d.name)
					: declaration;
			end = start;
		}
		if (this.isCovered(file, start, end)) return false;
		// A handler written into a module-level register call starts at the call's head (its key).
		let headed = false;
		if (
			this.reach.registerHeads &&
			(unit === "signature" || unit === "whole") &&
			start === c.node.def.startLine
		) {
			const head = registerHead(this.index, c.node.def);
			if (head !== null) {
				start = head;
				headed = true;
			}
		}
		const lines = this.index.fileLines(file, start, end);
		if (!lines?.length) return false;
		const text =
			unit === "signature"
				? signatureText(lines, headed, this.reach, inner ? this.words : [])
				: this.bodyText(lines);
		const range = { file, startLine: start, endLine: start + lines.length - 1, defId: c.node.def.defId };
		// The label says where the range starts when it is not the definition's own first line.
		if (headed) label = `${label} (from its register call at line ${start})`;
		const tokens = sourceTokens({ range, label, text, unit }, this.count, this.listed(unit, file));
		if (this.spent + tokens > limit) return false;
		this.spent += tokens;
		// A caller's call lines are a glimpse: they do not stand in for that definition read later.
		if (c.role !== "caller") {
			const list = this.covered.get(file) ?? [];
			list.push([range.startLine, range.endLine]);
			this.covered.set(file, list);
		}
		this.sources.push({
			range,
			chain: c.chain,
			node: c.node,
			text,
			tokens,
			role: c.role,
			unit,
			label,
			...(inner && c.node.def.kind !== "module" ? { statement: true as const } : {}),
		});
		if (unit === "signature") this.map(file, 1);
		else if (c.role !== "caller") this.dropGlimpsesWithin(c.node.def.id, range.startLine, range.endLine);
		return true;
	}

	/**
	 * Take back the glimpses of `defId` as a caller that lines [start, end] of its body, read now,
	 * hold: the same lines twice, once as "where it is called from" (a caller read after the
	 * callee it was glimpsed for).
	 */
	private dropGlimpsesWithin(defId: number, start: number, end: number): void {
		const within = (x: MaterialSource) =>
			x.role === "caller" && x.node.def.id === defId && start <= x.range.startLine && x.range.endLine <= end;
		for (const x of this.sources.filter(within)) {
			this.sources.splice(this.sources.indexOf(x), 1);
			this.spent -= x.tokens;
			if (this.glimpses.get(defId)?.source === x) this.glimpses.delete(defId);
		}
	}

	/** Replace a signature line's text (a fold note grew) within `limit`: the new source, or null. */
	retext(source: MaterialSource, text: string, limit: number): MaterialSource | null {
		const i = this.sources.indexOf(source);
		if (i < 0) return null;
		const tokens = source.tokens + this.count(text) - this.count(source.text);
		if (this.spent - source.tokens + tokens > limit) return null;
		const next = { ...source, text, tokens };
		this.spent += tokens - source.tokens;
		this.sources[i] = next;
		return next;
	}

	/**
	 * Where `callee` is called from: `context` lines either side of `line` in the caller `c` (not its
	 * whole body), with the `if` block a line after the call opens when it closes soon, merged with a
	 * glimpse of the same caller nearby. A caller's glimpse does not stand in for its body read later.
	 */
	addGlimpse(c: Candidate, line: number, context: number, callee: string, limit: number): boolean {
		const def = c.node.def;
		const file = def.file as string;
		const first = def.startLine ?? 1;
		const last = def.endLine ?? line;
		let from = Math.max(first, line - context);
		const body = this.index.fileLines(file, first, last) ?? [];
		let to = first + glimpseEnd(body, line - first, Math.min(last, line + context) - first);
		if (this.isCovered(file, from, to)) return false;
		const held = this.glimpses.get(def.id);
		if (held) {
			const { startLine, endLine } = held.source.range;
			const near = from <= endLine + GLIMPSE_MERGE_GAP && to >= startLine - GLIMPSE_MERGE_GAP;
			const merged = Math.max(to, endLine) - Math.min(from, startLine) + 1;
			if (near && merged <= GLIMPSE_MAX_LINES) {
				from = Math.min(from, startLine);
				to = Math.max(to, endLine);
				const calls = held.calls.includes(callee) ? held.calls : [...held.calls, callee];
				const source = this.glimpse(c, from, to, calls);
				if (!source || this.spent - held.source.tokens + source.tokens > limit) return false;
				this.spent += source.tokens - held.source.tokens;
				this.sources[this.sources.indexOf(held.source)] = source;
				this.glimpses.set(def.id, { source, calls });
				return true;
			}
		}
		const source = this.glimpse(c, from, to, [callee]);
		if (!source || this.spent + source.tokens > limit) return false;
		this.spent += source.tokens;
		this.sources.push(source);
		if (!held) this.glimpses.set(def.id, { source, calls: [callee] });
		return true;
	}

	/** A body's or slice's lines as the material prints them (`MapReach.compactBodies`). */
	private bodyText(lines: readonly string[]): string {
		return this.reach.compactBodies ? compactBody(lines) : lines.join("\n");
	}

	private glimpse(c: Candidate, from: number, to: number, calls: readonly string[]): MaterialSource | null {
		const file = c.node.def.file as string;
		const lines = this.index.fileLines(file, from, to);
		if (!lines?.length) return null;
		const range = { file, startLine: from, endLine: from + lines.length - 1, defId: c.node.def.defId };
		const label = `${named(c.node.def)} (lines ${range.startLine}-${range.endLine}: calls ${calls.join(", ")})`;
		const text = this.bodyText(lines);
		const tokens = sourceTokens({ range, label, text, unit: "slice" }, this.count, false);
		return { range, chain: c.chain, node: c.node, text, tokens, role: c.role, unit: "slice", label };
	}
}
