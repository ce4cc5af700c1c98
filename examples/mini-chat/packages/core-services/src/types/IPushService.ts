export interface PushNotification {
	userId: string;
	title: string;
	body: string;
	roomId: string;
}

/** Sends push notifications to users' registered devices. */
export interface IPushService {
	sendNotification(notification: PushNotification): Promise<void>;
	registerToken(userId: string, token: string, platform: 'apn' | 'fcm'): Promise<void>;
}
