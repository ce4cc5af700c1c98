import type { ServiceClass } from './ServiceClass';

export type EventHandler = (...args: any[]) => void | Promise<void>;

export interface IServiceBroker {
	call(method: string, ...args: unknown[]): Promise<unknown>;
	broadcast(event: string, ...args: unknown[]): Promise<void>;
}

/** In-process broker: routes `service.method` calls and broadcasts events to services. */
class InProcessBroker implements IServiceBroker {
	private readonly services = new Map<string, ServiceClass>();

	registerService(service: ServiceClass): void {
		this.services.set(service.getName(), service);
	}

	/** Call a method of a registered service: `api.call('push.sendNotification', …)`. */
	async call(method: string, ...args: unknown[]): Promise<unknown> {
		const [serviceName, methodName] = method.split('.');
		const service = this.services.get(serviceName ?? '') as Record<string, unknown> | undefined;
		const fn = service?.[methodName ?? ''];
		if (typeof fn !== 'function') {
			throw new Error(`no service method ${method}`);
		}
		return fn.apply(service, args);
	}

	/** Deliver an event to every service that subscribed to it. */
	async broadcast(event: string, ...args: unknown[]): Promise<void> {
		await Promise.all([...this.services.values()].map((service) => service.emit(event, ...args)));
	}
}

export const api = new InProcessBroker();
