/**
 * A real Apps-Engine AppManager (the app runs in its Deno subprocess) over the in-memory World,
 * plus an HTTP gateway on 127.0.0.1 that routes `/api/apps/public/<appId>/<path>` to the app's
 * endpoints the way Rocket.Chat does — bodies parsed by `express.json()` with its default 100 kB
 * limit (Rocket.Chat's apps/meteor/app/apps/server/bridges/router.ts), so a larger body gets 413
 * here as there — so the sidecar can call the app back.
 */
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import {
	ENGINES,
	type EnginePackage,
	type PostedMessage,
	World,
	type WorldRoom,
	type WorldUser,
} from "./rocketchat-world.js";

const require = createRequire(import.meta.url);

type Manager = {
	load(): Promise<boolean>;
	add(zip: Buffer, options: object): Promise<Fulfillment>;
	unload(isManual: boolean): Promise<void>;
	getSettingsManager(): {
		getAppSetting(appId: string, id: string): Record<string, unknown>;
		updateAppSetting(appId: string, setting: object): Promise<void>;
	};
	getCommandManager(): { executeCommand(command: string, context: unknown): Promise<void> };
	getListenerManager(): { executeListener(event: string, data: unknown): Promise<unknown> };
	getApiManager(): { executeApi(appId: string, path: string, request: object): Promise<ApiResponse> };
};
type Fulfillment = {
	getApp(): { getID(): string; getStatus(): Promise<string> } | undefined;
	getAppInfo(): { id: string };
	hasStorageError(): boolean;
	getStorageError(): string;
	getLicenseValidationResult(): { hasErrors: boolean; getErrors(): unknown };
};
type ApiResponse = { status: number; headers?: Record<string, string>; content?: unknown };

export interface Engine {
	world: World;
	appId: string;
	/** Base URL of the gateway (what Rocket.Chat's Site_Url would be). */
	gatewayUrl: string;
	admin: WorldUser;
	setSetting(id: string, value: unknown): Promise<void>;
	command(user: WorldUser, room: WorldRoom, text: string, threadId?: string): Promise<void>;
	postMessage(
		sender: WorldUser,
		room: WorldRoom,
		text: string,
		extra?: Record<string, unknown>,
	): Promise<void>;
	/** A click on a button of a posted message, as Rocket.Chat hands it to the app. */
	click(user: WorldUser, message: PostedMessage, actionId: string): Promise<void>;
	/** The engine's version, e.g. 1.46.0. */
	version: string;
	logs(): Array<Record<string, unknown>>;
	stop(): Promise<void>;
}

async function startGateway(getManager: () => Manager): Promise<Server> {
	const gateway = express();
	// As Rocket.Chat: JSON bodies up to express.json()'s default 100 kB; larger ones get 413.
	gateway.post("/api/apps/public/:appId/*path", express.json(), async (req, res) => {
		const path = ([] as Array<string>).concat(req.params.path as unknown as Array<string>).join("/");
		const response = await getManager()
			.getApiManager()
			.executeApi(req.params.appId as string, path, {
				method: "post",
				headers: req.headers,
				query: {},
				params: {},
				content: req.body,
			});
		res.status(response.status).set({ "content-type": "application/json", ...(response.headers ?? {}) });
		res.end(response.content === undefined ? "" : JSON.stringify(response.content));
	});
	const server = gateway.listen(0, "127.0.0.1");
	await once(server, "listening");
	return server;
}

export async function startEngine(
	zipPath: string,
	enginePackage: EnginePackage = ENGINES.newest,
): Promise<Engine> {
	const { AppManager } = require(`${enginePackage}/server/AppManager.js`);
	const { SlashCommandContext } = require(`${enginePackage}/definition/slashcommands/SlashCommandContext.js`);
	const version = String(require(`${enginePackage}/package.json`).version);
	const world = new World(enginePackage);
	const tempFilePath = mkdtempSync(join(tmpdir(), "codeask-engine-"));
	const storages = world.storages();
	const manager: Manager = new AppManager({
		metadataStorage: storages.metadataStorage,
		logStorage: storages.logStorage,
		sourceStorage: storages.sourceStorage,
		bridges: world.bridges(),
		tempFilePath,
	});
	const gateway = await startGateway(() => manager);
	const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
	world.serverSettings.set("Site_Url", gatewayUrl);
	world.serverSettings.set("Message_MaxAllowedSize", 5000);
	const admin = world.addUser("admin", { roles: ["admin"] });

	await manager.load();
	const result = await manager.add(readFileSync(zipPath), { enable: true, user: admin });
	if (result.hasStorageError()) {
		throw new Error(`app install failed: ${result.getStorageError()}`);
	}
	const app = result.getApp();
	if (!app) {
		throw new Error(`app install failed: ${JSON.stringify(result.getLicenseValidationResult().getErrors())}`);
	}
	const appId = app.getID();
	const status = await app.getStatus();
	if (!String(status).includes("enabled")) {
		throw new Error(`app is ${status} after install; logs: ${JSON.stringify(storages.logs.slice(-5))}`);
	}

	return {
		world,
		appId,
		gatewayUrl,
		admin,
		async setSetting(id, value) {
			const settings = manager.getSettingsManager();
			await settings.updateAppSetting(appId, { ...settings.getAppSetting(appId, id), value });
		},
		async command(user, room, text, threadId) {
			const args = text.split(/\s+/).filter(Boolean);
			await manager
				.getCommandManager()
				.executeCommand("codeask", new SlashCommandContext(user, room, args, threadId));
		},
		async postMessage(sender, room, text, extra = {}) {
			await manager.getListenerManager().executeListener("IPostMessageSent", {
				id: `incoming-${Math.random().toString(36).slice(2)}`,
				room,
				sender,
				text,
				createdAt: new Date(),
				...extra,
			});
		},
		async click(user, message, actionId) {
			const button = (message.blocks ?? [])
				.flatMap((block) => (block.elements as Array<Record<string, unknown>> | undefined) ?? [])
				.find((element) => element.actionId === actionId);
			if (!button) throw new Error(`no button ${actionId} on message ${message.id}`);
			const room = world.rooms.get(message.roomId);
			await manager.getListenerManager().executeListener("IUIKitInteractionHandler", {
				type: "blockAction",
				appId,
				actionId,
				triggerId: `trigger-${Math.random().toString(36).slice(2)}`,
				user,
				room,
				message: {
					id: message.id,
					room,
					text: message.text,
					...(message.threadId ? { threadId: message.threadId } : {}),
				},
				payload: { blockId: button.blockId, value: button.value },
				container: { type: "message", id: message.id },
			});
		},
		version,
		logs: () => storages.logs,
		async stop() {
			await manager.unload(true);
			gateway.closeAllConnections();
			gateway.close();
			rmSync(tempFilePath, { recursive: true, force: true });
		},
	};
}
