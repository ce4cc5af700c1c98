import '../../stubs/jsx';
import { useStream } from '../../hooks/useStream';
import { formatMessage } from '../../lib/format';

/** The list of messages of a room, kept live through the 'room-messages' stream. */
export function RoomMessages({ roomId, messages }: { roomId: string; messages: { _id: string; text: string }[] }): JSX.Element {
	const subscribe = useStream('room-messages');
	subscribe(roomId, () => undefined);
	return <ul>{messages.map((m) => <li key={m._id}>{formatMessage(m.text)}</li>)}</ul>;
}
