import type { JobDefinition } from "../client";
import { sealDocument } from "./seal-document.handler";

export const SEAL_DOCUMENT_JOB_DEFINITION = {
	id: "internal.seal-document",
	name: "Seal Document",
	version: "1.0.0",
	trigger: { name: "internal.seal-document" },
	handler: sealDocument,
} satisfies JobDefinition<{ documentId: number }>;
