import { triggerTask } from "~/lib/tasks.server";

/** Remix flat route: the file name is the URL, `/api/v1/tasks/:taskId/trigger`. */
export async function action({ request, params }: { request: Request; params: { taskId?: string } }) {
	const run = await triggerTask(params.taskId ?? "", await request.json());
	return Response.json(run);
}
