import '../../stubs/jsx';
import { setStatus as changeStatus } from '../../lib/presence';
import { MessageComposer } from './MessageComposer';
import { RoomMessages } from './RoomMessages';

export default function ({ roomId }: { roomId: string }): JSX.Element {
	changeStatus('online');
	return (
		<main>
			<RoomMessages roomId={roomId} messages={[]} />
			<MessageComposer roomId={roomId} />
		</main>
	);
}
