export const OPTIONS = async (): Promise<Response> => new Response(null, { status: 204 });

export const PUT = async (req: Request): Promise<Response> => Response.json({ updated: await req.json() });
