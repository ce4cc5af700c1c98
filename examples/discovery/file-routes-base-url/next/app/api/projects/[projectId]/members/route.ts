export async function GET(_req: Request, { params }: { params: { projectId: string } }) {
	return Response.json({ projectId: params.projectId, members: [] });
}

export async function POST(req: Request, { params }: { params: { projectId: string } }) {
	return Response.json({ projectId: params.projectId, added: await req.json() });
}
