/**
 * ask_codebase in-process (InMemoryTransport): a question that outlives the timeout comes back
 * as a plain tool error naming the limit, not as "failed unexpectedly".
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import { IndexHolder } from "../../src/index/holder.js";
import { createMcpServer } from "../../src/mcp/server.js";
import type { AskFn } from "../../src/server/questions.js";
import { capturingLogger, indexCopy } from "../server/support.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0)) await c();
});

async function connect(ask: AskFn, askTimeoutMs: number): Promise<Client> {
	const { log } = capturingLogger();
	const holder = new IndexHolder(indexCopy({ commit: "mcp1" }), log);
	expect(holder.reload()).toBe(true);
	const server = createMcpServer({ holder, ask, llm: () => undefined, askTimeoutMs, log });
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "test", version: "0.0.0" });
	await client.connect(clientSide);
	cleanups.push(async () => {
		await client.close();
		await server.close();
		holder.close();
	});
	return client;
}

describe("ask_codebase", () => {
	it("reports a question that outlives the timeout as a tool error naming the limit", async () => {
		const stopsOnAbort: AskFn = (_index, _question, options) =>
			new Promise((_resolve, reject) => {
				options.signal?.addEventListener("abort", () => reject(options.signal?.reason), { once: true });
			});
		const client = await connect(stopsOnAbort, 50);
		const result = (await client.callTool({ name: "ask_codebase", arguments: { question: "slow?" } })) as {
			content: { text: string }[];
			isError?: boolean;
		};
		expect(result.isError).toBe(true);
		expect(result.content[0]?.text).toBe("the question took longer than 50 ms");
	});
});
