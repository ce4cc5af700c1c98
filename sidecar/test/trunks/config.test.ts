import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { enabledPresets } from "../../src/trunks/detect.js";
import {
	builtinPresets,
	checkFamilyPins,
	loadTrunkConfig,
	parseTrunkConfig,
	TrunkConfigError,
} from "../../src/trunks/load.js";

const dirs: string[] = [];
function repo(files: Record<string, string>): string {
	const root = mkdtempSync(join(tmpdir(), "codeask-trunk-config-"));
	dirs.push(root);
	for (const [p, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, p)), { recursive: true });
		writeFileSync(join(root, p), text);
	}
	return root;
}
afterEach(() => {
	for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("trunk configuration", () => {
	it("ships valid built-in presets: generic always on, rocketchat by detection", () => {
		const presets = builtinPresets();
		expect(presets.map((p) => p.name).sort()).toEqual(["apostrophe", "generic", "nestjs", "rocketchat"]);
		// The always-on preset first: a framework's idioms added to its trunks keep its normalisation.
		expect(presets[0]?.name).toBe("generic");
		const rc = presets.find((p) => p.name === "rocketchat");
		expect(rc?.trunks.map((t) => t.name)).toEqual([
			"rest",
			"meteor-method",
			"callbacks",
			"service-events",
			"api-call",
			"streamer",
			"slash-command",
		]);
	});

	it("reports every problem with its field path", () => {
		const bad = {
			name: "x",
			trunks: [{ name: "Bad Name", idioms: [{ kind: "call", side: "sideways", callee: { names: [] } }] }],
		};
		let message = "";
		try {
			parseTrunkConfig(bad, "mine.json");
		} catch (err) {
			expect(err).toBeInstanceOf(TrunkConfigError);
			message = (err as Error).message;
		}
		expect(message).toContain("mine.json");
		expect(message).toContain("trunks.0.name");
		expect(message).toContain("trunks.0.idioms.0.side");
		expect(message).toContain("trunks.0.idioms.0.callee.names");
	});

	it("rejects a regex that does not compile, naming where it is", () => {
		const bad = {
			name: "x",
			trunks: [
				{ name: "t", idioms: [{ kind: "call", side: "register", callee: { names: ["on"], receiver: "(" } }] },
			],
		};
		expect(() => parseTrunkConfig(bad, "mine.json")).toThrow(/x\.trunks\.0\.idioms\.0\.callee\.receiver/);
	});

	it("refuses a family side pinned by two trunks, naming both; the same trunk again is no conflict", () => {
		const pin = (side: string) => ({ kind: "family", family: "activities", side });
		const twice = {
			presets: [
				{ name: "a", trunks: [{ name: "activities", idioms: [pin("register"), pin("dispatch")] }] },
				{ name: "b", trunks: [{ name: "jobs", idioms: [pin("register")] }] },
			],
		};
		expect(() => parseTrunkConfig(twice, "mine.json")).toThrow(
			/b\.trunks\.0\.idioms\.0: the activities register side is already pinned by trunk "activities" \(a\.trunks\.0\.idioms\.0\)/,
		);
		const sameTrunk = {
			presets: [
				{ name: "a", trunks: [{ name: "activities", idioms: [pin("register")] }] },
				{ name: "b", trunks: [{ name: "activities", idioms: [pin("register"), pin("dispatch")] }] },
			],
		};
		expect(parseTrunkConfig(sameTrunk).presets).toHaveLength(2);
		// Each file alone is valid; put together (a file and the built-in it extends) they are not.
		const own = parseTrunkConfig({ name: "mine", trunks: [{ name: "jobs", idioms: [pin("register")] }] });
		const extended = parseTrunkConfig({
			name: "base",
			trunks: [{ name: "activities", idioms: [pin("register")] }],
		});
		expect(() => checkFamilyPins([...extended.presets, ...own.presets], "mine.json")).toThrow(
			/mine\.trunks\.0\.idioms\.0: the activities register side is already pinned by trunk "activities"/,
		);
	});

	it("enables presets by their own detection data", () => {
		const presets = builtinPresets();
		const rcLike = repo({
			"package.json": JSON.stringify({ workspaces: ["packages/*"] }),
			"packages/core-services/package.json": JSON.stringify({ name: "@rocket.chat/core-services" }),
		});
		const other = repo({ "package.json": JSON.stringify({ name: "shop", dependencies: { express: "5" } }) });
		expect(enabledPresets(presets, rcLike).map((p) => p.name)).toEqual(["generic", "rocketchat"]);
		expect(enabledPresets(presets, other).map((p) => p.name)).toEqual(["generic"]);
		const site = repo({
			"package.json": JSON.stringify({ name: "site", dependencies: { apostrophe: "4" } }),
		});
		expect(enabledPresets(presets, site).map((p) => p.name)).toEqual(["generic", "apostrophe"]);
	});

	it("uses a repository's codeask.trunks.json, resolving `extends` into always-on presets", () => {
		const root = repo({ "codeask.trunks.json": JSON.stringify({ extends: ["rocketchat"] }) });
		const config = loadTrunkConfig(null, root);
		expect(config.presets.map((p) => p.name)).toEqual(["rocketchat"]);
		expect(config.presets[0]?.detect.always).toBe(true);
		expect(config.extends).toEqual([]);
		// An explicit file wins over the repository's own.
		const own = join(root, "other.json");
		writeFileSync(
			own,
			JSON.stringify({
				name: "own",
				trunks: [{ name: "t", idioms: [{ kind: "call", side: "register", callee: { names: ["on"] } }] }],
			}),
		);
		expect(loadTrunkConfig(own, root).presets.map((p) => p.name)).toEqual(["own"]);
		expect(() => loadTrunkConfig(join(root, "missing.json"))).toThrow(TrunkConfigError);
		writeFileSync(own, JSON.stringify({ extends: ["nope"] }));
		expect(() => loadTrunkConfig(own)).toThrow(/no built-in preset "nope"/);
	});
});
