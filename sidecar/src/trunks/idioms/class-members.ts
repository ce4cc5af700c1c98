/** Class-member idioms: each public method of a service class registers `{name}.{member}`. */
import type { ClassDeclaration } from "ts-morph";
import { SyntaxKind } from "#ts-morph";
import type { Resolution } from "../../index/schema.js";
import { evaluateKey } from "../key-eval.js";
import type { ClassIdiom } from "./class-idiom.js";

/**
 * The class and its ancestors up to (not including) the framework base matching `re`, or null when
 * no ancestor extends it. The direct `extends` text is tried first (works without resolution);
 * deeper ancestors come from the checker.
 */
export function serviceLineage(
	cls: ClassDeclaration,
	re: RegExp,
): { chain: ClassDeclaration[]; resolution: Resolution } | null {
	const chain: ClassDeclaration[] = [];
	let current: ClassDeclaration | undefined = cls;
	for (let depth = 0; current && depth < 6; depth++) {
		chain.push(current);
		const base = current.getExtends()?.getExpression().getText();
		if (!base) return null;
		if (re.test(base)) return { chain, resolution: depth === 0 ? "syntactic" : "checker" };
		try {
			current = current.getBaseClass();
		} catch {
			return null;
		}
	}
	return null;
}

export const extractClassMembers: ClassIdiom = (cls, c, ctx, emit) => {
	const sf = cls.getSourceFile();
	if (!cls.getExtends()) return;
	for (const { trunk, idiom, extends: re, exclude } of c.classMembers) {
		const lineage = serviceLineage(cls, re);
		if (!lineage) continue;
		// The service name may be set by the class or by an ancestor below the framework base.
		const prop = lineage.chain.map((k) => k.getProperty(idiom.nameProperty)).find((p) => p?.getInitializer());
		const init = prop?.getInitializer();
		if (!prop || !init) continue;
		const values = evaluateKey(init);
		if (values?.length !== 1) {
			emit(trunk.name, "register", null, init, cls, null, lineage.resolution);
			continue;
		}
		const seen = new Set<string>();
		for (const m of lineage.chain.flatMap((k) => k.getMethods())) {
			const member = m.getName();
			if (
				seen.has(member) ||
				m.isStatic() ||
				m.isAbstract() ||
				m.hasModifier(SyntaxKind.PrivateKeyword) ||
				m.hasModifier(SyntaxKind.ProtectedKeyword) ||
				member.startsWith("#") ||
				exclude?.test(member)
			)
				continue;
			seen.add(member);
			const raw = idiom.template.replaceAll("{name}", values[0] as string).replaceAll("{member}", member);
			// Inherited methods are registered by this class, at the method's own line.
			const at = m.getSourceFile() === sf ? m.getNameNode() : (cls.getNameNode() ?? cls);
			emit(trunk.name, "register", raw, at, cls, ctx.defIdOf(m), lineage.resolution, idiom.also);
		}
	}
};
