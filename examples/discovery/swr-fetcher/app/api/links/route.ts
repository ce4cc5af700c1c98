import { listLinks } from "../../../lib/links";

// GET /api/links – the workspace's links
export async function GET(req: Request) {
	const workspaceId = new URL(req.url).searchParams.get("workspaceId");
	return Response.json(await listLinks(workspaceId ?? ""));
}
