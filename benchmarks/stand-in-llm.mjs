// A stand-in OpenAI-compatible model for measuring the LLM path's sizes (not its answers): it
// routes to the first sections it is shown, selects every chain and the first 12 node refs, and
// answers with two citations. Usage = the prompt's characters / 4. Listens on 127.0.0.1 only.
import http from "node:http";

const port = Number(process.argv[2] ?? 18089);
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
				const chains = [...user.matchAll(/^Chain (\S+):/gm)].map((m) => m[1]).slice(0, 8);
				const nodes = [...user.matchAll(/^\s*(n\d+) {2}/gm)].map((m) => m[1]).slice(0, 12);
				content = JSON.stringify({ chains, nodes });
			} else {
				const ns = [...user.matchAll(/^\[(\d+)\] /gm)].map((m) => m[1]);
				content = `The flow starts at [${ns[0] ?? 1}] and continues in [${ns[1] ?? 1}].`;
			}
			const usage = {
				prompt_tokens: Math.ceil(text.length / 4),
				completion_tokens: Math.ceil(content.length / 4),
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
