/** The path's shapes (a step, its hop, what a search found) and the fan-in that makes a step a shared helper. */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";

export type PathIndex = Pick<IndexReader, "edgesFrom" | "edgesTo" | "defById" | "fileLines" | "defsInFile"> &
	Partial<
		Pick<
			IndexReader,
			"defsByName" | "moduleResolutions" | "packages" | "mountSites" | "def" | "dispatchSites"
		>
	>;

/** How one step leads to the next. */
export interface Hop {
	kind: "call" | "new" | "jsx" | "implementation" | "dispatch" | "register";
	/** The dispatch key crossed (dispatch: the key this step dispatches, handled by the next step). */
	key: DefRow | null;
	/** Where the hop is written: the call / dispatch line in this step's body (null for implementation). */
	file: string | null;
	line: number | null;
	/** The hop's last line when it spans more than `line` (a call opening above its key: `publish(` then the key). */
	endLine?: number;
	/** Its text, trimmed and joined (from the index's stored file text). */
	text: string | null;
	/** A name written on that line which the citation is checked against. */
	named: string | null;
	/** A request's hop into a route handler: the line mounting the handler's router under the path it joined on. */
	mount?: MountHop;
}

/**
 * The router mount line between a request and its route handler (`app.route('/users', users)` between
 * `fetch('/users/1')` and `users.get('/:id', h)`): a hop of its own, cited at that one line.
 */
export interface MountHop {
	/** The definition the line is written in (a file's module for a top-level mount). */
	def: DefRow;
	file: string;
	line: number;
	/** The mount call's line, trimmed (from the index's stored file text). */
	text: string;
	/** The call's callee as written (`appGlobal.route`), which the citation is checked against. */
	named: string;
	/** The path the router is mounted at (`/users`). */
	path: string;
}

export interface PathStep {
	def: DefRow;
	/** The hop to the next step (null for the last step). */
	hop: Hop | null;
	/** A caller found after the search, outside the candidates: where the flow is entered (see leadIn). */
	leadIn?: boolean;
	/** A caller the walk up prepended (see walkUp): where the flow found is entered, no evidence that it is the one asked about. */
	walked?: boolean;
	/** A callee the walk down appended (see walkDown): where the flow found goes on, past the ranked places. */
	walkedDown?: boolean;
}

export interface PathOptions {
	/** Best-ranked definitions considered. */
	candidates: number;
	/** Steps at most. */
	maxSteps: number;
}

/** A path and its worth (sum of its steps' worths with the entry gain, scaled by coverage). */
export interface FoundPath {
	steps: PathStep[];
	worth: number;
}

/** The best path, and the best one through none of its files (another flow that may be the one meant). */
export interface FoundPaths extends FoundPath {
	runnerUp: FoundPath | null;
}

export interface Edge {
	to: number;
	hop: Hop;
	/**
	 * For a callback handed to the source by a caller (its hop written outside the source's body): the callers
	 * that handed it over, the only steps after which the search takes this hop (path/handed-in.ts).
	 */
	givers?: ReadonlySet<number>;
	/** A call on `this` or `super`: the class it is written in and the classes that one extends (path/receiver.ts). */
	receiver?: { cls: number; lineage: ReadonlySet<number>; super: boolean };
	/** An implementation hop: the override's class and the classes that one extends (path/receiver.ts). */
	override?: { cls: number; lineage: ReadonlySet<number> };
}

/**
 * A step called from at least this many places is a shared helper: no path ends there unless the
 * question names it (run 11: 8–15 alike on the three sets; 20 changes nothing, 5 loses a core file).
 */
export const HELPER_FAN_IN = 12;
