import { describe, expect, it } from "vitest";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

const index = indexForSuite(openFixtureIndex);

const SERVER = "apps/server/src";
const CLIENT = "apps/client/src";
const CORE = "packages/core-services/src";

/** `kind` edges out of `src` as "kind dst@line". */
function out(src: string, kind?: string): string[] {
	const def = index().def(src);
	if (!def) throw new Error(`no def ${src}`);
	return index()
		.edgesFrom(def.id)
		.filter((e) => !kind || e.kind === kind)
		.map((e) => e.dstDefId);
}

describe("edges of the mini-chat fixture", () => {
	it("resolves calls across packages to the declaration (through the models re-export)", () => {
		const calls = out(`${SERVER}/methods/sendMessage.ts#performSendMessage`, "call");
		expect(calls).toEqual(
			expect.arrayContaining([
				"packages/models/src/BaseModel.ts#BaseModel.insertOne",
				`${CORE}/api.ts#InProcessBroker.broadcast`,
				`${SERVER}/lib/callbacks.ts#Callbacks.run`,
				`${SERVER}/lib/callbacks.ts#Callbacks.runAsync`,
				`${SERVER}/notifications/streamer.ts#Streamer.emit`,
			]),
		);
		const edge = index()
			.edgesFrom(index().def(`${SERVER}/methods/sendMessage.ts#performSendMessage`)?.id ?? -1)
			.find((e) => e.dstDefId === "packages/models/src/BaseModel.ts#BaseModel.insertOne");
		expect(edge).toMatchObject({ file: `${SERVER}/methods/sendMessage.ts`, line: 22, resolution: "checker" });
	});

	it("follows an aliased import to the right one of two same-named functions", () => {
		// server: `import { formatMessage as formatForStorage } from '../lib/format'`
		const server = out(`${SERVER}/methods/sendMessage.ts#performSendMessage`, "call");
		expect(server).toContain(`${SERVER}/lib/format.ts#formatMessage`);
		expect(server).not.toContain(`${CLIENT}/lib/format.ts#formatMessage`);
		const client = out(`${CLIENT}/views/room/RoomMessages.tsx#RoomMessages`, "call");
		expect(client).toContain(`${CLIENT}/lib/format.ts#formatMessage`);
		expect(client).not.toContain(`${SERVER}/lib/format.ts#formatMessage`);
	});

	it("resolves `this.` calls, `new`, JSX, extends and implements", () => {
		expect(out(`${SERVER}/services/push/PushService.ts#PushService.constructor`, "call")).toEqual([
			`${CORE}/ServiceClass.ts#ServiceClass.onEvent`,
		]);
		// The callback registered under 'message.sent' is a definition of its own, and its calls are its.
		expect(
			out(
				`${SERVER}/services/push/PushService.ts#PushService.constructor.this.onEvent(message.sent)`,
				"call",
			),
		).toContain(`${SERVER}/services/push/PushService.ts#PushService.sendNotification`);
		expect(out(`${SERVER}/services/push/gateways.ts#gatewayFor`, "new").sort()).toEqual([
			`${SERVER}/services/push/gateways.ts#ApnGateway`,
			`${SERVER}/services/push/gateways.ts#FcmGateway`,
		]);
		expect(out(`${CLIENT}/views/room/Room.tsx#default`, "jsx").sort()).toEqual([
			`${CLIENT}/views/room/MessageComposer.tsx#MessageComposer`,
			`${CLIENT}/views/room/RoomMessages.tsx#RoomMessages`,
		]);
		expect(out(`${SERVER}/services/push/PushService.ts#PushService`, "extends")).toEqual([
			`${CORE}/ServiceClass.ts#ServiceClass`,
		]);
		expect(out(`${SERVER}/services/push/PushService.ts#PushService`, "implements")).toEqual([
			`${CORE}/types/IPushService.ts#IPushService`,
		]);
	});

	it("links interface members to both implementations, and a facade call reaches the interface", () => {
		expect(out(`${SERVER}/services/push/gateways.ts#PushGateway.send`, "implementation").sort()).toEqual([
			`${SERVER}/services/push/gateways.ts#ApnGateway.send`,
			`${SERVER}/services/push/gateways.ts#FcmGateway.send`,
		]);
		// Push is proxify<IPushService>('push'): the call resolves to the interface member …
		expect(out(`${SERVER}/lib/sendNotificationsForMessage.ts#sendNotificationsForMessage`, "call")).toContain(
			`${CORE}/types/IPushService.ts#IPushService.sendNotification`,
		);
		// … which leads to the service that implements it, in another package.
		expect(out(`${CORE}/types/IPushService.ts#IPushService.sendNotification`, "implementation")).toEqual([
			`${SERVER}/services/push/PushService.ts#PushService.sendNotification`,
		]);
	});

	it("gives object-literal call-argument methods their own edges, and top-level code to (module)", () => {
		expect(out(`${SERVER}/methods/sendMessage.ts#Meteor.methods.sendMessage`, "call")).toContain(
			`${SERVER}/methods/sendMessage.ts#performSendMessage`,
		);
		expect(out(`${SERVER}/api/v1/chat.ts#API.v1.addRoute(chat.sendMessage).post`, "call")).toContain(
			`${SERVER}/methods/sendMessage.ts#performSendMessage`,
		);
		expect(out(`${SERVER}/methods/sendMessage.ts#(module)`, "call")).toContain(
			`${SERVER}/stubs/meteor.ts#Meteor.methods`,
		);
		// the meteor stub is reached through the package's tsconfig `paths`
		expect(out(`${SERVER}/methods/sendMessage.ts#(module)`, "import")).toContain(
			`${SERVER}/stubs/meteor.ts#Meteor`,
		);
	});

	it("resolves calls into a .js file, and destructured calls to the method the binding reads", () => {
		expect(out(`${SERVER}/lib/format.ts#formatMessage`, "call")).toEqual([
			`${SERVER}/legacy/emoji.js#renderEmoji`,
		]);
		// `const { call } = sdk; … call(…)` is `sdk.call(…)`; the module-level binding leads there too.
		expect(out(`${CLIENT}/lib/presence.ts#setStatus`, "call")).toEqual([`${CLIENT}/stubs/sdk.ts#sdk.call`]);
		expect(out(`${CLIENT}/lib/presence.ts#call`, "reference")).toEqual([`${CLIENT}/stubs/sdk.ts#sdk.call`]);
	});

	it("records imports (workspace packages resolved to their source) and no edge into lib or externals", () => {
		const imports = out(`${SERVER}/services/push/PushService.ts#(module)`, "import");
		expect(imports).toEqual(
			expect.arrayContaining([
				`${CORE}/index.ts#(module)`,
				`${CORE}/ServiceClass.ts#ServiceClass`,
				"packages/models/src/PushTokens.ts#PushTokens",
			]),
		);
		// console.log, Promise.all, Map#get … are counted as external, never edges
		const all = index()
			.db.prepare(
				"SELECT count(*) AS n FROM edges e JOIN defs d ON d.id = e.dst WHERE d.file_id IS NULL AND d.kind != 'dispatch-key'",
			)
			.get() as { n: number };
		expect(all.n).toBe(0);
		const stats = index().meta().stats;
		expect(stats?.externalRefs).toBeGreaterThan(10);
		expect(stats?.crossPackageEdges).toBeGreaterThan(20);
		expect(JSON.parse(index().metaValue("imports") ?? "{}")).toMatchObject({ inRepo: expect.any(Number) });
		const imp = JSON.parse(index().metaValue("imports") ?? "{}") as { inRepo: number; resolved: number };
		expect(imp.resolved).toBe(imp.inRepo);
	});

	it("counts fan-in as distinct users, not counting imports", () => {
		const insertOne = index().def("packages/models/src/BaseModel.ts#BaseModel.insertOne");
		const users = new Set(
			index()
				.edgesTo(insertOne?.id ?? -1)
				.filter((e) => e.kind !== "import")
				.map((e) => e.src),
		);
		expect(insertOne?.fanIn).toBe(users.size);
		const srcIds = [
			`${SERVER}/methods/sendMessage.ts#performSendMessage`,
			`${SERVER}/services/push/PushService.ts#PushService.registerToken`,
		].map((d) => index().def(d)?.id);
		for (const id of srcIds) expect(users.has(id ?? -1)).toBe(true);
		// Room is only re-exported by the client's index.ts: an import edge, no use
		const room = index().def(`${CLIENT}/views/room/Room.tsx#default`);
		expect(
			index()
				.edgesTo(room?.id ?? -1)
				.map((e) => e.kind),
		).toContain("import");
		expect(room?.fanIn).toBe(0);
	});
});
