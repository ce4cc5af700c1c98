/**
 * Keys read from `this.x`: the class's own value only while no subclass redeclares `x`. Classes'
 * `extends` clauses are recorded per file and the check runs in finalize over the whole repository.
 */
import type { ts } from "ts-morph";
import type { DispatchSiteRecord } from "../index/types.js";
import { classOverrides } from "./key-eval.js";
import { CLASS_EXTENDS, internalRecord } from "./sites.js";

export interface ClassExtendsInfo {
	name: string | null;
	base: string;
	props: string[];
}
export interface ThisReadInfo {
	trunk: string;
	side: "register" | "dispatch";
	key: string;
	/** `Class#property` */
	reads: string[];
}

/**
 * A key read from `this.name` is the class's own value only when no subclass (by name, anywhere in
 * the repository, transitively) redeclares `name`; otherwise the site is unbound: which value it
 * sends depends on the instance.
 */
export function unbindOverriddenReads(
	sites: DispatchSiteRecord[],
	classes: ClassExtendsInfo[],
	reads: { site: DispatchSiteRecord; info: ThisReadInfo }[],
): void {
	if (reads.length === 0) return;
	const children = new Map<string, ClassExtendsInfo[]>();
	for (const k of classes) children.set(k.base, [...(children.get(k.base) ?? []), k]);
	const overridden = (cls: string, prop: string, seen: Set<string>): boolean => {
		if (seen.has(cls)) return false;
		seen.add(cls);
		return (children.get(cls) ?? []).some(
			(k) => k.props.includes(prop) || (k.name !== null && overridden(k.name, prop, seen)),
		);
	};
	const bySite = new Map<string, DispatchSiteRecord[]>();
	for (const s of sites) {
		if (s.key === null) continue;
		const id = `${s.file}\0${s.line}\0${s.trunk}\0${s.side}\0${s.key}`;
		bySite.set(id, [...(bySite.get(id) ?? []), s]);
	}
	for (const { site, info } of reads) {
		const varies = info.reads.some((r) => {
			const [cls, prop] = r.split("#") as [string, string];
			return overridden(cls, prop, new Set());
		});
		if (!varies) continue;
		for (const s of bySite.get(`${site.file}\0${site.line}\0${info.trunk}\0${info.side}\0${info.key}`) ??
			[]) {
			s.key = null;
			s.rawKey = null;
		}
	}
}

/** Record each class's `extends` and the instance properties it sets (an internal record per class). */
export function recordClassExtends(
	raw: ts.SourceFile,
	classLikes: readonly ts.ClassLikeDeclaration[],
	file: string,
	out: DispatchSiteRecord[],
): void {
	for (const n of classLikes) {
		if (!n.heritageClauses) continue;
		const o = classOverrides(n);
		if (!o) continue;
		const info: ClassExtendsInfo = { name: n.name?.text ?? null, base: o.base, props: o.props };
		const line = raw.getLineAndCharacterOfPosition(n.getStart(raw)).line + 1;
		out.push(internalRecord(CLASS_EXTENDS, info, file, line));
	}
}
