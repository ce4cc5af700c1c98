export const OPTIONS = async (): Promise<Response> => new Response(null, { status: 204 });

export const GET = async (req: Request): Promise<Response> => Response.json({ surveys: [], url: req.url });
