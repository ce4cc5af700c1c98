/** A minimal queue: `add` enqueues a payload under a job name, `process` registers the job's handler. */
export const queue = {
	add(name: string, payload: unknown): void {
		void name;
		void payload;
	},
};
export const worker = {
	process(name: string, handler: () => void): void {
		void name;
		void handler;
	},
};
