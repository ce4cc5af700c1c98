/**
 * A small made-up project indexed once while the startup snapshot is built (snapshot-entry.ts), so
 * that the functions a run calls — the compiler's parser, binder and checker, the extraction, the
 * trunk extractor — are compiled to bytecode in the blob instead of on first call in every run (a
 * snapshot keeps the bytecode of functions that ran while it was built). Nothing of the project stays:
 * its program and rows are dropped, and the lib files are parsed and bound again afterwards.
 */
import type { SiteExtractor } from "../index/types.js";
import type { WorkspacePackage } from "../workspace/packages.js";
import { extractFiles } from "./extract.js";

/** Outside any repository: nothing here is read from disk (no tsconfig, no package.json). */
const ROOT = "/codeask-snapshot-training";

const FILES: Record<string, string> = {
	"src/model.ts": `import type { Emitter } from "./events";
export interface User { _id: string; name: string; roles: string[]; settings?: Record<string, unknown> }
export type Handler<T> = (payload: T) => Promise<void> | void;
export enum Status { Online = "online", Away = "away" }
export abstract class Base<T extends { _id: string }> {
	protected readonly items = new Map<string, T>();
	constructor(protected events: Emitter) {}
	async findOne(id: string): Promise<T | undefined> { return this.items.get(id); }
	find(filter: Partial<T> = {}): T[] {
		return [...this.items.values()].filter((i) => Object.entries(filter).every(([k, v]) => (i as Record<string, unknown>)[k] === v));
	}
	abstract collection(): string;
}
export class Users extends Base<User> {
	collection(): string { return "users"; }
	async setStatus(id: string, status: Status): Promise<boolean> {
		const user = await this.findOne(id);
		if (!user) return false;
		this.events.emit("user.status", { id, status });
		return user.roles.includes("admin") ? true : Boolean(user.settings?.[status]);
	}
}
`,
	"src/events.ts": `export type Listener = (...args: any[]) => void;
export class Emitter {
	private listeners: { [event: string]: Listener[] } = {};
	on(event: string, fn: Listener): this { (this.listeners[event] ??= []).push(fn); return this; }
	emit(event: string, ...args: unknown[]): void { for (const fn of this.listeners[event] ?? []) fn(...args); }
}
export const events = new Emitter();
declare global {
	interface Window { codeaskTraining?: Emitter }
}
`,
	"src/server.ts": `import { events, Emitter } from "./events";
import { Status, Users, type User } from "./model";
import * as util from "./util.js";
const methods: Record<string, (...args: any[]) => unknown> = {};
export function defineMethods(map: typeof methods): void { Object.assign(methods, map); }
export function call(name: string, ...args: unknown[]): unknown { return methods[name]?.(...args); }
const users = new Users(new Emitter());
defineMethods({
	async "users.setStatus"(id: string, status: Status) { return users.setStatus(id, status); },
	"users.list"() { return users.find({}).map((u: User) => util.format(u.name)); },
});
events.on("user.status", ({ id, status }: { id: string; status: Status }) => {
	void call("users.list");
	console.log(id, status);
});
export const router = { get(path: string, ...handlers: Array<(req: { params: Record<string, string> }, res: { json(v: unknown): void }) => void>) { return { path, handlers }; } };
router.get("/api/users/:id", (req, res) => { void users.findOne(req.params.id ?? "").then((u) => res.json(u)); });
export default class Controller {
	@log("x") handle(@inject() input: string): string { return \`\${input}!\`; }
}
function log(_tag: string) { return (_t: object, _k: string | symbol, d: PropertyDescriptor) => d; }
function inject() { return (_t: object, _k: string | symbol | undefined, _i: number) => undefined; }
`,
	"src/util.js": `const path = require("path");
function format(name) { return String(name).trim() + path.sep; }
module.exports = { format };
`,
	"src/View.tsx": `import { useEffect, useState } from "./hooks";
import { call } from "./server";
type Props = { id: string; onClose?: () => void };
export function View({ id, onClose }: Props) {
	const [names, setNames] = useState<string[]>([]);
	useEffect(() => { setNames((call("users.list") as string[]) ?? []); }, [id]);
	return <div className="view" onClick={onClose}>{names.map((n) => <span key={n}>{n}</span>)}</div>;
}
`,
	"src/hooks.ts": `export function useState<T>(initial: T): [T, (next: T | ((prev: T) => T)) => void] { return [initial, () => undefined]; }
export function useEffect(fn: () => void | (() => void), _deps?: unknown[]): void { fn(); }
declare global { namespace JSX { interface IntrinsicElements { [name: string]: Record<string, unknown> } } }
`,
};

export function trainSnapshot(siteExtractor: SiteExtractor | undefined): void {
	const sources = new Map(
		Object.entries(FILES).map(([path, content]) => [`${ROOT}/${path}`, { path, content }] as const),
	);
	const packages: WorkspacePackage[] = [
		{ name: "training", dir: "", description: null, readme: null, entryHints: [] },
	];
	extractFiles({
		repoRoot: ROOT,
		packages,
		sources,
		files: [...sources.keys()],
		extraRoots: [],
		globalRoots: [],
		siteExtractor,
	});
}
