/** The registration a key family's answer shows as its example, and the registrations per file it is chosen by. */
import type { DispatchSiteRow } from "../../index/types.js";
import type { KeyFamily } from "./key-family.js";

/** Code beside the product (end-to-end utilities, examples, scripts): counted, never the example. */
export const SIDE_CODE = /(^|\/)(e2e|tests?|__tests__|examples?|scripts?|fixtures?|mocks?)(\/|$)/;

/** Registrations per file. */
export function registrationsPerFile(registers: readonly DispatchSiteRow[]): Map<string, number> {
	const perFile = new Map<string, number>();
	for (const s of registers) perFile.set(s.file, (perFile.get(s.file) ?? 0) + 1);
	return perFile;
}

/**
 * The registration shown as the example: one whose handler the index knows and whose key some code
 * dispatches (all three ends can be shown), from the file registering the most.
 */
export function exampleRegistration(
	family: KeyFamily,
	perFile: ReadonlyMap<string, number>,
): DispatchSiteRow | undefined {
	const dispatched = new Set(family.dispatches.map((s) => s.key));
	return [...family.registers].sort(
		(a, b) =>
			Number(SIDE_CODE.test(a.file)) - Number(SIDE_CODE.test(b.file)) ||
			Number(b.handlerDefId !== null) - Number(a.handlerDefId !== null) ||
			Number(dispatched.has(b.key)) - Number(dispatched.has(a.key)) ||
			(perFile.get(b.file) ?? 0) - (perFile.get(a.file) ?? 0) ||
			a.file.localeCompare(b.file) ||
			a.line - b.line,
	)[0];
}
