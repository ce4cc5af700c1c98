import { withApiLogging } from "../../../../lib/api-wrapper";

/** The current user's profile; served by `app/api/v2/me/route.ts`, which re-exports it. */
export const GET = withApiLogging({
	handler: async (req) => Response.json({ me: req.headers.get("authorization") }),
});
