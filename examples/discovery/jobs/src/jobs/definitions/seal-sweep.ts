import type { JobDefinition } from "../client";
import { sealDocument } from "./seal-document.handler";

/** Never triggered by name either, but scheduled: the clock runs it, so it registers. */
export const SEAL_SWEEP_JOB_DEFINITION = {
	id: "internal.seal-sweep",
	name: "Seal Sweep",
	version: "1.0.0",
	trigger: { name: "internal.seal-sweep", cron: "*/15 * * * *" },
	handler: async () => sealDocument({ payload: { documentId: 0 } }),
} satisfies JobDefinition;
