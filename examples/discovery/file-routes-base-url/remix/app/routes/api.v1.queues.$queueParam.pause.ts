import { createActionApiRoute } from "~/lib/api-route.server";
import { pauseQueue } from "~/lib/tasks.server";

/** A factory-built route held in a constant, its parts exported one by one. */
const route = createActionApiRoute({ maxContentLength: 1024 }, async ({ params }) => {
	return Response.json(await pauseQueue(params.queueParam ?? ""));
});

export const action = route.action;
export const loader = route.loader;
