import { renderEmoji } from '../legacy/emoji.js';

/** Server-side formatting: trims the text and renders emoji shortcodes before saving. */
export function formatMessage(text: string): string {
	return renderEmoji(text.trim());
}
