// A stand-in OpenAI-compatible model for measuring the LLM path's sizes and material (not its
// answers), a dumb lower bound of a capable model that knows nothing of the gold labels: it routes
// to the first sections it is shown; selects every chain (up to the prompt's 8) and 24 node refs
// taken in turn from each chain, each chain's in the order the prompt lists them (its seeds,
// best first); and answers with two citations. Usage = the prompt's and the answer's tokens in
// o200k_base (gpt-tokenizer), as a provider reports its own count.
// Listens on 127.0.0.1 only.  node benchmarks/stand-in-llm.mjs [port] [picks]
import http from "node:http";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/** A provider's own count: special-token markers in code are text. */
const tokens = (text) => countTokens(text, { disallowedSpecial: new Set() });

const port = Number(process.argv[2] ?? 18089);
/** Chains the select answer names (the prompt's bound) and node refs it picks. */
const MAX_CHAINS = 8;
const PICKS = Number(process.argv[3] ?? 24);
http
	.createServer((req, res) => {
		let body = "";
		req.on("data", (c) => (body += c));
		req.on("end", () => {
			const b = JSON.parse(body || "{}");
			const text = (b.messages ?? []).map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
			const user = (b.messages ?? [])
				.filter((m) => m.role === "user")
				.map((m) => m.content)
				.join("\n");
			let content;
			if (/Outline sections \(candidates\)/.test(user)) {
				const ids = [...user.matchAll(/^- id: (\S+)/gm)].map((m) => m[1]);
				content = JSON.stringify({
					chains: [
						{ title: "main", sectionIds: ids.slice(0, 3) },
						{ title: "more", sectionIds: ids.slice(3, 5) },
					].filter((c) => c.sectionIds.length),
					searchTerms: [],
				});
			} else if (/Skeletons \(node refs/.test(user)) {
				// Every chain in the prompt's order, and node refs taken in turn from each chain, each
				// chain's in the order it lists them (seeds first): no judgement of what the code does.
				const blocks = user.split(/^(?=Chain \S+:)/m).filter((b) => /^Chain \S+:/.test(b));
				const chains = blocks.map((b) => /^Chain (\S+):/.exec(b)[1]).slice(0, MAX_CHAINS);
				const lists = blocks
					.slice(0, MAX_CHAINS)
					.map((b) => [...b.matchAll(/^\s*(n\d+) {2}/gm)].map((m) => m[1]));
				const nodes = [];
				for (let i = 0; nodes.length < PICKS && lists.some((l) => i < l.length); i++) {
					for (const l of lists) if (i < l.length && nodes.length < PICKS) nodes.push(l[i]);
				}
				content = JSON.stringify({ chains, nodes });
			} else {
				const ns = [...user.matchAll(/^\[(\d+)\] /gm)].map((m) => m[1]);
				content = `The flow starts at [${ns[0] ?? 1}] and continues in [${ns[1] ?? 1}].`;
			}
			const usage = {
				prompt_tokens: tokens(text),
				completion_tokens: tokens(content),
				total_tokens: 0,
			};
			res.writeHead(200, { "content-type": "application/json" });
			res.end(
				JSON.stringify({
					id: "x",
					object: "chat.completion",
					created: 0,
					model: b.model,
					choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
					usage,
				}),
			);
		});
	})
	.listen(port, "127.0.0.1");
