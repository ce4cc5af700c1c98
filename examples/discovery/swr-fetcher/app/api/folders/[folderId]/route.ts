import { getFolder, removeFolder } from "../../../../lib/links";

// GET /api/folders/[folderId] – one folder
export async function GET(_req: Request, { params }: { params: { folderId: string } }) {
	return Response.json(await getFolder(params.folderId));
}

// DELETE /api/folders/[folderId] – delete a folder
export async function DELETE(_req: Request, { params }: { params: { folderId: string } }) {
	await removeFolder(params.folderId);
	return Response.json({ id: params.folderId });
}
