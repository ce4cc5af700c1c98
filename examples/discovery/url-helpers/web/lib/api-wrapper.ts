type Handler = (req: Request) => Promise<Response>;

/** Logs every request of the route it wraps. */
export const withApiLogging =
	({ handler }: { handler: Handler }): Handler =>
	async (req) => {
		console.log(req.method, req.url);
		return handler(req);
	};
