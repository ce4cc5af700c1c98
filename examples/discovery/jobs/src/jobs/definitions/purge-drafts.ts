import type { JobDefinition } from "../client";

/** Defined, never triggered by name, and no schedule runs it here (`trigger` has no `cron`). */
export const PURGE_DRAFTS_JOB_DEFINITION = {
	id: "internal.purge-drafts",
	name: "Purge Drafts",
	version: "1.0.0",
	trigger: { name: "internal.purge-drafts" },
	handler: async () => {
		console.log("purge");
	},
} satisfies JobDefinition;
