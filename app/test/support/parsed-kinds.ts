import { parse } from "@rocket.chat/message-parser";

/** Node types of Rocket.Chat's own message parser for a text, flattened (what a reader's client renders). */
export function parsedKinds(markdown: string): Array<string> {
	const found: Array<string> = [];
	const walk = (node: unknown): void => {
		if (Array.isArray(node)) node.forEach(walk);
		else if (node && typeof node === "object") {
			const record = node as Record<string, unknown>;
			if (typeof record.type === "string") found.push(record.type);
			Object.values(record).forEach(walk);
		}
	};
	walk(parse(markdown));
	return found;
}
