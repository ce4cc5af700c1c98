import { paths } from "./paths";

/** Routes registered on a router the caller passes in, their paths built from shared constants. */
declare function findItem(id: string): Promise<unknown>;
declare function saveItemName(id: string, name: string): Promise<unknown>;
declare function listTags(id: string): Promise<string[]>;
declare function saveTags(id: string, tags: string[]): Promise<void>;
declare function dropItem(id: string): Promise<void>;
declare function eachOf<T>(list: T[], run: (x: T) => Promise<void>): Promise<void>;
declare function traced<T>(name: string, run: () => Promise<T>): Promise<T>;

/** A callback run at once under a built name, its result returned: the function's own code, no handler. */
export async function loadTraced(id: string) {
	return traced(`items.${id}.load`, async () => findItem(id));
}

type Ctx = { params: Record<string, string>; request: { body: unknown }; body: unknown };
type Next = () => Promise<void>;
type Handler = (ctx: Ctx, next: Next) => Promise<void> | void;
interface Router {
	get(path: string, ...handlers: Handler[]): Router;
	post(path: string, ...handlers: Handler[]): Router;
	patch(path: string, ...handlers: Handler[]): Router;
	put(path: string, ...handlers: Handler[]): Router;
	delete(path: string, ...handlers: Handler[]): Router;
}

export const itemsPrefix = "/items";

export default function itemRoutes(router: Router, guard: Handler) {
	router.get(`${itemsPrefix}/:id`, async (ctx, next) => {
		ctx.body = await findItem(ctx.params.id ?? "");
		return next();
	});

	router.patch(`${itemsPrefix}/:id`, guard, async (ctx, next) => {
		ctx.body = await saveItemName(ctx.params.id ?? "", String(ctx.request.body));
		return next();
	});

	const tagsPath = "/items/:id/tags";

	router.get(tagsPath, async (ctx, next) => {
		ctx.body = await listTags(ctx.params.id ?? "");
		return next();
	});

	router.put(tagsPath, guard, async (ctx, next) => {
		await saveTags(ctx.params.id ?? "", ctx.request.body as string[]);
		return next();
	});

	router.post(paths.search, async (ctx, next) => {
		ctx.body = await findItem(String(ctx.request.body));
		return next();
	});

	router.delete("/items/:id", async (ctx, next) => {
		await dropItem(ctx.params.id ?? "");
		return next();
	});

	// Data handed to a helper with a callback: no key, so the callback stays the function's own code.
	const stale = ["a", "b"];
	void eachOf(stale, async (id) => dropItem(id));
}
