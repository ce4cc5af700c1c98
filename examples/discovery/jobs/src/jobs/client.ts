export interface JobDefinition<P = unknown> {
	id: string;
	name: string;
	version: string;
	trigger: { name: string; cron?: string };
	handler: (options: { payload: P }) => Promise<void>;
}

/** Runs definitions by the name a trigger gives. */
export class JobClient {
	private readonly byName = new Map<string, JobDefinition>();

	constructor(definitions: JobDefinition[]) {
		for (const d of definitions) this.byName.set(d.trigger.name, d);
	}

	async triggerJob(options: { name: string; payload: unknown }): Promise<void> {
		const definition = this.byName.get(options.name);
		if (!definition) throw new Error(`unknown job ${options.name}`);
		await definition.handler({ payload: options.payload });
	}
}
