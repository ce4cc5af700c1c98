/**
 * The provider-independent LlmClient: request budget, spacing, retries with backoff honouring
 * retry-after, per-attempt timeouts, caller cancellation, JSON validation with one repair
 * attempt, and redaction of the key from every error message.
 */
import type { ZodType } from "zod";
import type { BudgetReservation, RequestBudget } from "./budget.js";
import { redact, shorten } from "./errors.js";
import { parseJsonOutput, repairInstruction, toProviderJsonSchema } from "./json-output.js";
import type { Pacer } from "./pacer.js";
import type { ProviderCall, ProviderReply, ProviderTransport } from "./provider.js";
import { abortedError, retryDelayMs, sleep } from "./retry.js";
import type { ResolvedLlmSettings } from "./settings.js";
import {
	type LlmClient,
	LlmError,
	type LlmErrorCode,
	type LlmJsonResult,
	type LlmRequest,
	type LlmTextResult,
} from "./types.js";
import { addUsage } from "./usage.js";

/** pino-compatible; the client logs retries and give-ups, never prompts or keys. */
export interface LlmLogger {
	warn(obj: object, msg: string): void;
	debug?(obj: object, msg: string): void;
}

export interface ClientDeps {
	budget: RequestBudget;
	pacer: Pacer;
	logger?: LlmLogger;
	random?: () => number;
}

/**
 * Final errors after which the rest of the question does not call the provider again: retries
 * are already spent, so another stage would only add the same wait before answering offline.
 */
const PROVIDER_UNAVAILABLE = new Set<LlmErrorCode>([
	"unauthorized",
	"rate-limited",
	"server-error",
	"timeout",
	"network",
]);

type RetrySettings = Pick<
	ResolvedLlmSettings,
	"timeoutMs" | "maxRetries" | "retryBaseMs" | "maxRetryDelayMs"
>;

interface Sent {
	reply: ProviderReply;
	reservation: BudgetReservation;
	ms: number;
}

export class ProviderClient implements LlmClient {
	readonly provider: LlmClient["provider"];
	readonly model: string;
	readonly budget: RequestBudget;
	readonly #transport: ProviderTransport;
	readonly #settings: RetrySettings;
	readonly #secrets: readonly (string | undefined)[];
	readonly #deps: ClientDeps;
	/** Set once the provider is down, unreachable or refusing us: later stages fail fast. */
	#unavailable: LlmError | undefined;

