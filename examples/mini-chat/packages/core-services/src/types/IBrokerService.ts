import type { EventHandler } from '../api';

/** What a module may do with the service that hosts it: subscribe to broker events. */
export interface IBrokerService {
	onEvent(event: string, handler: EventHandler): void;
}
