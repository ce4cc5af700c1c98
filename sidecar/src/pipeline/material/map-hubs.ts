/**
 * The definition the rest of the code uses most in a held file (`jobs.ts`'s `JobName`,
 * `db.ts`'s `db`): where the file's users meet it, which the map otherwise names only when a
 * pass reaches it, while the file's helpers or neighbours are listed.
 */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { isModuleLevel } from "./material-index.js";
import type { SignatureMap } from "./signature-map.js";

/** List, right away (not waiting), the most used top-level definition of each file the material holds. */
export function listHubs(m: SignatureMap, minFanIn: number): void {
	for (const file of m.a.files()) listHub(m, file, minFanIn);
}

/**
 * List `file`'s most used top-level definition right away, if the material holds the file, no entry
 * names it and at least `minFanIn` edges lead into it (0: none listed).
 */
export function listHub(m: SignatureMap, file: string, minFanIn: number): void {
	const { a } = m;
	if (minFanIn <= 0 || isAuxiliaryPath(file)) return;
	const owner = a.firstSourceIn(file);
	if (!owner) return;
	let hub: DefRow | undefined;
	for (const d of a.index.defsInFile(file))
		if (
			d.kind !== "module" &&
			d.kind !== "dispatch-key" &&
			isModuleLevel(a.index, d) &&
			(!hub || d.fanIn > hub.fanIn)
		)
			hub = d;
	if (hub && hub.fanIn >= minFanIn && !m.known.has(hub.id)) m.listOnce(m.outlineNeighbour(hub, owner), false);
}