	constructor(transport: ProviderTransport, settings: RetrySettings & { apiKey?: string }, deps: ClientDeps) {
		this.provider = transport.provider;
		this.model = transport.model;
		this.budget = deps.budget;
		this.#transport = transport;
		this.#settings = {
			timeoutMs: settings.timeoutMs,
			maxRetries: settings.maxRetries,
			retryBaseMs: settings.retryBaseMs,
			maxRetryDelayMs: settings.maxRetryDelayMs,
		};
		this.#secrets = [settings.apiKey];
		this.#deps = deps;
	}

	async generateText(req: LlmRequest): Promise<LlmTextResult> {
		const started = Date.now();
		const sent = await this.#send(req.stage, this.#call(req), req.signal);
		const { reply } = sent;
		if (reply.text.trim() === "") {
			const error = this.#emptyReply(reply);
			sent.reservation.finish({ usage: reply.usage, ms: sent.ms, ok: false, error: error.code });
			throw error;
		}
		sent.reservation.finish({ usage: reply.usage, ms: sent.ms, ok: true });
		return { text: reply.text, usage: reply.usage, ms: Date.now() - started };
	}

	async generateJson<T>(req: LlmRequest & { schema: ZodType<T> }): Promise<LlmJsonResult<T>> {
		const started = Date.now();
		const jsonSchema = toProviderJsonSchema(req.schema);
		const call: ProviderCall = { ...this.#call(req), jsonSchema };
		const first = await this.#send(req.stage, call, req.signal);
		const parsed = parseJsonOutput(first.reply.text, req.schema);
		if (parsed.ok) {
			first.reservation.finish({ usage: first.reply.usage, ms: first.ms, ok: true });
			return { value: parsed.value, usage: first.reply.usage, ms: Date.now() - started };
		}
		first.reservation.finish({
			usage: first.reply.usage,
			ms: first.ms,
			ok: false,
			error: "malformed-output",
		});
		if (this.budget.remaining <= 0) {
			throw new LlmError(
				"malformed-output",
				`${this.provider} output for stage "${req.stage}" was unusable (${parsed.problem}) and no request is left for a repair`,
				false,
			);
		}
		// One repair attempt: the model sees its own reply and what was wrong with it.
		const repairCall: ProviderCall = {
			...call,
			turns: [
				...call.turns,
				{ role: "assistant", text: first.reply.text },
				{ role: "user", text: repairInstruction(parsed.problem, jsonSchema) },
			],
		};
		const second = await this.#send(`${req.stage}:repair`, repairCall, req.signal);
		const repaired = parseJsonOutput(second.reply.text, req.schema);
		const usage = addUsage(first.reply.usage, second.reply.usage);
		if (!repaired.ok) {
			second.reservation.finish({
				usage: second.reply.usage,
				ms: second.ms,
				ok: false,
				error: "malformed-output",
			});
			throw new LlmError(
				"malformed-output",
				`${this.provider} output for stage "${req.stage}" was still unusable after one repair attempt (${repaired.problem})`,
				false,
			);
		}
		second.reservation.finish({ usage: second.reply.usage, ms: second.ms, ok: true });
		return { value: repaired.value, usage, ms: Date.now() - started };
	}

	#call(req: LlmRequest): ProviderCall {
		return {
			system: req.system,
			turns: [{ role: "user", text: req.prompt }],
			...(req.maxOutputTokens !== undefined ? { maxOutputTokens: req.maxOutputTokens } : {}),
			...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
		};
	}

	/** One billable request: reserve a slot, then attempt with retries until 2xx or a final error. */
	async #send(stage: string, call: ProviderCall, external: AbortSignal | undefined): Promise<Sent> {
		if (external?.aborted) throw abortedError();
		if (this.#unavailable) {
			const e = this.#unavailable;
			throw new LlmError(
				e.code,
				`${this.provider} not asked again for stage "${stage}": an earlier request of this question failed (${e.message})`,
				e.isRetryable,
				e.status,
				e.retryAfterMs,
			);
		}
		const reservation = this.#deps.budget.reserve(stage);
		const started = Date.now();
		for (let attempt = 0; ; attempt++) {
			let error: LlmError;
			try {
				await this.#deps.pacer.wait(external);
				const reply = await this.#attempt(call, external);
				reservation.bill();
				return { reply, reservation, ms: Date.now() - started };
			} catch (err) {
				error = this.#sanitize(err as LlmError);
			}
			const answered = error.status !== undefined && error.status >= 200 && error.status < 300;
			if (answered) reservation.bill();
			const delay =
				error.isRetryable && !answered && attempt < this.#settings.maxRetries
					? retryDelayMs(attempt, error.retryAfterMs, this.#settings, this.#deps.random)
					: null;
			if (delay === null) {
				if (PROVIDER_UNAVAILABLE.has(error.code)) this.#unavailable = error;
				reservation.finish({ ms: Date.now() - started, ok: false, error: error.code });
				this.#deps.logger?.warn(
					{ provider: this.provider, stage, attempt, code: error.code, status: error.status },
					"LLM request failed",
				);
				throw error;
			}
			this.#deps.logger?.warn(
				{ provider: this.provider, stage, attempt, code: error.code, status: error.status, delayMs: delay },
				"LLM request failed; retrying",
			);
			try {
				await sleep(delay, external);
			} catch (abort) {
				reservation.finish({ ms: Date.now() - started, ok: false, error: "aborted" });
				throw abort;
			}
		}
	}

	/** One HTTP attempt under a per-attempt timeout; every failure comes back as an LlmError. */
	async #attempt(call: ProviderCall, external: AbortSignal | undefined): Promise<ProviderReply> {
		const timeout = new AbortController();
		const timer = setTimeout(() => timeout.abort(), this.#settings.timeoutMs);
		const signal = external ? AbortSignal.any([external, timeout.signal]) : timeout.signal;
		try {
			return await this.#transport.send(call, signal);
		} catch (err) {
			if (external?.aborted) throw abortedError();
			if (timeout.signal.aborted) {
				throw new LlmError(
					"timeout",
					`${this.provider} did not answer within ${this.#settings.timeoutMs} ms`,
					true,
				);
			}
			if (err instanceof LlmError) throw err;
			throw new LlmError("network", `${this.provider} could not be reached: ${describe(err)}`, true);
		} finally {
			clearTimeout(timer);
		}
	}

	#emptyReply(reply: ProviderReply): LlmError {
		const reason = reply.finishReason ? ` (finish reason ${reply.finishReason})` : "";
		return new LlmError("malformed-output", `${this.provider} returned an empty reply${reason}`, false, 200);
	}

	/** Every error leaving the client goes through here: the key never appears in a message. */
	#sanitize(err: unknown): LlmError {
		if (err instanceof LlmError) {
			const message = redact(err.message, this.#secrets);
			return message === err.message
				? err
				: new LlmError(err.code, message, err.isRetryable, err.status, err.retryAfterMs);
		}
		return new LlmError("network", redact(describe(err), this.#secrets), true);
	}
}

/** Error text with its cause (fetch failures hide ECONNREFUSED in `cause`). */
function describe(err: unknown): string {
	if (!(err instanceof Error)) return shorten(String(err));
	const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
	return shorten(`${err.message}${cause}`);
}
