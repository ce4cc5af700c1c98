import { findTask } from "~/lib/tasks.server";

export const loader = async ({ params }: { params: { taskId?: string } }) => {
	return Response.json(await findTask(params.taskId ?? ""));
};
