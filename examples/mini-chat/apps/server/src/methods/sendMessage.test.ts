// Tests are not indexed by default (`codeask index --include-tests` adds them).
import { performSendMessage } from './sendMessage';

export async function sendsAMessage(): Promise<boolean> {
	const saved = await performSendMessage('u1', { rid: 'general', text: 'hello' });
	return saved.text === 'hello';
}
