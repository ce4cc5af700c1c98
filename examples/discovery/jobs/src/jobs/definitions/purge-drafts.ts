import type { JobDefinition } from "../client";

/** Defined, never triggered by name: a cron runs it. */
export const PURGE_DRAFTS_JOB_DEFINITION = {
	id: "internal.purge-drafts",
	name: "Purge Drafts",
	version: "1.0.0",
	trigger: { name: "internal.purge-drafts" },
	handler: async () => {
		console.log("purge");
	},
} satisfies JobDefinition;
