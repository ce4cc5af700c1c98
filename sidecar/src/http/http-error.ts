/**
 * One error type for the HTTP layer and the one envelope every non-2xx response uses
 * (`errorResponseSchema` in the shared contract). Messages are written for the caller:
 * they never carry a stack, a prompt or a key.
 */
import type { ErrorResponse } from "@codeask/shared";

export type FieldIssue = { path: string; message: string };

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly extra: { issues?: FieldIssue[]; headers?: Record<string, string> } = {},
	) {
		super(message);
		this.name = "HttpError";
	}
}

export function errorBody(
	code: string,
	message: string,
	requestId?: string,
	issues?: FieldIssue[],
): ErrorResponse {
	return { error: { code, message, ...(requestId ? { requestId } : {}), ...(issues ? { issues } : {}) } };
}
