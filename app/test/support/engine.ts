/**
 * A real Apps-Engine 1.62.0 AppManager (the app runs in its Deno subprocess) over the in-memory
 * World, plus a tiny HTTP gateway on 127.0.0.1 that routes `/api/apps/public/<appId>/<path>` to
 * the app's endpoints the way Rocket.Chat does, so the sidecar can call the app back.
 */
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { World, type WorldRoom, type WorldUser } from "./rocketchat-world.js";

const require = createRequire(import.meta.url);
const { AppManager } = require("@rocket.chat/apps-engine/server/AppManager.js");
const {
	SlashCommandContext,
} = require("@rocket.chat/apps-engine/definition/slashcommands/SlashCommandContext.js");

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
	logs(): Array<Record<string, unknown>>;
	stop(): Promise<void>;
}

async function startGateway(getManager: () => Manager): Promise<Server> {
	const server = createServer(async (req, res) => {
		const match = /^\/api\/apps\/public\/([^/]+)\/(.+)$/.exec(req.url ?? "");
		if (!match || req.method !== "POST") {
			res.writeHead(404).end();
			return;
		}
		const chunks: Array<Buffer> = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		let content: unknown;
		try {
			content = JSON.parse(Buffer.concat(chunks).toString("utf8"));
		} catch {
			res.writeHead(400).end();
			return;
		}
		// Rocket.Chat hands app endpoints the parsed body, as here.
		const response = await getManager()
			.getApiManager()
			.executeApi(match[1] as string, match[2] as string, {
				method: "post",
				headers: req.headers,
				query: {},
				params: {},
				content,
			});
		res.writeHead(response.status, { "content-type": "application/json", ...(response.headers ?? {}) });
		res.end(response.content === undefined ? "" : JSON.stringify(response.content));
	});
	server.listen(0, "127.0.0.1");
	await once(server, "listening");
	return server;
}

export async function startEngine(zipPath: string): Promise<Engine> {
	const world = new World();
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
		logs: () => storages.logs,
		async stop() {
			await manager.unload(true);
			gateway.closeAllConnections();
			gateway.close();
			rmSync(tempFilePath, { recursive: true, force: true });
		},
	};
}
