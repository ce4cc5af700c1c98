import { JobClient } from "./client";
import { PURGE_DRAFTS_JOB_DEFINITION } from "./definitions/purge-drafts";
import { SEAL_DOCUMENT_JOB_DEFINITION } from "./definitions/seal-document";
import { SEAL_SWEEP_JOB_DEFINITION } from "./definitions/seal-sweep";
import { SEND_INVITE_JOB_DEFINITION } from "./definitions/send-invite";

export const jobs = new JobClient([
	SEND_INVITE_JOB_DEFINITION,
	SEAL_DOCUMENT_JOB_DEFINITION,
	PURGE_DRAFTS_JOB_DEFINITION,
	SEAL_SWEEP_JOB_DEFINITION,
]);
