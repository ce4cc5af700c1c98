import '../../stubs/jsx';
import { useEndpoint } from '../../hooks/useEndpoint';

/** The text box at the bottom of a room: sends the typed message through the REST API. */
export function MessageComposer({ roomId }: { roomId: string }): JSX.Element {
	const sendMessage = useEndpoint('POST', '/v1/chat.sendMessage');
	const onSubmit = (text: string) => sendMessage({ message: { rid: roomId, text } });
	return <form onSubmit={onSubmit}><input name="text" /></form>;
}
