/**
 * Registration objects: `registerHook(definition)` where `definition` is an object literal
 * imported from another file (`{ hook: 'afterMute', callback: afterMute }`). The key and the
 * handler come from that object; the site is the registering call, in its own file and line.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openIndexWithTrunks, readThenClose } from "../support/open-index.js";
import { writeRepoFile } from "../support/repo-with.js";

const dir = mkdtempSync(join(tmpdir(), "codeask-regobj-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = {
	presets: [
		{
			name: "hooks",
			trunks: [
				{
					name: "hooks",
					idioms: [
						{
							kind: "call",
							side: "register",
							callee: { names: ["registerHook"], receiver: "" },
							key: { arg: 0, property: "hook", handlerProperty: "callback" },
						},
						{
							kind: "call",
							side: "dispatch",
							callee: { names: ["runHook"], receiver: "" },
							key: { arg: 0 },
						},
					],
				},
			],
		},
	],
};

const files: Record<string, string> = {
	"package.json": JSON.stringify({ name: "federation" }),
	"codeask.trunks.json": JSON.stringify(config),
	"src/hooks/afterMute.js": `async function afterMute(users, room) {
	return users;
}

export const definition = {
	hook: 'afterMute',
	callback: afterMute,
	id: 'federation-after-mute',
};`,
	"src/lib/hooks.ts": `const table = new Map<string, (...args: unknown[]) => unknown>();
export function registerHook(def: { hook: string; callback: (...args: any[]) => any }) {
	table.set(def.hook, def.callback);
}
export function runHook(name: string, ...args: unknown[]) {
	return table.get(name)?.(...args);
}`,
	"src/startup.js": `import { registerHook } from './lib/hooks';
import { definition as afterMuteDef } from './hooks/afterMute';

registerHook(afterMuteDef);`,
	"src/mute.ts": `import { runHook } from './lib/hooks';
export async function muteUser(user: string, room: string) {
	await runHook('afterMute', { user }, room);
}`,
};

describe("registration objects", () => {
	it("takes the key and handler from an imported object, and anchors the site at the call", async () => {
		for (const [path, text] of Object.entries(files)) writeRepoFile(dir, path, text);
		await readThenClose(await openIndexWithTrunks(dir), (reader) => {
			const sites = reader.dispatchSites("hooks").map((s) => ({
				side: s.side,
				key: s.key,
				at: `${s.file}:${s.line}`,
				handler: s.handlerDefId,
			}));
			expect(sites).toEqual(
				expect.arrayContaining([
					{
						side: "register",
						key: "afterMute",
						at: "src/startup.js:4",
						handler: "src/hooks/afterMute.js#afterMute",
					},
					{ side: "dispatch", key: "afterMute", at: "src/mute.ts:3", handler: null },
				]),
			);
			expect(sites).toHaveLength(2);
		});
	});
});
