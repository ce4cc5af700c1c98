import { createActionApiRoute } from "~/lib/api-route.server";
import { triggerTask } from "~/lib/tasks.server";

/** A factory-built route destructured, then exported by name. */
const { action, loader } = createActionApiRoute({ maxContentLength: 65536 }, async ({ body }) => {
	const items = body as { taskId: string; payload: unknown }[];
	return Response.json(await Promise.all(items.map((i) => triggerTask(i.taskId, i.payload))));
});

export { action, loader };
