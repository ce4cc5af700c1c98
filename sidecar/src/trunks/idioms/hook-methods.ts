/**
 * Hook methods: `onModuleInit() {}` in any class, called by the framework at start-up by its name, so
 * no call of the repository reaches it. Each one registers the key `Class.method` (its own key, one
 * handler): the code it runs has a way in like a route's handler.
 */
import type { ClassIdiom } from "./class-idiom.js";

export const extractHookMethods: ClassIdiom = (cls, c, ctx, emit) => {
	const name = cls.getName();
	if (!name || cls.hasDeclareKeyword()) return;
	for (const { trunk, idiom } of c.hookMethods) {
		for (const member of idiom.names) {
			const method = cls.getInstanceMethod(member);
			const handler = method?.hasBody() ? ctx.defIdOf(method) : null;
			if (!method || !handler) continue;
			emit(
				trunk.name,
				"register",
				`${name}.${member}`,
				method.getNameNode(),
				method,
				handler,
				"syntactic",
				idiom.also,
			);
		}
	}
};
