export { ServiceClass } from './ServiceClass';
export { api } from './api';
export type { EventHandler, IBroker } from './api';
export * from './types/IPushService';
export * from './types/IPresenceService';
export { Push, Presence } from './proxify';
export { Settings } from './settingsFacade';
export type { ISettingsService } from './types/ISettingsService';
export type { IServiceClass } from './types/IServiceClass';
