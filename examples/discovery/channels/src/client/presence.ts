import { client, useChannel } from "./client";

export function watchPresence(userId: string, show: (status: unknown) => void) {
	return client.subscribe("presence-changes", [userId], show);
}

export function watchAlerts(userId: string, show: (alert: unknown) => void) {
	return client.subscribe("user-alerts", [userId], show);
}

export function usePresence(userId: string) {
	const listen = useChannel("presence-changes");
	return listen(userId, (status) => console.info(status));
}

export function stopBoard() {
	client.unsubscribe("board-updates");
}
