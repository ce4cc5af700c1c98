export { ServiceClass } from './ServiceClass';
export { api } from './api';
export type { EventHandler, IBroker } from './api';
export * from './types/IPushService';
export * from './types/IPresenceService';
export { Push, Presence } from './proxify';
