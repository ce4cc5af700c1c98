// A minimal stand-in for the `meteor/meteor` package, so the example type-checks without node_modules.
type MethodMap = Record<string, (this: { userId: string | null }, ...args: any[]) => unknown>;

const methodHandlers: MethodMap = {};

export const Meteor = {
	methods(methods: MethodMap): void {
		Object.assign(methodHandlers, methods);
	},
	async callAsync(name: string, ...args: unknown[]): Promise<unknown> {
		return methodHandlers[name]?.apply({ userId: null }, args);
	},
	userId(): string | null {
		return null;
	},
	startup(fn: () => void): void {
		fn();
	},
};
