// A small service broker: services register under their name; callers reach `name.method` by string or by proxy.
export abstract class Service {
	constructor(protected name = "") {}

	getName(): string {
		return this.name;
	}
}

export class Broker {
	private services = new Map<string, Service>();

	register(service: Service): void {
		this.services.set(service.getName(), service);
	}

	async call<T>(action: string, ...params: unknown[]): Promise<T> {
		const dot = action.indexOf(".");
		const service = this.services.get(action.slice(0, dot)) as unknown as Record<string, (...a: unknown[]) => T>;
		const method = service[action.slice(dot + 1)] as (...a: unknown[]) => T;
		return method.apply(service, params);
	}
}

export const broker = new Broker();

export function serviceProxy<T extends object>(name: string): T {
	return new Proxy({} as T, {
		get: (_target, method: string) => (...params: unknown[]) => broker.call(`${name}.${method}`, ...params),
	});
}
