/** A setting the admin panel shows. An `action` setting is a button: its value names the Meteor method it calls. */
export interface SettingOptions {
	type: 'string' | 'boolean' | 'action';
	actionText?: string;
}

const defaults = new Map<string, { value: string; options: SettingOptions }>();

export const settingsRegistry = {
	async add(id: string, value: string, options: SettingOptions): Promise<void> {
		defaults.set(id, { value, options });
	},
};
