import type { IPushToken } from '@mini-chat/models';

export interface PushPayload {
	title: string;
	body: string;
}

/** A push provider: Apple (APNs) or Google (FCM). */
export interface PushGateway {
	send(token: IPushToken, payload: PushPayload): Promise<void>;
}

/** Apple Push Notification service. */
export class ApnGateway implements PushGateway {
	async send(token: IPushToken, payload: PushPayload): Promise<void> {
		console.log(`apn -> ${token.token}: ${payload.title}`);
	}
}

/** Firebase Cloud Messaging. */
export class FcmGateway implements PushGateway {
	async send(token: IPushToken, payload: PushPayload): Promise<void> {
		console.log(`fcm -> ${token.token}: ${payload.title}`);
	}
}

export function gatewayFor(platform: IPushToken['platform']): PushGateway {
	return platform === 'apn' ? new ApnGateway() : new FcmGateway();
}
