/** Reads server settings (site name, limits, feature flags). */
export interface ISettingsService {
	get<T = string>(id: string): Promise<T | undefined>;
}
