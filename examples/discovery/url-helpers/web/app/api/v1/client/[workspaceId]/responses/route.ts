export const OPTIONS = async (): Promise<Response> => new Response(null, { status: 204 });

export const POST = async (req: Request): Promise<Response> => Response.json({ id: "r1", body: await req.json() });
