import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { settings } from "../../settings/settings";

const dir = fileURLToPath(new URL("../../../i18n", import.meta.url));
const load = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, string>;

/** Every i18n key the app refers to: settings, their select values, the command. */
function keysInUse(): Set<string> {
	const keys = new Set(["command_params_example", "command_description"]);
	for (const setting of settings) {
		keys.add(setting.i18nLabel);
		if (setting.i18nDescription) keys.add(setting.i18nDescription);
		for (const value of setting.values ?? []) keys.add(value.i18nLabel);
	}
	return keys;
}

describe("i18n", () => {
	const files = readdirSync(dir).filter((file) => file.endsWith(".json"));

	it("ships English, German, Portuguese and Spanish", () => {
		expect(files.sort()).toEqual(expect.arrayContaining(["de.json", "en.json", "es.json", "pt.json"]));
	});

	it("has every key the app uses, and no other, in every language, none empty", () => {
		const used = [...keysInUse()].sort();
		for (const file of files) {
			const strings = load(file);
			expect(Object.keys(strings).sort(), file).toEqual(used);
			for (const [key, text] of Object.entries(strings)) expect(text.trim(), `${file} ${key}`).not.toBe("");
		}
	});

	it("names every subcommand in the command's parameter example", () => {
		for (const file of files) {
			for (const word of ["overview", "status", "help"])
				expect(load(file).command_params_example).toContain(word);
		}
	});
});
