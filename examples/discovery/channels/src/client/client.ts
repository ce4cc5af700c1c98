// The browser client subscribes to channels by name with a callback.
export const client = {
	subscribe(channel: string, events: string[], cb: (...args: unknown[]) => void): () => void {
		const source = new EventSource(`/channels/${channel}?events=${events.join(",")}`);
		source.onmessage = (e) => cb(JSON.parse(e.data));
		return () => source.close();
	},
	unsubscribe(channel: string): void {
		console.debug("unsubscribed", channel);
	},
};

export function useChannel(channel: string): (event: string, cb: (...args: unknown[]) => void) => () => void {
	return (event, cb) => client.subscribe(channel, [event], cb);
}
