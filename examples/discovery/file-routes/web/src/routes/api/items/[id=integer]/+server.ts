const items = ["tea", "cake"];

export function GET({ params }: { params: { id: string } }) {
	return new Response(items[Number(params.id)] ?? "");
}

export function PUT({ params }: { params: { id: string } }) {
	items[Number(params.id)] = "updated";
	return new Response("ok");
}
