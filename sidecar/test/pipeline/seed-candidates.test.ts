import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { seed } from "../../src/pipeline/seed.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

/**
 * Where the seeding's candidates come from, beside the whole-repository searches: a layer the
 * question names is searched on its own, and a file of top-level wiring stands as its module.
 */
function files(): Record<string, string> {
	const out: Record<string, string> = {
		"package.json": JSON.stringify({ name: "acme", version: "1.0.0" }),
		// The composer names only "message", and sits in a folder named for the client side.
		"src/client/composer/MessageComposerPane.tsx":
			"export function MessageComposerPane(props: { text: string }) {\n\treturn props.text;\n}\n",
		// "client" in a package's name is no client side (the layer rule): not searched as one.
		"packages/ddp-client/src/messageStore.ts":
			"export function messageStore(id: string): string {\n\treturn id;\n}\n",
		// A model registered by top-level code only, and a barrel that only re-exports it.
		"src/server/models/raw/MessagesCollection.ts":
			"export class MessagesCollection {\n\tfind(id: string): string {\n\t\treturn id;\n\t}\n}\n",
		"src/server/models/registerModel.ts":
			"const models = new Map<string, unknown>();\nexport function registerModel(name: string, model: unknown): void {\n\tmodels.set(name, model);\n}\n",
		"src/server/models/Messages.ts":
			'import { MessagesCollection } from "./raw/MessagesCollection";\nimport { registerModel } from "./registerModel";\n\nregisterModel("IChatMessagesModel", new MessagesCollection());\n',
		"src/server/models/index.ts": 'export * from "./raw/MessagesCollection";\n',
	};
	// Server code naming both words of the question fills the whole-repository search.
	for (let i = 0; i < 70; i++) {
		out[`src/server/send/sendMessage${i}.ts`] =
			`/** Send message ${i}. */\nexport function sendMessage${i}(text: string): string {\n\treturn text;\n}\n`;
	}
	return out;
}

describe("seed: candidates beside the whole-repository searches", () => {
	let index: IndexReader;
	beforeAll(async () => {
		index = await openIndexOf(repoWith(files(), "codeask-seed-candidates-"), { full: true });
	});
	afterAll(() => index.close());

	// Shallow channels, so the server's 70 two-word matches fill the whole-repository search.
	const config = parsePipelineConfig({ channelDepth: 5 });
	const route = { sections: [], chains: [], fixed: false };
	const candidate = (question: string, file: string) => {
		const ids = new Set(seed(index, analyzeQuestion(question), route, config).relevance.keys());
		return index.defsInFile(file).some((d) => ids.has(d.id));
	};

	it("searches the question's words again inside the layer it names", () => {
		const composer = "src/client/composer/MessageComposerPane.tsx";
		expect(candidate("How is a message sent on the client side?", composer)).toBe(true);
		// Without the layer, the server's matches take the whole depth.
		expect(candidate("How is a message sent?", composer)).toBe(false);
		// A package named `ddp-client` is not the client side.
		expect(
			candidate("How is a message sent on the client side?", "packages/ddp-client/src/messageStore.ts"),
		).toBe(false);
	});

	it("takes a file of top-level wiring as its module, not a barrel that only re-exports", () => {
		const q = analyzeQuestion("How do you create a new database model?");
		const result = seed(index, q, route, parsePipelineConfig({}));
		const ids = new Set(result.relevance.keys());
		const moduleOf = (file: string) => index.defsInFile(file).find((d) => d.kind === "module");
		const wiring = moduleOf("src/server/models/Messages.ts");
		expect(wiring && ids.has(wiring.id)).toBe(true);
		expect(result.files.map((f) => f.file)).toContain("src/server/models/Messages.ts");
		const barrel = moduleOf("src/server/models/index.ts");
		expect(barrel && ids.has(barrel.id)).toBe(false);
	});
});
