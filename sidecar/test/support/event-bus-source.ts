/** A fixture repository's small string-keyed event bus (`bus.on(key, fn)` / `bus.emit(key, …)`), as source text. */
export const EVENT_BUS_SOURCE = [
	"type Listener = (...args: unknown[]) => unknown;",
	"export class EventBus {",
	"\tprivate listeners = new Map<string, Listener[]>();",
	"\ton(event: string, listener: Listener): void {",
	"\t\tthis.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);",
	"\t}",
	"\temit(event: string, ...args: unknown[]): void {",
	"\t\tfor (const listener of this.listeners.get(event) ?? []) listener(...args);",
	"\t}",
	"}",
	"export const bus = new EventBus();",
].join("\n");
