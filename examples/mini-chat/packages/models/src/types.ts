export interface IMessage {
	_id: string;
	rid: string;
	uid: string;
	text: string;
	ts: Date;
}

export interface IUser {
	_id: string;
	username: string;
	status: 'online' | 'away' | 'offline';
}

export interface IPushToken {
	_id: string;
	userId: string;
	token: string;
	platform: 'apn' | 'fcm';
}
