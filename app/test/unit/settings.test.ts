import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as contract from "../../../shared/src/contract";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../../endpoints/JobCallbackEndpoint";
import { MAX_QUESTION_CHARS } from "../../lib/limits";
import { RepoSettingId } from "../../settings/repoSettings";
import { readAppSettings, SettingId, settings } from "../../settings/settings";
import { Recorder } from "../support/fakes";

const en = JSON.parse(readFileSync(new URL("../../../i18n/en.json", import.meta.url), "utf8")) as Record<
	string,
	string
>;

describe("settings", () => {
	it("declares every setting once, with labels and descriptions that exist in i18n/en.json", () => {
		expect(new Set(settings.map((setting) => setting.id)).size).toBe(settings.length);
		expect(settings.map((setting) => setting.id).sort()).toEqual(
			[...Object.values(SettingId), ...Object.values(RepoSettingId)].sort(),
		);
		for (const setting of settings) {
			expect(en[setting.i18nLabel], setting.i18nLabel).toBeTruthy();
			expect(en[setting.i18nDescription ?? ""], `${setting.id} description`).toBeTruthy();
			for (const value of setting.values ?? []) {
				expect(en[value.i18nLabel], value.i18nLabel).toBeTruthy();
			}
		}
	});

	it("keeps secrets in password fields, never shown back in the admin page", () => {
		const type = (id: SettingId) => settings.find((setting) => setting.id === id)?.type;
		expect(type(SettingId.SharedSecret)).toBe("password");
		expect(type(SettingId.LlmApiKey)).toBe("password");
	});

	it("reads a valid configuration, trimming values and trailing slashes", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.SidecarUrl, " http://codeask:3900/ ");
		recorder.settings.set(SettingId.RepoUrl, "https://github.com/acme/repo/");
		recorder.settings.set(SettingId.LlmProvider, "gemini");
		const result = await readAppSettings(recorder.read());
		expect(result).toMatchObject({
			ok: true,
			settings: {
				sidecarUrl: "http://codeask:3900",
				repoUrl: "https://github.com/acme/repo",
				llm: "gemini",
				placement: "thread",
				rateLimitPerMinute: 5,
			},
		});
	});

	it("reports every problem at once", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.SidecarUrl, "codeask:3900");
		recorder.settings.set(SettingId.SharedSecret, "  ");
		recorder.settings.set(SettingId.RateLimitPerMinute, -1);
		recorder.settings.set(SettingId.RepoUrl, "github.com/acme");
		const result = await readAppSettings(recorder.read());
		expect(result.ok).toBe(false);
		expect(result.ok ? [] : result.problems).toEqual([
			"the sidecar URL is missing or is not an http(s) URL",
			"the shared secret is empty",
			"the rate limit must be a whole number of questions per minute (0 = no limit)",
			"the repository web URL is not an http(s) URL",
		]);
	});
});

describe("values mirrored from the HTTP contract (the app imports only its types)", () => {
	it("match shared/src/contract.ts", () => {
		expect(MAX_QUESTION_CHARS).toBe(contract.MAX_QUESTION_CHARS);
		expect(SIGNATURE_HEADER).toBe(contract.CALLBACK_SIGNATURE_HEADER);
		expect(TIMESTAMP_HEADER).toBe(contract.CALLBACK_TIMESTAMP_HEADER);
	});
});
