type Handler = (args: { params: Record<string, string>; body: unknown }) => Promise<Response>;

/** A route factory: the route module exports what it builds (`action` for writes, `loader` for reads). */
export function createActionApiRoute(options: { maxContentLength: number }, handler: Handler) {
	const action = async ({ request, params }: { request: Request; params: Record<string, string> }) => {
		const text = await request.text();
		if (text.length > options.maxContentLength) return new Response("too large", { status: 413 });
		return handler({ params, body: JSON.parse(text) });
	};
	const loader = async () => new Response("method not allowed", { status: 405 });
	return { action, loader };
}
