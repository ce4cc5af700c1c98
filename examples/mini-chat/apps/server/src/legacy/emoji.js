// Emoji shortcodes, kept in plain JavaScript from an older version of the app.
const EMOJI = { ':smile:': '😄', ':heart:': '❤️', ':rocket:': '🚀' };

/** Replace :shortcode: emoji with their characters. */
export function renderEmoji(text) {
	return text.replace(/:[a-z_]+:/g, (code) => EMOJI[code] || code);
}
