/**
 * The HTTP dispatcher LLM requests go through. Node's fetch (undici) gives up on a response whose
 * headers have not come within 300 s, or whose body stalls for 300 s, whatever the caller's own
 * timeout: a slow model (a local one on a small machine, or a person playing one through
 * `llm-relay.py`) was asked the same request again every 5 minutes and the question fell back
 * offline after the last retry, with `CODEASK_LLM_TIMEOUT_MS` set to 50 minutes (session 25, relay
 * run 20). With this dispatcher the client's per-attempt timeout decides alone.
 */
import { Agent } from "undici";

/** Past the client's own timeout, so that one fires first and says what happened. */
const MARGIN_MS = 1_000;

const agents = new Map<number, Agent>();

/** A keep-alive dispatcher whose header and body timeouts are `timeoutMs` (one per timeout, reused). */
export function dispatcherFor(timeoutMs: number): Agent {
	let agent = agents.get(timeoutMs);
	if (!agent) {
		agent = new Agent({ headersTimeout: timeoutMs + MARGIN_MS, bodyTimeout: timeoutMs + MARGIN_MS });
		agents.set(timeoutMs, agent);
	}
	return agent;
}

/** `init` with the dispatcher for `timeoutMs`: Node's fetch takes it beside the standard fields. */
export function withDispatcher(init: RequestInit | undefined, timeoutMs: number): RequestInit {
	return { ...init, dispatcher: dispatcherFor(timeoutMs) } as RequestInit;
}
