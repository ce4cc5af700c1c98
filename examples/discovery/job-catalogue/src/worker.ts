// A worker built from a catalogue (each job's schema) and the functions running each job, by name.
import { Worker } from "@acme/redis-worker";
import { z } from "zod";
import { purgeCache } from "./jobs/cache";
import { sendEmail } from "./jobs/email";

export const catalog = {
	sendEmail: { schema: z.object({ to: z.string() }), visibilityTimeoutMs: 60_000 },
	resizeImage: { schema: z.object({ id: z.string() }), visibilityTimeoutMs: 300_000 },
	purgeCache: { schema: z.object({ prefix: z.string() }), visibilityTimeoutMs: 10_000 },
};

export const worker = new Worker({
	name: "app-worker",
	catalog,
	jobs: {
		sendEmail: async ({ payload }: { payload: { to: string } }) => sendEmail(payload.to),
		async resizeImage({ payload }: { payload: { id: string } }) {
			console.log("resize", payload.id);
		},
		purgeCache,
	},
});
