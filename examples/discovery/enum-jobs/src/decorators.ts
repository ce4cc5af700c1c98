export type TaskConfig = { name: string; queue?: string };
export const OnTask =
	(config: TaskConfig): MethodDecorator =>
	() =>
		config && undefined;

export const Permission =
	(rule: { name: string }): MethodDecorator =>
	() =>
		rule && undefined;
