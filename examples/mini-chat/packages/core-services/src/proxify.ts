import { api } from './api';
import type { IPresenceService } from './types/IPresenceService';
import type { IPushService } from './types/IPushService';

/** A facade whose methods forward to `api.call('<namespace>.<method>', …)`. */
export function proxify<T extends object>(namespace: string): T {
	return new Proxy({} as T, {
		get:
			(_target, method: string) =>
			(...args: unknown[]) =>
				api.call(`${namespace}.${method}`, ...args),
	});
}

export const Push = proxify<IPushService>('push');
export const Presence = proxify<IPresenceService>('presence');
