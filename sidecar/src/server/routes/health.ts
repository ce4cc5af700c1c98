/** Liveness and readiness probes; unauthenticated, cheap, no body parsing. */
import { Router } from "express";
import type { ServedIndex } from "../../repos/view.js";
import type { Lifecycle } from "../lifecycle.js";

export function healthRoutes(
	holder: Pick<ServedIndex, "ready" | "problem" | "refused">,
	lifecycle: Lifecycle,
): Router {
	const router = Router();
	router.get("/healthz", (_req, res) => {
		res.json({ ok: true });
	});
	router.get("/readyz", (_req, res) => {
		if (lifecycle.shuttingDown) {
			res.status(503).json({ ready: false, reason: "shutting down" });
		} else if (!holder.ready) {
			res.status(503).json({ ready: false, reason: holder.problem });
		} else {
			// Still ready (the loaded index answers), but say so when a replacement was refused.
			const refused = holder.refused;
			res.json(refused ? { ready: true, refused } : { ready: true });
		}
	});
	return router;
}
