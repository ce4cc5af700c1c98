/**
 * The definition a held file is named after (`canEditPost.ts`'s `canEditPost`,
 * `billing.module.ts`'s `BillingModule`): the file's main export, which the map otherwise
 * names only when a pass reaches it, while its members or neighbours are listed.
 */
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { isModuleLevel } from "./material-index.js";
import type { SignatureMap } from "./signature-map.js";

/** A name or file name as compared: lower case, letters and digits only. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The file name without folder and extension (`presence.module.ts` → `presence.module`). */
const stem = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.[cm]?[jt]sx?$/, "");

/** List, right away (not waiting), the top-level namesake of each file the material holds that no entry names. */
export function listNamesakes(m: SignatureMap): void {
	for (const file of m.a.files()) listNamesake(m, file);
}

/** List `file`'s top-level namesake right away, if the material holds the file and no entry names it. */
export function listNamesake(m: SignatureMap, file: string): void {
	const { a } = m;
	if (isAuxiliaryPath(file)) return;
	const name = squash(stem(file));
	if (name.length < 3) return;
	const owner = a.firstSourceIn(file);
	if (!owner) return;
	const d = a.index
		.defsInFile(file)
		.find(
			(x) =>
				x.kind !== "module" &&
				x.kind !== "dispatch-key" &&
				squash(x.name) === name &&
				isModuleLevel(a.index, x),
		);
	if (d && !m.known.has(d.id)) m.listOnce(m.outlineNeighbour(d, owner), false);
}
