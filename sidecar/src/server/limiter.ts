/**
 * Bounds the questions the service works on: at most `maxRunning` at once and `maxQueued`
 * waiting. A full queue is refused at once (the route turns that into 503 + Retry-After)
 * rather than letting latency grow without bound. A slot is held until the work really
 * settles, even when its caller gave up (timeout), so the bound is on CPU, not on promises.
 */

export class QueueFullError extends Error {
	constructor() {
		super("too many questions in progress");
		this.name = "QueueFullError";
	}
}

export class AbortedWhileQueuedError extends Error {
	constructor() {
		super("the question was cancelled before it started");
		this.name = "AbortedWhileQueuedError";
	}
}

interface Waiter {
	start(): void;
	signal?: AbortSignal;
	onAbort?: () => void;
}

export class QuestionLimiter {
	private active = 0;
	private readonly waiting: Waiter[] = [];
	private readonly idleWaiters: (() => void)[] = [];

	constructor(
		readonly maxRunning: number,
		readonly maxQueued: number,
	) {}

	get running(): number {
		return this.active;
	}

	get queued(): number {
		return this.waiting.length;
	}

	/** True when `run` would accept one more question now. */
	hasRoom(): boolean {
		return this.active < this.maxRunning || this.waiting.length < this.maxQueued;
	}

	/**
	 * Run `work` when a slot is free. Rejects with QueueFullError at once when both the slots and
	 * the queue are full, and with AbortedWhileQueuedError when `signal` aborts before it starts.
	 */
	run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
		if (signal?.aborted) return Promise.reject(new AbortedWhileQueuedError());
		if (this.active < this.maxRunning) return this.start(work);
		if (this.waiting.length >= this.maxQueued) return Promise.reject(new QueueFullError());
		return new Promise<T>((resolve, reject) => {
			const waiter: Waiter = {
				signal,
				start: () => {
					if (waiter.onAbort) signal?.removeEventListener("abort", waiter.onAbort);
					this.start(work).then(resolve, reject);
				},
			};
			if (signal) {
				waiter.onAbort = () => {
					const at = this.waiting.indexOf(waiter);
					if (at >= 0) this.waiting.splice(at, 1);
					this.notifyIdle();
					reject(new AbortedWhileQueuedError());
				};
				signal.addEventListener("abort", waiter.onAbort, { once: true });
			}
			this.waiting.push(waiter);
		});
	}

	/** Resolves when nothing is running or queued (used by graceful shutdown). */
	idle(): Promise<void> {
		if (this.active === 0 && this.waiting.length === 0) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	private async start<T>(work: () => Promise<T>): Promise<T> {
		this.active++;
		try {
			return await work();
		} finally {
			this.active--;
			this.waiting.shift()?.start();
			this.notifyIdle();
		}
	}

	private notifyIdle(): void {
		if (this.active === 0 && this.waiting.length === 0) {
			for (const resolve of this.idleWaiters.splice(0)) resolve();
		}
	}
}
