/** Client-side formatting: shortens long messages for the room list preview. */
export function formatMessage(text: string, max = 80): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
