// Job names as a string enum, and an event name as an `as const` object member.
export enum TaskName {
	ResizeImage = "resize-image",
	SendDigest = "send-digest",
	PurgeCache = "purge-cache",
}

export const Signals = { UserSignedUp: "user.signed-up" } as const;
