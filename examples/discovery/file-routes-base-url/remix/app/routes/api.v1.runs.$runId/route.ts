import { cancelRun } from "~/lib/tasks.server";

/** A folder route: the folder's name is the URL, `route.ts` the module. */
export async function action({ params }: { params: { runId?: string } }) {
	return Response.json(await cancelRun(params.runId ?? ""));
}
