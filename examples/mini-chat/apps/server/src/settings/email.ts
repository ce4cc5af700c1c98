import { settingsRegistry } from './registry';

export async function addEmailSettings(): Promise<void> {
	await settingsRegistry.add('SMTP_Host', 'smtp.example.com', { type: 'string' });
	// The admin panel's "Send a test mail" button calls the `sendSMTPTestEmail` method.
	await settingsRegistry.add('SMTP_Test_Button', 'sendSMTPTestEmail', { type: 'action', actionText: 'Send a test mail' });
}
