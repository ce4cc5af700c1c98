import { Settings as settingsService } from '@mini-chat/core-services';

/** The site name shown in notifications, from the `settings` service. */
export async function getSiteName(): Promise<string> {
	return (await settingsService.get('Site_Name')) ?? 'Mini Chat';
}
