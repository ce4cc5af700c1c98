import type { JobDefinition } from "../client";

export const SEND_INVITE_JOB_ID = "send.invite.email";

export const SEND_INVITE_JOB_DEFINITION = {
	id: SEND_INVITE_JOB_ID,
	name: "Send Invite Email",
	version: "1.0.0",
	trigger: { name: SEND_INVITE_JOB_ID },
	handler: async ({ payload }: { payload: { email: string } }) => {
		console.log("invite", payload.email);
	},
} as const satisfies JobDefinition<{ email: string }>;
