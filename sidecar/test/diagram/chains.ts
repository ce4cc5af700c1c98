/** Hand-made answer chains (the `AskResponse.chains` shape) for the diagram tests. */
import type { Chain } from "@codeask/shared";

type Hop = Chain["hops"][number];
const hop = (
	defId: string,
	depth: number,
	via: string | null,
	line: number | null = 1,
	kind = "function",
): Hop => {
	const hash = defId.indexOf("#");
	const file = defId.startsWith("trunk:") ? null : defId.slice(0, hash);
	return { defId, kind, file, startLine: line, endLine: line, via, depth };
};

/** web client → REST key → server handler → service → callbacks key → notification handler. */
export const SEND_CHAIN: Chain = {
	id: "c1",
	title: "sending a message",
	direction: "downstream",
	hops: [
		hop("apps/web/src/ChatView.tsx#ChatView", 0, null, 2),
		hop("apps/web/src/send.ts#sendMessage", 1, "call", 2),
		hop("trunk:rest#chat.send", 2, "dispatch:rest", null, "dispatch-key"),
		hop("apps/server/src/post.ts#postMessage", 3, "handler", 2),
		hop("apps/server/src/service.ts#MessagingService.save", 4, "call", 3, "method"),
		hop("packages/core/src/index.ts#validate", 5, "call", 2),
		hop("trunk:callbacks#afterSave", 5, "dispatch:callbacks", null, "dispatch-key"),
		hop("apps/server/src/notify.ts#notifyUsers", 6, "handler", 2),
	],
};

/** Who reaches `validate`: an upstream chain (callers at growing depth). */
export const IMPACT_CHAIN: Chain = {
	id: "c2",
	title: "callers of validate",
	direction: "upstream",
	hops: [
		hop("packages/core/src/index.ts#validate", 0, null, 2),
		hop("apps/server/src/service.ts#MessagingService.save", 1, "call", 3, "method"),
		hop("apps/server/src/post.ts#postMessage", 2, "call", 2),
	],
};

/** A 30-hop call chain inside one package, then one hop into another package. */
export function longChain(): Chain {
	const hops: Hop[] = [];
	for (let i = 0; i < 30; i++)
		hops.push(hop(`apps/server/src/step${i}.ts#step${i}`, i, i === 0 ? null : "call", 10 + i));
	hops.push(hop("packages/core/src/index.ts#formatText", 30, "call", 5));
	return { id: "long", title: "a long chain", direction: "downstream", hops };
}
