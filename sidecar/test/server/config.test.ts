/** The configuration: env + flags parsed once, flags first, empty = unset, every problem at once. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { checkedLlmFactory } from "../../src/server/llm-factory.js";
import { capturingLogger } from "./support.js";

const TOKEN = "a-long-enough-shared-secret";

describe("loadConfig", () => {
	it("applies defaults and requires a token for serve", () => {
		const c = loadConfig({ CODEASK_TOKEN: TOKEN }, {}, "serve");
		expect(c).toMatchObject({
			host: "127.0.0.1",
			port: 3900,
			token: TOKEN,
			llm: { provider: "none" },
			limits: { maxRunning: 2, maxQueued: 32 },
		});
		expect(() => loadConfig({}, {}, "serve")).toThrow(/CODEASK_TOKEN: is required/);
		const insecure = loadConfig({}, { insecureNoAuth: true }, "serve");
		expect(insecure.token).toBeNull();
	});

	it("reports every problem at once, naming the variable or flag", () => {
		let error: ConfigError | undefined;
		try {
			loadConfig(
				{
					CODEASK_TOKEN: "short",
					CODEASK_PORT: "99999",
					CODEASK_MAX_RUNNING: "zero",
					CODEASK_LLM_PROVIDER: "claude",
				},
				{},
				"serve",
			);
		} catch (err) {
			error = err as ConfigError;
		}
		expect(error).toBeInstanceOf(ConfigError);
		const text = error?.problems.join("\n") ?? "";
		expect(error?.problems).toHaveLength(4);
		for (const name of [
			"CODEASK_TOKEN",
			"CODEASK_PORT / --port",
			"CODEASK_MAX_RUNNING",
			"CODEASK_LLM_PROVIDER / --llm",
		]) {
			expect(text).toContain(name);
		}
		expect(text).not.toContain("short"); // values (maybe secrets) are not echoed
	});

	it("reads the callback origin list as origins, and rejects what is not an http(s) origin", () => {
		expect(loadConfig({ CODEASK_TOKEN: TOKEN }, {}, "serve").jobs.callbackOrigins).toEqual([]);
		const c = loadConfig(
			{ CODEASK_TOKEN: TOKEN, CODEASK_CALLBACK_ORIGINS: " https://chat.example.com/api , http://rc:3000 " },
			{},
			"serve",
		);
		expect(c.jobs.callbackOrigins).toEqual(["https://chat.example.com", "http://rc:3000"]);
		expect(() =>
			loadConfig({ CODEASK_TOKEN: TOKEN, CODEASK_CALLBACK_ORIGINS: "file:///tmp" }, {}, "serve"),
		).toThrow(/CODEASK_CALLBACK_ORIGINS: "file:\/\/\/tmp" is not an http\(s\) origin/);
	});

	it("stops serve and mcp at start-up when the default LLM settings are unusable", () => {
		const { log } = capturingLogger();
		const noKey = loadConfig({ CODEASK_TOKEN: TOKEN, CODEASK_LLM_PROVIDER: "gemini" }, {}, "serve");
		expect(() => checkedLlmFactory(noKey.llm, log)).toThrow(ConfigError);
		expect(() => checkedLlmFactory(noKey.llm, log)).toThrow(/gemini needs an API key/);
		const withKey = loadConfig(
			{ CODEASK_TOKEN: TOKEN, CODEASK_LLM_PROVIDER: "gemini", GEMINI_API_KEY: "AIza-secret-key" },
			{},
			"mcp",
		);
		const create = checkedLlmFactory(withKey.llm, log);
		expect(create(withKey.llm)?.provider).toBe("gemini");
		expect(() => checkedLlmFactory(loadConfig({}, {}, "mcp").llm, log)).not.toThrow();
	});

	it("treats empty strings as unset and lets flags win over the environment", () => {
		const c = loadConfig(
			{ CODEASK_TOKEN: TOKEN, CODEASK_PORT: "", CODEASK_HOST: "0.0.0.0", CODEASK_LLM_MODEL: "" },
			{ host: "127.0.0.2", port: "4100" },
			"serve",
		);
		expect(c.host).toBe("127.0.0.2");
		expect(c.port).toBe(4100);
		expect(c.llm.model).toBeUndefined();
	});

	it("picks the provider's key from the environment, CODEASK_LLM_API_KEY first", () => {
		const env = {
			CODEASK_TOKEN: TOKEN,
			CODEASK_LLM_PROVIDER: "gemini",
			GEMINI_API_KEY: "g-key",
			OPENAI_API_KEY: "o-key",
		};
		expect(loadConfig(env, {}, "serve").llm.apiKey).toBe("g-key");
		expect(loadConfig({ ...env, CODEASK_LLM_API_KEY: "c-key" }, {}, "serve").llm.apiKey).toBe("c-key");
		expect(loadConfig(env, {}, "serve").providerKeys).toEqual({ gemini: "g-key", openai: "o-key" });
		expect(() => loadConfig({ ...env, CODEASK_LLM_PROVIDER: "openai" }, {}, "serve")).toThrow(
			/CODEASK_LLM_BASE_URL/,
		);
	});

	it("ignores the service's settings for the MCP server (no token needed)", () => {
		const c = loadConfig({ CODEASK_PORT: "not-a-port", CODEASK_INDEX: "/tmp/x.db" }, {}, "mcp");
		expect(c.indexPath).toBe("/tmp/x.db");
		expect(c.token).toBeNull();
	});
});
