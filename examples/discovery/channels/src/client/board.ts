import { client, useChannel } from "./client";

export function watchBoard(boardId: string, render: (change: unknown) => void) {
	return client.subscribe("board-updates", [boardId], render);
}

export function useBoardAlerts(userId: string) {
	const listen = useChannel("user-alerts");
	return listen(userId, (alert) => console.info(alert));
}
