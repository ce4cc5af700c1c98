import { proxify } from './proxify';
import type { ISettingsService } from './types/ISettingsService';

/** Facade of the `settings` service. Not the `Settings` model of `@mini-chat/models`. */
export const Settings = proxify<ISettingsService>('settings');
