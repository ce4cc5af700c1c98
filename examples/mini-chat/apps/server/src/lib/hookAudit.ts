/**
 * Which hooks have fired since start-up, for the admin status page. `callbacks` here is a plain
 * Set: adding a hook name to it registers nothing.
 */
const callbacks = new Set<string>();
const recentRooms = { add(roomId: string) { return roomId; } };

export function auditHook(): void {
	callbacks.add('afterMessageSave');
	recentRooms.add('general');
}

export function firedHooks(): string[] {
	return [...callbacks];
}
