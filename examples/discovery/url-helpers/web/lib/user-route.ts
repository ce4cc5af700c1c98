import { withApiLogging } from "./api-wrapper";

export const OPTIONS = async (): Promise<Response> => new Response(null, { status: 204 });

export const POST = withApiLogging({
	handler: async (req) => Response.json({ user: await req.json() }),
});
