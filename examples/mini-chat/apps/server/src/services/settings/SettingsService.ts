import { type ISettingsService, ServiceClass } from '@mini-chat/core-services';
import { Settings } from '@mini-chat/models';

/** Serves setting values to other services (through the `Settings` facade). */
export class SettingsService extends ServiceClass implements ISettingsService {
	protected name = 'settings';

	async get<T = string>(id: string): Promise<T | undefined> {
		// The model, not the facade: this is the service the facade forwards to.
		const setting = await Settings.findOneById(id);
		return setting?.value as T | undefined;
	}
}
