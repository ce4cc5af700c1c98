import { sdk } from '../stubs/sdk';

/** Tell the others in the room that this user is typing (published on the `user-status` stream). */
export function reportTyping(userId: string, roomId: string): void {
	sdk.publish('user-status', [userId, { typingIn: roomId }]);
}
