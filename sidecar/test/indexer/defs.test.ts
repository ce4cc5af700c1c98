import { describe, expect, it } from "vitest";
import { isManifestPath } from "../../src/index/documents.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

const index = indexForSuite(openFixtureIndex);

const SERVER = "apps/server/src";
const CLIENT = "apps/client/src";

describe("definitions of the mini-chat fixture", () => {
	it.each([
		[`${SERVER}/methods/sendMessage.ts#performSendMessage`, "function"],
		[`${SERVER}/services/push/PushService.ts#PushService`, "class"],
		[`${SERVER}/services/push/PushService.ts#PushService.sendNotification`, "method"],
		[`${SERVER}/services/push/PushService.ts#PushService.constructor`, "method"],
		["packages/core-services/src/types/IPushService.ts#IPushService", "interface"],
		["packages/core-services/src/types/IPushService.ts#IPushService.sendNotification", "method"],
		["packages/core-services/src/types/IPresenceService.ts#UserStatus", "type"],
		["packages/core-services/src/api.ts#api", "variable"],
		// object-literal members of a module-level variable, nested
		[`${SERVER}/api/api.ts#API.v1`, "property"],
		[`${SERVER}/api/api.ts#API.v1.addRoute`, "method"],
		// object-literal methods passed as call arguments: <callee text>.<prop>
		[`${SERVER}/methods/sendMessage.ts#Meteor.methods.sendMessage`, "method"],
		[`${SERVER}/api/v1/chat.ts#API.v1.addRoute(chat.sendMessage).post`, "method"],
		[`${SERVER}/api/v1/chat.ts#API.v1.addRoute(chat.history).get`, "method"],
		// module-level arrow functions are functions
		[`${CLIENT}/hooks/useMethod.ts#useMethod`, "function"],
		[`${CLIENT}/lib/presence.ts#setStatus`, "function"],
		// unnamed default export
		[`${CLIENT}/views/room/Room.tsx#default`, "function"],
		// a plain .js file
		[`${SERVER}/legacy/emoji.js#renderEmoji`, "function"],
		[`${SERVER}/startup.ts#(module)`, "module"],
	])("%s is a %s", (defId, kind) => {
		expect(index().def(defId)?.kind).toBe(kind);
	});

	it("names call-argument members by the call and its key, so two routes of one file stay apart", async () => {
		const chat = index()
			.defsInFile(`${SERVER}/api/v1/chat.ts`)
			.map((d) => d.qualifiedName);
		expect(chat).toEqual([
			"(module)",
			"API.v1.addRoute(chat.sendMessage).post",
			"API.v1.addRoute(chat.history).get",
		]);
	});

	it("does not make locals, parameters or nested helpers into definitions", () => {
		const names = index()
			.defsInFile(`${SERVER}/methods/sendMessage.ts`)
			.map((d) => d.name);
		expect(names).not.toContain("draft");
		expect(names).not.toContain("saved");
		expect(names).not.toContain("uid");
		const composer = index()
			.defsInFile(`${CLIENT}/views/room/MessageComposer.tsx`)
			.map((d) => d.name);
		expect(composer).not.toContain("onSubmit");
	});

	it("records line ranges, signature, doc comment and the exported flag", () => {
		const def = index().def(`${SERVER}/methods/sendMessage.ts#performSendMessage`);
		expect(def).toBeDefined();
		if (!def?.startLine || !def.endLine || !def.file) throw new Error("no range");
		const lines = index().fileLines(def.file, def.startLine, def.endLine) ?? [];
		expect(lines[0]).toContain("export async function performSendMessage(");
		expect(lines.at(-1)).toBe("}");
		expect(def.signature).toMatch(
			/^export async function performSendMessage\(uid: string, .*Promise<IMessage>$/,
		);
		expect(def.doc).toContain("Save a message sent by `uid`");
		expect(def.exported).toBe(true);
		expect(def.packageName).toBe("@mini-chat/server");
		expect(index().def("packages/models/src/Messages.ts#MessagesCollection")?.exported).toBe(false);
	});

	it("leaves out tests and declaration files; keeps .js and .tsx", () => {
		const files = index()
			.files()
			.map((f) => f.path);
		expect(files).not.toContain(`${SERVER}/methods/sendMessage.test.ts`);
		expect(files.some((f) => f.endsWith(".d.ts"))).toBe(false);
		expect(files).toContain(`${SERVER}/legacy/emoji.js`);
		expect(files).toContain(`${CLIENT}/views/room/Room.tsx`);
	});

	it("finds the workspace packages with their descriptions and README intros", () => {
		const packages = index().packages();
		const names = packages.map((p) => p.name);
		expect(names).toEqual(
			expect.arrayContaining([
				"@mini-chat/server",
				"@mini-chat/client",
				"@mini-chat/core-services",
				"@mini-chat/models",
			]),
		);
		const core = packages.find((p) => p.name === "@mini-chat/core-services");
		expect(core?.dir).toBe("packages/core-services");
		expect(core?.readme).toMatch(/^The service layer\./);
		expect(core?.description).toContain("Service base class");
	});

	it("fills the FTS tables and records meta", () => {
		const hits = index()
			.searchDefs(["notification"])
			.map((h) => h.def.defId);
		expect(hits).toContain(`${SERVER}/services/push/PushService.ts#PushService.sendNotification`);
		expect(index().searchFiles(["gateway"])[0]?.path).toBe(`${SERVER}/services/push/gateways.ts`);
		const meta = index().meta();
		// Source files: manifests are files rows too, never counted as extracted.
		expect(meta.stats?.files).toBe(
			index()
				.files()
				.filter((f) => !isManifestPath(f.path)).length,
		);
		expect(meta.options).toMatchObject({ includeTests: false });
		expect(index().outlineSections().length).toBeGreaterThan(0);
	});
});
