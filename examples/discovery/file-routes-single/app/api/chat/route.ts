// The repository's one route module: one path, the route still stands.
export async function POST(request: Request) {
	const { prompt } = await request.json();
	return Response.json({ reply: String(prompt) });
}
