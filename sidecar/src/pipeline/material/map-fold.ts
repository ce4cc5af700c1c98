/**
 * The map's lookalikes folded (../lookalikes.ts): the map lists its entries best first, so the first
 * members of a plug-in family (or the first of near-identical versions) listed keep their lines and
 * the later ones are named on the first one's line — `and N more implementations: A, B, …`,
 * `(also V103, V104)` — unless the question's words pick them out or the model picked them. Readers
 * playing the model found 60 provider `sendMessage` lines in one map (llm-relay.md, runs 19–20).
 */
import type { DefRow } from "../../index/types.js";
import { foldNote, keepOf, type Lookalike, standsOut } from "../lookalikes.js";
import { newerVersion } from "../versions.js";
import type { Assembly } from "./assembly.js";
import type { Candidate } from "./candidate.js";
import type { MaterialSource } from "./types.js";

interface Group {
	kind: Lookalike["kind"];
	/** Members listed with a line of their own (but for those the question's words pick out). */
	listed: number;
	/** The line that names the folded members, its text before the note, and its member's tag. */
	anchor: MaterialSource | null;
	text: string;
	tag: string;
	/** The folded members' tags. */
	tags: string[];
	/** Members seen: listed with a line of their own (true) or folded (false); a map lists some entries twice. */
	seen: Map<number, boolean>;
	/** Versions whose best one the bodies read (version-bodies.ts): its name and tag; the line names every other. */
	read?: { id: number; name: string; tag: string };
}

export class MapFold {
	private readonly groups = new Map<string, Group>();

	constructor(
		private readonly a: Assembly,
		private readonly lookalikeOf: (def: DefRow) => Lookalike | null,
		private readonly words: readonly string[],
		private readonly budget: number,
	) {}

	/**
	 * Does `c`'s line fold into its group's line (named there, within the budget) instead of being
	 * listed? `kept` ones (the model's picks) never fold, nor does a version newer than the one
	 * listed: it takes that line's place (`listed`).
	 */
	folds(c: Candidate, kept: boolean): boolean {
		const look = this.lookalikeOf(c.node.def);
		const group = look && this.groups.get(look.key);
		const seen = group?.seen.get(c.node.def.id);
		if (seen !== undefined) return !seen;
		if (!look || !group || !this.holds(group) || kept || group.listed < keepOf(look.kind)) return false;
		if (
			standsOut(look, this.words) ||
			(look.kind === "version" && !group.read && newerVersion(look.tag, group.tag))
		)
			return false;
		group.seen.set(c.node.def.id, false);
		group.tags.push(look.tag);
		this.renote(group, c.node.def.name);
		return true;
	}

	/** Count `source`, just listed for `c`, into its group (the first one listed carries the group's note). */
	listed(c: Candidate, source: MaterialSource): void {
		const look = this.lookalikeOf(c.node.def);
		if (!look) return;
		const group: Group = this.groups.get(look.key) ?? {
			kind: look.kind,
			listed: 0,
			anchor: null,
			text: "",
			tag: "",
			tags: [],
			seen: new Map(),
		};
		this.groups.set(look.key, group);
		if (group.seen.has(c.node.def.id)) return;
		group.seen.set(c.node.def.id, true);
		// A member the question's words pick out is listed beside the best-ranked ones, not instead.
		if (standsOut(look, this.words)) return;
		const old = this.holds(group) ? group.anchor : null;
		if (
			old &&
			look.kind === "version" &&
			!group.read &&
			group.listed >= keepOf(look.kind) &&
			this.a.dropSource(old)
		) {
			// A newer version: its line names the older one listed before it.
			group.seen.set(old.node.def.id, false);
			group.tags.unshift(group.tag);
			group.anchor = null;
		} else group.listed++;
		if (group.anchor) return;
		group.anchor = source;
		group.text = source.text;
		group.tag = look.tag;
		if (group.tags.length) this.renote(group, c.node.def.name);
	}

	/**
	 * Seed a version group whose best version the bodies read: `source` (another version's line)
	 * names the versions not read (`folded`, `tags` besides its own) and the one read; every later
	 * version listed folds into it.
	 */
	seedVersions(
		key: string,
		source: MaterialSource,
		read: { id: number; name: string; tag: string },
		tags: readonly string[],
		folded: readonly number[],
	): void {
		const group: Group = {
			kind: "version",
			listed: 1,
			anchor: source,
			text: source.text,
			tag: read.tag,
			tags: [...tags],
			// The version read has its body, not a line; the others are named on this one.
			seen: new Map([...folded, read.id].map((id) => [id, false])),
			read,
		};
		this.groups.set(key, group);
		this.renote(group, source.node.def.name);
	}

	/** What a version group whose best version was read says of it: `: older versions of X, read above`. */
	private readNote(group: Group): string {
		const read = group.read;
		if (!read) return "";
		const tags = [this.lookalikeTag(group), ...group.tags];
		const older = tags.every((t) => newerVersion(read.tag, t));
		return `: ${older ? "older" : "other"} version${tags.length === 1 ? "" : "s"} of ${read.name}, read above`;
	}

	/** The tag of the version a group's line is. */
	private lookalikeTag(group: Group): string {
		const def = group.anchor?.node.def;
		return (def && this.lookalikeOf(def)?.tag) ?? "";
	}

	/** Is the group's line still in the material (not taken back since its body was read)? */
	private holds(group: Group): boolean {
		if (group.anchor && !this.a.sources.includes(group.anchor)) group.anchor = null;
		return group.anchor !== null;
	}

	/** The group's line with its note naming the folded members, if it fits the budget. */
	private renote(group: Group, member: string): void {
		if (!group.anchor) return;
		const note = group.tags.length
			? `${group.kind === "family" ? " — " : " "}${foldNote(group.kind, group.tags, member)}`
			: "";
		const next = this.a.retext(group.anchor, `${group.text}${note}${this.readNote(group)}`, this.budget);
		if (next) group.anchor = next;
	}
}
