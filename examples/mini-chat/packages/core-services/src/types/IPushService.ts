export interface PushAlert {
	userId: string;
	title: string;
	body: string;
	roomId: string;
}

/** Sends push notifications to users' registered devices. */
export interface IPushService {
	sendNotification(notification: PushAlert): Promise<void>;
	registerToken(userId: string, token: string, platform: 'apn' | 'fcm'): Promise<void>;
}
