type Ctor = new (...args: never[]) => object;
const handlers = new Map<Ctor, { execute(command: object): unknown }>();

/** `@commandHandler(X)` ties a handler class to the command class it runs. */
export function commandHandler(command: Ctor): ClassDecorator {
	return (target) => {
		handlers.set(command, new (target as unknown as new () => { execute(c: object): unknown })());
	};
}

/** A guard class decorator: it names a class too, but the class it decorates runs nothing. */
export function useGuard(_guard: Ctor): ClassDecorator {
	return () => undefined;
}

export class CommandBus {
	execute(command: object): unknown {
		return handlers.get(command.constructor as Ctor)?.execute(command);
	}
}
